// POST /functions/v1/cancel-subscription — the signed-in user's plan ends at the period end.
import { readJsonBody, SMALL_JSON_LIMIT } from '../_shared/body.ts';
import { corsHeaders, corsPreflight } from '../_shared/cors.ts';
import { callerUserId } from '../_shared/caller.ts';
import { cancelAtPeriodEnd, type SubscriptionState } from '../_shared/billing/cancel.ts';
import { billingFromEnv } from '../_shared/billing/live.ts';
import { requestIdOf } from '../_shared/billing/request-id.ts';

const COLUMNS = 'plan, cancel_at_period_end, stripe_subscription_id, current_period_end';

Deno.serve(async (req: Request) => {
  const preflight = corsPreflight(req);
  if (preflight) return preflight;
  if (req.method !== 'POST')
    return Response.json({ error: 'Method not allowed' }, { status: 405, headers: corsHeaders });

  const userId = callerUserId(req);
  if (!userId)
    return Response.json(
      { error: 'Sign in to cancel your subscription' },
      { status: 401, headers: corsHeaders },
    );

  // the same Stripe client as the payment functions (STRIPE_API_URL: the local stand-in)
  const { service, stripe } = billingFromEnv();
  const raw = await readJsonBody(req, SMALL_JSON_LIMIT);
  if (raw instanceof Response) return raw;
  const body = raw as Record<string, unknown> | null;
  let requestId: string | null = null;
  try {
    requestId = requestIdOf(body);
  } catch {
    requestId = null;
  }

  try {
    const outcome = await cancelAtPeriodEnd(userId, requestId, {
      async load(id) {
        const { data, error } = await service
          .from('subscriptions')
          .select(COLUMNS)
          .eq('user_id', id)
          .maybeSingle();
        if (error) throw error;
        return data as SubscriptionState | null;
      },
      cancelAtProvider: stripe
        ? async (subscriptionId, idempotencyKey) => {
            await stripe.subscriptions.update(
              subscriptionId,
              { cancel_at_period_end: true },
              { idempotencyKey },
            );
          }
        : null,
      async markCancelled(id) {
        const { data, error } = await service.rpc('set_subscription_cancellation', {
          user_id: id,
          cancel: true,
        });
        if (error) throw error;
        return data as SubscriptionState;
      },
    });
    if (!outcome.ok)
      return Response.json(
        { error: outcome.message, code: outcome.code },
        { status: outcome.status, headers: corsHeaders },
      );
    return Response.json({ subscription: outcome.subscription }, { headers: corsHeaders });
  } catch (err) {
    console.error('[cancel-subscription]', err);
    return Response.json(
      { error: 'Failed to cancel subscription. Please try again.' },
      { status: 500, headers: corsHeaders },
    );
  }
});
