// The PostgREST-compatible service at /rest/v1 (the subset the wire contract describes):
// the schema cache, the per-request transaction runner and the request handler.
//
//   parse/    query string, select, filters, order, Prefer/Accept/Range
//   schema/   catalogue → tables, columns, keys, relationships, functions
//   plan/     a parsed request checked against the schema cache
//   sql/      plans as SQL (identifiers from the catalogue, values bound)
//   execute   one transaction per request with the JWT's role and claims
//   tables, rpc, handler, respond, errors
//
// Differences from hosted PostgREST worth knowing: count=planned/estimated are computed
// exactly; PUT, ordering by a related column, computed relationships and relationships
// through views are not offered (they answer 405/400); aggregates are refused (PGRST123,
// as hosted Supabase does by default); an upsert that only updates still answers 201; on
// PGlite the roles' statement_timeout is set but never fires. Like hosted PostgREST
// (db-tx-end = commit), `Prefer: tx=rollback` is accepted and ignored: every write commits.
import type { Service, StackContext } from '../http.ts';
import { createAuthResolver } from './auth.ts';
import { createExecutor } from './execute.ts';
import { createHandler } from './handler.ts';
import { createSchemaCache } from './schema/cache.ts';
import { StatementCache } from './statement-cache.ts';

export async function createRestService(ctx: StackContext): Promise<Service> {
  const schemas = ctx.config.schemas.length ? ctx.config.schemas : ['public'];
  const log = (m: string) => ctx.log('rest', m);
  const cache = await createSchemaCache(ctx.db, schemas, log);

  // NOTIFY pgrst, 'reload schema' — the same signal PostgREST listens for.
  const unlisten = await ctx.db.listen('pgrst', (payload) => {
    const p = payload.trim();
    if (p === '' || p === 'reload schema')
      cache.reload().catch((err) => log(`schema reload failed: ${err.message}`));
  });

  const handle = createHandler({
    cache,
    executor: createExecutor(ctx.db),
    maxRows: ctx.config.maxRows,
    statements: new StatementCache(),
    auth: createAuthResolver(ctx.jwt, ctx.keys),
    schemas,
    log,
  });

  return {
    handle,
    async close() {
      await unlisten();
    },
  };
}
