// PKCE for mail links (GoTrue's flow_state): the app sends a code challenge with sign-up,
// recovery, magic link or e-mail change; the link then redirects with ?code=, which only
// the holder of the verifier can exchange for a session at POST /token?grant_type=pkce.
import { createHash, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import { badRequest, notFound, unprocessable } from './errors.ts';
import type { PkceParams } from './params.ts';
import type { AuthMethod } from './sessions.ts';

/** How long an issued code may wait to be exchanged (GoTrue's flow state expiry). */
const CODE_TTL_SECONDS = 300;

export async function createFlowState(tx: Queryable, userId: string, pkce: PkceParams, method: AuthMethod) {
  await tx.query(
    `insert into auth.flow_state (user_id, auth_code, code_challenge_method, code_challenge, provider_type,
        authentication_method)
     values ($1::uuid, $2, $3, $4, 'email', $5)`,
    [userId, randomUUID(), pkce.method, pkce.challenge, method],
  );
}

/** Marks the user's latest flow of a kind as verified and returns its code (null if none). */
export async function issueAuthCode(
  tx: Queryable,
  userId: string,
  method: AuthMethod,
): Promise<string | null> {
  const r = await tx.query<{ auth_code: string }>(
    `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
      where id = (select id from auth.flow_state where user_id = $1::uuid and authentication_method = $2
                   order by created_at desc limit 1)
      returning auth_code`,
    [userId, method],
  );
  return r.rows[0]?.auth_code ?? null;
}

function challengeOf(verifier: string, method: string): string {
  return method === 'plain' ? verifier : createHash('sha256').update(verifier).digest('base64url');
}

/** Checks the verifier against a code's challenge and uses the code up. */
export async function exchangeAuthCode(
  tx: Queryable,
  authCode: string,
  verifier: string,
): Promise<{ userId: string; method: AuthMethod }> {
  const r = await tx.query<{
    id: string;
    user_id: string | null;
    code_challenge_method: string;
    code_challenge: string;
    authentication_method: AuthMethod;
    issued: Date | null;
  }>(
    `select id, user_id, code_challenge_method, code_challenge, authentication_method,
            auth_code_issued_at as issued
       from auth.flow_state where auth_code = $1 for update`,
    [authCode],
  );
  const flow = r.rows[0];
  if (!flow?.user_id || !flow.issued) {
    throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
  }
  if (new Date(flow.issued).getTime() + CODE_TTL_SECONDS * 1000 < Date.now()) {
    throw unprocessable('flow_state_expired', 'invalid flow state, flow state has expired');
  }
  if (challengeOf(verifier, flow.code_challenge_method) !== flow.code_challenge) {
    throw badRequest('bad_code_verifier', 'code challenge does not match previously saved code verifier');
  }
  await tx.query(`delete from auth.flow_state where id = $1::uuid`, [flow.id]);
  return { userId: flow.user_id, method: flow.authentication_method };
}
