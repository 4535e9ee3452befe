// The `select` parameter: `*`, `col`, `alias:col`, `col::type`, `data->>key`, embeds
// `rel(...)`, `alias:rel!hint!inner(...)`, spreads `...rel(...)`.
import type { SelectItem } from './ast.ts';
import { errors, parseError, type RestError } from '../errors.ts';
import { Cursor, readField, readName } from './field.ts';
import { MAX_DEPTH, stripSpaces } from './lexer.ts';

const AGGREGATES = new Set(['count', 'sum', 'avg', 'max', 'min']);

class SelectSyntaxError extends Error {}

export function parseSelect(raw: string): SelectItem[] {
  const s = stripSpaces(raw);
  if (s === '') return [{ kind: 'star' }];
  const c = new Cursor(s);
  try {
    const items = readItems(c, 0);
    if (!c.done) throw new SelectSyntaxError(`unexpected "${c.peek()}" expecting "," or end of input`);
    return items;
  } catch (err) {
    if (err instanceof SelectSyntaxError) throw selectError(raw, c.pos, err.message);
    throw err;
  }
}

function selectError(raw: string, pos: number, detail: string): RestError {
  const e = parseError('select parameter', raw, detail);
  (e as { message: string }).message = `${e.message} (line 1, column ${pos + 1})`;
  return e;
}

function readItems(c: Cursor, depth: number): SelectItem[] {
  if (depth > MAX_DEPTH) throw new SelectSyntaxError('embedding is nested too deeply');
  const items: SelectItem[] = [];
  for (;;) {
    items.push(readItem(c, depth));
    if (!c.eat(',')) return items;
  }
}

function readItem(c: Cursor, depth: number): SelectItem {
  if (c.eat('*')) return { kind: 'star' };
  if (c.eat('...')) {
    const name = readName(c);
    if (name === null) throw new SelectSyntaxError('expecting a relation name after "..."');
    return readEmbed(c, name, null, true, depth);
  }
  const start = c.pos;
  let first = readName(c);
  if (first === null) {
    if (c.startsWith('count()')) throw errors.aggregatesNotAllowed();
    throw new SelectSyntaxError(
      c.done
        ? 'unexpected end of input expecting field name'
        : `unexpected "${c.peek()}" expecting field name (* or [a..z0..9_$])`,
    );
  }
  let alias: string | null = null;
  if (c.peek() === ':' && c.peek(1) !== ':') {
    c.pos++;
    alias = first;
    if (c.eat('...')) throw new SelectSyntaxError('a spread cannot have an alias');
    first = readName(c);
    if (first === null) throw new SelectSyntaxError('expecting a field name after the alias');
  }
  if (c.peek() === '(' || c.peek() === '!') {
    if (AGGREGATES.has(first) && c.startsWith('()')) throw errors.aggregatesNotAllowed();
    return readEmbed(c, first, alias, false, depth);
  }
  // a column: rewind to the name and read it as a field with its JSON path
  c.pos = start;
  if (alias !== null) {
    readName(c);
    c.pos++;
  }
  const field = readField(c);
  if (field === null) throw new SelectSyntaxError('malformed JSON path');
  if (c.peek() === '.' && /^\.(count|sum|avg|max|min)\(\)/.test(c.s.slice(c.pos)))
    throw errors.aggregatesNotAllowed();
  let cast: string | null = null;
  if (c.eat('::')) {
    const m = /^[A-Za-z_][A-Za-z0-9_]*(\[\])?/.exec(c.s.slice(c.pos));
    if (!m) throw new SelectSyntaxError('expecting a type name after "::"');
    cast = m[0];
    c.pos += m[0].length;
  }
  return { kind: 'column', field, alias, cast };
}

function readEmbed(
  c: Cursor,
  name: string,
  alias: string | null,
  spread: boolean,
  depth: number,
): SelectItem {
  let hint: string | null = null;
  let join: 'left' | 'inner' = 'left';
  while (c.eat('!')) {
    const h = readName(c);
    if (h === null) throw new SelectSyntaxError('expecting a hint after "!"');
    if (h === 'inner') join = 'inner';
    else if (h === 'left') join = 'left';
    else if (hint === null) hint = h;
    else throw new SelectSyntaxError(`unexpected hint "${h}"`);
  }
  if (!c.eat('(')) throw new SelectSyntaxError(`unexpected "${c.peek() ?? 'end of input'}" expecting "("`);
  const children: SelectItem[] = c.peek() === ')' ? [] : readItems(c, depth + 1);
  if (!c.eat(')')) throw new SelectSyntaxError(`unexpected "${c.peek() ?? 'end of input'}" expecting ")"`);
  return { kind: 'embed', name, alias, hint, join, spread, children };
}
