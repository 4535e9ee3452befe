// The schema cache: built from the catalogue at start (migrations have run by then), and
// rebuilt on `NOTIFY pgrst, 'reload schema'` or when a request names something unknown
// (at most once a second), so tables created while the stack runs become reachable.
import type { Queryable } from '../../db/database.ts';
import { readCatalog, type RawCatalog, type RawColumn, type RawFunction } from './catalog.ts';
import {
  tableKey,
  type Column,
  type FunctionArg,
  type FunctionDef,
  type Relationship,
  type SchemaCache,
  type Table,
} from './model.ts';

export interface SchemaCacheHolder {
  readonly current: SchemaCache;
  reload(): Promise<void>;
  /** reloads unless a reload happened within the last second; true when it reloaded */
  reloadOnMiss(): Promise<boolean>;
}

export async function createSchemaCache(
  db: Queryable,
  schemas: string[],
  log: (message: string) => void,
): Promise<SchemaCacheHolder> {
  let current = buildCache(await readCatalog(db, schemas), schemas);
  let lastReload = Date.now();
  let inflight: Promise<void> | null = null;

  const reload = () => {
    inflight ??= (async () => {
      try {
        current = buildCache(await readCatalog(db, schemas), schemas);
        lastReload = Date.now();
        log(`schema cache reloaded: ${current.tables.size} relations, ${current.functions.size} functions`);
      } finally {
        inflight = null;
      }
    })();
    return inflight;
  };

  return {
    get current() {
      return current;
    },
    reload,
    async reloadOnMiss() {
      if (Date.now() - lastReload < 1000) {
        if (inflight) await inflight;
        return false;
      }
      await reload();
      return true;
    },
  };
}

function toColumn(c: RawColumn): Column {
  return {
    name: c.name,
    type: c.type,
    typeName: c.type_name,
    notNull: c.not_null,
    default: c.default,
    generated: c.generated,
  };
}

export function buildCache(raw: RawCatalog, schemas: string[]): SchemaCache {
  const tables = new Map<string, Table>();
  const byOid = new Map<number, Table>();
  for (const r of raw.relations) {
    const columns = r.columns.map(toColumn);
    const pk = r.pk ?? [];
    const uniques = r.uniques ?? [];
    const t: Table = {
      schema: r.schema,
      name: r.name,
      kind: r.kind,
      columns,
      columnMap: new Map(columns.map((c) => [c.name, c])),
      pk,
      uniques: pk.length ? [pk, ...uniques] : uniques,
      rowType: r.row_type,
    };
    tables.set(tableKey(r.schema, r.name), t);
    byOid.set(r.oid, t);
  }

  const relationships = buildRelationships(raw, byOid);

  const functions = new Map<string, FunctionDef[]>();
  for (const f of raw.functions) {
    const def = toFunction(f, byOid);
    const key = tableKey(f.schema, f.name);
    const list = functions.get(key);
    if (list) list.push(def);
    else functions.set(key, [def]);
  }

  const roleSettings = new Map<string, [string, string][]>();
  for (const r of raw.role_settings) {
    const pairs: [string, string][] = [];
    for (const s of r.settings ?? []) {
      const eq = s.indexOf('=');
      if (eq > 0) pairs.push([s.slice(0, eq), s.slice(eq + 1)]);
    }
    roleSettings.set(r.role, pairs);
  }

  return { schemas, tables, functions, relationships, roleSettings, castTypes: castTypes(raw.types ?? []) };
}

function sameSet(a: string[], b: string[]) {
  return a.length === b.length && a.every((x) => b.includes(x));
}

function buildRelationships(raw: RawCatalog, byOid: Map<number, Table>): Map<string, Relationship[]> {
  const out = new Map<string, Relationship[]>();
  const add = (r: Relationship) => {
    const k = tableKey(r.table.schema, r.table.name);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  };
  const fks = raw.foreign_keys
    .map((fk) => ({ fk, table: byOid.get(fk.table), foreign: byOid.get(fk.foreign) }))
    .filter(
      (x): x is { fk: (typeof raw.foreign_keys)[number]; table: Table; foreign: Table } =>
        !!x.table && !!x.foreign,
    );

  for (const { fk, table, foreign } of fks) {
    const unique = table.uniques.some((u) => sameSet(u, fk.columns));
    const pairs = fk.columns.map((c, i) => [c, fk.foreign_columns[i]] as [string, string]);
    add({
      table,
      foreign,
      cardinality: unique ? 'o2o' : 'm2o',
      constraint: fk.name,
      columns: pairs,
      junction: null,
    });
    add({
      table: foreign,
      foreign: table,
      cardinality: unique ? 'o2o' : 'o2m',
      constraint: fk.name,
      columns: pairs.map(([a, b]) => [b, a]),
      junction: null,
    });
  }

  // many-to-many through a junction whose primary key covers both foreign keys
  const byJunction = new Map<Table, typeof fks>();
  for (const x of fks) {
    const list = byJunction.get(x.table);
    if (list) list.push(x);
    else byJunction.set(x.table, [x]);
  }
  for (const [junction, list] of byJunction) {
    if (list.length < 2 || junction.pk.length === 0) continue;
    for (const a of list) {
      for (const b of list) {
        if (a === b) continue;
        const cols = [...a.fk.columns, ...b.fk.columns];
        if (!cols.every((c) => junction.pk.includes(c))) continue;
        add({
          table: a.foreign,
          foreign: b.foreign,
          cardinality: 'm2m',
          constraint: a.fk.name,
          columns: [],
          junction: {
            table: junction,
            constraint1: a.fk.name,
            constraint2: b.fk.name,
            source: a.fk.foreign_columns.map((c, i) => [c, a.fk.columns[i]]),
            target: b.fk.columns.map((c, i) => [c, b.fk.foreign_columns[i]]),
          },
        });
      }
    }
  }
  return out;
}

function toFunction(f: RawFunction, byOid: Map<number, Table>): FunctionDef {
  const modes = f.arg_modes ?? f.arg_types.map(() => 'i');
  const names = f.arg_names ?? [];
  const inputs: FunctionArg[] = [];
  const outputs: Column[] = [];
  f.arg_types.forEach((type, i) => {
    const mode = modes[i];
    const name = names[i] ?? '';
    if (mode === 'i' || mode === 'b' || mode === 'v')
      inputs.push({ name, type, hasDefault: false, variadic: mode === 'v' });
    if (mode === 'o' || mode === 'b' || mode === 't') {
      outputs.push({ name, type, typeName: type, notNull: false, default: null, generated: false });
    }
  });
  for (let i = inputs.length - f.ndefaults; i < inputs.length; i++) if (i >= 0) inputs[i].hasDefault = true;

  let returns: FunctionDef['returns'];
  if (f.ret_type_name === 'void') returns = { kind: 'void' };
  else if (f.ret_typtype === 'c' && f.ret_columns) {
    returns = {
      kind: 'composite',
      columns: f.ret_columns.map(toColumn),
      table: byOid.get(f.ret_relid) ?? null,
    };
  } else if (f.ret_type_name === 'record' && outputs.length)
    returns = { kind: 'composite', columns: outputs, table: null };
  else returns = { kind: 'scalar', type: f.ret_type };

  return {
    schema: f.schema,
    name: f.name,
    oid: f.oid,
    volatility: f.volatility === 'i' ? 'immutable' : f.volatility === 's' ? 'stable' : 'volatile',
    setOf: f.set_of,
    args: inputs,
    returns,
  };
}

const CAST_ALIASES: Record<string, string> = {
  int: 'int4',
  integer: 'int4',
  bigint: 'int8',
  smallint: 'int2',
  float: 'float8',
  double: 'float8',
  real: 'float4',
  decimal: 'numeric',
  boolean: 'bool',
  character: 'bpchar',
  char: 'bpchar',
};

function castTypes(typnames: string[]): Map<string, string> {
  const known = new Set(typnames);
  const map = new Map<string, string>();
  for (const t of known) map.set(t, `pg_catalog.${quoteIdent(t)}`);
  for (const [alias, t] of Object.entries(CAST_ALIASES))
    if (known.has(t)) map.set(alias, `pg_catalog.${quoteIdent(t)}`);
  return map;
}

export function quoteIdent(s: string): string {
  return `"${s.replace(/"/g, '""')}"`;
}

/** A close name for "Perhaps you meant…" hints (normalised edit distance). */
export function closest(name: string, candidates: Iterable<string>, minScore = 0.75): string | null {
  let best: string | null = null;
  let bestScore = minScore;
  for (const c of candidates) {
    const d = editDistance(name.toLowerCase(), c.toLowerCase());
    const score = 1 - d / Math.max(name.length, c.length, 1);
    if (score >= bestScore && c !== name) {
      best = c;
      bestScore = score;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  if (a.length > 64 || b.length > 64) return Math.max(a.length, b.length);
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0];
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j];
      prev[j] = Math.min(prev[j] + 1, prev[j - 1] + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = tmp;
    }
  }
  return prev[b.length];
}
