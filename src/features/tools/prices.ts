// What a tool use costs: public.credit_prices (the server charges from the same rows), read
// once an hour. The spec's messages name the prices in words; the checks use these.
import { queryOptions } from '@tanstack/react-query';
import type { AppSupabaseClient } from '../../lib/supabase.ts';

export type PricedItem = 'photo-combiner' | 'background-remover' | 'video';

export const priceKeys = { all: ['credit-prices'] as const };

export function creditPricesQueryOptions(client: AppSupabaseClient) {
  return queryOptions({
    queryKey: priceKeys.all,
    queryFn: async (): Promise<Partial<Record<string, number>>> => {
      const { data, error } = await client.from('credit_prices').select('item, credits');
      if (error) throw error;
      return Object.fromEntries(data.map((r) => [r.item, Number(r.credits)]));
    },
    staleTime: 60 * 60 * 1000,
  });
}

/** Enough credits for a use; an unknown balance or price is left to the server to decide. */
export function hasCreditsFor(price: number | undefined, remaining: number | undefined): boolean {
  if (price === undefined || remaining === undefined) return true;
  return Math.round(remaining * 100) >= Math.round(price * 100);
}
