// What a database's schema is, read from its catalogue as a map of named objects: each with
// a definition to compare (Postgres's own rendering, so the same object built from different
// text compares equal only when Postgres sees the same thing) and the SQL that creates and
// drops it. Objects of extensions and of the migrations bookkeeping are left out.
import type { Queryable } from '../../supabase/local/db/database.ts';

export type ObjectKind =
  | 'schema'
  | 'type'
  | 'table'
  | 'column'
  | 'rls'
  | 'constraint'
  | 'index'
  | 'sequence'
  | 'function'
  | 'view'
  | 'trigger'
  | 'policy'
  | 'grant'
  | 'publication'
  | 'comment';

export interface DbObject {
  kind: ObjectKind;
  /** unique name of the object, e.g. `function public.f(uuid)` */
  key: string;
  /** what is compared */
  def: string;
  /** SQL that creates it (or brings it to def) */
  create: string;
  /** SQL that removes it */
  drop: string;
  /** for columns: their parts, to alter rather than re-create */
  column?: ColumnDef;
  /** for tables, columns, constraints, rls, triggers, policies: the table */
  table?: string;
  /** for functions: their result, argument list and language, to know whether CREATE OR REPLACE can change it */
  signature?: string;
  /** for views: their column list, same purpose */
  columns?: string;
  /** for privileges: the grant alone, for a grantee that has none yet */
  grant?: string;
}

export interface ColumnDef {
  table: string;
  name: string;
  type: string;
  notNull: boolean;
  default: string | null;
  identity: string;
  generated: string | null;
}

export type Snapshot = Map<string, DbObject>;

export const ident = (name: string) =>
  /^[a-z_][a-z0-9_]*$/.test(name) ? name : `"${name.replace(/"/g, '""')}"`;
const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;

const SKIP_SCHEMAS = `('pg_catalog', 'information_schema', 'pg_toast', 'supabase_migrations')`;
const userNs = (col: string) =>
  `${col} not in (select oid from pg_namespace where nspname in ${SKIP_SCHEMAS} or nspname like 'pg_toast%' or nspname like 'pg_temp%')`;
/** not created by an extension */
const notExt = (classid: string, oid: string) =>
  `not exists (select 1 from pg_depend dep where dep.classid = '${classid}'::regclass and dep.objid = ${oid} and dep.deptype = 'e')`;

export async function readSnapshot(db: Queryable): Promise<Snapshot> {
  const snap: Snapshot = new Map();
  const add = (o: DbObject) => {
    if (snap.has(o.key)) throw new Error(`two objects named ${o.key}`);
    snap.set(o.key, o);
  };

  // schemas
  const schemas = await db.query<{ name: string }>(
    `select nspname as name from pg_namespace n where ${userNs('n.oid')} and ${notExt('pg_namespace', 'n.oid')}
       and nspname <> 'public' order by 1`,
  );
  for (const { name } of schemas.rows)
    add({
      kind: 'schema',
      key: `schema ${name}`,
      def: name,
      create: `create schema if not exists ${ident(name)};`,
      drop: `drop schema ${ident(name)};`,
    });

  // enum types
  const enums = await db.query<{ name: string; labels: string[] }>(
    `select format('%I.%I', n.nspname, t.typname) as name,
            array(select e.enumlabel::text from pg_enum e where e.enumtypid = t.oid order by e.enumsortorder) as labels
       from pg_type t join pg_namespace n on n.oid = t.typnamespace
      where t.typtype = 'e' and ${userNs('n.oid')} and ${notExt('pg_type', 't.oid')}`,
  );
  for (const { name, labels } of enums.rows)
    add({
      kind: 'type',
      key: `type ${name}`,
      def: `enum (${labels.map(lit).join(', ')})`,
      create: `create type ${name} as enum (${labels.map(lit).join(', ')});`,
      drop: `drop type ${name};`,
    });

  // tables, their row-level security, columns
  const tables = await db.query<{ oid: number; name: string; rls: boolean; force: boolean }>(
    `select c.oid, format('%I.%I', n.nspname, c.relname) as name, c.relrowsecurity as rls, c.relforcerowsecurity as force
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and ${userNs('n.oid')} and ${notExt('pg_class', 'c.oid')}`,
  );
  const tableOids = new Set<number>();
  for (const t of tables.rows) {
    tableOids.add(t.oid);
    add({
      kind: 'table',
      key: `table ${t.name}`,
      def: t.name,
      create: `create table ${t.name} ();`,
      drop: `drop table ${t.name};`,
      table: t.name,
    });
    const rls = [t.rls ? 'enable' : 'disable', t.force ? 'force' : 'no force'];
    add({
      kind: 'rls',
      key: `row level security ${t.name}`,
      def: rls.join(' '),
      create: `alter table ${t.name} ${rls[0]} row level security;\nalter table ${t.name} ${rls[1]} row level security;`,
      drop: '',
      table: t.name,
    });
  }
  const columns = await db.query<{
    rel: number;
    name: string;
    type: string;
    notnull: boolean;
    def: string | null;
    identity: string;
    generated: string;
  }>(
    `select a.attrelid::int as rel, a.attname as name, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as notnull,
            pg_get_expr(ad.adbin, ad.adrelid) as def, a.attidentity as identity, a.attgenerated as generated
       from pg_attribute a left join pg_attrdef ad on ad.adrelid = a.attrelid and ad.adnum = a.attnum
      where a.attnum > 0 and not a.attisdropped
        and a.attrelid in (select c.oid from pg_class c where c.relkind in ('r', 'p'))
      order by a.attrelid, a.attnum`,
  );
  const tableName = new Map(tables.rows.map((t) => [Number(t.oid), t.name]));
  for (const c of columns.rows) {
    const table = tableName.get(Number(c.rel));
    if (!table) continue;
    const col: ColumnDef = {
      table,
      name: c.name,
      type: c.type,
      notNull: c.notnull,
      default: c.generated ? null : c.def,
      identity: c.identity,
      generated: c.generated ? c.def : null,
    };
    add({
      kind: 'column',
      key: `column ${table}.${ident(c.name)}`,
      def: JSON.stringify(col),
      create: `alter table ${table} add column ${columnSql(col)};`,
      drop: `alter table ${table} drop column ${ident(c.name)};`,
      column: col,
      table,
    });
  }

  // constraints (not-null is a column property above)
  const cons = await db.query<{ table: string; name: string; def: string }>(
    `select format('%I.%I', n.nspname, c.relname) as table, k.conname as name, pg_get_constraintdef(k.oid) as def
       from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
      where k.contype in ('p', 'u', 'f', 'c', 'x') and ${userNs('n.oid')} and ${notExt('pg_class', 'c.oid')}`,
  );
  for (const k of cons.rows)
    add({
      kind: 'constraint',
      key: `constraint ${ident(k.name)} on ${k.table}`,
      def: k.def,
      create: `alter table ${k.table} add constraint ${ident(k.name)} ${k.def};`,
      drop: `alter table ${k.table} drop constraint ${ident(k.name)};`,
      table: k.table,
    });

  // indexes that no constraint owns
  const idx = await db.query<{ name: string; table: string; def: string }>(
    `select format('%I.%I', n.nspname, i.relname) as name, format('%I.%I', n.nspname, t.relname) as table,
            pg_get_indexdef(i.oid) as def
       from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
       join pg_namespace n on n.oid = i.relnamespace
      where ${userNs('n.oid')} and ${notExt('pg_class', 't.oid')}
        and not exists (select 1 from pg_constraint k where k.conindid = i.oid and k.contype in ('p', 'u', 'x'))`,
  );
  for (const i of idx.rows)
    add({
      kind: 'index',
      key: `index ${i.name}`,
      def: i.def,
      create: `${i.def};`,
      drop: `drop index ${i.name};`,
      table: i.table,
    });

  // sequences not owned by a column (identity and serial ones come with their column)
  const seqs = await db.query<{ name: string; def: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name,
            format('as %s increment by %s minvalue %s maxvalue %s start with %s cache %s%s', format_type(s.seqtypid, null),
                   s.seqincrement, s.seqmin, s.seqmax, s.seqstart, s.seqcache, case when s.seqcycle then ' cycle' else '' end) as def
       from pg_sequence s join pg_class c on c.oid = s.seqrelid join pg_namespace n on n.oid = c.relnamespace
      where ${userNs('n.oid')} and ${notExt('pg_class', 'c.oid')}
        and not exists (select 1 from pg_depend d where d.objid = c.oid and d.classid = 'pg_class'::regclass
                          and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i'))`,
  );
  for (const s of seqs.rows)
    add({
      kind: 'sequence',
      key: `sequence ${s.name}`,
      def: s.def,
      create: `create sequence ${s.name} ${s.def};`,
      drop: `drop sequence ${s.name};`,
    });

  // functions and procedures
  const fns = await db.query<{ name: string; args: string; def: string; result: string; allargs: string }>(
    `select format('%I.%I', n.nspname, p.proname) as name, pg_get_function_identity_arguments(p.oid) as args,
            pg_get_functiondef(p.oid) as def, coalesce(pg_get_function_result(p.oid), '') as result,
            pg_get_function_arguments(p.oid) as allargs
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where p.prokind in ('f', 'p') and ${userNs('n.oid')} and ${notExt('pg_proc', 'p.oid')}`,
  );
  for (const f of fns.rows) {
    const sig = `${f.name}(${f.args})`;
    add({
      kind: 'function',
      key: `function ${sig}`,
      def: f.def.trim(),
      create: `${f.def.trim()};`,
      drop: `drop function ${sig};`,
      signature: `${f.allargs} -> ${f.result}`,
    });
  }

  // views
  const views = await db.query<{ name: string; def: string; opts: string | null; cols: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name, pg_get_viewdef(c.oid) as def,
            array_to_string(c.reloptions, ', ') as opts,
            (select string_agg(format('%I %s', a.attname, format_type(a.atttypid, a.atttypmod)), ', ' order by a.attnum)
               from pg_attribute a where a.attrelid = c.oid and a.attnum > 0) as cols
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'v' and ${userNs('n.oid')} and ${notExt('pg_class', 'c.oid')}`,
  );
  for (const v of views.rows) {
    const opts = v.opts ? ` with (${v.opts})` : '';
    add({
      kind: 'view',
      key: `view ${v.name}`,
      def: `${opts}${v.def}`,
      create: `create or replace view ${v.name}${opts} as\n${v.def.trim().replace(/;$/, '')};`,
      drop: `drop view ${v.name};`,
      columns: v.cols,
    });
  }

  // triggers
  const trg = await db.query<{ name: string; table: string; def: string }>(
    `select t.tgname as name, format('%I.%I', n.nspname, c.relname) as table, pg_get_triggerdef(t.oid) as def
       from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
      where not t.tgisinternal and ${userNs('n.oid')} and ${notExt('pg_class', 'c.oid')}`,
  );
  for (const t of trg.rows)
    add({
      kind: 'trigger',
      key: `trigger ${ident(t.name)} on ${t.table}`,
      def: t.def,
      create: `${t.def};`,
      drop: `drop trigger ${ident(t.name)} on ${t.table};`,
      table: t.table,
    });

  // policies
  const pol = await db.query<{
    name: string;
    table: string;
    permissive: boolean;
    cmd: string;
    roles: string[];
    qual: string | null;
    check: string | null;
  }>(
    `select p.polname as name, format('%I.%I', n.nspname, c.relname) as table, p.polpermissive as permissive,
            p.polcmd as cmd,
            array(select case when r = 0 then 'public' else quote_ident(pg_get_userbyid(r)) end
                    from unnest(p.polroles) r order by 1) as roles,
            pg_get_expr(p.polqual, p.polrelid) as qual, pg_get_expr(p.polwithcheck, p.polrelid) as check
       from pg_policy p join pg_class c on c.oid = p.polrelid join pg_namespace n on n.oid = c.relnamespace
      where ${userNs('n.oid')}`,
  );
  const CMD: Record<string, string> = { r: 'select', a: 'insert', w: 'update', d: 'delete', '*': 'all' };
  for (const p of pol.rows) {
    const sql = [
      `create policy ${ident(p.name)} on ${p.table}`,
      p.permissive ? '' : '  as restrictive',
      `  for ${CMD[p.cmd]} to ${p.roles.join(', ')}`,
      p.qual ? `  using (${p.qual})` : '',
      p.check ? `  with check (${p.check})` : '',
    ]
      .filter(Boolean)
      .join('\n');
    add({
      kind: 'policy',
      key: `policy ${ident(p.name)} on ${p.table}`,
      def: sql,
      create: `${sql};`,
      drop: `drop policy ${ident(p.name)} on ${p.table};`,
      table: p.table,
    });
  }

  // privileges: per object and grantee (the owner's own are left out)
  const acl = await db.query<{ kind: string; obj: string; grantee: string; privs: string }>(
    `with objs as (
       select 'schema' as kind, quote_ident(n.nspname) as obj, n.nspacl as acl, n.nspowner as owner, 'n' as t
         from pg_namespace n where ${userNs('n.oid')} and ${notExt('pg_namespace', 'n.oid')}
       union all
       select case c.relkind when 'S' then 'sequence' else 'table' end, format('%I.%I', n.nspname, c.relname),
              c.relacl, c.relowner, case c.relkind when 'S' then 's' else 'r' end
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'v', 'm', 'S') and ${userNs('n.oid')} and ${notExt('pg_class', 'c.oid')}
       union all
       select case p.prokind when 'p' then 'procedure' else 'function' end,
              format('%I.%I(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)),
              p.proacl, p.proowner, 'f'
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where p.prokind in ('f', 'p') and ${userNs('n.oid')} and ${notExt('pg_proc', 'p.oid')}
     )
     select o.kind, o.obj, case when x.grantee = 0 then 'public' else quote_ident(pg_get_userbyid(x.grantee)) end as grantee,
            string_agg(x.privilege_type || case when x.is_grantable then '*' else '' end, ',' order by x.privilege_type) as privs
       from objs o cross join lateral aclexplode(coalesce(o.acl, acldefault(o.t::"char", o.owner))) x
      where x.grantee <> o.owner
      group by 1, 2, 3`,
  );
  for (const g of acl.rows) addGrant(add, g.kind, g.obj, g.grantee, g.privs);
  const colAcl = await db.query<{ obj: string; col: string; grantee: string; privs: string }>(
    `select format('%I.%I', n.nspname, c.relname) as obj, a.attname as col,
            case when x.grantee = 0 then 'public' else quote_ident(pg_get_userbyid(x.grantee)) end as grantee,
            string_agg(x.privilege_type || case when x.is_grantable then '*' else '' end, ',' order by x.privilege_type) as privs
       from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
       cross join lateral aclexplode(a.attacl) x
      where a.attacl is not null and a.attnum > 0 and not a.attisdropped and ${userNs('n.oid')} and x.grantee <> c.relowner
      group by 1, 2, 3`,
  );
  for (const g of colAcl.rows) {
    const privs = g.privs.split(',');
    const grants = privs.map(
      (p) =>
        `grant ${p.replace('*', '')} (${ident(g.col)}) on table ${g.obj} to ${g.grantee}${p.endsWith('*') ? ' with grant option' : ''};`,
    );
    add({
      kind: 'grant',
      key: `grant on column ${g.obj}.${ident(g.col)} to ${g.grantee}`,
      def: g.privs,
      create: [`revoke all (${ident(g.col)}) on table ${g.obj} from ${g.grantee};`, ...grants].join('\n'),
      drop: `revoke all (${ident(g.col)}) on table ${g.obj} from ${g.grantee};`,
      grant: grants.join('\n'),
    });
  }

  // realtime publication membership
  const pub = await db.query<{ pub: string; table: string }>(
    `select pubname as pub, format('%I.%I', schemaname, tablename) as table from pg_publication_tables`,
  );
  for (const p of pub.rows)
    add({
      kind: 'publication',
      key: `publication ${ident(p.pub)} table ${p.table}`,
      def: p.table,
      create: `alter publication ${ident(p.pub)} add table ${p.table};`,
      drop: `alter publication ${ident(p.pub)} drop table ${p.table};`,
      table: p.table,
    });

  // comments on tables, views, columns, functions, schemas
  const com = await db.query<{ what: string; text: string }>(
    `select case d.classoid
              when 'pg_class'::regclass then
                case when d.objsubid = 0
                     then (case c.relkind when 'v' then 'view ' else 'table ' end) || format('%I.%I', n.nspname, c.relname)
                     else 'column ' || format('%I.%I.%I', n.nspname, c.relname,
                            (select attname from pg_attribute where attrelid = c.oid and attnum = d.objsubid)) end
              when 'pg_proc'::regclass then
                'function ' || (select format('%I.%I(%s)', pn.nspname, p.proname, pg_get_function_identity_arguments(p.oid))
                                  from pg_proc p join pg_namespace pn on pn.oid = p.pronamespace where p.oid = d.objoid)
              when 'pg_namespace'::regclass then 'schema ' || (select quote_ident(nspname) from pg_namespace where oid = d.objoid)
            end as what, d.description as text
       from pg_description d
       left join pg_class c on d.classoid = 'pg_class'::regclass and c.oid = d.objoid
       left join pg_namespace n on n.oid = c.relnamespace
      where d.classoid in ('pg_class'::regclass, 'pg_proc'::regclass, 'pg_namespace'::regclass)
        and (d.classoid <> 'pg_class'::regclass or ${userNs('c.relnamespace')})
        and (d.classoid <> 'pg_proc'::regclass or d.objoid in (select p.oid from pg_proc p where ${userNs('p.pronamespace')}))
        and (d.classoid <> 'pg_namespace'::regclass or (${userNs('d.objoid')}))
        and ${notExt('pg_class', 'd.objoid')} and ${notExt('pg_proc', 'd.objoid')} and ${notExt('pg_namespace', 'd.objoid')}`,
  );
  for (const c of com.rows) {
    if (!c.what) continue;
    add({
      kind: 'comment',
      key: `comment on ${c.what}`,
      def: c.text,
      create: `comment on ${c.what} is ${lit(c.text)};`,
      drop: `comment on ${c.what} is null;`,
    });
  }
  return snap;
}

const TABLE_PRIVILEGES = ['delete', 'insert', 'references', 'select', 'trigger', 'truncate', 'update'];

/**
 * The privileges a migration writes: MAINTAIN exists from PostgreSQL 17 on (PGlite, where the
 * diff runs) but not in 15, where migrations also run, so it is never written by name; every
 * table privilege is written "all" (which includes MAINTAIN where it exists).
 */
export function writtenPrivileges(kind: string, privs: string[]): string[] {
  const rest = privs.filter((p) => p !== 'maintain');
  if (kind === 'table' && TABLE_PRIVILEGES.every((p) => rest.includes(p))) return ['all'];
  return rest;
}

function addGrant(add: (o: DbObject) => void, kind: string, obj: string, grantee: string, privs: string) {
  const on = `${kind} ${obj}`;
  const list = privs.split(',');
  const plain = writtenPrivileges(
    kind,
    list.filter((p) => !p.endsWith('*')).map((p) => p.toLowerCase()),
  );
  const withOption = writtenPrivileges(
    kind,
    list.filter((p) => p.endsWith('*')).map((p) => p.slice(0, -1).toLowerCase()),
  );
  const grants = [
    plain.length ? `grant ${plain.join(', ')} on ${on} to ${grantee};` : '',
    withOption.length ? `grant ${withOption.join(', ')} on ${on} to ${grantee} with grant option;` : '',
  ].filter(Boolean);
  add({
    kind: 'grant',
    key: `grant on ${on} to ${grantee}`,
    def: list.join(','),
    create: [`revoke all on ${on} from ${grantee};`, ...grants].join('\n'),
    drop: `revoke all on ${on} from ${grantee};`,
    grant: grants.join('\n'),
  });
}

export function columnSql(c: ColumnDef): string {
  const parts = [ident(c.name), c.type];
  if (c.identity) parts.push(`generated ${c.identity === 'a' ? 'always' : 'by default'} as identity`);
  if (c.generated) parts.push(`generated always as (${c.generated}) stored`);
  if (c.default !== null) parts.push(`default ${c.default}`);
  if (c.notNull) parts.push('not null');
  return parts.join(' ');
}
