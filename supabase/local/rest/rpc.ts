// /rest/v1/rpc/<fn>: picks the overload whose argument names match the keys sent (JSON body
// on POST, query string on GET/HEAD), runs it, and shapes the result like PostgREST.
import { errors, RestError } from './errors.ts';
import { applyFilters } from './parse/query.ts';
import { planRead } from './plan/read-plan.ts';
import { closest } from './schema/cache.ts';
import type { FunctionArg, FunctionDef, Table } from './schema/model.ts';
import { Params } from './sql/fragments.ts';
import { callStatement, type CallArgs } from './sql/call-sql.ts';
import type { BodyShape } from './sql/read-sql.ts';
import type { Decision, StatementResult } from './execute.ts';
import { applyGucOverrides, contentRange, jsonToCsv, rangeStatus } from './respond.ts';
import {
  baseHeaders,
  preferenceApplied,
  readJsonBody,
  requestSettings,
  rootRange,
  type Reply,
  type RestRequest,
  type Services,
} from './request.ts';

const isJsonType = (t: string) => t === 'json' || t === 'jsonb';
const singleUnnamedJson = (f: FunctionDef) =>
  f.args.length === 1 && f.args[0].name === '' && isJsonType(f.args[0].type);
const signature = (f: FunctionDef) =>
  `${f.schema}.${f.name}(${f.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`;

interface Chosen {
  fn: FunctionDef;
  args: CallArgs;
  /** query-string pairs left for filtering the result */
  filters: [string, string][];
}

export async function handleRpc(r: RestRequest, s: Services, name: string): Promise<Reply> {
  let overloads = s.cache.current.functions.get(`${r.schema}.${name}`);
  if (!overloads && (await s.cache.reloadOnMiss()))
    overloads = s.cache.current.functions.get(`${r.schema}.${name}`);

  const isPost = r.method === 'POST';
  let chosen: Chosen;
  if (isPost) {
    const body = await readJsonBody(r);
    chosen = choosePost(r, s, name, overloads ?? [], body === undefined ? {} : body);
  } else {
    chosen = chooseGet(r, s, name, overloads ?? []);
  }
  const { fn } = chosen;
  const readOnly = !isPost || fn.volatility !== 'volatile';

  const head = r.method === 'HEAD';
  const shape: BodyShape = head ? 'none' : r.media.kind === 'object' ? 'object' : 'array';
  const { offset, limit } = rootRange(r.query.levels.get(''), r.range, fn.setOf ? s.maxRows : null);
  let node = null;
  if (fn.returns.kind === 'composite') {
    const pseudo: Table = {
      schema: fn.schema,
      name: fn.name,
      kind: 'function',
      columns: fn.returns.columns,
      columnMap: new Map(fn.returns.columns.map((c) => [c.name, c])),
      pk: [],
      uniques: [],
      rowType: 0,
    };
    applyFilters(r.query, chosen.filters);
    node = planRead({ cache: s.cache.current, query: r.query }, pseudo, fn.returns.table);
    if (fn.setOf) {
      node.offset = offset;
      node.limit = limit;
    }
  } else if (
    chosen.filters.length ||
    r.query.select ||
    r.query.levels.size > (r.query.levels.has('') ? 1 : 0)
  ) {
    const bad = chosen.filters[0]?.[0] ?? 'select';
    throw new RestError(
      400,
      'PGRST100',
      `"failed to parse filter (${bad})"`,
      `${fn.schema}.${fn.name} returns a scalar: its result cannot be filtered or embedded`,
    );
  }

  const params = new Params();
  const text = callStatement({
    fn,
    args: chosen.args,
    node,
    shape,
    stripNulls: r.media.stripNulls,
    count: r.prefer.count !== null,
    limit: fn.setOf && fn.returns.kind !== 'composite' ? limit : null,
    offset: fn.setOf && fn.returns.kind !== 'composite' ? offset : null,
    params,
  });
  const decide = (res: StatementResult): Decision => {
    if (r.media.kind === 'object' && fn.setOf && res.page !== 1) return errors.singular(res.page);
    if (r.prefer.handling === 'strict' && r.prefer.maxAffected !== null) {
      if (!fn.setOf) {
        return new RestError(
          400,
          'PGRST128',
          'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
        );
      }
      if (res.page > r.prefer.maxAffected) return errors.maxAffected(res.page);
    }
    return 'commit';
  };
  const needsDecision = r.media.kind === 'object' || r.prefer.maxAffected !== null;
  const result = await s.executor.run(
    requestSettings(r, readOnly, s),
    text,
    params.values,
    needsDecision ? decide : undefined,
  );

  const headers = baseHeaders(r);
  if (fn.returns.kind === 'void') {
    preferenceApplied(r, ['count', 'handling', 'max-affected'], headers);
    const status = applyGucOverrides(204, headers, result.headers, result.status);
    return { status, headers, body: null };
  }
  const lower = fn.setOf ? offset : 0;
  const upper = lower + result.page - 1;
  let status: number = rangeStatus(lower, upper, result.total);
  if (status === 416) throw errors.rangeNotSatisfiable(lower, result.total ?? 0);
  headers['Content-Type'] = r.media.contentType;
  headers['Content-Range'] = contentRange(lower, upper, result.total);
  preferenceApplied(r, ['count', 'handling', 'max-affected'], headers);
  status = applyGucOverrides(status, headers, result.headers, result.status);
  const body =
    head || result.body === null ? null : r.media.kind === 'csv' ? jsonToCsv(result.body) : result.body;
  return { status, headers, body };
}

function notFound(
  r: RestRequest,
  s: Services,
  name: string,
  keys: string[],
  overloads: FunctionDef[],
): RestError {
  let suggestion: string | null = null;
  if (overloads.length === 0) {
    const names = [...s.cache.current.functions.keys()]
      .filter((k) => k.startsWith(`${r.schema}.`))
      .map((k) => k.slice(r.schema.length + 1));
    suggestion = closest(name, names);
  } else {
    const sets = overloads.map(
      (f) =>
        `(${f.args
          .map((a) => a.name)
          .sort()
          .join(', ')})`,
    );
    suggestion = sets.length
      ? `${name}${closest(`(${[...keys].sort().join(', ')})`, sets, 0.33) ?? sets[0]}`
      : null;
  }
  return errors.functionNotFound(r.schema, name, [...keys].sort(), r.method === 'POST', suggestion);
}

function pick(
  r: RestRequest,
  s: Services,
  name: string,
  keys: string[],
  overloads: FunctionDef[],
  candidates: FunctionDef[],
): FunctionDef {
  if (candidates.length === 1) return candidates[0];
  if (candidates.length === 0) throw notFound(r, s, name, keys, overloads);
  throw errors.ambiguousFunction(candidates.map(signature));
}

function choosePost(
  r: RestRequest,
  s: Services,
  name: string,
  overloads: FunctionDef[],
  body: unknown,
): Chosen {
  const isObject = body !== null && typeof body === 'object' && !Array.isArray(body);
  const keys = isObject ? Object.keys(body as object) : [];
  const named = isObject ? overloads.filter((f) => !singleUnnamedJson(f) && matches(f.args, keys)) : [];
  const single = overloads.filter(singleUnnamedJson);
  const candidates = named.length ? named : single;
  const fn = pick(r, s, name, keys, overloads, candidates);
  const filters = r.query.rest;
  if (singleUnnamedJson(fn))
    return { fn, args: { kind: 'single', body: JSON.stringify(body), type: fn.args[0].type }, filters };
  const used = fn.args.filter((a) => keys.includes(a.name));
  return { fn, args: { kind: 'json', body: JSON.stringify(body), args: used }, filters };
}

function chooseGet(r: RestRequest, s: Services, name: string, overloads: FunctionDef[]): Chosen {
  const pairs = r.query.rest;
  const keys = [...new Set(pairs.map(([k]) => k))];
  const scored = overloads
    .filter((f) => !singleUnnamedJson(f))
    .map((f) => ({ f, used: keys.filter((k) => f.args.some((a) => a.name === k)) }))
    .filter(({ f, used }) => f.args.every((a) => a.hasDefault || used.includes(a.name)));
  const best = Math.max(-1, ...scored.map((x) => x.used.length));
  const candidates = scored.filter((x) => x.used.length === best).map((x) => x.f);
  const fn = pick(r, s, name, keys, overloads, candidates);
  const values: [FunctionArg, string][] = [];
  const filters: [string, string][] = [];
  for (const [k, v] of pairs) {
    const arg = fn.args.find((a) => a.name === k);
    if (!arg) filters.push([k, v]);
    else if (values.some(([a]) => a === arg)) {
      throw new RestError(
        400,
        'PGRST100',
        `"failed to parse rpc arguments (${k})"`,
        `argument '${k}' was given more than once`,
      );
    } else values.push([arg, v]);
  }
  return { fn, args: { kind: 'text', values }, filters };
}

/** Every key names an argument and every argument without a default has a key. */
function matches(args: FunctionArg[], keys: string[]): boolean {
  return (
    keys.every((k) => args.some((a) => a.name === k)) &&
    args.every((a) => a.hasDefault || keys.includes(a.name))
  );
}
