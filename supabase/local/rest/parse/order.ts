// `order=col.desc.nullslast,other,data->>k.asc`
import type { OrderTerm } from './ast.ts';
import { parseError } from '../errors.ts';
import { Cursor, readField } from './field.ts';
import { splitTopLevel } from './lexer.ts';

export function parseOrder(raw: string): OrderTerm[] {
  const parts = splitTopLevel(raw, ',');
  if (parts === null) throw parseError('order', raw, 'unbalanced quotes or parentheses');
  return parts.map((p) => parseTerm(p, raw));
}

function parseTerm(s: string, raw: string): OrderTerm {
  const c = new Cursor(s);
  const field = readField(c);
  if (field === null)
    throw parseError('order', raw, `unexpected "${c.peek() ?? 'end of input'}" expecting field name`);
  if (c.peek() === '(') {
    throw parseError('order', raw, 'ordering by a related resource is not supported by the local stack');
  }
  let direction: OrderTerm['direction'] = null;
  let nulls: OrderTerm['nulls'] = null;
  const mods = c.done ? [] : c.s.slice(c.pos).split('.');
  if (mods.length && mods[0] !== '')
    throw parseError('order', raw, `unexpected "${mods[0][0]}" expecting "."`);
  for (const m of mods.slice(1)) {
    if ((m === 'asc' || m === 'desc') && direction === null && nulls === null) direction = m;
    else if ((m === 'nullsfirst' || m === 'nullslast') && nulls === null)
      nulls = m === 'nullsfirst' ? 'first' : 'last';
    else
      throw parseError(
        'order',
        raw,
        `unexpected "${m}" expecting "asc", "desc", "nullsfirst" or "nullslast"`,
      );
  }
  return { field, direction, nulls };
}
