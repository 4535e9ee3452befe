// INSERT / UPSERT / UPDATE / DELETE as one statement: the mutation in a CTE, then the rows
// it returned read back through the request's `select` (embeds included), or only counted
// when the client wants no representation (RETURNING 1 needs no SELECT policy).
import type { Column, Table } from '../schema/model.ts';
import type { ReadNode } from '../plan/read-plan.ts';
import { RestError } from '../errors.ts';
import { Aliases, conditionSql, ident, orderSql, limitSql, qualified, type Params } from './fragments.ts';
import { bodyExpr, levelSql, wrapStatement, type BodyShape } from './read-sql.ts';

export interface Representation {
  /** null: return=minimal (count only) */
  node: ReadNode | null;
  shape: BodyShape;
  stripNulls: boolean;
}

/** `returningAlias` null: `mutation` is a plain SELECT of the table's rows (no RETURNING). */
function finish(
  mutation: string,
  rep: Representation,
  returningAlias: string | null,
  params: Params,
  aliases: Aliases,
): string {
  const returning = (what: string) => (returningAlias === null ? '' : ` RETURNING ${what}`);
  if (!rep.node) {
    return wrapStatement({
      with: `pgrst_source AS (${mutation}${returning('1')})`,
      rows: 'SELECT 1 FROM pgrst_source',
      total: null,
      body: 'NULL::text',
    });
  }
  const a = aliases.next();
  const out = { ...rep.node, where: [], order: [], limit: null, offset: null };
  const level = levelSql(out, `t${a}`, `pgrst_source AS t${a}`, [], params, aliases);
  return wrapStatement({
    with: `pgrst_source AS (${mutation}${returning(`${returningAlias}.*`)})`,
    rows: level.sql,
    total: null,
    body: bodyExpr(rep.shape, rep.stripNulls),
  });
}

export interface InsertOptions {
  table: Table;
  columns: Column[];
  /** JSON text of an array of objects */
  rows: string;
  rowCount: number;
  /** with `missing=default`: columns some rows lack, which take the column default there */
  defaultWhenMissing: Set<string>;
  onConflict: null | { columns: string[]; action: 'merge' | 'ignore' };
  rep: Representation;
  params: Params;
}

export function insertStatement(o: InsertOptions): string {
  const target = `${qualified(o.table.schema, o.table.name)}`;
  const aliases = new Aliases();
  aliases.next();
  if (o.rowCount === 0)
    return finish(`SELECT * FROM ${target} AS t0 WHERE false`, o.rep, null, o.params, aliases);
  const rowType = `NULL::${target}`;
  const body = o.params.add(o.rows);
  const cols = o.columns.map((c) => ident(c.name)).join(', ');
  let select: string;
  if (o.columns.length === 0) {
    // rows without keys: every column takes its default
    select = `SELECT FROM json_array_elements(${body}::json)`;
  } else if (o.defaultWhenMissing.size === 0) {
    select = `SELECT ${o.columns.map((c) => `_r.${ident(c.name)}`).join(', ')} FROM json_populate_recordset(${rowType}, ${body}::json) AS _r`;
  } else {
    const exprs = o.columns.map((c) => {
      if (!o.defaultWhenMissing.has(c.name)) return `_r.${ident(c.name)}`;
      return `CASE WHEN _j.v->${o.params.add(c.name)}::text IS NULL THEN ${c.default ?? 'NULL'} ELSE _r.${ident(c.name)} END`;
    });
    select = `SELECT ${exprs.join(', ')} FROM json_array_elements(${body}::json) AS _j(v), LATERAL json_populate_record(${rowType}, _j.v) AS _r`;
  }
  let sql = `INSERT INTO ${target} AS t0${o.columns.length ? ` (${cols})` : ''} ${select}`;
  if (o.onConflict?.columns.length) {
    sql += ` ON CONFLICT (${o.onConflict.columns.map(ident).join(', ')}) `;
    sql +=
      o.onConflict.action === 'ignore' || o.columns.length === 0
        ? 'DO NOTHING'
        : `DO UPDATE SET ${o.columns.map((c) => `${ident(c.name)} = EXCLUDED.${ident(c.name)}`).join(', ')}`;
  }
  return finish(sql, o.rep, 't0', o.params, aliases);
}

export interface FilteredOptions {
  table: Table;
  /** the root level of the plan: its conditions, order and limit select the rows */
  node: ReadNode;
  rep: Representation;
  params: Params;
}

const noEmbedFilter = (): string => {
  throw new RestError(
    400,
    'PGRST100',
    '"failed to parse filter" (embedded resource filters are not allowed on writes)',
    'Filters on embedded resources only apply to reads',
  );
};

/** WHERE for the rows a PATCH/DELETE touches; limit/order pick them by ctid. */
function targetRows(
  o: FilteredOptions,
  alias: string,
  verb: 'UPDATE' | 'DELETE',
): { alias: string; where: string } {
  const target = qualified(o.table.schema, o.table.name);
  if (o.node.where.length === 0) throw new RestError(400, '21000', `${verb} requires a WHERE clause`);
  const conds = o.node.where.map((c) => conditionSql('t0', c, o.params, noEmbedFilter)).join(' AND ');
  if (o.node.limit === null && !o.node.offset) return { alias: 't0', where: conds };
  const pick = `SELECT t0.ctid FROM ${target} AS t0 WHERE ${conds}${orderSql('t0', o.node.order, o.params)}${limitSql(o.node.limit, o.node.offset, o.params)}`;
  return { alias, where: `${alias}.ctid = ANY(ARRAY(${pick}))` };
}

export function updateStatement(o: FilteredOptions & { columns: Column[]; patch: string }): string {
  const target = qualified(o.table.schema, o.table.name);
  const aliases = new Aliases();
  aliases.next();
  if (o.columns.length === 0) {
    // an empty body changes nothing: answer as if no row matched
    return finish(`SELECT * FROM ${target} AS t0 WHERE false`, o.rep, null, o.params, aliases);
  }
  const body = o.params.add(o.patch);
  const { alias, where } = targetRows(o, '_pgrst_u', 'UPDATE');
  const sets = o.columns.map((c) => `${ident(c.name)} = _b.${ident(c.name)}`).join(', ');
  const sql = `UPDATE ${target} AS ${alias} SET ${sets} FROM json_populate_record(NULL::${target}, ${body}::json) AS _b WHERE ${where}`;
  return finish(sql, o.rep, alias, o.params, aliases);
}

export function deleteStatement(o: FilteredOptions): string {
  const target = qualified(o.table.schema, o.table.name);
  const aliases = new Aliases();
  aliases.next();
  const { alias, where } = targetRows(o, '_pgrst_d', 'DELETE');
  return finish(`DELETE FROM ${target} AS ${alias} WHERE ${where}`, o.rep, alias, o.params, aliases);
}
