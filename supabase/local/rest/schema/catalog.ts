// Reads the catalogue of the exposed schemas in one round trip, as JSON built by Postgres
// (the same bytes on PGlite and PostgreSQL).
import type { Queryable } from '../../db/database.ts';

export interface RawColumn {
  name: string;
  type: string;
  type_name: string;
  not_null: boolean;
  default: string | null;
  generated: boolean;
}

export interface RawRelation {
  oid: number;
  schema: string;
  name: string;
  kind: string;
  row_type: number;
  columns: RawColumn[];
  pk: string[] | null;
  uniques: string[][] | null;
}

export interface RawForeignKey {
  name: string;
  table: number;
  foreign: number;
  columns: string[];
  foreign_columns: string[];
}

export interface RawFunction {
  oid: number;
  schema: string;
  name: string;
  volatility: 'i' | 's' | 'v';
  set_of: boolean;
  nargs: number;
  ndefaults: number;
  arg_names: string[] | null;
  arg_modes: string[] | null;
  arg_types: string[];
  ret_type: string;
  ret_type_name: string;
  ret_typtype: string;
  ret_relid: number;
  ret_columns: RawColumn[] | null;
}

export interface RawCatalog {
  relations: RawRelation[];
  foreign_keys: RawForeignKey[];
  functions: RawFunction[];
  role_settings: { role: string; settings: string[] }[];
  types: string[];
}

const COLUMNS = (relid: string) => `coalesce((
  select json_agg(json_build_object(
    'name', a.attname,
    'type', format_type(a.atttypid, a.atttypmod),
    'type_name', t.typname,
    'not_null', a.attnotnull,
    'default', pg_get_expr(d.adbin, d.adrelid),
    'generated', a.attidentity <> '' or a.attgenerated <> ''
  ) order by a.attnum)
  from pg_attribute a
  join pg_type t on t.oid = a.atttypid
  left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
  where a.attrelid = ${relid} and a.attnum > 0 and not a.attisdropped
), '[]'::json)`;

const CATALOG_SQL = `
with rels as (
  select c.oid, n.nspname, c.relname, c.relkind, c.reltype
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p', 'v', 'm', 'f') and n.nspname = any($1::text[])
)
select json_build_object(
  'relations', coalesce((select json_agg(json_build_object(
      'oid', r.oid::int8,
      'schema', r.nspname,
      'name', r.relname,
      'kind', r.relkind,
      'row_type', r.reltype::int8,
      'columns', ${COLUMNS('r.oid')},
      'pk', (select json_agg(a.attname order by k.ord)
               from pg_constraint pc
               cross join unnest(pc.conkey) with ordinality k(attnum, ord)
               join pg_attribute a on a.attrelid = pc.conrelid and a.attnum = k.attnum
              where pc.conrelid = r.oid and pc.contype = 'p'),
      'uniques', (select json_agg(cols) from (
                   select (select json_agg(a.attname order by k.ord)
                             from unnest(i.indkey::int2[]) with ordinality k(attnum, ord)
                             join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum) as cols
                     from pg_index i
                    where i.indrelid = r.oid and i.indisunique and i.indpred is null and not (0 = any(i.indkey::int2[]))
                 ) u where cols is not null)
    )) from rels r), '[]'::json),
  'foreign_keys', coalesce((select json_agg(json_build_object(
      'name', pc.conname,
      'table', pc.conrelid::int8,
      'foreign', pc.confrelid::int8,
      'columns', (select json_agg(a.attname order by k.ord) from unnest(pc.conkey) with ordinality k(attnum, ord)
                    join pg_attribute a on a.attrelid = pc.conrelid and a.attnum = k.attnum),
      'foreign_columns', (select json_agg(a.attname order by k.ord) from unnest(pc.confkey) with ordinality k(attnum, ord)
                    join pg_attribute a on a.attrelid = pc.confrelid and a.attnum = k.attnum)
    ))
    from pg_constraint pc
    where pc.contype = 'f' and pc.conrelid in (select oid from rels) and pc.confrelid in (select oid from rels)), '[]'::json),
  'functions', coalesce((select json_agg(json_build_object(
      'oid', p.oid::int8,
      'schema', n.nspname,
      'name', p.proname,
      'volatility', p.provolatile,
      'set_of', p.proretset,
      'nargs', p.pronargs,
      'ndefaults', p.pronargdefaults,
      'arg_names', to_json(p.proargnames),
      'arg_modes', to_json(p.proargmodes::text[]),
      'arg_types', (select coalesce(json_agg(format_type(x.t, null) order by x.ord), '[]'::json)
                      from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality x(t, ord)),
      'ret_type', format_type(p.prorettype, null),
      'ret_type_name', rt.typname,
      'ret_typtype', rt.typtype,
      'ret_relid', rt.typrelid::int8,
      'ret_columns', case when rt.typtype = 'c' then ${COLUMNS('rt.typrelid')} end
    ))
    from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    join pg_type rt on rt.oid = p.prorettype
    where n.nspname = any($1::text[]) and p.prokind = 'f' and rt.typname <> 'trigger' and rt.typname <> 'event_trigger'), '[]'::json),
  'role_settings', coalesce((select json_agg(json_build_object('role', r.rolname, 'settings', to_json(s.setconfig)))
    from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
    where r.rolname in ('anon', 'authenticated', 'service_role')
      and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))), '[]'::json),
  'types', (select json_agg(t.typname) from pg_type t
    where t.typnamespace = 'pg_catalog'::regnamespace and t.typtype in ('b', 'r', 'm') and t.typname !~ '^_' and t.typisdefined)
)::text as catalog`;

export async function readCatalog(db: Queryable, schemas: string[]): Promise<RawCatalog> {
  const { rows } = await db.query<{ catalog: string }>(CATALOG_SQL, [
    `{${schemas.map((s) => `"${s.replace(/["\\]/g, '\\$&')}"`).join(',')}}`,
  ]);
  return JSON.parse(rows[0].catalog) as RawCatalog;
}
