// The user's subscription: one key factory, the query, live updates and cancellation.
import { queryOptions } from '@tanstack/react-query';
import type { Tables } from '../../lib/database.types.ts';
import type { AppSupabaseClient } from '../../lib/supabase.ts';
import { normalisePlan, type Subscription } from './plan.ts';

export const subscriptionKeys = {
  all: ['subscription'] as const,
  detail: (userId: string) => [...subscriptionKeys.all, userId] as const,
};

const COLUMNS = 'plan, credits_remaining, credits_used, current_period_end, cancel_at_period_end';

type SubscriptionRow = Pick<Tables<'subscriptions'>, 'plan' | 'credits_remaining' | 'credits_used' | 'current_period_end' | 'cancel_at_period_end'>;

export function toSubscription(row: SubscriptionRow | null): Subscription | null {
  if (!row) return null;
  return {
    plan: normalisePlan(row.plan),
    credits_remaining: Number(row.credits_remaining),
    credits_used: Number(row.credits_used),
    current_period_end: row.current_period_end,
    cancel_at_period_end: row.cancel_at_period_end,
  };
}

export async function fetchSubscription(client: AppSupabaseClient, userId: string): Promise<Subscription | null> {
  const { data, error } = await client.from('subscriptions').select(COLUMNS).eq('user_id', userId).maybeSingle();
  if (error) throw error;
  return toSubscription(data);
}

export const subscriptionQueryOptions = (client: AppSupabaseClient, userId: string) =>
  queryOptions({
    queryKey: subscriptionKeys.detail(userId),
    queryFn: () => fetchSubscription(client, userId),
  });
