// What every kind of REST request shares once it is read: who it runs as, which schema,
// its preferences and representation, its query, and the settings its transaction gets.
import type { RequestAuth } from '../jwt.ts';
import type { Ctx } from '../http.ts';
import type { SchemaCacheHolder } from './schema/cache.ts';
import type { Executor, RequestSettings } from './execute.ts';
import type { HeaderRange, Negotiated, Preferences } from './parse/headers.ts';
import type { ParsedQuery } from './parse/query.ts';
import type { LevelParams } from './parse/ast.ts';
import type { StatementCache } from './statement-cache.ts';
import { errors, RestError } from './errors.ts';
import { HttpError, parseJsonText, readBody } from '../http.ts';

export type Method = 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'DELETE';

export interface RestRequest {
  ctx: Ctx;
  method: Method;
  schema: string;
  /** the schema came from Accept-Profile/Content-Profile (echoed as Content-Profile) */
  profileHeader: boolean;
  auth: RequestAuth;
  prefer: Preferences;
  media: Negotiated;
  readonly query: ParsedQuery;
  range: HeaderRange | null;
}

export interface Services {
  cache: SchemaCacheHolder;
  executor: Executor;
  maxRows: number | null;
  statements: StatementCache;
}

export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

export function requestSettings(r: RestRequest, readOnly: boolean, services: Services): RequestSettings {
  const h = r.ctx.req.headers;
  const cookies: Record<string, string> = {};
  for (const part of (typeof h.cookie === 'string' ? h.cookie : '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) cookies[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  return {
    role: r.auth.role,
    claims: JSON.stringify(r.auth.claims),
    method: r.method,
    path: r.ctx.path,
    headers: JSON.stringify(h),
    cookies: JSON.stringify(cookies),
    readOnly,
    roleSettings: services.cache.current.roleSettings.get(r.auth.role) ?? [],
  };
}

/**
 * The JSON body of a write; PGRST102 when it is malformed or nested too deeply (400) or
 * larger than the limit (413, answered from Content-Length before reading it).
 */
export async function readJsonBody(r: RestRequest, limit = 10 * 1024 * 1024): Promise<unknown> {
  const buf = await readBody(r.ctx.req, limit).catch((err) => {
    if (err instanceof HttpError && err.status === 413) throw new RestError(413, 'PGRST102', err.message);
    throw errors.invalidBody(err instanceof HttpError ? err.message : 'Could not read the request body');
  });
  const text = buf.toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return parseJsonText(text);
  } catch (err) {
    throw new RestError(
      400,
      'PGRST102',
      'Empty or invalid json',
      err instanceof HttpError ? err.message : null,
    );
  }
}

/**
 * The root level's offset and limit from `offset`/`limit`, the Range header and max_rows
 * (which caps every read, as db-max-rows does).
 */
export function rootRange(
  level: LevelParams | undefined,
  header: HeaderRange | null,
  maxRows: number | null,
): { offset: number; limit: number | null } {
  let lower = level?.offset ?? 0;
  let upper: number | null =
    level?.limit !== null && level?.limit !== undefined ? lower + level.limit - 1 : null;
  if (header) {
    lower = Math.max(lower, header.offset);
    if (header.upper !== null) upper = upper === null ? header.upper : Math.min(upper, header.upper);
  }
  let limit = upper === null ? null : Math.max(0, upper - lower + 1);
  if (maxRows !== null) limit = limit === null ? maxRows : Math.min(limit, maxRows);
  return { offset: lower, limit };
}

export function baseHeaders(r: RestRequest, contentType?: string): Record<string, string> {
  const h: Record<string, string> = {};
  if (contentType) h['Content-Type'] = contentType;
  if (r.profileHeader) h['Content-Profile'] = r.schema;
  return h;
}

export function preferenceApplied(r: RestRequest, keys: string[], headers: Record<string, string>) {
  const applied = r.prefer.applied.filter((p) => keys.includes(p.split('=')[0]));
  if (applied.length) headers['Preference-Applied'] = applied.join(', ');
}
