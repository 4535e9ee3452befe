// Plan changes on /pricing (spec 2 §2, §4, §5): the button of each tier by the seller's plan,
// and the downgrade window. The server enforces both (stripe-checkout refuses a lower plan,
// change-plan refuses outside the window); these only decide what the screen offers.
import type { Plan } from '../subscription/index.ts';

export const TIERS = ['lite', 'pro', 'advanced', 'enterprise'] as const;
export type Tier = (typeof TIERS)[number];

export const PLAN_RANK: Record<Plan, number> = { free: 0, lite: 1, pro: 2, advanced: 3 };
/** Downgrades are possible in the last 7 days before the period end. */
export const DOWNGRADE_WINDOW_DAYS = 7;

export type TierAction = 'current' | 'get_started' | 'upgrade' | 'downgrade' | 'contact';

/** 'Current plan' (disabled), 'Get started' (on free), 'Upgrade' or 'Downgrade'; Enterprise is 'Contact Us'. */
export function tierAction(current: Plan, tier: Tier): TierAction {
  if (tier === 'enterprise') return 'contact';
  if (tier === current) return 'current';
  if (current === 'free') return 'get_started';
  return PLAN_RANK[tier] > PLAN_RANK[current] ? 'upgrade' : 'downgrade';
}

export interface DowngradeWindow {
  open: boolean;
  /** when the window opens: 7 days before the period end */
  opensAt: Date;
  periodEnd: Date;
}

export function downgradeWindow(periodEnd: string | Date, now: Date = new Date()): DowngradeWindow {
  const end = new Date(periodEnd);
  const opensAt = new Date(end.getTime() - DOWNGRADE_WINDOW_DAYS * 86_400_000);
  return { open: now.getTime() >= opensAt.getTime(), opensAt, periodEnd: end };
}
