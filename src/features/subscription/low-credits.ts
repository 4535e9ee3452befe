// When the low-credits modal opens (spec 1 §4): the balance is at or below the plan's
// low-credit threshold on a plan with alerts (3 or fewer on a paid plan). It opens once per
// balance in a browser session, so "Maybe Later" holds until credits change again.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { isLowOnCredits, type PlanFacts, type Subscription } from './plan.ts';

export const DISMISSED_KEY = 'drape.lowCreditsDismissed';

export function shouldPromptLowCredits(
  sub: Pick<Subscription, 'credits_remaining'> | null | undefined,
  facts: Pick<PlanFacts, 'low_credit_alerts' | 'low_credit_threshold'> | null | undefined,
  dismissedAtBalance: number | null,
): boolean {
  if (!sub || !isLowOnCredits(sub, facts)) return false;
  return dismissedAtBalance === null || Number(sub.credits_remaining) !== dismissedAtBalance;
}

export function lowCreditsTitle(remaining: number): MessageDescriptor {
  if (remaining <= 0) return msg`You've used all your credits`;
  const n = remaining;
  return msg`You're running low on credits (${n} left)`;
}

export const lowCreditsSubtext = msg`Upgrade your plan to continue creating amazing fashion content`;

export function readDismissedBalance(storage: Pick<Storage, 'getItem'>): number | null {
  const v = storage.getItem(DISMISSED_KEY);
  if (v === null || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}
