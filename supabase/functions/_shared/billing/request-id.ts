// Idempotency at Stripe. Every request that creates or changes something there (a Checkout
// Session, a subscription's price, a cancellation) carries an Idempotency-Key derived from
// the browser's request id: one per seller action, sent again unchanged when the same
// action is retried (a double tap, a lost answer, a re-invoked function). Stripe answers a
// repeated key with the first answer for 24 hours, so a retry opens no second session; the
// same key with other parameters is refused (idempotency_error).
import { BillingError } from './respond.ts';

const REQUEST_ID = /^[A-Za-z0-9_-]{8,100}$/;

/** The body's request_id; a missing or malformed one is refused. */
export function requestIdOf(body: Record<string, unknown> | null | undefined): string {
  const id = body?.request_id;
  if (typeof id !== 'string' || !REQUEST_ID.test(id))
    throw new BillingError(400, 'request_id_invalid', 'Invalid request');
  return id;
}

export type StripeAction = 'checkout-plan' | 'checkout-credits' | 'plan-change' | 'cancel';

/** The Idempotency-Key of one seller action at Stripe. */
export const idempotencyKey = (action: StripeAction, userId: string, requestId: string) =>
  `drape-${action}-${userId}-${requestId}`;

/** Stripe refused a key reused with other parameters: the seller's action changed under the same id. */
export function isIdempotencyError(err: unknown): boolean {
  return (
    (err as { type?: string })?.type === 'idempotency_error' ||
    (err as { type?: string })?.type === 'StripeIdempotencyError'
  );
}

export const requestReused = () =>
  new BillingError(
    409,
    'request_reused',
    'This request was already made with other details. Please try again.',
  );
