// Filters `col=[not.]op[(modifier)].value` and logic trees `or=(a.eq.1,and(b.gt.2,c.is.null))`.
import { OPERATORS, type Field, type Filter, type LogicTree, type Operator } from './ast.ts';
import { parseError } from '../errors.ts';
import { Cursor, readField } from './field.ts';
import { MAX_DEPTH, splitTopLevel, unquote } from './lexer.ts';

const OPERATOR_SET = new Set<string>(OPERATORS);
const QUANTIFIABLE = new Set<string>([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
]);
const FTS = new Set<string>(['fts', 'plfts', 'phfts', 'wfts']);
const OPERATOR_LIST =
  'eq, neq, gt, gte, lt, lte, like, ilike, match, imatch, is, isdistinct, in, cs, cd, ov, sl, sr, nxl, nxr, adj, fts, plfts, phfts, wfts';

/**
 * The operator part of a filter value, e.g. `not.in.(1,2)`. `inLogic` unquotes a
 * double-quoted value, as PostgREST does inside `or=(…)`.
 */
export function parseFilterValue(field: Field, raw: string, inLogic = false): Filter {
  let rest = raw;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const m = /^([a-z]+)(?:\(([^)]*)\))?\./.exec(rest);
  if (!m || !OPERATOR_SET.has(m[1])) {
    throw parseError(
      'filter',
      raw,
      `unexpected "${rest.slice(0, 1) || 'end of input'}" expecting "not" or operator (${OPERATOR_LIST})`,
    );
  }
  const op = m[1] as Operator;
  const modifier = m[2] ?? null;
  const valueText = rest.slice(m[0].length);
  let quantifier: 'any' | 'all' | null = null;
  let language: string | null = null;
  if (modifier !== null) {
    if (FTS.has(op)) {
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(modifier))
        throw parseError('filter', raw, 'invalid full-text search configuration');
      language = modifier;
    } else if ((modifier === 'any' || modifier === 'all') && QUANTIFIABLE.has(op)) {
      quantifier = modifier;
    } else {
      throw parseError('filter', raw, `unexpected modifier "${modifier}"`);
    }
  }

  if (op === 'in') {
    const list = parseInList(valueText);
    if (list === null)
      throw parseError('filter', raw, 'expecting a list of values in parentheses: in.(a,b,c)');
    return { field, negate, op, quantifier, language, value: valueText, list };
  }
  if (quantifier) {
    const list = parseBraceList(valueText);
    if (list === null) throw parseError('filter', raw, 'expecting a list of values in braces: {a,b,c}');
    return { field, negate, op, quantifier, language, value: valueText, list };
  }
  if (op === 'is') {
    const v = valueText.toLowerCase();
    if (!['null', 'not_null', 'true', 'false', 'unknown'].includes(v)) {
      throw parseError('filter', raw, 'unexpected value; is accepts null, not_null, true, false or unknown');
    }
    return { field, negate, op, quantifier, language, value: v, list: null };
  }
  const value = inLogic ? unquote(valueText) : valueText;
  return { field, negate, op, quantifier, language, value, list: null };
}

/** `(1,2,"a,b")` → ['1','2','a,b']; `()` → []. */
function parseInList(s: string): string[] | null {
  if (!s.startsWith('(') || !s.endsWith(')')) return null;
  const inner = s.slice(1, -1);
  if (inner === '') return [];
  return splitList(inner);
}

/** `{a,b}` → ['a','b']. */
function parseBraceList(s: string): string[] | null {
  if (!s.startsWith('{') || !s.endsWith('}')) return null;
  const inner = s.slice(1, -1);
  if (inner === '') return [];
  return splitList(inner);
}

function splitList(inner: string): string[] | null {
  const out: string[] = [];
  let i = 0;
  while (i <= inner.length) {
    if (inner[i] === '"') {
      let v = '';
      let j = i + 1;
      let closed = false;
      while (j < inner.length) {
        if (inner[j] === '\\' && j + 1 < inner.length) {
          v += inner[j + 1];
          j += 2;
        } else if (inner[j] === '"') {
          closed = true;
          j++;
          break;
        } else v += inner[j++];
      }
      if (!closed || (j < inner.length && inner[j] !== ',')) return null;
      out.push(v);
      i = j + 1;
    } else {
      let j = inner.indexOf(',', i);
      if (j === -1) j = inner.length;
      out.push(inner.slice(i, j));
      i = j + 1;
    }
  }
  return out;
}

/**
 * A logic tree value: `(a.eq.1,b.is.null,not.and(c.gt.2,d.lt.3))`. `op` comes from the key
 * (`or`, `and`, `not.or`…).
 */
export function parseLogicTree(op: 'and' | 'or', negate: boolean, raw: string, depth = 0): LogicTree {
  if (depth > MAX_DEPTH) throw parseError('logic tree', raw, 'logic trees are nested too deeply');
  if (!raw.startsWith('(') || !raw.endsWith(')')) {
    throw parseError('logic tree', raw, 'expecting a parenthesised list of conditions: (a.eq.1,b.gt.2)');
  }
  const parts = splitTopLevel(raw.slice(1, -1), ',');
  if (parts === null) throw parseError('logic tree', raw, 'unbalanced parentheses or quotes');
  if (parts.length === 0 || parts.some((p) => p === ''))
    throw parseError('logic tree', raw, 'empty condition');
  const children = parts.map((p) => parseLogicItem(p, depth));
  return { kind: 'group', op, negate, children };
}

function parseLogicItem(s: string, depth: number): LogicTree {
  const g = /^(not\.)?(and|or)\(/.exec(s);
  if (g) return parseLogicTree(g[2] as 'and' | 'or', !!g[1], s.slice(g[0].length - 1), depth + 1);
  const c = new Cursor(s);
  const field = readField(c);
  if (field === null || !c.eat('.')) {
    throw parseError(
      'logic tree',
      s,
      `unexpected "${c.peek() ?? 'end of input'}" expecting field name and "."`,
    );
  }
  return { kind: 'filter', filter: parseFilterValue(field, s.slice(c.pos), true) };
}
