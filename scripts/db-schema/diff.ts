// Compares two snapshots (what the migrations build, what the schema files say) and writes
// the SQL that brings the first to the second, in an order Postgres accepts: what depends on
// a removed or re-created object goes first, new tables and columns come before the
// functions, views, triggers and policies that read them, privileges and comments last.
import { type ColumnDef, columnSql, type DbObject, type ObjectKind, type Snapshot } from './snapshot.ts';

export interface Change {
  action: 'create' | 'drop' | 'change';
  key: string;
  kind: ObjectKind;
}

export function compareSnapshots(from: Snapshot, to: Snapshot): Change[] {
  const out: Change[] = [];
  for (const [key, o] of to) {
    const was = from.get(key);
    if (!was) out.push({ action: 'create', key, kind: o.kind });
    else if (was.def !== o.def) out.push({ action: 'change', key, kind: o.kind });
  }
  for (const [key, o] of from) if (!to.has(key)) out.push({ action: 'drop', key, kind: o.kind });
  return out.sort((a, b) => a.key.localeCompare(b.key));
}

/** The order a migration's statements run in. */
const PHASES = [
  'drop policies and triggers',
  'drop views',
  'drop functions',
  'create schemas',
  'create types and sequences',
  'create tables',
  'add and alter columns',
  'drop constraints and indexes',
  'drop columns and tables',
  'create functions, constraints, indexes',
  'create views',
  'create triggers and policies, row-level security',
  'privileges, publication, comments',
  'drop types, sequences, schemas',
] as const;
type Phase = (typeof PHASES)[number];

/** The migration: SQL statements that take `from` to `to`. */
export function migrationSql(from: Snapshot, to: Snapshot, changes: Change[]): string[] {
  const phase = new Map<Phase, string[]>(PHASES.map((p) => [p, []]));
  const put = (p: Phase, sql: string) => {
    if (sql) phase.get(p)?.push(sql);
  };
  const tablesOf = (action: Change['action'], snap: Snapshot) =>
    new Set(
      changes
        .filter((c) => c.kind === 'table' && c.action === action)
        .map((c) => (snap.get(c.key) as DbObject).table),
    );
  const droppedTables = tablesOf('drop', from);
  const newTables = tablesOf('create', to);
  // functions dropped (or dropped to be created with another signature): their privileges go with them
  const droppedFunctions = new Set(
    changes
      .filter((c) => c.kind === 'function' && c.action !== 'create')
      .filter((c) => !to.get(c.key) || from.get(c.key)?.signature !== to.get(c.key)?.signature)
      .map((c) => c.key),
  );
  for (const c of changes) {
    const a = from.get(c.key);
    const b = to.get(c.key);
    // what goes with a dropped table needs no statement of its own
    if (c.action === 'drop' && a?.table && c.kind !== 'table' && droppedTables.has(a.table)) continue;
    // nor does revoking what a dropped function was granted
    if (
      c.action === 'drop' &&
      c.kind === 'grant' &&
      droppedFunctions.has(c.key.replace(/^grant on (.*) to .*$/, '$1'))
    )
      continue;
    switch (c.kind) {
      case 'policy':
      case 'trigger':
        if (a) put('drop policies and triggers', a.drop);
        if (b) put('create triggers and policies, row-level security', b.create);
        break;
      case 'view':
        if (a && (!b || a.columns !== b.columns)) put('drop views', a.drop);
        if (b) put('create views', b.create);
        break;
      case 'function':
        if (a && (!b || a.signature !== b.signature)) put('drop functions', a.drop);
        if (b) put('create functions, constraints, indexes', b.create);
        break;
      case 'schema':
      case 'type':
      case 'sequence': {
        const create = c.kind === 'schema' ? 'create schemas' : 'create types and sequences';
        if (c.action === 'drop') put('drop types, sequences, schemas', (a as DbObject).drop);
        else if (c.action === 'create') put(create, (b as DbObject).create);
        else {
          put(create, (a as DbObject).drop);
          put(create, (b as DbObject).create);
        }
        break;
      }
      case 'table':
        if (a) put('drop columns and tables', a.drop);
        if (b) put('create tables', createTable(b, to));
        break;
      case 'column':
        if (!b) put('drop columns and tables', (a as DbObject).drop);
        else if (!a) {
          if (!newTables.has(b.table)) put('add and alter columns', b.create);
        } else put('add and alter columns', alterColumn(a, b));
        break;
      case 'constraint':
      case 'index':
        if (a) put('drop constraints and indexes', a.drop);
        if (b) put('create functions, constraints, indexes', b.create);
        break;
      case 'rls':
        // a new table starts without row-level security
        if (b && !(newTables.has(b.table) && b.def === 'disable no force'))
          put('create triggers and policies, row-level security', b.create);
        break;
      case 'grant':
      case 'publication':
      case 'comment':
        if (!b) put('privileges, publication, comments', (a as DbObject).drop);
        // a grantee without privileges so far needs only the grant
        else if (!a && c.kind === 'grant') put('privileges, publication, comments', b.grant ?? b.create);
        else put('privileges, publication, comments', b.create);
        break;
    }
  }
  phase.get('create functions, constraints, indexes')?.sort((x, y) => rank(x) - rank(y));
  return PHASES.flatMap((p) => phase.get(p) ?? []);
}

/** A new table with its columns (constraints, indexes and the rest follow in their phases). */
function createTable(table: DbObject, to: Snapshot): string {
  const columns = [...to.values()].filter((o) => o.kind === 'column' && o.table === table.table);
  const body = columns.map((o) => `  ${columnSql(o.column as ColumnDef)}`).join(',\n');
  return `create table ${table.table} (\n${body}\n);`;
}

// functions first (checks and indexes may call them), foreign keys after the keys they name
const rank = (sql: string) =>
  /^create or replace (function|procedure)/i.test(sql) ? 0 : / foreign key /i.test(sql) ? 2 : 1;

function alterColumn(a: DbObject, b: DbObject): string {
  const x = a.column;
  const y = b.column;
  if (!x || !y) return b.create;
  const t = `alter table ${y.table}`;
  const col = columnSql({ ...y, default: null, notNull: false }).split(' ')[0];
  if (x.identity !== y.identity || x.generated !== y.generated) return `${a.drop}\n${b.create}`;
  const out: string[] = [];
  if (x.type !== y.type) out.push(`${t} alter column ${col} type ${y.type};`);
  if (x.default !== y.default)
    out.push(
      y.default === null
        ? `${t} alter column ${col} drop default;`
        : `${t} alter column ${col} set default ${y.default};`,
    );
  if (x.notNull !== y.notNull) out.push(`${t} alter column ${col} ${y.notNull ? 'set' : 'drop'} not null;`);
  return out.join('\n');
}

/** A short human list of the differences, one line each: as a report, or as what a migration does. */
export function describeChanges(changes: Change[], as: 'report' | 'migration' = 'report'): string[] {
  const verb =
    as === 'report'
      ? {
          create: 'only in the schema files:',
          drop: 'only in the migrations:   ',
          change: 'differs:                  ',
        }
      : { create: 'create', drop: 'drop  ', change: 'change' };
  return changes.map((c) => `${verb[c.action]} ${c.key}`);
}
