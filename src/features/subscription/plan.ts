// Plans as the screens show them. The facts of a plan (credits, price, low-credit alerts and
// threshold, video) are rows of public.plans, read through plansQueryOptions (./api.ts);
// what lives here is UI: the display order, names, and the rules that combine a user's
// subscription with those facts. The server decides credits and plans.
import type { Tables } from '../../lib/database.types.ts';

/** The plans a subscription can hold, in display order (public.plans.id). */
export const PLANS = ['free', 'lite', 'pro', 'advanced'] as const;
export type Plan = (typeof PLANS)[number];
/** Rollover from previous cycles is always shown as 0 (spec 1 §2). */
export const ROLLOVER_CREDITS = 0;

export type Subscription = Pick<
  Tables<'subscriptions'>,
  'credits_remaining' | 'credits_used' | 'current_period_end' | 'cancel_at_period_end'
> & {
  plan: Plan;
  /** a downgrade chosen for the next renewal (spec 2 §4) */
  scheduled_plan?: Plan | null;
};

/** One row of public.plans, as far as the app reads it. */
export type PlanFacts = Pick<
  Tables<'plans'>,
  | 'monthly_credits'
  | 'price_eur'
  | 'low_credit_alerts'
  | 'low_credit_threshold'
  | 'video'
  | 'custom_model'
  | 'custom_background'
  | 'watermark_free_download'
> & {
  id: Plan;
};

export function normalisePlan(plan: string | null | undefined): Plan {
  return (PLANS as readonly string[]).includes(plan ?? '') ? (plan as Plan) : 'free';
}

export function planName(plan: Plan): string {
  return `${plan.charAt(0).toUpperCase()}${plan.slice(1)}`;
}

/** The Upgrade button shows on every plan but the highest (free, lite and pro). */
export const showsUpgrade = (plan: Plan) => plan !== PLANS[PLANS.length - 1];

/** Downloads and views without the watermark (every paid plan); unknown means no. */
export const watermarkFree = (facts: Pick<PlanFacts, 'watermark_free_download'> | null | undefined) =>
  facts?.watermark_free_download === true;

/** Video creation is a plan fact; unknown (not loaded yet) means no. */
export const canCreateVideo = (facts: Pick<PlanFacts, 'video'> | null | undefined) => facts?.video === true;

export interface CreditsSummary {
  remaining: number;
  used: number;
  /** current cycle: remaining plus used */
  cycle: number;
  rollover: number;
  totalAvailable: number;
  empty: boolean;
}

export function creditsSummary(
  sub: Pick<Subscription, 'credits_remaining' | 'credits_used'> | null | undefined,
): CreditsSummary {
  const remaining = Number(sub?.credits_remaining ?? 0);
  const used = Number(sub?.credits_used ?? 0);
  return {
    remaining,
    used,
    cycle: remaining + used,
    rollover: ROLLOVER_CREDITS,
    totalAvailable: remaining + ROLLOVER_CREDITS,
    empty: remaining <= 0,
  };
}

/**
 * Low credits: the plan has low-credit alerts (every paid plan) and the balance is at or below
 * its threshold (spec 1 §4: 3) — the rule the server's low-credits trigger applies to the same row.
 */
export function isLowOnCredits(
  sub: Pick<Subscription, 'credits_remaining'> | null | undefined,
  facts: Pick<PlanFacts, 'low_credit_alerts' | 'low_credit_threshold'> | null | undefined,
): boolean {
  if (!sub || !facts?.low_credit_alerts) return false;
  return Number(sub.credits_remaining) <= Number(facts.low_credit_threshold);
}

/** Cancel and manage are disabled on the free plan or while a cancellation is pending. */
export function canCancel(
  sub: Pick<Subscription, 'plan' | 'cancel_at_period_end'> | null | undefined,
): boolean {
  return !!sub && normalisePlan(sub.plan) !== 'free' && !sub.cancel_at_period_end;
}
