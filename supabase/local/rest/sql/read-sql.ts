// A read plan as SQL: one SELECT per level; embeds aggregated with json_agg (to-many) or
// row_to_json (to-one) — as subqueries in the select list when they only add output (so
// they run after ORDER BY/LIMIT), as LEFT/INNER JOIN LATERAL when they filter the parent
// (`!inner`, `rel=is.null`) or spread into it — and the response body built by Postgres
// in the same statement as the count.
import type { Condition, ReadNode } from '../plan/read-plan.ts';
import {
  Aliases,
  columnExpr,
  conditionSql,
  ident,
  limitSql,
  orderSql,
  qualified,
  type Params,
} from './fragments.ts';

export type BodyShape = 'array' | 'object' | 'none';

export interface LevelSql {
  /** SELECT … FROM … JOIN LATERAL … WHERE … ORDER BY … LIMIT … */
  sql: string;
  /** FROM clause with only the laterals the WHERE needs, and the WHERE: for counting */
  countFrom: string;
}

/**
 * SQL for one level. `from` is what the level reads (`"s"."t" AS t0`, a CTE, a call);
 * `joins` are the conditions tying it to its parent.
 */
export function levelSql(
  node: ReadNode,
  alias: string,
  from: string,
  joins: string[],
  params: Params,
  aliases: Aliases,
): LevelSql {
  const cols: string[] = [];
  const embedCols: string[] = [];
  const laterals: { node: ReadNode; sql: string; alias: string }[] = [];
  const lateralAlias = new Map<ReadNode, string>();

  const filtering = new Set<ReadNode>();
  collectEmbedNull(node.where, filtering);

  for (const item of node.items) {
    if (item.kind === 'column') {
      const expr = columnExpr(alias, item.ref, params);
      cols.push(`${item.cast ? `(${expr})::${item.cast}` : expr} AS ${ident(item.name)}`);
      continue;
    }
    const child = item.node;
    const e = child.embed!;
    // An embed that filters nothing is only output: skip it when hidden, else compute it as
    // a subquery in the select list, which Postgres evaluates after ORDER BY/LIMIT.
    const joined = e.join === 'inner' || e.spread || filtering.has(child);
    if (!joined && e.hidden) continue;
    const n = aliases.next();
    const ct = `t${n}`;
    const ce = `e${n}`;
    const rel = e.rel;
    let childFrom = `${qualified(child.table.schema, child.table.name)} AS ${ct}`;
    const childJoins: string[] = [];
    if (rel.junction) {
      const j = `j${n}`;
      childFrom += `, ${qualified(rel.junction.table.schema, rel.junction.table.name)} AS ${j}`;
      for (const [pcol, jcol] of rel.junction.source)
        childJoins.push(`${j}.${ident(jcol)} = ${alias}.${ident(pcol)}`);
      for (const [jcol, ccol] of rel.junction.target)
        childJoins.push(`${ct}.${ident(ccol)} = ${j}.${ident(jcol)}`);
    } else {
      for (const [pcol, ccol] of rel.columns)
        childJoins.push(`${ct}.${ident(ccol)} = ${alias}.${ident(pcol)}`);
    }
    const inner = levelSql(child, ct, childFrom, childJoins, params, aliases).sql;
    const agg = e.toOne ? `row_to_json(_${ce})` : `json_agg(_${ce})`;
    if (!joined) {
      const sub = `(SELECT ${agg} FROM (${inner}) _${ce})`;
      embedCols.push(e.toOne ? `${sub} AS ${ident(e.name)}` : `coalesce(${sub}, '[]') AS ${ident(e.name)}`);
      continue;
    }
    const joinKw = e.join === 'inner' ? 'INNER' : 'LEFT';
    let lateral: string;
    if (e.spread) {
      lateral = `${joinKw} JOIN LATERAL (${inner}) AS ${ce} ON TRUE`;
      for (const ci of child.items) {
        const name =
          ci.kind === 'column'
            ? ci.name
            : ci.node.embed!.hidden || ci.node.embed!.spread
              ? null
              : ci.node.embed!.name;
        if (name !== null) embedCols.push(`${ce}.${ident(name)} AS ${ident(name)}`);
        if (ci.kind === 'embed' && ci.node.embed!.spread) {
          for (const gi of ci.node.items)
            if (gi.kind === 'column') embedCols.push(`${ce}.${ident(gi.name)} AS ${ident(gi.name)}`);
        }
      }
    } else {
      lateral = `${joinKw} JOIN LATERAL (SELECT ${agg} AS v FROM (${inner}) _${ce}) AS ${ce} ON ${e.join === 'inner' ? `${ce}.v IS NOT NULL` : 'TRUE'}`;
      if (!e.hidden)
        embedCols.push(
          e.toOne ? `${ce}.v AS ${ident(e.name)}` : `coalesce(${ce}.v, '[]') AS ${ident(e.name)}`,
        );
    }
    laterals.push({ node: child, sql: lateral, alias: ce });
    lateralAlias.set(child, ce);
  }

  const embedAlias = (c: Condition & { kind: 'embedNull' }) => lateralAlias.get(c.node)!;
  const where = [...joins, ...node.where.map((c) => conditionSql(alias, c, params, embedAlias))];
  const whereSql = where.length ? ` WHERE ${where.join(' AND ')}` : '';
  const select = [...cols, ...embedCols];
  const selectList = select.length ? select.join(', ') : '1 AS "_"';

  const allLaterals = laterals.map((l) => ` ${l.sql}`).join('');
  const countLaterals = laterals
    .filter((l) => l.node.embed!.join === 'inner' || filtering.has(l.node))
    .map((l) => ` ${l.sql}`)
    .join('');

  return {
    sql: `SELECT ${selectList} FROM ${from}${allLaterals}${whereSql}${orderSql(alias, node.order, params)}${limitSql(node.limit, node.offset, params)}`,
    countFrom: `${from}${countLaterals}${whereSql}`,
  };
}

function collectEmbedNull(conds: Condition[], out: Set<ReadNode>) {
  for (const c of conds) {
    if (c.kind === 'embedNull') out.add(c.node);
    else if (c.kind === 'group') collectEmbedNull(c.children, out);
  }
}

/** The body expression over the rows of `_pgrst_r`. */
export function bodyExpr(shape: BodyShape, stripNulls: boolean): string {
  if (shape === 'none') return 'NULL::text';
  const agg = stripNulls ? 'json_strip_nulls(json_agg(_pgrst_r))' : 'json_agg(_pgrst_r)';
  return shape === 'object' ? `(${agg}->0)::text` : `coalesce(${agg}, '[]')::text`;
}

/**
 * The statement every read, write and call ends in: one row with the total (when asked),
 * the page size, the body, and the response.headers/response.status settings a function
 * may have set.
 */
export function wrapStatement(opts: {
  with?: string;
  rows: string;
  total: string | null;
  body: string;
}): string {
  return (
    `${opts.with ? `WITH ${opts.with} ` : ''}SELECT ${opts.total ?? 'NULL'}::text AS total, count(*)::text AS page, ${opts.body} AS body, ` +
    `nullif(current_setting('response.headers', true), '') AS headers, nullif(current_setting('response.status', true), '') AS status ` +
    `FROM (${opts.rows}) _pgrst_r`
  );
}

export interface ReadStatementOptions {
  node: ReadNode;
  shape: BodyShape;
  stripNulls: boolean;
  count: boolean;
  params: Params;
}

/** GET/HEAD on a table or view. */
export function readStatement(o: ReadStatementOptions): string {
  const aliases = new Aliases();
  const a = aliases.next();
  const alias = `t${a}`;
  const from = `${qualified(o.node.table.schema, o.node.table.name)} AS ${alias}`;
  const level = levelSql(o.node, alias, from, [], o.params, aliases);
  return wrapStatement({
    rows: level.sql,
    total: o.count ? `(SELECT count(*) FROM ${level.countFrom})` : null,
    body: bodyExpr(o.shape, o.stripNulls),
  });
}
