// What Stripe refuses before it does anything: a parameter the endpoint does not take
// ("Received unknown parameter: line_items[0][pricee]") and a value outside an enum
// ("Invalid locale: must be one of auto, bg, …"), both 400 invalid_request_error naming the
// parameter. Each route declares the parameters it takes, so a misspelled one fails here as
// it would at Stripe, not only in production.
import { type FormObject, type FormValue, ParamError } from '../form.ts';

/** true: a value; 'hash': an object with any keys (metadata); an object: its keys; [spec]: a list of them. */
export type ParamSpec = true | 'hash' | { [key: string]: ParamSpec } | [ParamSpec];

/** Parameters every request may carry. */
const COMMON: Record<string, ParamSpec> = { expand: [true] };

/** The parameters of list endpoints, besides their filters. */
export const LIST: Record<string, ParamSpec> = { limit: true, starting_after: true, ending_before: true };

function check(value: FormValue, spec: ParamSpec, param: string) {
  if (spec === true || spec === 'hash') return;
  if (Array.isArray(spec)) {
    const items = Array.isArray(value) ? value : typeof value === 'object' ? Object.values(value) : [];
    for (const [i, item] of items.entries()) check(item, spec[0], `${param}[${i}]`);
    return;
  }
  if (typeof value !== 'object' || Array.isArray(value)) return;
  for (const [key, inner] of Object.entries(value)) {
    const name = `${param}[${key}]`;
    if (!Object.hasOwn(spec, key))
      throw new ParamError(name, `Received unknown parameter: ${name}`, 'parameter_unknown');
    check(inner, spec[key], name);
  }
}

/** Refuses any parameter of the form the spec does not name (at any depth). */
export function allowOnly(form: FormObject, spec: Record<string, ParamSpec>) {
  const all = { ...COMMON, ...spec };
  for (const [key, value] of Object.entries(form)) {
    if (!Object.hasOwn(all, key))
      throw new ParamError(key, `Received unknown parameter: ${key}`, 'parameter_unknown');
    check(value, all[key], key);
  }
}

/** Refuses a value outside the enum, as Stripe words it; undefined passes. */
export function oneOf<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  param: string,
): T | undefined {
  if (value === undefined) return undefined;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  const list = allowed.length > 1 ? `${allowed.slice(0, -1).join(', ')}, or ${allowed.at(-1)}` : allowed[0];
  throw new ParamError(param, `Invalid ${param}: must be one of ${list}`);
}

/** The locales Checkout and the customer portal take. */
export const LOCALES = [
  'auto',
  'bg',
  'cs',
  'da',
  'de',
  'el',
  'en',
  'en-GB',
  'es',
  'es-419',
  'et',
  'fi',
  'fil',
  'fr',
  'fr-CA',
  'hr',
  'hu',
  'id',
  'it',
  'ja',
  'ko',
  'lt',
  'lv',
  'ms',
  'mt',
  'nb',
  'nl',
  'pl',
  'pt',
  'pt-BR',
  'ro',
  'ru',
  'sk',
  'sl',
  'sv',
  'th',
  'tr',
  'vi',
  'zh',
  'zh-HK',
  'zh-TW',
] as const;
