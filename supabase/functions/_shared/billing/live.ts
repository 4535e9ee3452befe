// The billing logic's dependencies as the functions run them: the service-role client for
// the SQL functions and rows, and a Stripe client (the real API, or the local stand-in when
// STRIPE_API_URL says so).
import { createClient, type SupabaseClient } from 'npm:@supabase/supabase-js@2';
import Stripe from 'npm:stripe@23.1.0';
import { billingConfig, type BillingConfig, type Env, type PaidPlan } from './config.ts';
import type { CheckoutDeps, Quote, SubscriptionRow } from './checkout.ts';
import type { PlanChangeDeps } from './plan-change.ts';
import { BillingError, sqlRefusal } from './respond.ts';
import { isIdempotencyError, requestReused } from './request-id.ts';
import { STRIPE_API_VERSION, stripeConnection, wasReplayed } from './stripe-client.ts';
import type { WebhookDeps } from './webhook-events.ts';

export const SUBSCRIPTION_COLUMNS =
  'plan, status, stripe_customer_id, stripe_subscription_id, cancel_at_period_end, current_period_end, scheduled_plan';

export interface Billing {
  config: BillingConfig;
  service: SupabaseClient;
  stripe: Stripe | null;
}

export function billingFromEnv(env: Env = (name) => Deno.env.get(name)): Billing {
  const config = billingConfig(env);
  const service = createClient(env('SUPABASE_URL')!, env('SUPABASE_SERVICE_ROLE_KEY')!, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  let stripe: Stripe | null = null;
  if (config.secretKey) {
    const connection = stripeConnection(config.apiUrl);
    stripe = new Stripe(config.secretKey, {
      ...connection.options,
      apiVersion: STRIPE_API_VERSION,
      httpClient: Stripe.createFetchHttpClient(connection.fetch),
      maxNetworkRetries: 2,
      appInfo: { name: 'Drape' },
    });
  }
  return { config, service, stripe };
}

export async function loadSubscription(
  service: SupabaseClient,
  userId: string,
): Promise<SubscriptionRow | null> {
  const { data, error } = await service
    .from('subscriptions')
    .select(SUBSCRIPTION_COLUMNS)
    .eq('user_id', userId)
    .maybeSingle();
  if (error) throw new Error(`subscriptions: ${error.message}`);
  return data as SubscriptionRow | null;
}

const isMissing = (err: unknown) => (err as { code?: string })?.code === 'resource_missing';

/** The seller's Stripe customer: the stored one while Stripe knows it, else a new one (stored unless another request stored one first). */
async function ensureCustomer(
  b: Billing & { stripe: Stripe },
  userId: string,
  existing: string | null,
): Promise<string> {
  if (existing) {
    try {
      const c = await b.stripe.customers.retrieve(existing);
      if (!(c as { deleted?: boolean }).deleted) return existing;
    } catch (err) {
      if (!isMissing(err)) throw err;
    }
  }
  const { data: user, error } = await b.service.auth.admin.getUserById(userId);
  if (error) throw new Error(`auth user: ${error.message}`);
  const customer = await b.stripe.customers.create(
    {
      email: user.user?.email ?? undefined,
      name: (user.user?.user_metadata?.full_name as string | undefined) || undefined,
      metadata: { user_id: userId },
    },
    { idempotencyKey: `drape-customer-${userId}-${existing ?? 'new'}` },
  );
  const update = b.service
    .from('subscriptions')
    .update({ stripe_customer_id: customer.id })
    .eq('user_id', userId);
  const { data, error: updateError } = await (existing
    ? update.eq('stripe_customer_id', existing)
    : update.is('stripe_customer_id', null)
  ).select('stripe_customer_id');
  if (updateError) throw new Error(`subscriptions: ${updateError.message}`);
  if (data && data.length > 0) return customer.id;
  const stored = await loadSubscription(b.service, userId);
  return stored?.stripe_customer_id ?? customer.id;
}

export function checkoutDeps(b: Billing): CheckoutDeps {
  const stripe = b.stripe;
  return {
    config: b.config,
    loadSubscription: (userId) => loadSubscription(b.service, userId),
    async planPriceEur(plan) {
      const { data } = await b.service.from('plans').select('price_eur').eq('id', plan).maybeSingle();
      return data ? Number(data.price_eur) : null;
    },
    async quote(userId, credits, requestId) {
      const { data, error } = await b.service.rpc('quote_credit_pack', {
        user_id: userId,
        credits,
        request_id: requestId,
      });
      const refused = sqlRefusal(error, error?.hint === 'request_reused' ? 409 : 400);
      if (refused) throw refused;
      if (error) throw new Error(`quote_credit_pack: ${error.message}`);
      const q = data as Record<string, unknown>;
      return {
        quote_id: typeof q.quote_id === 'string' ? q.quote_id : null,
        credits: Number(q.credits),
        plan: String(q.plan),
        unit_price: Number(q.unit_price),
        discount_percent: Number(q.discount_percent),
        amount_cents: Number(q.amount_cents),
        currency: String(q.currency),
        purchasable: q.purchasable === true,
        contact_sales: q.contact_sales === true,
      } satisfies Quote;
    },
    async attachQuote(quoteId, sessionId) {
      const { error } = await b.service.rpc('attach_credit_quote_session', {
        quote_id: quoteId,
        session_id: sessionId,
      });
      const refused = sqlRefusal(error, 409);
      if (refused) throw refused;
      if (error) throw new Error(`attach_credit_quote_session: ${error.message}`);
    },
    async ensureCustomer(userId, existing) {
      if (!stripe)
        throw new BillingError(
          503,
          'payments_unavailable',
          'Payments are not available right now. Please try again later.',
        );
      return ensureCustomer({ ...b, stripe }, userId, existing);
    },
    async createSession(params, idempotencyKey) {
      if (!stripe)
        throw new BillingError(
          503,
          'payments_unavailable',
          'Payments are not available right now. Please try again later.',
        );
      try {
        // no cast: the SDK's types check every parameter Drape sends
        const session = await stripe.checkout.sessions.create(params, { idempotencyKey });
        return { id: session.id, url: session.url, replayed: wasReplayed(session) };
      } catch (err) {
        if (isIdempotencyError(err)) throw requestReused();
        throw err;
      }
    },
    async recordStarted(userId, kind, sessionId, details) {
      const { error } = await b.service.rpc('record_checkout_started', {
        user_id: userId,
        kind,
        session_id: sessionId,
        details,
      });
      // the session exists either way; a missing log line must not stop the purchase
      if (error) console.error('[checkout] record_checkout_started', error.message);
    },
  };
}

export function webhookDeps(b: Billing & { stripe: Stripe }): WebhookDeps {
  const orNull = async <T>(p: Promise<T>): Promise<T | null> => {
    try {
      return await p;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  };
  return {
    config: b.config,
    subscription: (id) => orNull(b.stripe.subscriptions.retrieve(id)),
    invoice: (id) => orNull(b.stripe.invoices.retrieve(id)),
  };
}

export function planChangeDeps(b: Billing): PlanChangeDeps {
  const stripe = b.stripe;
  return {
    config: b.config,
    loadSubscription: (userId) => loadSubscription(b.service, userId),
    async schedule(userId, plan) {
      const { data, error } = await b.service.rpc('schedule_plan_change', { user_id: userId, plan });
      const refused = sqlRefusal(error, 409);
      if (refused) throw refused;
      if (error) throw new Error(`schedule_plan_change: ${error.message}`);
      return data as SubscriptionRow;
    },
    setStripePrice: stripe
      ? async (subscriptionId: string, priceId: string, plan: PaidPlan, idempotencyKey: string) => {
          const sub = await stripe.subscriptions.retrieve(subscriptionId);
          const item = sub.items.data[0];
          if (!item) throw new Error(`subscription ${subscriptionId} has no item`);
          if (item.price.id === priceId) return;
          await stripe.subscriptions.update(
            subscriptionId,
            {
              items: [{ id: item.id, price: priceId }],
              proration_behavior: 'none',
              metadata: { ...sub.metadata, plan_next_period: plan },
            },
            { idempotencyKey },
          );
        }
      : null,
  };
}
