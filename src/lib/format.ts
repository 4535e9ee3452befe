// Locale-aware dates, numbers and euro amounts (spec: en-US and el-GR).
import type { Locale } from './i18n.ts';

export const intlLocale = (locale: Locale) => (locale === 'el' ? 'el-GR' : 'en-US');

export function formatDate(
  value: string | Date | null | undefined,
  locale: Locale,
  options?: Intl.DateTimeFormatOptions,
) {
  if (!value) return '—';
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return '—';
  return new Intl.DateTimeFormat(
    intlLocale(locale),
    options ?? { year: 'numeric', month: 'long', day: 'numeric' },
  ).format(d);
}

export function formatDateTime(value: string | Date, locale: Locale) {
  return formatDate(value, locale, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/** "3 minutes ago" style, falling back to a date after a week. */
export function formatRelative(value: string | Date, locale: Locale, now: Date = new Date()) {
  const d = typeof value === 'string' ? new Date(value) : value;
  const seconds = Math.round((d.getTime() - now.getTime()) / 1000);
  const abs = Math.abs(seconds);
  const rtf = new Intl.RelativeTimeFormat(intlLocale(locale), { numeric: 'auto' });
  if (abs < 60) return rtf.format(seconds, 'second');
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), 'minute');
  if (abs < 86400) return rtf.format(Math.round(seconds / 3600), 'hour');
  if (abs < 7 * 86400) return rtf.format(Math.round(seconds / 86400), 'day');
  return formatDate(d, locale, { month: 'short', day: 'numeric', year: 'numeric' });
}

export function formatNumber(value: number, locale: Locale, maximumFractionDigits = 2) {
  return new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits }).format(value);
}

export function formatEuro(value: number, locale: Locale) {
  return new Intl.NumberFormat(intlLocale(locale), {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: Number.isInteger(value) ? 0 : 2,
  }).format(value);
}
