// Plans as the screens show them. The facts of a plan (credits, price, low-credit alerts and
// threshold, video) are rows of public.plans, read through plansQueryOptions (./api.ts);
// what lives here is UI: the display order, names, and the rules that combine a user's
// subscription with those facts. The server decides credits and plans.
import type { Tables } from '../../lib/database.types.ts';

/** The plans a subscription can hold, in display order (public.plans.id). */
export const PLANS = ['free', 'lite', 'pro', 'advanced'] as const;
export type Plan = (typeof PLANS)[number];

export type Subscription = Pick<
  Tables<'subscriptions'>,
  'credits_remaining' | 'credits_used' | 'rollover_credits' | 'current_period_end' | 'cancel_at_period_end'
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
  /** the balance: everything the seller can spend (the header's number) */
  remaining: number;
  used: number;
  /** remaining plus used */
  cycle: number;
  /** what is left of this cycle's credits (and purchased ones): the balance less the rollover */
  cycleRemaining: number;
  /** plan credits carried over from previous cycles and not spent yet (the server's rollover_credits) */
  rollover: number;
  totalAvailable: number;
  empty: boolean;
}

/**
 * The credits dropdown's figures. The server decides the rollover (public.subscriptions
 * rollover_credits: carried over at renewal, up to two months' worth, spent after the cycle's own);
 * the total available is the balance, so the rows add up to the header's number.
 */
export function creditsSummary(
  sub:
    | (Pick<Subscription, 'credits_remaining' | 'credits_used'> &
        Partial<Pick<Subscription, 'rollover_credits'>>)
    | null
    | undefined,
): CreditsSummary {
  const remaining = Number(sub?.credits_remaining ?? 0);
  const used = Number(sub?.credits_used ?? 0);
  // a copy cached before the server kept it has none; it can never exceed the balance
  const rollover = Math.min(Math.max(Number(sub?.rollover_credits ?? 0) || 0, 0), Math.max(remaining, 0));
  return {
    remaining,
    used,
    cycle: remaining + used,
    cycleRemaining: remaining - rollover,
    rollover,
    totalAvailable: remaining,
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
