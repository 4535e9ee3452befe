// POST /functions/v1/create-credit-checkout — a Stripe Checkout session for a credit pack
// (spec 2 §7). Body {credits, amount (euro cents), currency: 'eur', success_url, cancel_url,
// locale?} → {url, session_id, credits, amount_cents}. The amount is credit_pack_quote's for
// the seller's plan; a different amount from the browser is refused (price_changed). Free
// plan: refused (packs_paid_plans_only). 500 credits: contact sales.
import { readJsonBody, SMALL_JSON_LIMIT } from '../_shared/body.ts';
import { callerUserId } from '../_shared/caller.ts';
import { corsPreflight } from '../_shared/cors.ts';
import { createCreditCheckout } from '../_shared/billing/checkout.ts';
import { billingFromEnv, checkoutDeps } from '../_shared/billing/live.ts';
import { BillingError, fail, failWith, ok } from '../_shared/billing/respond.ts';

Deno.serve(async (req: Request) => {
  const preflight = corsPreflight(req);
  if (preflight) return preflight;
  if (req.method !== 'POST') return fail(405, 'method_not_allowed', 'Method not allowed');
  const userId = callerUserId(req);
  if (!userId) return fail(401, 'login_required', 'You must be logged in to make a purchase');
  const body = await readJsonBody(req, SMALL_JSON_LIMIT);
  if (body instanceof Response) return body;
  try {
    return ok(await createCreditCheckout(userId, body, checkoutDeps(billingFromEnv())));
  } catch (err) {
    if (err instanceof BillingError) return failWith(err);
    console.error('[create-credit-checkout]', err);
    return fail(502, 'checkout_failed', 'Failed to create checkout session');
  }
});
