// Stripe's request encoding: application/x-www-form-urlencoded with bracketed keys, as the
// official SDKs write it (`line_items[0][price]=price_1`, `metadata[plan]=pro`,
// `expand[0]=line_items`, `expand[]=customer`). Values stay strings; the API code reads
// numbers and booleans where Stripe's parameters are numbers and booleans.

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

/** `a[b][0][c]` → ['a', 'b', '0', 'c']; `a[]` → ['a', '']. */
function keyPath(key: string): string[] {
  const first = key.indexOf('[');
  if (first === -1) return [key];
  const parts = [key.slice(0, first)];
  const re = /\[([^\]]*)\]/g;
  for (let m = re.exec(key); m; m = re.exec(key)) parts.push(m[1]);
  return parts;
}

const MAX_DEPTH = 12;
const MAX_INDEX = 1000;

/** Decodes a Stripe form body or query string into nested objects and arrays. */
export function decodeForm(text: string): FormObject {
  const root: FormObject = {};
  const params = new URLSearchParams(text);
  for (const [rawKey, value] of params) {
    const path = keyPath(rawKey);
    if (path.length > MAX_DEPTH || path[0] === '') continue;
    let node: FormObject | FormValue[] = root;
    for (let i = 0; i < path.length; i++) {
      const seg = path[i];
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(path[i + 1]);
      if (Array.isArray(node)) {
        const index = seg === '' ? node.length : Number(seg);
        if (!Number.isInteger(index) || index > MAX_INDEX) break;
        if (last) {
          node[index] = value;
          break;
        }
        node[index] ??= nextIsIndex ? [] : {};
        node = node[index] as FormObject | FormValue[];
      } else {
        if (seg === '__proto__' || seg === 'constructor' || seg === 'prototype') break;
        if (last) {
          node[seg] = value;
          break;
        }
        const existing = node[seg];
        if (existing === undefined || typeof existing === 'string') node[seg] = nextIsIndex ? [] : {};
        node = node[seg] as FormObject | FormValue[];
      }
    }
  }
  return compactArrays(root) as FormObject;
}

/** Arrays written with gaps (`items[2]` only) become dense, as Stripe reads them. */
function compactArrays(v: FormValue): FormValue {
  if (Array.isArray(v)) return v.filter((x) => x !== undefined).map(compactArrays);
  if (typeof v === 'object') {
    const out: FormObject = {};
    for (const [k, x] of Object.entries(v)) out[k] = compactArrays(x);
    return out;
  }
  return v;
}

/** Encodes nested values the way the SDKs do (for the stand-in's own tests and tools). */
export function encodeForm(value: Record<string, unknown>): string {
  const out: string[] = [];
  const walk = (prefix: string, v: unknown) => {
    if (v === undefined || v === null) return;
    if (Array.isArray(v)) {
      for (const [i, x] of v.entries()) walk(`${prefix}[${i}]`, x);
    } else if (typeof v === 'object')
      for (const [k, x] of Object.entries(v)) walk(prefix ? `${prefix}[${k}]` : k, x);
    else out.push(`${encodeURIComponent(prefix)}=${encodeURIComponent(String(v))}`);
  };
  walk('', value);
  return out.join('&');
}

// Readers for parameters, each naming the parameter in Stripe's error when it is wrong.

export class ParamError extends Error {
  constructor(
    readonly param: string,
    message: string,
    readonly code:
      | 'parameter_missing'
      | 'parameter_invalid_integer'
      | 'parameter_invalid_empty'
      | 'parameter_unknown'
      | 'invalid' = 'invalid',
  ) {
    super(message);
  }
}

export function str(form: FormObject | undefined, key: string, param = key): string | undefined {
  const v = form?.[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw new ParamError(param, `Invalid string: ${param}`);
  return v;
}

export function requiredStr(form: FormObject | undefined, key: string, param = key): string {
  const v = str(form, key, param);
  if (v === undefined || v === '')
    throw new ParamError(param, `Missing required param: ${param}.`, 'parameter_missing');
  return v;
}

export function int(form: FormObject | undefined, key: string, param = key): number | undefined {
  const v = str(form, key, param);
  if (v === undefined || v === '') return undefined;
  if (!/^-?\d+$/.test(v)) throw new ParamError(param, `Invalid integer: ${v}`, 'parameter_invalid_integer');
  return Number(v);
}

export function bool(form: FormObject | undefined, key: string, param = key): boolean | undefined {
  const v = str(form, key, param);
  if (v === undefined || v === '') return undefined;
  if (v !== 'true' && v !== 'false') throw new ParamError(param, `Invalid boolean: ${v}`);
  return v === 'true';
}

export function obj(form: FormObject | undefined, key: string, param = key): FormObject | undefined {
  const v = form?.[key];
  if (v === undefined || v === '') return undefined;
  if (typeof v !== 'object' || Array.isArray(v)) throw new ParamError(param, `Invalid object: ${param}`);
  return v;
}

export function list(form: FormObject | undefined, key: string, param = key): FormValue[] | undefined {
  const v = form?.[key];
  if (v === undefined || v === '') return undefined;
  if (Array.isArray(v)) return v;
  if (typeof v === 'object')
    return Object.keys(v)
      .sort((a, b) => Number(a) - Number(b))
      .map((k) => v[k]);
  throw new ParamError(param, `Invalid array: ${param}`);
}

/** metadata: string values, at most 50 keys; an empty value removes the key (as Stripe does). */
export function metadata(
  form: FormObject | undefined,
  key = 'metadata',
  current: Record<string, string> = {},
): Record<string, string> {
  const v = form?.[key];
  if (v === undefined) return current;
  if (v === '') return {};
  if (typeof v !== 'object' || Array.isArray(v)) throw new ParamError(key, `Invalid object: ${key}`);
  const out = { ...current };
  for (const [k, x] of Object.entries(v)) {
    if (typeof x !== 'string') throw new ParamError(`${key}[${k}]`, `Invalid string: ${key}[${k}]`);
    if (x === '') delete out[k];
    else out[k] = x.slice(0, 500);
  }
  if (Object.keys(out).length > 50) throw new ParamError(key, 'Metadata can have at most 50 keys.');
  return out;
}

/** An http(s) URL; an absent or empty one is refused when required, else null. */
export function absoluteUrl(form: FormObject | undefined, key: string, required: boolean): string | null {
  const v = str(form, key);
  if (v === undefined || v === '') {
    if (required) throw new ParamError(key, `Missing required param: ${key}.`, 'parameter_missing');
    return null;
  }
  if (!/^https?:\/\/[^\s]+$/i.test(v)) throw new ParamError(key, 'Not a valid URL');
  return v;
}
