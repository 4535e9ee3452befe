// Billing periods and amounts as Stripe counts them.
import { addMonths, type Price } from '../store.ts';

/** The end of period k (k ≥ 1) counted from the anchor, for the price's interval. */
export function periodEnd(price: Price, anchor: number, start: number, k: number): number {
  const r = price.recurring ?? { interval: 'month' as const, interval_count: 1 };
  if (r.interval === 'month') return addMonths(anchor, k * r.interval_count);
  if (r.interval === 'year') return addMonths(anchor, 12 * k * r.interval_count);
  const seconds = (r.interval === 'week' ? 7 : 1) * 86400 * r.interval_count;
  return start + seconds;
}

/** Whole months from anchor to t (t on a period boundary). */
export function monthsBetween(anchor: number, t: number): number {
  let k = 0;
  while (addMonths(anchor, k + 1) <= t && k < 1200) k++;
  return k;
}

export function formatMoney(cents: number, currency: string): string {
  const symbol = currency === 'eur' ? '€' : currency === 'usd' ? '$' : `${currency.toUpperCase()} `;
  return `${symbol}${(cents / 100).toFixed(2)}`;
}
