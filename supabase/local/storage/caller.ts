// Who is asking, and running SQL as them: every object operation is a transaction with the
// caller's role and `request.jwt.claims` set locally (as PostgREST does), so the policies
// on storage.objects and storage.buckets decide; service_role bypasses them.
import type { Database, Queryable } from '../db/database.ts';
import { header, type StackContext } from '../http.ts';
import { resolveRequestAuth, type RequestAuth } from '../jwt.ts';
import type { IncomingMessage } from 'node:http';

export type { RequestAuth };

/** The caller from Authorization (or apikey); a bad or expired JWT throws JwtError. */
export function callerOf(ctx: StackContext, req: IncomingMessage): Promise<RequestAuth> {
  return resolveRequestAuth(ctx.jwt, ctx.keys, header(req, 'authorization'), header(req, 'apikey'));
}

export const SERVICE: RequestAuth = { role: 'service_role', claims: { role: 'service_role' }, token: null };

/** Runs fn in a transaction as the caller; a throw rolls back. */
export function asCaller<T>(db: Database, auth: RequestAuth, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [
      auth.role,
      JSON.stringify(auth.claims),
    ]);
    return fn(tx);
  });
}
