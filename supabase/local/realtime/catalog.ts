// What Realtime needs to know about tables, read from the catalogue and cached until the
// next DDL: columns and their type names (payload `columns`), primary key and replica
// identity (what `old_record` carries), row security, and which columns each API role may
// SELECT (columns a role cannot read are left out of its payloads, as hosted does).
import type { Database } from '../db/database.ts';
import { DB_ROLES, type DbRole } from './tokens.ts';

export interface ColumnInfo {
  name: string;
  /** pg_type.typname: int8, text, uuid, _text, … */
  type: string;
  pk: boolean;
  /** part of the replica identity index (replica identity using index) */
  replicaIndex: boolean;
  select: Record<DbRole, boolean>;
}

export interface TableInfo {
  relid: number;
  schema: string;
  name: string;
  rls: boolean;
  /** pg_class.relreplident: d default (pk), f full, i index, n nothing */
  replident: string;
  columns: ColumnInfo[];
  byName: Map<string, ColumnInfo>;
  pk: string[];
  /** name of the generated visibility function, once created */
  checker?: Promise<string>;
}

const key = (schema: string, table: string) => `${schema}\u0000${table}`;
export const quoteIdent = (s: string) => `"${s.replace(/"/g, '""')}"`;

export class Catalog {
  private tables = new Map<string, Promise<TableInfo | null>>();
  private published: Promise<Set<string>> | null = null;
  private bypass: Promise<Record<string, boolean>> | null = null;
  /** bumped on every invalidation so late answers of an older epoch are not cached */
  private epoch = 0;

  constructor(private readonly db: Database) {}

  invalidate() {
    this.epoch++;
    this.tables.clear();
    this.published = null;
    this.bypass = null;
  }

  /** The tables of publication supabase_realtime, as "schema\0table" keys. */
  publishedTables(): Promise<Set<string>> {
    if (!this.published) {
      const epoch = this.epoch;
      const p = this.db
        .query<{ s: string; t: string }>(
          `select schemaname::text as s, tablename::text as t from pg_publication_tables where pubname = 'supabase_realtime'`,
        )
        .then((r) => new Set(r.rows.map((row) => key(row.s, row.t))));
      p.catch(() => {
        if (this.epoch === epoch) this.published = null;
      });
      this.published = p;
    }
    return this.published;
  }

  async isPublished(schema: string, table: string): Promise<boolean> {
    return (await this.publishedTables()).has(key(schema, table));
  }

  async publishedInSchema(schema: string): Promise<boolean> {
    for (const k of await this.publishedTables())
      if (schema === '*' || k.startsWith(`${schema}\u0000`)) return true;
    return false;
  }

  /** Roles that see every row regardless of policies. */
  async bypassesRls(role: DbRole): Promise<boolean> {
    if (!this.bypass) {
      const epoch = this.epoch;
      const p = this.db
        .query<{ rolname: string; bypass: boolean }>(
          `select rolname::text, (rolbypassrls or rolsuper) as bypass from pg_roles where rolname = any($1::text[])`,
          [`{${DB_ROLES.join(',')}}`],
        )
        .then((r) =>
          Object.fromEntries(
            r.rows.map((row) => [row.rolname, row.bypass === true || (row.bypass as unknown) === 't']),
          ),
        );
      p.catch(() => {
        if (this.epoch === epoch) this.bypass = null;
      });
      this.bypass = p;
    }
    return (await this.bypass)[role] === true;
  }

  table(schema: string, name: string): Promise<TableInfo | null> {
    const k = key(schema, name);
    let p = this.tables.get(k);
    if (!p) {
      const epoch = this.epoch;
      p = this.load(schema, name);
      p.catch(() => {
        if (this.epoch === epoch) this.tables.delete(k);
      });
      this.tables.set(k, p);
    }
    return p;
  }

  private async load(schema: string, name: string): Promise<TableInfo | null> {
    const privs = DB_ROLES.map((r) => `'${r}', has_column_privilege('${r}', c.oid, a.attnum, 'SELECT')`).join(
      ', ',
    );
    const { rows } = await this.db.query<{ relid: number; rls: boolean; replident: string; columns: string }>(
      `select c.oid::int as relid, c.relrowsecurity as rls, c.relreplident::text as replident,
              (select coalesce(json_agg(json_build_object(
                        'name', a.attname, 'type', t.typname,
                        'pk', coalesce(a.attnum = any(pk.indkey::int2[]), false),
                        'ri', coalesce(a.attnum = any(ri.indkey::int2[]), false),
                        'select', json_build_object(${privs})) order by a.attnum), '[]')::text
                 from pg_attribute a join pg_type t on t.oid = a.atttypid
                where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns
         from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
         left join pg_index pk on pk.indrelid = c.oid and pk.indisprimary
         left join pg_index ri on ri.indrelid = c.oid and ri.indisreplident
        where n.nspname = $1 and c.relname = $2 and c.relkind in ('r', 'p')`,
      [schema, name],
    );
    const row = rows[0];
    if (!row) return null;
    const raw = JSON.parse(row.columns) as {
      name: string;
      type: string;
      pk: boolean;
      ri: boolean;
      select: Record<DbRole, boolean>;
    }[];
    const columns: ColumnInfo[] = raw.map((c) => ({
      name: c.name,
      type: c.type,
      pk: c.pk,
      replicaIndex: c.ri,
      select: c.select,
    }));
    return {
      relid: row.relid,
      schema,
      name,
      rls: row.rls === true || (row.rls as unknown) === 't',
      replident: row.replident,
      columns,
      byName: new Map(columns.map((c) => [c.name, c])),
      pk: columns.filter((c) => c.pk).map((c) => c.name),
    };
  }
}

/** Columns whose old values an UPDATE/DELETE carries, as logical replication would send them. */
export function identityColumns(t: TableInfo): ColumnInfo[] {
  switch (t.replident) {
    case 'f':
      return t.columns;
    case 'i':
      return t.columns.filter((c) => c.replicaIndex);
    case 'n':
      return [];
    default:
      return t.columns.filter((c) => c.pk);
  }
}
