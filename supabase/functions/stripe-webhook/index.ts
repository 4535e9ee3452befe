// POST /functions/v1/stripe-webhook — where Stripe (or the local stand-in) delivers events.
// verify_jwt = false (config.toml): the caller proves itself with the Stripe-Signature
// header, checked against STRIPE_WEBHOOK_SECRET before anything is read. A bad signature is
// 400 and changes nothing. Each event is applied once by public.apply_payment_event (see
// _shared/billing/webhook-events.ts for what each type does); a failure answers 500 so
// Stripe retries. A subscription replaced by an upgrade is cancelled at Stripe afterwards.
import Stripe from 'npm:stripe@23.1.0';
import { KIB, readTextBody } from '../_shared/body.ts';
import { billingFromEnv, webhookDeps } from '../_shared/billing/live.ts';
import { fail, ok } from '../_shared/billing/respond.ts';
import { actionForEvent } from '../_shared/billing/webhook-events.ts';

/** Stripe's events are a few KiB; a body past this is no event of ours (refused before the signature check). */
const MAX_BODY = 512 * KIB;

const cryptoProvider = Stripe.createSubtleCryptoProvider();

Deno.serve(async (req: Request) => {
  if (req.method !== 'POST') return fail(405, 'method_not_allowed', 'Method not allowed');
  const b = billingFromEnv();
  if (!b.stripe || !b.config.webhookSecret) {
    console.error('[stripe-webhook] STRIPE_SECRET_KEY or STRIPE_WEBHOOK_SECRET is not set');
    return fail(500, 'payments_unavailable', 'Webhook not configured');
  }
  const signature = req.headers.get('Stripe-Signature');
  const payload = await readTextBody(req, MAX_BODY);
  if (payload instanceof Response) return payload;
  let event: Stripe.Event;
  try {
    if (!signature) throw new Error('no signature');
    event = await b.stripe.webhooks.constructEventAsync(
      payload,
      signature,
      b.config.webhookSecret,
      undefined,
      cryptoProvider,
    );
  } catch (err) {
    console.warn('[stripe-webhook] refused:', err instanceof Error ? err.message : err);
    return fail(400, 'invalid_signature', 'Invalid signature');
  }
  const stripe = b.stripe;
  try {
    const action = await actionForEvent(event, webhookDeps({ ...b, stripe }));
    const { data, error } = await b.service.rpc('apply_payment_event', {
      event_id: event.id,
      event_type: event.type,
      action,
      payload: JSON.parse(payload),
    });
    if (error) throw new Error(`apply_payment_event: ${error.message}`);
    const result = (data ?? {}) as {
      duplicate?: boolean;
      applied?: boolean;
      reason?: string;
      replaced_subscription_id?: string | null;
      paid_cents?: number | null;
      quoted_cents?: number | null;
    };
    if (result.reason === 'amount_mismatch' || result.reason === 'no_quote') {
      // a pack session paid another amount than its quote, or made without one (not by
      // create-credit-checkout): nothing granted, recorded as credit_purchase_refused
      console.error(
        `[stripe-webhook] credit pack refused (${result.reason})`,
        JSON.stringify({ event: event.id, ...result }),
      );
    }
    if (result.replaced_subscription_id) {
      // the seller moved to a new subscription (an upgrade through checkout): end the old one now, without proration
      await stripe.subscriptions
        .cancel(result.replaced_subscription_id, { prorate: false })
        .catch((err: unknown) => {
          if ((err as { code?: string })?.code !== 'resource_missing')
            console.error('[stripe-webhook] cancel replaced subscription', err);
        });
    }
    return ok({
      received: true,
      type: event.type,
      duplicate: result.duplicate === true,
      applied: result.applied === true,
      reason: action.kind === 'ignore' ? action.reason : (result.reason ?? null),
    });
  } catch (err) {
    console.error('[stripe-webhook]', event.type, event.id, err);
    return fail(500, 'webhook_failed', 'Webhook processing failed');
  }
});
