// A downgrade (spec 2 §4, §5; the rule is in *_stripe_payments_and_downgrades.sql): a lower
// paid plan chosen in the last 7 days of the period is scheduled for the next renewal, with
// no proration. The database decides first (rank, window, pending cancellation); then the
// Stripe subscription's price is changed without proration, so Stripe's next invoice is
// the lower plan's; if Stripe refuses, the schedule is taken back. Choosing the current plan
// again takes a scheduled downgrade back, at Stripe too.
import { type BillingConfig, isPaidPlan, type PaidPlan } from './config.ts';
import type { SubscriptionRow } from './checkout.ts';
import { idempotencyKey, requestIdOf } from './request-id.ts';
import { BillingError } from './respond.ts';

export interface PlanChangeDeps {
  config: BillingConfig;
  loadSubscription(userId: string): Promise<SubscriptionRow | null>;
  /** rpc schedule_plan_change; throws BillingError with the SQL code when refused */
  schedule(userId: string, plan: string): Promise<SubscriptionRow>;
  /** sets the price of the subscription's item without proration; null when there is no Stripe client */
  setStripePrice:
    | ((subscriptionId: string, priceId: string, plan: PaidPlan, idempotencyKey: string) => Promise<void>)
    | null;
}

export async function changePlan(userId: string, raw: unknown, deps: PlanChangeDeps) {
  const plan = raw && typeof raw === 'object' ? (raw as Record<string, unknown>).plan : undefined;
  if (!isPaidPlan(plan)) throw new BillingError(400, 'invalid_tier', 'Invalid pricing tier selected');
  const requestId = requestIdOf(raw as Record<string, unknown>);
  const before = await deps.loadSubscription(userId);
  if (!before) throw new BillingError(404, 'no_subscription', 'No subscription found for user');
  const after = await deps.schedule(userId, plan);
  const changed = (before.scheduled_plan ?? null) !== (after.scheduled_plan ?? null);
  const subscriptionId = after.stripe_subscription_id;
  if (changed && subscriptionId && deps.setStripePrice) {
    const target = (after.scheduled_plan ?? after.plan) as PaidPlan;
    const priceId = deps.config.prices[target];
    try {
      if (!priceId) throw new Error(`no price configured for ${target}`);
      await deps.setStripePrice(
        subscriptionId,
        priceId,
        target,
        idempotencyKey('plan-change', userId, requestId),
      );
    } catch (err) {
      console.error('[change-plan] stripe', err);
      // put the schedule back as it was
      await deps
        .schedule(userId, before.scheduled_plan ?? before.plan)
        .catch((e) => console.error('[change-plan] revert', e));
      throw new BillingError(502, 'plan_change_failed', 'Failed to change your plan. Please try again.');
    }
  }
  return { subscription: after };
}
