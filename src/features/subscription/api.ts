// The user's subscription (one key factory per user) and the plans' facts (public.plans,
// the same for everyone).
import { queryOptions } from '@tanstack/react-query';
import type { Tables } from '../../lib/database.types.ts';
import type { AppSupabaseClient } from '../../lib/supabase.ts';
import { normalisePlan, PLANS, type Plan, type PlanFacts, type Subscription } from './plan.ts';

export const subscriptionKeys = {
  all: ['subscription'] as const,
  detail: (userId: string) => [...subscriptionKeys.all, userId] as const,
};

const COLUMNS =
  'plan, credits_remaining, credits_used, rollover_credits, current_period_end, cancel_at_period_end, scheduled_plan';

type SubscriptionRow = Pick<
  Tables<'subscriptions'>,
  'plan' | 'credits_remaining' | 'credits_used' | 'current_period_end' | 'cancel_at_period_end'
> &
  Partial<Pick<Tables<'subscriptions'>, 'scheduled_plan' | 'rollover_credits'>>;

export function toSubscription(row: SubscriptionRow | null): Subscription | null {
  if (!row) return null;
  return {
    plan: normalisePlan(row.plan),
    credits_remaining: Number(row.credits_remaining),
    credits_used: Number(row.credits_used),
    rollover_credits: Number(row.rollover_credits ?? 0),
    current_period_end: row.current_period_end,
    cancel_at_period_end: row.cancel_at_period_end,
    scheduled_plan: row.scheduled_plan ? normalisePlan(row.scheduled_plan) : null,
  };
}

export async function fetchSubscription(
  client: AppSupabaseClient,
  userId: string,
): Promise<Subscription | null> {
  const { data, error } = await client
    .from('subscriptions')
    .select(COLUMNS)
    .eq('user_id', userId)
    .maybeSingle();
  if (error) throw error;
  return toSubscription(data);
}

export const subscriptionQueryOptions = (client: AppSupabaseClient, userId: string) =>
  queryOptions({
    queryKey: subscriptionKeys.detail(userId),
    queryFn: () => fetchSubscription(client, userId),
  });

export const planKeys = {
  all: ['plans'] as const,
};

const PLAN_COLUMNS =
  'id, monthly_credits, price_eur, low_credit_alerts, low_credit_threshold, video, custom_model, custom_background, watermark_free_download';

/** The plans a subscription can hold, in their order; numeric columns as numbers. */
export async function fetchPlans(client: AppSupabaseClient): Promise<PlanFacts[]> {
  const { data, error } = await client.from('plans').select(PLAN_COLUMNS).order('rank');
  if (error) throw error;
  return data.flatMap((row) =>
    (PLANS as readonly string[]).includes(row.id)
      ? [
          {
            id: row.id as Plan,
            monthly_credits: Number(row.monthly_credits),
            price_eur: Number(row.price_eur),
            low_credit_alerts: row.low_credit_alerts,
            low_credit_threshold: Number(row.low_credit_threshold),
            video: row.video,
            custom_model: row.custom_model,
            custom_background: row.custom_background,
            watermark_free_download: row.watermark_free_download,
          },
        ]
      : [],
  );
}

/** Reference data: read once an hour at most (and again on a reload). */
export const plansQueryOptions = (client: AppSupabaseClient) =>
  queryOptions({
    queryKey: planKeys.all,
    queryFn: () => fetchPlans(client),
    staleTime: 60 * 60_000,
  });
