// Cancelling at period end (spec 1 §4): the plan stays until current_period_end, then the
// renewal job moves the user to free. Refused on the free plan and when a cancellation is
// already pending. A subscription paid through the card provider is cancelled there first
// (its webhook confirms later); the row is marked at once so the app shows it. The request
// id (one per press) makes the call at the provider idempotent.
import { idempotencyKey } from './request-id.ts';

export interface SubscriptionState {
  plan: string;
  cancel_at_period_end: boolean;
  stripe_subscription_id: string | null;
  current_period_end: string;
}

export interface CancelDeps {
  load(userId: string): Promise<SubscriptionState | null>;
  /** cancels at the period end at the provider, with the action's Idempotency-Key */
  cancelAtProvider: ((providerSubscriptionId: string, idempotencyKey: string) => Promise<void>) | null;
  markCancelled(userId: string): Promise<SubscriptionState>;
}

export type CancelOutcome =
  | { ok: true; subscription: SubscriptionState }
  | {
      ok: false;
      status: number;
      code: 'no_subscription' | 'free_plan' | 'already_cancelling' | 'provider_failed' | 'request_id_invalid';
      message: string;
    };

export async function cancelAtPeriodEnd(
  userId: string,
  requestId: string | null,
  deps: CancelDeps,
): Promise<CancelOutcome> {
  if (requestId === null)
    return { ok: false, status: 400, code: 'request_id_invalid', message: 'Invalid request' };
  const sub = await deps.load(userId);
  if (!sub)
    return { ok: false, status: 404, code: 'no_subscription', message: 'No subscription found for user' };
  if (sub.plan === 'free')
    return { ok: false, status: 400, code: 'free_plan', message: 'The free plan cannot be cancelled' };
  if (sub.cancel_at_period_end)
    return {
      ok: false,
      status: 409,
      code: 'already_cancelling',
      message: 'The subscription is already cancelled at the period end',
    };
  if (sub.stripe_subscription_id && deps.cancelAtProvider) {
    try {
      await deps.cancelAtProvider(sub.stripe_subscription_id, idempotencyKey('cancel', userId, requestId));
    } catch (err) {
      console.error('[cancel-subscription] provider', err);
      return {
        ok: false,
        status: 502,
        code: 'provider_failed',
        message: 'Failed to cancel subscription. Please try again.',
      };
    }
  }
  return { ok: true, subscription: await deps.markCancelled(userId) };
}
