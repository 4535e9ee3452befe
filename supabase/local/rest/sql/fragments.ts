// Pieces of SQL. Identifiers come from the schema cache and are always quoted; every value
// from the request is a bound parameter, so the SQL text depends only on the query's shape.
import type { Filter } from '../parse/ast.ts';
import type { ColumnRef, Condition, OrderItem } from '../plan/read-plan.ts';

export const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;
export const qualified = (schema: string, name: string) => `${ident(schema)}.${ident(name)}`;

/** Collects bound parameters; `add` returns the placeholder. */
export class Params {
  readonly values: (string | null)[] = [];
  add(v: string | null): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

/** Each embedding level gets its own aliases: t0 (rows), e0 (lateral), j0 (junction). */
export class Aliases {
  private n = 0;
  next(): number {
    return this.n++;
  }
}

/** `t0."col"` followed by its JSON path; keys are parameters too. */
export function columnExpr(alias: string, ref: ColumnRef, params: Params): string {
  let sql = `${alias}.${ident(ref.column.name)}`;
  for (const step of ref.path) {
    sql += step.index
      ? `${step.arrow}${params.add(step.key)}::int`
      : `${step.arrow}${params.add(step.key)}::text`;
  }
  return ref.path.length ? `(${sql})` : sql;
}

/** A Postgres array literal of text items: {"a","b\"c"} */
export function arrayLiteral(items: string[]): string {
  return `{${items.map((s) => `"${s.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;
}

const COMPARE: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'LIKE',
  ilike: 'ILIKE',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxl: '&<',
  nxr: '&>',
  adj: '-|-',
};
const TSQUERY: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};

const likePattern = (s: string) => s.replace(/\*/g, '%');

export function filterSql(lhs: string, f: Filter, params: Params): string {
  const sql = positiveFilterSql(lhs, f, params);
  return f.negate ? `NOT (${sql})` : sql;
}

function positiveFilterSql(lhs: string, f: Filter, params: Params): string {
  switch (f.op) {
    case 'is':
      switch (f.value) {
        case 'null':
          return `${lhs} IS NULL`;
        case 'not_null':
          return `${lhs} IS NOT NULL`;
        case 'true':
          return `${lhs} IS TRUE`;
        case 'false':
          return `${lhs} IS FALSE`;
        default:
          return `${lhs} IS UNKNOWN`;
      }
    case 'isdistinct':
      return `${lhs} IS DISTINCT FROM ${params.add(f.value)}`;
    case 'in':
      return `${lhs} = ANY(${params.add(arrayLiteral(f.list!))})`;
    case 'fts':
    case 'plfts':
    case 'phfts':
    case 'wfts': {
      const fn = TSQUERY[f.op];
      const q = f.language
        ? `${fn}(${params.add(f.language)}::regconfig, ${params.add(f.value)})`
        : `${fn}(${params.add(f.value)})`;
      return `${lhs} @@ ${q}`;
    }
  }
  const op = COMPARE[f.op];
  const like = f.op === 'like' || f.op === 'ilike';
  if (f.quantifier) {
    const items = like ? f.list!.map(likePattern) : f.list!;
    return `${lhs} ${op} ${f.quantifier === 'any' ? 'ANY' : 'ALL'}(${params.add(arrayLiteral(items))})`;
  }
  return `${lhs} ${op} ${params.add(like ? likePattern(f.value) : f.value)}`;
}

/** WHERE conditions of one level; `embedAlias` gives the lateral alias of an embedded child. */
export function conditionSql(
  alias: string,
  c: Condition,
  params: Params,
  embedAlias: (node: Condition & { kind: 'embedNull' }) => string,
): string {
  switch (c.kind) {
    case 'filter':
      return filterSql(columnExpr(alias, c.ref, params), c.filter, params);
    case 'embedNull':
      return `${embedAlias(c)}.v IS ${c.isNull ? '' : 'NOT '}NULL`;
    case 'group': {
      const inner = c.children
        .map((x) => conditionSql(alias, x, params, embedAlias))
        .join(c.op === 'and' ? ' AND ' : ' OR ');
      return `${c.negate ? 'NOT ' : ''}(${inner})`;
    }
  }
}

export function orderSql(alias: string, order: OrderItem[], params: Params): string {
  if (order.length === 0) return '';
  const terms = order.map((o) => {
    let s = columnExpr(alias, o.ref, params);
    if (o.direction) s += o.direction === 'asc' ? ' ASC' : ' DESC';
    if (o.nulls) s += o.nulls === 'first' ? ' NULLS FIRST' : ' NULLS LAST';
    return s;
  });
  return ` ORDER BY ${terms.join(', ')}`;
}

export function limitSql(limit: number | null, offset: number | null, params: Params): string {
  let s = '';
  if (limit !== null) s += ` LIMIT ${params.add(String(limit))}::bigint`;
  if (offset !== null && offset > 0) s += ` OFFSET ${params.add(String(offset))}::bigint`;
  return s;
}
