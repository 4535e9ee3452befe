// Plan facts the screens show (spec 1 §3, §6, §9). The server decides credits and plans;
// these only describe them.
import type { Tables } from '../../lib/database.types.ts';

/** The plans a subscription can hold, in display order (public.plans.id). */
export const PLANS = ['free', 'lite', 'pro', 'advanced'] as const;
export type Plan = (typeof PLANS)[number];
export const MONTHLY_CREDITS: Record<Plan, number> = { free: 2, lite: 20, pro: 25, advanced: 30 };
/** Monthly price in euro (the plan price table of spec 2). */
export const MONTHLY_PRICE_EUR: Record<Plan, number> = { free: 0, lite: 40, pro: 50, advanced: 60 };
export const LOW_CREDITS_THRESHOLD = 3;
/** Rollover from previous cycles is always shown as 0 (spec 1 §2). */
export const ROLLOVER_CREDITS = 0;

export type Subscription = Pick<Tables<'subscriptions'>, 'credits_remaining' | 'credits_used' | 'current_period_end' | 'cancel_at_period_end'> & {
  plan: Plan;
};

export function normalisePlan(plan: string | null | undefined): Plan {
  return (PLANS as readonly string[]).includes(plan ?? '') ? (plan as Plan) : 'free';
}

export function planName(plan: Plan): string {
  return `${plan.charAt(0).toUpperCase()}${plan.slice(1)}`;
}

/** The Upgrade button shows for free, lite and pro. */
export const showsUpgrade = (plan: Plan) => plan !== 'advanced';
export const canCreateVideo = (plan: Plan) => plan === 'advanced';

export interface CreditsSummary {
  remaining: number;
  used: number;
  /** current cycle: remaining plus used */
  cycle: number;
  rollover: number;
  totalAvailable: number;
  empty: boolean;
}

export function creditsSummary(sub: Pick<Subscription, 'credits_remaining' | 'credits_used'> | null | undefined): CreditsSummary {
  const remaining = Number(sub?.credits_remaining ?? 0);
  const used = Number(sub?.credits_used ?? 0);
  return { remaining, used, cycle: remaining + used, rollover: ROLLOVER_CREDITS, totalAvailable: remaining + ROLLOVER_CREDITS, empty: remaining <= 0 };
}

/** Low-credits rule: 3 or fewer credits on a paid plan (the free plan is exempt). */
export function isLowOnCredits(sub: Pick<Subscription, 'plan' | 'credits_remaining'> | null | undefined): boolean {
  if (!sub) return false;
  return normalisePlan(sub.plan) !== 'free' && Number(sub.credits_remaining) <= LOW_CREDITS_THRESHOLD;
}

/** Cancel and manage are disabled on the free plan or while a cancellation is pending. */
export function canCancel(sub: Pick<Subscription, 'plan' | 'cancel_at_period_end'> | null | undefined): boolean {
  return !!sub && normalisePlan(sub.plan) !== 'free' && !sub.cancel_at_period_end;
}
