// Reads what the generated types describe from a migrated database's catalogue: the tables,
// views, functions, enums and composite types of one schema, and every type they name. One
// query; the JSON is built by Postgres, so PGlite and PostgreSQL give the same answer.
import type { Queryable } from '../../supabase/local/db/database.ts';

/** A type as the catalogue knows it (pg_type), enough to map it to TypeScript. */
export interface PgType {
  oid: number;
  schema: string;
  name: string;
  /** pg_type.typtype: b base, c composite, d domain, e enum, p pseudo, r range, m multirange */
  kind: string;
  /** for arrays: the element type */
  elem: number | null;
  /** for domains: the base type */
  base: number | null;
  /** for a relation's row type: the relation (pg_class oid) */
  relid: number | null;
  /** for a relation's row type: pg_class.relkind of that relation */
  relkind: string | null;
  /** for enums: the labels in their order */
  labels: string[] | null;
}

export interface PgColumn {
  name: string;
  type: number;
  nullable: boolean;
  hasDefault: boolean;
  /** '' none, 'a' generated always as identity, 'd' by default as identity */
  identity: string;
  /** true for `generated always as (…) stored` */
  generated: boolean;
  /** the column can be written through the relation (views) */
  updatable: boolean;
}

export interface PgRelation {
  oid: number;
  name: string;
  /** r table, p partitioned table, f foreign table, v view, m materialized view */
  kind: string;
  /** views: rows can be updated and deleted through it (pg_relation_is_updatable) */
  updatable: boolean;
  columns: PgColumn[];
}

export interface PgForeignKey {
  name: string;
  relation: string;
  columns: string[];
  referencedRelation: string;
  referencedColumns: string[];
  /** the referencing columns are unique on their own (a primary key or unique index) */
  oneToOne: boolean;
}

export interface PgFunctionArg {
  /** '' when unnamed */
  name: string;
  type: number;
  /** i in, o out, b inout, v variadic, t table column */
  mode: string;
  hasDefault: boolean;
}

export interface PgFunction {
  oid: number;
  name: string;
  args: PgFunctionArg[];
  returns: number;
  setOf: boolean;
  /** pg_proc.prorows: the planner's row estimate of a set-returning function */
  rows: number;
}

export interface PgCompositeType {
  name: string;
  attributes: { name: string; type: number }[];
}

export interface Catalog {
  schema: string;
  relations: PgRelation[];
  foreignKeys: PgForeignKey[];
  functions: PgFunction[];
  enums: { name: string; labels: string[] }[];
  compositeTypes: PgCompositeType[];
  types: PgType[];
}

// $1 = the schema. Relations and functions that belong to an extension are left out (they
// are the extension's API, not the project's), as are functions PostgREST cannot call.
const CATALOG_SQL = `
with recursive
rels as (
  select c.oid, c.relname, c.relkind
  from pg_class c
  where c.relnamespace = $1::regnamespace
    and c.relkind in ('r', 'p', 'f', 'v', 'm')
    and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
),
funcs as (
  select p.*
  from pg_proc p
  where p.pronamespace = $1::regnamespace
    and p.prokind = 'f'
    and p.prorettype not in ('trigger'::regtype, 'event_trigger'::regtype, 'internal'::regtype, 'language_handler'::regtype, 'fdw_handler'::regtype, 'index_am_handler'::regtype, 'table_am_handler'::regtype)
    and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
),
func_args as (
  select f.oid,
    a.ord::int as ord,
    coalesce(f.proargnames[a.ord], '') as name,
    a.type_oid::int as type,
    coalesce(f.proargmodes[a.ord]::text, 'i') as mode
  from funcs f,
    unnest(coalesce(f.proallargtypes, f.proargtypes::oid[])) with ordinality as a(type_oid, ord)
),
-- the last pronargdefaults input arguments have defaults
func_in_args as (
  select fa.*, row_number() over (partition by fa.oid order by fa.ord) as in_ord
  from func_args fa
  where fa.mode in ('i', 'b', 'v')
),
used_types as (
  select a.atttypid as oid from rels r join pg_attribute a on a.attrelid = r.oid where a.attnum > 0 and not a.attisdropped
  union select fa.type from func_args fa
  union select f.prorettype from funcs f
  union select a.atttypid from pg_type t join pg_attribute a on a.attrelid = t.typrelid
    where t.typnamespace = $1::regnamespace and t.typtype = 'c' and a.attnum > 0 and not a.attisdropped
),
-- the used types, their array elements and domain bases, transitively
all_types(oid) as (
  select oid from used_types
  union
  select x.ref
  from all_types a
  join pg_type t on t.oid = a.oid
  cross join lateral (values
    (case when t.typcategory = 'A' then nullif(t.typelem, 0) end),
    (case when t.typtype = 'd' then nullif(t.typbasetype, 0) end)) as x(ref)
  where x.ref is not null
)
select json_build_object(
  'relations', coalesce((
    select json_agg(json_build_object(
      'oid', r.oid::int,
      'name', r.relname,
      'kind', r.relkind,
      'updatable', r.relkind = 'v' and (pg_relation_is_updatable(r.oid, false) & 20) = 20,
      'columns', coalesce((
        select json_agg(json_build_object(
          'name', a.attname,
          'type', a.atttypid::int,
          'nullable', not a.attnotnull,
          'hasDefault', a.atthasdef,
          'identity', a.attidentity::text,
          'generated', a.attgenerated::text = 's',
          'updatable', pg_column_is_updatable(r.oid, a.attnum, false)
        ) order by a.attnum)
        from pg_attribute a
        where a.attrelid = r.oid and a.attnum > 0 and not a.attisdropped
      ), '[]'::json)
    ) order by r.relname)
    from rels r
  ), '[]'::json),
  'foreignKeys', coalesce((
    select json_agg(json_build_object(
      'name', con.conname,
      'relation', src.relname,
      'columns', (select json_agg(a.attname order by k.ord) from unnest(con.conkey) with ordinality k(attnum, ord)
                    join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum),
      'referencedRelation', dst.relname,
      'referencedColumns', (select json_agg(a.attname order by k.ord) from unnest(con.confkey) with ordinality k(attnum, ord)
                    join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum),
      'oneToOne', exists (
        select 1 from pg_index i
        where i.indrelid = con.conrelid and i.indisunique and i.indpred is null
          and (select array_agg(x order by x) from unnest(i.indkey::int2[]) x) = (select array_agg(x order by x) from unnest(con.conkey) x)
      )
    ) order by con.conname, dst.relname)
    from pg_constraint con
    join pg_class src on src.oid = con.conrelid
    join pg_class dst on dst.oid = con.confrelid
    where con.contype = 'f'
      and src.oid in (select oid from rels)
      and dst.relnamespace = $1::regnamespace
  ), '[]'::json),
  'functions', coalesce((
    select json_agg(json_build_object(
      'oid', f.oid::int,
      'name', f.proname,
      'args', coalesce((
        select json_agg(json_build_object(
          'name', fa.name,
          'type', fa.type,
          'mode', fa.mode,
          'hasDefault', coalesce((
            select fi.in_ord > f.pronargs - f.pronargdefaults from func_in_args fi where fi.oid = fa.oid and fi.ord = fa.ord
          ), false)
        ) order by fa.ord)
        from func_args fa where fa.oid = f.oid
      ), '[]'::json),
      'returns', f.prorettype::int,
      'setOf', f.proretset,
      'rows', f.prorows
    ) order by f.proname, f.oid)
    from funcs f
  ), '[]'::json),
  'enums', coalesce((
    select json_agg(json_build_object(
      'name', t.typname,
      'labels', (select json_agg(e.enumlabel order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid)
    ) order by t.typname)
    from pg_type t
    where t.typnamespace = $1::regnamespace and t.typtype = 'e'
  ), '[]'::json),
  'compositeTypes', coalesce((
    select json_agg(json_build_object(
      'name', t.typname,
      'attributes', coalesce((
        select json_agg(json_build_object('name', a.attname, 'type', a.atttypid::int) order by a.attnum)
        from pg_attribute a where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped
      ), '[]'::json)
    ) order by t.typname)
    from pg_type t join pg_class c on c.oid = t.typrelid
    where t.typnamespace = $1::regnamespace and t.typtype = 'c' and c.relkind = 'c'
  ), '[]'::json),
  'types', coalesce((
    select json_agg(json_build_object(
      'oid', t.oid::int,
      'schema', t.typnamespace::regnamespace::text,
      'name', t.typname,
      'kind', t.typtype::text,
      'elem', case when t.typcategory = 'A' then nullif(t.typelem, 0)::int end,
      'base', nullif(t.typbasetype, 0)::int,
      'relid', nullif(t.typrelid, 0)::int,
      'relkind', c.relkind::text,
      'labels', case when t.typtype = 'e' then (select json_agg(e.enumlabel order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid) end
    ) order by t.oid)
    from pg_type t left join pg_class c on c.oid = t.typrelid
    where t.oid in (select oid from all_types)
  ), '[]'::json)
)::text as catalog
`;

export async function readCatalog(db: Queryable, schema = 'public'): Promise<Catalog> {
  const { rows } = await db.query<{ catalog: string }>(CATALOG_SQL, [schema]);
  return { schema, ...JSON.parse(rows[0].catalog) };
}
