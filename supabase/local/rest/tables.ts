// Requests on /rest/v1/<table>: GET/HEAD reads, POST inserts and upserts, PATCH, DELETE.
import { errors, RestError } from './errors.ts';
import { applyFilters } from './parse/query.ts';
import { planRead, resolveColumns, type ReadNode } from './plan/read-plan.ts';
import { Params } from './sql/fragments.ts';
import { readStatement, type BodyShape } from './sql/read-sql.ts';
import { deleteStatement, insertStatement, updateStatement, type Representation } from './sql/write-sql.ts';
import type { Decision, StatementResult } from './execute.ts';
import type { Table } from './schema/model.ts';
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

export async function handleTable(r: RestRequest, s: Services, table: Table): Promise<Reply> {
  switch (r.method) {
    case 'GET':
    case 'HEAD':
      return read(r, s, table);
    case 'POST':
      return insert(r, s, table);
    case 'PATCH':
      return update(r, s, table);
    case 'DELETE':
      return remove(r, s, table);
  }
}

function plan(r: RestRequest, s: Services, table: Table): ReadNode {
  applyFilters(r.query, r.query.rest);
  return planRead({ cache: s.cache.current, query: r.query }, table, table);
}

/** Body of a successful read or representation, in the negotiated media type. */
function formatBody(r: RestRequest, body: string | null): string | null {
  if (body === null) return null;
  return r.media.kind === 'csv' ? jsonToCsv(body) : body;
}

async function read(r: RestRequest, s: Services, table: Table): Promise<Reply> {
  const head = r.method === 'HEAD';
  const schema = s.cache.current;
  const range = r.range ? `${r.range.offset}-${r.range.upper ?? ''}` : '';
  const key = `${table.schema}\u0000${table.name}\u0000${r.ctx.search}\u0000${r.media.kind}${r.media.stripNulls}${head}${r.prefer.count !== null}\u0000${range}`;
  let built = s.statements.get(schema, key);
  if (!built) {
    const node = plan(r, s, table);
    const { offset, limit } = rootRange(r.query.levels.get(''), r.range, s.maxRows);
    node.offset = offset;
    node.limit = limit;
    const params = new Params();
    const shape: BodyShape = head ? 'none' : r.media.kind === 'object' ? 'object' : 'array';
    const text = readStatement({
      node,
      shape,
      stripNulls: r.media.stripNulls,
      count: r.prefer.count !== null,
      params,
    });
    built = { text, values: params.values, offset };
    s.statements.set(schema, key, built);
  }
  const { offset } = built;
  const result = await s.executor.run(requestSettings(r, true, s), built.text, built.values);

  const upper = offset + result.page - 1;
  let status: number = rangeStatus(offset, upper, result.total);
  if (status === 416) throw errors.rangeNotSatisfiable(offset, result.total ?? 0);
  if (r.media.kind === 'object' && result.page !== 1) throw errors.singular(result.page);
  const headers = baseHeaders(r, r.media.contentType);
  headers['Content-Range'] = contentRange(offset, upper, result.total);
  preferenceApplied(r, ['count'], headers);
  status = applyGucOverrides(status, headers, result.headers, result.status);
  return { status, headers, body: head ? null : formatBody(r, result.body) };
}

function representation(r: RestRequest, s: Services, table: Table): { rep: Representation; node: ReadNode } {
  const node = plan(r, s, table);
  const wants = r.prefer.return === 'representation';
  return {
    node,
    rep: {
      node: wants ? node : null,
      shape: r.media.kind === 'object' ? 'object' : 'array',
      stripNulls: r.media.stripNulls,
    },
  };
}

/** Single-object and max-affected checks happen after the statement, before COMMIT. */
function decider(r: RestRequest): (res: StatementResult) => Decision {
  return (res) => {
    if (r.media.kind === 'object' && res.page !== 1) return errors.singular(res.page);
    if (r.prefer.handling === 'strict' && r.prefer.maxAffected !== null && res.page > r.prefer.maxAffected) {
      return errors.maxAffected(res.page);
    }
    return 'commit';
  };
}

function needsDecision(r: RestRequest): boolean {
  return r.media.kind === 'object' || (r.prefer.handling === 'strict' && r.prefer.maxAffected !== null);
}

function writeReply(
  r: RestRequest,
  result: StatementResult,
  okStatus: number,
  emptyStatus: number,
  range: string,
): Reply {
  const wants = r.prefer.return === 'representation';
  const headers = baseHeaders(r, wants ? r.media.contentType : undefined);
  headers['Content-Range'] = range;
  preferenceApplied(r, ['return', 'count', 'resolution', 'missing', 'handling', 'max-affected'], headers);
  const status = applyGucOverrides(wants ? okStatus : emptyStatus, headers, result.headers, result.status);
  return { status, headers, body: wants ? formatBody(r, result.body) : null };
}

async function insert(r: RestRequest, s: Services, table: Table): Promise<Reply> {
  const body = await readJsonBody(r);
  const rows = Array.isArray(body) ? body : body === undefined ? null : [body];
  if (rows === null || !rows.every((x) => x !== null && typeof x === 'object' && !Array.isArray(x))) {
    throw errors.invalidBody(rows === null ? 'Empty or invalid json' : 'All object keys must match');
  }
  let names: string[];
  if (r.query.columns) {
    names = r.query.columns;
  } else {
    names = rows.length ? Object.keys(rows[0] as object) : [];
    const same = rows.every((x) => {
      const k = Object.keys(x as object);
      return k.length === names.length && k.every((n) => names.includes(n));
    });
    if (!same) throw errors.invalidBody('All object keys must match');
  }
  let columns = resolveColumns(table, [...new Set(names)]);
  const defaultWhenMissing = new Set<string>();
  if (r.prefer.missing === 'default' && rows.length) {
    columns = columns.filter((c) => {
      const present = rows.filter((x) => Object.hasOwn(x as object, c.name)).length;
      if (present === 0) return false;
      if (present < rows.length) defaultWhenMissing.add(c.name);
      return true;
    });
  }
  let onConflict: { columns: string[]; action: 'merge' | 'ignore' } | null = null;
  if (r.prefer.resolution) {
    const cols = r.query.onConflict ?? table.pk;
    resolveColumns(table, cols);
    onConflict = { columns: cols, action: r.prefer.resolution === 'merge-duplicates' ? 'merge' : 'ignore' };
  } else if (r.query.onConflict) {
    resolveColumns(table, r.query.onConflict);
  }
  const { rep } = representation(r, s, table);
  const params = new Params();
  const text = insertStatement({
    table,
    columns,
    rows: JSON.stringify(rows),
    rowCount: rows.length,
    defaultWhenMissing,
    onConflict,
    rep,
    params,
  });
  const settings = requestSettings(r, false, s);
  const result = await s.executor.run(
    settings,
    text,
    params.values,
    needsDecision(r) ? decider(r) : undefined,
  );
  const total = r.prefer.count ? result.page : null;
  return writeReply(r, result, 201, 201, contentRange(1, 0, total));
}

async function update(r: RestRequest, s: Services, table: Table): Promise<Reply> {
  const body = await readJsonBody(r);
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw errors.invalidBody('Empty or invalid json');
  const columns = resolveColumns(table, Object.keys(body));
  const { node, rep } = representation(r, s, table);
  rejectEmbedLimits(r);
  const params = new Params();
  const text = updateStatement({ table, node, rep, params, columns, patch: JSON.stringify(body) });
  const result = await s.executor.run(
    requestSettings(r, false, s),
    text,
    params.values,
    needsDecision(r) ? decider(r) : undefined,
  );
  const total = r.prefer.count ? result.page : null;
  return writeReply(r, result, 200, 204, contentRange(0, result.page - 1, total));
}

async function remove(r: RestRequest, s: Services, table: Table): Promise<Reply> {
  const { node, rep } = representation(r, s, table);
  rejectEmbedLimits(r);
  const params = new Params();
  const text = deleteStatement({ table, node, rep, params });
  const result = await s.executor.run(
    requestSettings(r, false, s),
    text,
    params.values,
    needsDecision(r) ? decider(r) : undefined,
  );
  const total = r.prefer.count ? result.page : null;
  return writeReply(r, result, 200, 204, contentRange(1, 0, total));
}

function rejectEmbedLimits(r: RestRequest) {
  const root = r.query.levels.get('');
  if (root?.offset && root.limit === null) {
    throw new RestError(
      400,
      'PGRST100',
      '"failed to parse offset parameter"',
      'offset on PATCH/DELETE needs a limit',
    );
  }
}
