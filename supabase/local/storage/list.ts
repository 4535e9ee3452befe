// POST /object/list/{bucket}: one level below a prefix, as the caller may see it. Names are
// relative to the prefix; a deeper object shows as a folder row (id and dates null), listed
// before the files. Body: {prefix, limit=100, offset=0, sortBy:{column,order}, search}.
import type { Database } from '../db/database.ts';
import { asCaller, type RequestAuth } from './caller.ts';
import { ERR } from './errors.ts';
import { listPrefix } from './keys.ts';

const SORTABLE: Record<string, string> = {
  name: `name collate "C"`,
  created_at: 'created_at',
  updated_at: 'updated_at',
  last_accessed_at: 'last_accessed_at',
};

export interface ListBody {
  prefix?: unknown;
  limit?: unknown;
  offset?: unknown;
  sortBy?: { column?: unknown; order?: unknown };
  search?: unknown;
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function count(value: unknown, fallback: number, name: string): number {
  if (value === undefined || value === null) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw ERR.invalidRequest(`${name} must be a non-negative integer`);
  return n;
}

/** The listing as JSON text, built in SQL. */
export async function listObjects(
  db: Database,
  auth: RequestAuth,
  bucket: string,
  body: ListBody,
): Promise<string> {
  const prefix = listPrefix(body.prefix);
  const limit = Math.min(count(body.limit, 100, 'limit'), 1000);
  const offset = count(body.offset, 0, 'offset');
  const column = SORTABLE[String(body.sortBy?.column ?? 'name')];
  if (!column)
    throw ERR.invalidRequest('sortBy.column must be one of name, created_at, updated_at, last_accessed_at');
  const order = String(body.sortBy?.order ?? 'asc').toLowerCase() === 'desc' ? 'desc' : 'asc';
  const search = typeof body.search === 'string' ? body.search : '';

  const sql = `
    with visible as (
      select substr(name, length($2) + 1) as rest, id, updated_at, created_at, last_accessed_at, metadata
      from storage.objects
      where bucket_id = $1 and name like $3 escape '\\'
    ), entries as (
      select distinct split_part(rest, '/', 1) as name, null::uuid as id, null::timestamptz as updated_at,
             null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata,
             true as folder
      from visible where position('/' in rest) > 0
      union all
      select rest, id, updated_at, created_at, last_accessed_at, metadata, false
      from visible where position('/' in rest) = 0
    ), page as (
      select * from entries
      where $4 = '' or name ilike $5 escape '\\'
      order by folder desc, ${column} ${order} nulls last, name collate "C"
      limit $6 offset $7
    )
    select coalesce(json_agg(json_build_object('name', name, 'id', id, 'updated_at', updated_at,
      'created_at', created_at, 'last_accessed_at', last_accessed_at, 'metadata', metadata)
      order by folder desc, ${column} ${order} nulls last, name collate "C"), '[]')::text as json
    from page`;
  const params = [
    bucket,
    prefix,
    `${likeEscape(prefix)}%`,
    search,
    `${likeEscape(search)}%`,
    String(limit),
    String(offset),
  ];
  const { rows } = await asCaller(db, auth, (tx) => tx.query<{ json: string }>(sql, params));
  return rows[0].json;
}
