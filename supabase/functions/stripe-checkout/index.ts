// POST /functions/v1/stripe-checkout — a Stripe Checkout session for a plan (spec 2 §7).
// Body {price_id?, plan?, mode: 'subscription', metadata: {plan}, success_url, cancel_url,
// locale?} → {url, session_id}; the browser goes to url. The plan's price is the server's
// (STRIPE_PRICE_<PLAN>); a lower plan is refused here (it is a downgrade: change-plan).
import { readJsonBody, SMALL_JSON_LIMIT } from '../_shared/body.ts';
import { callerUserId } from '../_shared/caller.ts';
import { corsPreflight } from '../_shared/cors.ts';
import { createPlanCheckout } from '../_shared/billing/checkout.ts';
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
    return ok(await createPlanCheckout(userId, body, checkoutDeps(billingFromEnv())));
  } catch (err) {
    if (err instanceof BillingError) return failWith(err);
    console.error('[stripe-checkout]', err);
    return fail(502, 'checkout_failed', 'Failed to create checkout session');
  }
});
