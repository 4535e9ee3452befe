// /rpc calls: the function runs once in a CTE (named arguments from the JSON body through
// json_to_record, or from the query string cast to each argument's type), then its rows are
// filtered, ordered, paged and turned into JSON like a table's.
import type { FunctionArg, FunctionDef } from '../schema/model.ts';
import type { ReadNode } from '../plan/read-plan.ts';
import { Aliases, ident, limitSql, qualified, type Params } from './fragments.ts';
import { bodyExpr, levelSql, wrapStatement, type BodyShape } from './read-sql.ts';

export type CallArgs =
  | { kind: 'json'; body: string; args: FunctionArg[] }
  | { kind: 'text'; values: [FunctionArg, string][] }
  | { kind: 'single'; body: string; type: string };

export interface CallOptions {
  fn: FunctionDef;
  args: CallArgs;
  /** the read over the returned rows, for composite results */
  node: ReadNode | null;
  shape: BodyShape;
  stripNulls: boolean;
  count: boolean;
  /** limit/offset for set-returning scalar functions */
  limit: number | null;
  offset: number | null;
  params: Params;
}

function callExpr(o: CallOptions): { ctes: string[]; call: string; from: string } {
  const fn = qualified(o.fn.schema, o.fn.name);
  const a = o.args;
  if (a.kind === 'single') return { ctes: [], call: `${fn}(${o.params.add(a.body)}::${a.type})`, from: '' };
  if (a.kind === 'text') {
    const list = a.values.map(
      ([arg, v]) => `${arg.variadic ? 'VARIADIC ' : ''}${ident(arg.name)} := ${o.params.add(v)}::${arg.type}`,
    );
    return { ctes: [], call: `${fn}(${list.join(', ')})`, from: '' };
  }
  if (a.args.length === 0) return { ctes: [], call: `${fn}()`, from: '' };
  const defs = a.args.map((arg) => `${ident(arg.name)} ${arg.type}`).join(', ');
  const list = a.args.map(
    (arg) => `${arg.variadic ? 'VARIADIC ' : ''}${ident(arg.name)} := pgrst_args.${ident(arg.name)}`,
  );
  return {
    ctes: [`pgrst_args AS (SELECT * FROM json_to_record(${o.params.add(a.body)}::json) AS _a(${defs}))`],
    call: `${fn}(${list.join(', ')})`,
    from: 'pgrst_args',
  };
}

export function callStatement(o: CallOptions): string {
  const { ctes, call, from } = callExpr(o);
  const r = o.fn.returns;
  const aliases = new Aliases();

  if (r.kind === 'composite') {
    ctes.push(`pgrst_source AS (SELECT _c.* FROM ${from ? `${from}, LATERAL ` : ''}${call} AS _c)`);
    const a = aliases.next();
    const level = levelSql(o.node!, `t${a}`, `pgrst_source AS t${a}`, [], o.params, aliases);
    return wrapStatement({
      with: ctes.join(', '),
      rows: level.sql,
      total: o.count ? `(SELECT count(*) FROM ${level.countFrom})` : null,
      body: bodyExpr(o.fn.setOf ? o.shape : o.shape === 'none' ? 'none' : 'object', o.stripNulls),
    });
  }

  ctes.push(`pgrst_source AS (SELECT ${call} AS pgrst_scalar${from ? ` FROM ${from}` : ''})`);
  if (r.kind === 'void') {
    return wrapStatement({
      with: ctes.join(', '),
      rows: 'SELECT 1 FROM pgrst_source',
      total: null,
      body: 'NULL::text',
    });
  }
  const rows = `SELECT t0.pgrst_scalar FROM pgrst_source AS t0${o.fn.setOf ? limitSql(o.limit, o.offset, o.params) : ''}`;
  const agg = 'json_agg(_pgrst_r.pgrst_scalar)';
  const shape = o.fn.setOf ? o.shape : o.shape === 'none' ? 'none' : 'object';
  const body =
    shape === 'none'
      ? 'NULL::text'
      : shape === 'object'
        ? `(${agg}->0)::text`
        : `coalesce(${agg}, '[]')::text`;
  return wrapStatement({
    with: ctes.join(', '),
    rows,
    total: o.count ? '(SELECT count(*) FROM pgrst_source)' : null,
    body,
  });
}
