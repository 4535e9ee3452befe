// Compares two snapshots (what the migrations build, what the schema files say) and writes
// the SQL that brings the first to the second, in an order Postgres accepts: what depends on
// a removed or re-created object goes first, new tables and columns come before the
// functions, views, triggers and policies that read them, privileges and comments last.
import { columnSql, type DbObject, type ObjectKind, type Snapshot } from './snapshot.ts';

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

/** The migration: SQL statements that take `from` to `to`. */
export function migrationSql(from: Snapshot, to: Snapshot, changes: Change[]): string[] {
  const phase: string[][] = Array.from({ length: 12 }, () => []);
  const put = (n: number, sql: string) => {
    if (sql) phase[n].push(sql);
  };
  const droppedTables = new Set(
    changes
      .filter((c) => c.kind === 'table' && c.action === 'drop')
      .map((c) => (from.get(c.key) as DbObject).table),
  );
  for (const c of changes) {
    const a = from.get(c.key);
    const b = to.get(c.key);
    // what goes with a dropped table needs no statement of its own
    if (c.action === 'drop' && a?.table && c.kind !== 'table' && droppedTables.has(a.table)) continue;
    switch (c.kind) {
      case 'policy':
      case 'trigger':
        if (a) put(0, a.drop);
        if (b) put(9, b.create);
        break;
      case 'view':
        if (a && (!b || a.columns !== b.columns)) put(1, a.drop);
        if (b) put(8, b.create);
        break;
      case 'function':
        if (a && (!b || a.signature !== b.signature)) put(2, a.drop);
        if (b) put(7, b.create);
        break;
      case 'schema':
      case 'type':
      case 'sequence':
        if (c.action === 'drop') put(11, (a as DbObject).drop);
        else if (c.action === 'create') put(3, (b as DbObject).create);
        else {
          put(3, (a as DbObject).drop);
          put(3, (b as DbObject).create);
        }
        break;
      case 'table':
        if (a) put(6, a.drop);
        if (b) put(4, b.create);
        break;
      case 'column':
        if (!b) put(6, (a as DbObject).drop);
        else if (!a) put(4, b.create);
        else put(4, alterColumn(a, b));
        break;
      case 'constraint':
      case 'index':
        if (a) put(5, a.drop);
        if (b) put(7, b.create);
        break;
      case 'rls':
        if (b) put(9, b.create);
        break;
      case 'grant':
      case 'publication':
      case 'comment':
        if (!b) put(10, (a as DbObject).drop);
        else put(10, b.create);
        break;
    }
  }
  // constraints: primary and unique keys before the foreign keys that point at them
  phase[7].sort((x, y) => rank(x) - rank(y));
  return phase.flat();
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
