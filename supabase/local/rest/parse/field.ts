// Column names with JSON paths: `col`, `"odd name"`, `data->key`, `data->>key`, `arr->0`.
import type { Field, JsonStep } from './ast.ts';

const NAME_CHAR = /[\p{L}\p{N}_$]/u;

/** A cursor over one parameter value; parse functions advance `pos`. */
export class Cursor {
  pos = 0;
  constructor(readonly s: string) {}
  get done() {
    return this.pos >= this.s.length;
  }
  peek(n = 0) {
    return this.s[this.pos + n];
  }
  startsWith(t: string) {
    return this.s.startsWith(t, this.pos);
  }
  eat(t: string): boolean {
    if (this.s.startsWith(t, this.pos)) {
      this.pos += t.length;
      return true;
    }
    return false;
  }
}

/** A bare or double-quoted name; null when there is none at the cursor. */
export function readName(c: Cursor): string | null {
  if (c.peek() === '"') {
    let out = '';
    let i = c.pos + 1;
    while (i < c.s.length) {
      const ch = c.s[i];
      if (ch === '\\' && i + 1 < c.s.length) {
        out += c.s[i + 1];
        i += 2;
        continue;
      }
      if (ch === '"') {
        c.pos = i + 1;
        return out;
      }
      out += ch;
      i++;
    }
    return null;
  }
  const start = c.pos;
  while (!c.done) {
    const ch = c.peek();
    if (NAME_CHAR.test(ch)) c.pos++;
    else if (
      ch === '-' &&
      c.peek(1) !== '>' &&
      c.pos > start &&
      c.peek(1) !== undefined &&
      NAME_CHAR.test(c.peek(1))
    )
      c.pos++;
    else if (ch === ' ' && c.pos > start && c.peek(1) !== undefined && NAME_CHAR.test(c.peek(1))) c.pos++;
    else break;
  }
  return c.pos > start ? c.s.slice(start, c.pos) : null;
}

/** JSON path steps after a column name. */
export function readJsonPath(c: Cursor): JsonStep[] | null {
  const steps: JsonStep[] = [];
  while (c.startsWith('->')) {
    const arrow = c.eat('->>') ? '->>' : '->';
    if (arrow === '->') c.eat('->');
    const neg = c.peek() === '-' && /\d/.test(c.peek(1) ?? '');
    if (neg) c.pos++;
    const key = readName(c);
    if (key === null) return null;
    const index = /^\d+$/.test(key) && c.s[c.pos - 1] !== '"';
    steps.push({ arrow, key: neg ? `-${key}` : key, index: index });
    if (neg && !index) return null;
  }
  return steps;
}

export function readField(c: Cursor): Field | null {
  const name = readName(c);
  if (name === null) return null;
  const path = readJsonPath(c);
  if (path === null) return null;
  return { name, path };
}

/** The key a field gets in the JSON output: the last JSON key, else the column name. */
export function fieldOutputName(f: Field): string {
  return f.path.length ? f.path[f.path.length - 1].key : f.name;
}
