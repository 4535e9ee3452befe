// One REST request from the socket to the reply: method and path, API key and JWT, schema
// profile, headers, query string, then the table or rpc handler; every failure becomes a
// PostgREST error object and nothing of the generated SQL reaches the client.
import type { Ctx } from '../http.ts';
import type { AuthResolver } from './auth.ts';
import { errors, fromPgError, isPgError, RestError } from './errors.ts';
import { negotiate, parsePrefer, parseRange } from './parse/headers.ts';
import { parseQuery, type ParsedQuery } from './parse/query.ts';
import { closest } from './schema/cache.ts';
import { tableKey, type SchemaCache } from './schema/model.ts';
import { send, sendError } from './respond.ts';
import { handleRpc } from './rpc.ts';
import { handleTable } from './tables.ts';
import type { Method, Reply, RestRequest, Services } from './request.ts';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PATCH', 'DELETE']);

export function createHandler(
  services: Services & { auth: AuthResolver; schemas: string[]; log: (m: string) => void },
) {
  return async function handle(ctx: Ctx): Promise<void> {
    const { req, res } = ctx;
    const head = ctx.method === 'HEAD';
    let authenticated = false;
    try {
      if (!METHODS.has(ctx.method)) throw errors.unsupportedMethod(ctx.method);
      const method = ctx.method as Method;
      const h = req.headers;
      const auth = await services.auth.resolve(
        str(h.authorization),
        str(h.apikey) ?? ctx.url.searchParams.get('apikey') ?? undefined,
      );
      authenticated = auth.role !== 'anon';

      const profile = str(method === 'GET' || method === 'HEAD' ? h['accept-profile'] : h['content-profile']);
      const schema = profile ?? services.schemas[0];
      if (!services.schemas.includes(schema)) throw errors.schemaNotExposed(schema, services.schemas);

      const segments = splitPath(ctx.path);
      let query: ParsedQuery | null = null;
      const r: RestRequest = {
        ctx,
        method,
        schema,
        profileHeader: profile !== undefined,
        auth,
        prefer: parsePrefer(str(h.prefer)),
        media: negotiate(str(h.accept)),
        // parsed on first use: a read whose statement is cached never needs it
        get query() {
          if (query === null) query = parseQuery(ctx.search);
          return query;
        },
        range: method === 'GET' ? parseRange(str(h.range)) : null,
      };

      let reply: Reply;
      if (segments.length === 0) {
        reply = root(r, services.cache.current);
      } else if (segments[0] === 'rpc' && segments.length === 2) {
        if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') throw errors.invalidRpcMethod(method);
        reply = await handleRpc(r, services, segments[1]);
      } else if (segments.length === 1) {
        const name = segments[0];
        let table = services.cache.current.tables.get(tableKey(schema, name));
        if (!table && (await services.cache.reloadOnMiss()))
          table = services.cache.current.tables.get(tableKey(schema, name));
        if (!table) {
          const names = [...services.cache.current.tables.values()]
            .filter((t) => t.schema === schema)
            .map((t) => t.name);
          throw errors.tableNotFound(schema, name, closest(name, names));
        }
        reply = await handleTable(r, services, table);
      } else {
        throw errors.invalidPath();
      }
      send(res, reply.status, reply.headers, reply.body);
    } catch (err) {
      sendError(res, toRestError(err, authenticated, services.log), head);
    }
  };
}

function str(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v.join(', ') : v;
}

function splitPath(path: string): string[] {
  const parts = path.split('/').filter((p) => p !== '');
  try {
    return parts.map((p) => decodeURIComponent(p));
  } catch {
    throw errors.invalidPath();
  }
}

function toRestError(err: unknown, authenticated: boolean, log: (m: string) => void): RestError {
  if (err instanceof RestError) return err;
  if (isPgError(err)) return fromPgError(err, authenticated);
  log(`unexpected error: ${(err as Error)?.stack ?? err}`);
  return new RestError(500, 'PGRSTX00', 'Internal server error');
}

/** GET /rest/v1/: a small description of what is exposed (PostgREST serves OpenAPI here). */
function root(r: RestRequest, cache: SchemaCache) {
  if (r.method !== 'GET' && r.method !== 'HEAD') throw errors.unsupportedMethod(r.method);
  const paths: Record<string, unknown> = {
    '/': { get: { produces: ['application/openapi+json', 'application/json'] } },
  };
  for (const t of cache.tables.values()) {
    if (t.schema !== r.schema) continue;
    paths[`/${t.name}`] = { get: {}, post: {}, patch: {}, delete: {} };
  }
  for (const [key, fns] of cache.functions) {
    if (!key.startsWith(`${r.schema}.`)) continue;
    paths[`/rpc/${fns[0].name}`] = fns[0].volatility === 'volatile' ? { post: {} } : { get: {}, post: {} };
  }
  const definitions: Record<string, unknown> = {};
  for (const t of cache.tables.values()) {
    if (t.schema !== r.schema) continue;
    definitions[t.name] = {
      type: 'object',
      required: t.columns.filter((c) => c.notNull && c.default === null && !c.generated).map((c) => c.name),
      properties: Object.fromEntries(t.columns.map((c) => [c.name, { format: c.type }])),
    };
  }
  const body = JSON.stringify({
    swagger: '2.0',
    info: { title: 'local stack REST', version: '12' },
    basePath: '/',
    schemes: ['http'],
    consumes: ['application/json'],
    produces: ['application/json'],
    paths,
    definitions,
  });
  return {
    status: 200,
    headers: { 'Content-Type': 'application/openapi+json; charset=utf-8' },
    body: r.method === 'HEAD' ? null : body,
  };
}
