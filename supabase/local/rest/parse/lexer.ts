// Small scanning helpers shared by the select, filter and order parsers.

/**
 * Splits `s` on `sep` at nesting depth 0, honouring double quotes (with backslash escapes)
 * and parentheses. Returns null when quotes or parentheses do not balance.
 */
export function splitTopLevel(s: string, sep: string): string[] | null {
  const out: string[] = [];
  let depth = 0;
  let inQuote = false;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (inQuote) {
      if (c === '\\') i++;
      else if (c === '"') inQuote = false;
      continue;
    }
    if (c === '"') inQuote = true;
    else if (c === '(') depth++;
    else if (c === ')') {
      depth--;
      if (depth < 0) return null;
    } else if (c === sep && depth === 0) {
      out.push(s.slice(start, i));
      start = i + 1;
    }
  }
  if (inQuote || depth !== 0) return null;
  out.push(s.slice(start));
  return out;
}

/** `"a\"b"` → `a"b`; anything else unchanged. */
export function unquote(s: string): string {
  if (s.length >= 2 && s[0] === '"' && s[s.length - 1] === '"') {
    return s.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return s;
}

/** Removes whitespace outside double quotes (the client does the same before sending). */
export function stripSpaces(s: string): string {
  let out = '';
  let inQuote = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (inQuote) {
      out += c;
      if (c === '\\' && i + 1 < s.length) out += s[++i];
      else if (c === '"') inQuote = false;
    } else if (c === '"') {
      inQuote = true;
      out += c;
    } else if (!/\s/.test(c)) out += c;
  }
  return out;
}

/** Maximum nesting of and/or groups and embeds the parsers accept. */
export const MAX_DEPTH = 16;
