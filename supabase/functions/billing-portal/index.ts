// POST /functions/v1/billing-portal — a Stripe customer portal session for the signed-in
// seller (manage the card, see invoices, cancel or renew). Body {return_url, locale?} → {url}.
import { readJsonBody, SMALL_JSON_LIMIT } from '../_shared/body.ts';
import { callerUserId } from '../_shared/caller.ts';
import { corsPreflight } from '../_shared/cors.ts';
import { allowedReturnUrl } from '../_shared/billing/config.ts';
import { billingFromEnv, loadSubscription } from '../_shared/billing/live.ts';
import { fail, ok } from '../_shared/billing/respond.ts';

Deno.serve(async (req: Request) => {
  const preflight = corsPreflight(req);
  if (preflight) return preflight;
  if (req.method !== 'POST') return fail(405, 'method_not_allowed', 'Method not allowed');
  const userId = callerUserId(req);
  if (!userId) return fail(401, 'login_required', 'Sign in to manage billing');
  const raw = await readJsonBody(req, SMALL_JSON_LIMIT);
  if (raw instanceof Response) return raw;
  const body = (raw ?? {}) as Record<string, unknown>;
  const b = billingFromEnv();
  if (!b.stripe)
    return fail(503, 'payments_unavailable', 'Payments are not available right now. Please try again later.');
  const returnUrl = allowedReturnUrl(b.config, body.return_url);
  if (!returnUrl) return fail(400, 'invalid_return_url', 'Invalid return address');
  try {
    const sub = await loadSubscription(b.service, userId);
    if (!sub?.stripe_customer_id)
      return fail(
        404,
        'no_billing_account',
        'There is no billing account yet. It is created with your first purchase.',
      );
    const session = await b.stripe.billingPortal.sessions.create({
      customer: sub.stripe_customer_id,
      return_url: returnUrl,
      ...(body.locale === 'el' || body.locale === 'en' ? { locale: body.locale } : {}),
    });
    return ok({ url: session.url });
  } catch (err) {
    console.error('[billing-portal]', err);
    return fail(502, 'portal_failed', 'Failed to open Stripe portal. Please try again.');
  }
});
