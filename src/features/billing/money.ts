// Amounts on the billing screens: euro cents from the server, shown with the seller's locale;
// the history's currency symbol (spec 2 §9: EUR by default, $ for usd, € otherwise).
import { numberFormat } from '../../lib/format.ts';
import type { Locale } from '../../lib/i18n.ts';

export function formatCents(cents: number, locale: Locale): string {
  return numberFormat(locale, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
  }).format(cents / 100);
}

export function currencySymbol(currency: string | null | undefined): string {
  return (currency ?? 'eur').toLowerCase() === 'usd' ? '$' : '€';
}

/** 12.5 → "€12.50" (symbol first, as the history table shows amounts). */
export function formatAmount(amount: number, currency: string | null | undefined, locale: Locale): string {
  const n = numberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
  return `${currencySymbol(currency)}${n}`;
}
