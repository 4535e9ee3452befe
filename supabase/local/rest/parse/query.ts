// The query string of a request, form-decoded and sorted into: select, per-level modifiers
// (root and embedded: `images.order=…`), columns, on_conflict, and the remaining pairs
// (filters on tables, arguments or filters on functions).
import type { Field, LevelParams, SelectItem } from './ast.ts';
import { parseError } from '../errors.ts';
import { Cursor, readField } from './field.ts';
import { parseFilterValue, parseLogicTree } from './filter.ts';
import { splitTopLevel, unquote } from './lexer.ts';
import { parseOrder } from './order.ts';
import { parseSelect } from './select.ts';

export interface ParsedQuery {
  /** null when the request has no `select` (the default is `*`) */
  select: SelectItem[] | null;
  /** modifiers by embedding path ('' = root, 'images', 'images.tags') */
  levels: Map<string, LevelParams>;
  columns: string[] | null;
  onConflict: string[] | null;
  /** pairs that are neither reserved nor modifiers: filters, or rpc arguments */
  rest: [string, string][];
}

const MAX_PARAMS = 500;

export function emptyLevel(): LevelParams {
  return { filters: [], order: null, limit: null, offset: null };
}

export function level(q: ParsedQuery, path: string): LevelParams {
  let l = q.levels.get(path);
  if (!l) {
    l = emptyLevel();
    q.levels.set(path, l);
  }
  return l;
}

export function parseQuery(search: string): ParsedQuery {
  const q: ParsedQuery = { select: null, levels: new Map(), columns: null, onConflict: null, rest: [] };
  if (!search) return q;
  let n = 0;
  for (const [key, value] of new URLSearchParams(search)) {
    if (++n > MAX_PARAMS) throw parseError('query string', '…', `more than ${MAX_PARAMS} parameters`);
    switch (key) {
      case 'select':
        q.select = parseSelect(value);
        continue;
      case 'columns':
        q.columns = parseNameList('columns', value);
        continue;
      case 'on_conflict':
        q.onConflict = parseNameList('on_conflict', value);
        continue;
      case 'apikey':
        // the gateway's credential (accepted in the URL too), never a filter
        continue;
    }
    if (!applyModifier(q, key, value)) q.rest.push([key, value]);
  }
  return q;
}

/** `"a","b"` or `a,b` → ['a','b'] */
function parseNameList(what: string, raw: string): string[] {
  const parts = splitTopLevel(raw, ',');
  if (parts === null || parts.some((p) => p.trim() === ''))
    throw parseError(`${what} parameter`, raw, 'expecting a comma-separated list of column names');
  return parts.map((p) => unquote(p.trim()));
}

/** Splits `a.b.col->>k` into the embedding path ['a','b'] and the last field. */
export function splitKey(key: string): { path: string[]; field: Field } | null {
  const c = new Cursor(key);
  const path: string[] = [];
  for (;;) {
    const f = readField(c);
    if (f === null) return null;
    if (c.done) return { path, field: f };
    if (f.path.length || !c.eat('.')) return null;
    path.push(f.name);
  }
}

/** order/limit/offset/and/or (root or embedded). Returns false for anything else. */
function applyModifier(q: ParsedQuery, key: string, value: string): boolean {
  const parts = key.split('.');
  const last = parts[parts.length - 1];
  let negate = false;
  let pathParts = parts.slice(0, -1);
  if ((last === 'or' || last === 'and') && pathParts[pathParts.length - 1] === 'not') {
    negate = true;
    pathParts = pathParts.slice(0, -1);
  }
  if (!['order', 'limit', 'offset', 'or', 'and'].includes(last)) return false;
  const path = pathParts.join('.');
  const l = level(q, path);
  switch (last) {
    case 'order':
      l.order = parseOrder(value);
      break;
    case 'limit':
      l.limit = parseCount('limit', value);
      break;
    case 'offset':
      l.offset = parseCount('offset', value);
      break;
    default:
      l.filters.push(parseLogicTree(last as 'and' | 'or', negate, value));
  }
  return true;
}

/** Non-negative integer; anything above 2^31 is clamped (a range that large is "all"). */
function parseCount(what: string, raw: string): number {
  if (!/^\d+$/.test(raw))
    throw parseError(`${what} parameter`, raw, `${what} must be a non-negative integer`);
  const n = Number(raw.length > 12 ? '999999999999' : raw);
  return Math.min(n, 2 ** 31 - 1);
}

/** Turns the remaining pairs into filters on their levels (tables, and set-returning rpc). */
export function applyFilters(q: ParsedQuery, pairs: [string, string][]): void {
  for (const [key, value] of pairs) {
    const k = splitKey(key);
    if (k === null) throw parseError('filter', key, 'malformed column name');
    level(q, k.path.join('.')).filters.push({ kind: 'filter', filter: parseFilterValue(k.field, value) });
  }
}
