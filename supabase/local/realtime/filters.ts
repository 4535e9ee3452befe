// postgres_changes filters: `col=op.value`, comma-joined conditions (AND), an optional
// `not.` prefix, PostgREST quoting ("a,b" with \ escapes) and `in.(…)` lists — what
// realtime-js' filter builder produces. Evaluated against the captured row with SQL's
// semantics for NULL (a comparison with NULL never matches).

export const FILTER_OPS = [
  'eq',
  'neq',
  'lt',
  'lte',
  'gt',
  'gte',
  'in',
  'like',
  'ilike',
  'is',
  'match',
  'imatch',
  'isdistinct',
] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

export interface Condition {
  column: string;
  op: FilterOp;
  negate: boolean;
  /** the operand; for `in` the list */
  value: string;
  values: string[];
  regex?: RegExp;
}

export class FilterError extends Error {}

const MAX_IN_VALUES = 100;

/** Splits on `sep` outside double quotes and parentheses. */
function splitTopLevel(s: string, sep: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let cur = '';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (quoted) {
      cur += ch;
      if (ch === '\\' && i + 1 < s.length) cur += s[++i];
      else if (ch === '"') quoted = false;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    else if (ch === sep && depth === 0) {
      out.push(cur);
      cur = '';
      continue;
    }
    cur += ch;
  }
  out.push(cur);
  return out;
}

function unquote(v: string): string {
  const t = v.trim();
  if (t.length >= 2 && t.startsWith('"') && t.endsWith('"')) return t.slice(1, -1).replace(/\\(.)/g, '$1');
  return v;
}

function likeToRegex(pattern: string, insensitive: boolean): RegExp {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === '\\' && i + 1 < pattern.length) re += escapeRegex(pattern[++i]);
    else if (ch === '%' || ch === '*') re += '[\\s\\S]*';
    else if (ch === '_') re += '[\\s\\S]';
    else re += escapeRegex(ch);
  }
  return new RegExp(`^${re}$`, insensitive ? 'i' : '');
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

export function parseFilter(filter: string | null | undefined): Condition[] {
  if (filter === null || filter === undefined || filter === '') return [];
  if (typeof filter !== 'string') throw new FilterError('filter must be a string');
  return splitTopLevel(filter, ',').map(parseCondition);
}

function parseCondition(text: string): Condition {
  const eq = text.indexOf('=');
  if (eq <= 0) throw new FilterError(`invalid filter ${JSON.stringify(text)}`);
  const column = text.slice(0, eq).trim();
  let rest = text.slice(eq + 1);
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  const op = (dot === -1 ? rest : rest.slice(0, dot)) as FilterOp;
  if (!FILTER_OPS.includes(op) || dot === -1)
    throw new FilterError(`invalid filter operator in ${JSON.stringify(text)}`);
  const raw = rest.slice(dot + 1);
  const cond: Condition = { column, op, negate, value: unquote(raw), values: [] };
  if (op === 'in') {
    const m = /^\s*\((.*)\)\s*$/s.exec(raw);
    if (!m) throw new FilterError(`invalid in filter ${JSON.stringify(text)}: expected in.(a,b,…)`);
    cond.values = m[1].trim() === '' ? [] : splitTopLevel(m[1], ',').map((v) => unquote(v.trim()));
    if (cond.values.length > MAX_IN_VALUES)
      throw new FilterError(`in filter accepts at most ${MAX_IN_VALUES} values`);
  } else if (op === 'is') {
    if (!['null', 'true', 'false', 'unknown'].includes(cond.value.toLowerCase())) {
      throw new FilterError(`invalid is filter ${JSON.stringify(text)}`);
    }
  } else if (op === 'like' || op === 'ilike') {
    cond.regex = likeToRegex(cond.value, op === 'ilike');
  } else if (op === 'match' || op === 'imatch') {
    try {
      cond.regex = new RegExp(cond.value, op === 'imatch' ? 'i' : '');
    } catch {
      throw new FilterError(`invalid regular expression in ${JSON.stringify(text)}`);
    }
  }
  return cond;
}

const NUMERIC = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid']);
const TEMPORAL = new Set(['timestamptz', 'timestamp', 'date']);

function parseBool(s: string): boolean | null {
  const v = s.trim().toLowerCase();
  if (['t', 'true', 'y', 'yes', 'on', '1'].includes(v)) return true;
  if (['f', 'false', 'n', 'no', 'off', '0'].includes(v)) return false;
  return null;
}

/** Orders a row value against a filter operand; null when they cannot be compared. */
function compare(type: string | undefined, value: unknown, operand: string): number | null {
  if (value === null || value === undefined) return null;
  if (type && NUMERIC.has(type) && typeof value === 'number') {
    const n = Number(operand);
    if (Number.isNaN(n)) return null;
    return value === n ? 0 : value < n ? -1 : 1;
  }
  if (type === 'bool' || typeof value === 'boolean') {
    const b = parseBool(operand);
    if (b === null) return null;
    return Number(value) - Number(b);
  }
  if (type && TEMPORAL.has(type) && typeof value === 'string') {
    const a = Date.parse(value);
    const b = Date.parse(operand);
    if (!Number.isNaN(a) && !Number.isNaN(b)) return a === b ? 0 : a < b ? -1 : 1;
  }
  let left: string;
  let right = operand;
  if (typeof value === 'object') {
    // json/jsonb and arrays: compare canonical JSON text
    left = JSON.stringify(value);
    try {
      right = JSON.stringify(JSON.parse(operand));
    } catch {
      if (Array.isArray(value)) left = `{${value.join(',')}}`;
    }
  } else {
    left = String(value);
  }
  if (type === 'uuid') {
    left = left.toLowerCase();
    right = right.toLowerCase();
  }
  return left === right ? 0 : left < right ? -1 : 1;
}

/** true / false, or null for SQL's unknown (never delivered). */
function evaluate(c: Condition, type: string | undefined, value: unknown): boolean | null {
  switch (c.op) {
    case 'is': {
      const v = c.value.toLowerCase();
      if (v === 'null') return value === null || value === undefined;
      if (v === 'unknown') return value === null || value === undefined;
      if (value === null || value === undefined) return false;
      return value === (v === 'true');
    }
    case 'isdistinct': {
      if (value === null || value === undefined) return c.value !== 'null';
      if (c.value === 'null') return true;
      const r = compare(type, value, c.value);
      return r === null ? true : r !== 0;
    }
    case 'in': {
      if (value === null || value === undefined) return null;
      let unknown = false;
      for (const v of c.values) {
        const r = compare(type, value, v);
        if (r === 0) return true;
        if (r === null) unknown = true;
      }
      return unknown ? null : false;
    }
    case 'like':
    case 'ilike':
    case 'match':
    case 'imatch':
      if (value === null || value === undefined) return null;
      return c.regex!.test(typeof value === 'object' ? JSON.stringify(value) : String(value));
    default: {
      const r = compare(type, value, c.value);
      if (r === null) return null;
      switch (c.op) {
        case 'eq':
          return r === 0;
        case 'neq':
          return r !== 0;
        case 'lt':
          return r < 0;
        case 'lte':
          return r <= 0;
        case 'gt':
          return r > 0;
        case 'gte':
          return r >= 0;
      }
      return null;
    }
  }
}

/**
 * Whether a row passes every condition. With skipMissing (DELETE events, whose old row may
 * carry only the primary key) a condition on a column the row does not carry is ignored,
 * as hosted Realtime does.
 */
export function rowMatches(
  conditions: Condition[],
  row: Record<string, unknown> | null,
  typeOf: (column: string) => string | undefined,
  skipMissing = false,
): boolean {
  for (const c of conditions) {
    if (!row || !(c.column in row)) {
      if (skipMissing) continue;
      return false;
    }
    const r = evaluate(c, typeOf(c.column), row[c.column]);
    if (r === null) return false;
    if (c.negate ? r : !r) return false;
  }
  return true;
}
