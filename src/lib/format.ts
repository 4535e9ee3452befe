// Locale-aware dates, numbers and euro amounts (spec: en-US and el-GR).
import type { Locale } from './i18n.ts';
import { yieldToMain } from './yield-to-main.ts';

export const intlLocale = (locale: Locale) => (locale === 'el' ? 'el-GR' : 'en-US');

// A formatter is costly to make (the first of a locale loads its data) and cheap to use: one
// per locale and options, made on first use. A screen of 30 cards formats 60 dates.
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();
function cached<F extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(
  kind: string,
  locale: Locale,
  options: object,
  make: (tag: string) => F,
): F {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let f = formatters.get(key) as F | undefined;
  if (!f) {
    f = make(intlLocale(locale));
    formatters.set(key, f);
  }
  return f;
}
export const dateFormat = (locale: Locale, options: Intl.DateTimeFormatOptions) =>
  cached('date', locale, options, (tag) => new Intl.DateTimeFormat(tag, options));
export const numberFormat = (locale: Locale, options: Intl.NumberFormatOptions) =>
  cached('number', locale, options, (tag) => new Intl.NumberFormat(tag, options));

export function formatDate(
  value: string | Date | null | undefined,
  locale: Locale,
  options?: Intl.DateTimeFormatOptions,
) {
  if (!value) return '—';
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return '—';
  return dateFormat(locale, options ?? { year: 'numeric', month: 'long', day: 'numeric' }).format(d);
}

export function formatDateTime(value: string | Date, locale: Locale) {
  return formatDate(value, locale, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/** "3 minutes ago" style, falling back to a date after a week. */
export function formatRelative(value: string | Date, locale: Locale, now: Date = new Date()) {
  const d = typeof value === 'string' ? new Date(value) : value;
  const seconds = Math.round((d.getTime() - now.getTime()) / 1000);
  const abs = Math.abs(seconds);
  const rtf = cached(
    'relative',
    locale,
    { numeric: 'auto' },
    (tag) => new Intl.RelativeTimeFormat(tag, { numeric: 'auto' }),
  );
  if (abs < 60) return rtf.format(seconds, 'second');
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), 'minute');
  if (abs < 86400) return rtf.format(Math.round(seconds / 3600), 'hour');
  if (abs < 7 * 86400) return rtf.format(Math.round(seconds / 86400), 'day');
  return formatDate(d, locale, { month: 'short', day: 'numeric', year: 'numeric' });
}

export function formatNumber(value: number, locale: Locale, maximumFractionDigits = 2) {
  return numberFormat(locale, { maximumFractionDigits }).format(value);
}

export function formatEuro(value: number, locale: Locale) {
  return numberFormat(locale, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: Number.isInteger(value) ? 0 : 2,
  }).format(value);
}

/**
 * Makes the formatters every signed-in first screen uses (the header's credits, a date) ahead
 * of it. The first formatter of a page loads the locale's data, 30–120 ms on a phone; made here,
 * while the screen's code and data are on the way, that no longer sits in the middle of the
 * first render. In three tasks of their own, not in the caller's nor in one: measured at 4× CPU slowdown in Chromium, the first
 * `Intl` object of a page costs 120–150 ms when it is a formatter, and 25–35 ms (locale data)
 * plus 70–90 ms (the number formatter) plus 15–25 ms (the date formatter) when a locale is made
 * first (load average 2–4, not recorded exactly).
 */
export async function prepareFormatters(locale: Locale): Promise<void> {
  await yieldToMain();
  new Intl.Locale(intlLocale(locale)).maximize();
  await yieldToMain();
  formatNumber(0, locale);
  await yieldToMain();
  formatDate(new Date(0), locale);
}
