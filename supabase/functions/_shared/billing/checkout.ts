// The two checkouts (spec 2 §7): a plan (stripe-checkout, mode 'subscription') and a credit
// pack (create-credit-checkout). The server prices both: the plan's price id comes from the
// configuration, the pack's amount from credit_pack_quote for the seller's real plan, kept as a
// quote (private.credit_pack_quotes, one per request id) bound to the Checkout Session; the
// payment webhook grants the pack from that quote only. What the browser says about prices is
// checked against that and refused when it disagrees.
import {
  allowedReturnUrl,
  type BillingConfig,
  isPaidPlan,
  type PaidPlan,
  PLAN_RANK,
  planForPrice,
} from './config.ts';
import { idempotencyKey, requestIdOf } from './request-id.ts';
import { BillingError } from './respond.ts';

export interface SubscriptionRow {
  plan: string;
  status: string;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  cancel_at_period_end: boolean;
  current_period_end: string;
  scheduled_plan: string | null;
}

export interface Quote {
  /** the kept quote the payment must match; null when the pack cannot be bought */
  quote_id: string | null;
  credits: number;
  plan: string;
  unit_price: number;
  discount_percent: number;
  amount_cents: number;
  currency: string;
  purchasable: boolean;
  contact_sales: boolean;
}

export interface SessionParams {
  mode: 'subscription' | 'payment';
  customer: string;
  line_items: (
    | { price: string; quantity: number }
    | {
        price_data: {
          currency: string;
          unit_amount: number;
          product_data: { name: string; description?: string };
        };
        quantity: number;
      }
  )[];
  success_url: string;
  cancel_url: string;
  client_reference_id: string;
  metadata: Record<string, string>;
  locale: 'auto' | 'en' | 'el';
  subscription_data?: { metadata: Record<string, string> };
  payment_intent_data?: { metadata: Record<string, string>; description?: string };
}

export interface CheckoutDeps {
  config: BillingConfig;
  loadSubscription(userId: string): Promise<SubscriptionRow | null>;
  /** the plan's monthly price in euro (public.plans), for the purchase log */
  planPriceEur(plan: PaidPlan): Promise<number | null>;
  /**
   * quote_credit_pack(user, credits, request id): the pack's price on the seller's plan, kept
   * as the quote its payment must match (the same request again: the same quote); throws
   * BillingError for a refused amount or a request id reused for another pack
   */
  quote(userId: string, credits: number, requestId: string): Promise<Quote>;
  /** binds the quote to the session it is sold through (again with the same session: nothing) */
  attachQuote(quoteId: string, sessionId: string): Promise<void>;
  /** the seller's Stripe customer, made (and stored) when there is none yet */
  ensureCustomer(userId: string, existing: string | null): Promise<string>;
  /**
   * Creates the Checkout Session with this Idempotency-Key; `replayed` when Stripe answered
   * a repeated key with the session it made the first time.
   */
  createSession(
    params: SessionParams,
    idempotencyKey: string,
  ): Promise<{ id: string; url: string | null; replayed: boolean }>;
  recordStarted(
    userId: string,
    kind: 'plan' | 'credits',
    sessionId: string,
    details: Record<string, unknown>,
  ): Promise<void>;
}

type Body = Record<string, unknown>;

function asBody(raw: unknown): Body {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    throw new BillingError(400, 'invalid_request', 'Invalid request');
  return raw as Body;
}

function returnUrls(config: BillingConfig, body: Body) {
  const success = allowedReturnUrl(config, body.success_url);
  const cancel = allowedReturnUrl(config, body.cancel_url);
  if (!success || !cancel) throw new BillingError(400, 'invalid_return_url', 'Invalid return address');
  return { success, cancel };
}

const locale = (v: unknown): SessionParams['locale'] => (v === 'el' || v === 'en' ? v : 'auto');

/** The plan a checkout body asks for: plan, metadata.plan, or a configured price id — all agreeing. */
export function requestedPlan(config: BillingConfig, body: Body): PaidPlan {
  const metadata = body.metadata && typeof body.metadata === 'object' ? (body.metadata as Body) : {};
  const named = [body.plan, metadata.plan].filter((v) => v !== undefined && v !== null && v !== '');
  const priceId = typeof body.price_id === 'string' && body.price_id !== '' ? body.price_id : null;
  const fromPrice = priceId
    ? (planForPrice(config, priceId) ?? (isPaidPlan(priceId) ? priceId : null))
    : null;
  if (priceId && !fromPrice) throw new BillingError(400, 'invalid_tier', 'Invalid pricing tier selected');
  const candidates = [...named, ...(fromPrice ? [fromPrice] : [])];
  if (candidates.length === 0 || !candidates.every(isPaidPlan) || new Set(candidates).size !== 1) {
    throw new BillingError(400, 'invalid_tier', 'Invalid pricing tier selected');
  }
  return candidates[0] as PaidPlan;
}

export async function createPlanCheckout(userId: string, raw: unknown, deps: CheckoutDeps) {
  const body = asBody(raw);
  if (body.mode !== undefined && body.mode !== 'subscription')
    throw new BillingError(400, 'invalid_mode', 'Plans are bought as subscriptions');
  const plan = requestedPlan(deps.config, body);
  const requestId = requestIdOf(body);
  const priceId = deps.config.prices[plan];
  if (!priceId || !deps.config.secretKey)
    throw new BillingError(
      503,
      'payments_unavailable',
      'Payments are not available right now. Please try again later.',
    );
  const urls = returnUrls(deps.config, body);
  const sub = await deps.loadSubscription(userId);
  if (!sub) throw new BillingError(404, 'no_subscription', 'No subscription found for user');
  const current = PLAN_RANK[sub.plan] ?? 0;
  if (sub.plan === plan) throw new BillingError(409, 'current_plan', 'This is already your current plan');
  if (PLAN_RANK[plan] < current)
    throw new BillingError(
      409,
      'downgrade_not_checkout',
      'A lower plan is a downgrade: it is scheduled, not bought',
    );

  const customer = await deps.ensureCustomer(userId, sub.stripe_customer_id);
  const metadata = { user_id: userId, kind: 'plan', plan, previous_plan: sub.plan };
  const session = await deps.createSession(
    {
      mode: 'subscription',
      customer,
      line_items: [{ price: priceId, quantity: 1 }],
      success_url: urls.success,
      cancel_url: urls.cancel,
      client_reference_id: userId,
      metadata,
      locale: locale(body.locale),
      subscription_data: { metadata: { user_id: userId, plan } },
    },
    idempotencyKey('checkout-plan', userId, requestId),
  );
  if (!session.url) throw new BillingError(502, 'no_checkout_url', 'No checkout URL received from server');
  // a retried request got the first session back: it is recorded already
  if (!session.replayed) {
    const priceEur = await deps.planPriceEur(plan);
    await deps.recordStarted(userId, 'plan', session.id, {
      plan,
      price_id: priceId,
      amount: priceEur,
      currency: 'eur',
    });
  }
  return { url: session.url, session_id: session.id, plan };
}

/** The credit slider's range (spec 2 §5): 25 to 500; 500 itself is for sales. */
export const PACK_CREDITS = { min: 25, max: 500 } as const;

/**
 * The pack size a body asks for: a whole number on the slider's range, else 400. (A number
 * past it, 2³¹ or 1e308, would otherwise reach the SQL as an integer it cannot hold.) The
 * slider's steps are credit_pack_quote's to check.
 */
export function requestedCredits(body: Body): number {
  const credits = body.credits;
  if (
    typeof credits !== 'number' ||
    !Number.isSafeInteger(credits) ||
    credits < PACK_CREDITS.min ||
    credits > PACK_CREDITS.max
  )
    throw new BillingError(400, 'invalid_credit_amount', 'Invalid credit amount');
  return credits;
}

export async function createCreditCheckout(userId: string, raw: unknown, deps: CheckoutDeps) {
  const body = asBody(raw);
  const credits = requestedCredits(body);
  const requestId = requestIdOf(body);
  if (body.currency !== undefined && String(body.currency).toLowerCase() !== 'eur') {
    throw new BillingError(400, 'invalid_currency', 'Credit packs are priced in euro');
  }
  if (!deps.config.secretKey)
    throw new BillingError(
      503,
      'payments_unavailable',
      'Payments are not available right now. Please try again later.',
    );
  const urls = returnUrls(deps.config, body);
  const sub = await deps.loadSubscription(userId);
  if (!sub) throw new BillingError(404, 'no_subscription', 'No subscription found for user');
  const quote = await deps.quote(userId, credits, requestId);
  if (quote.contact_sales)
    throw new BillingError(400, 'contact_sales', 'For 500 credits or more, please contact our sales team');
  if (!quote.purchasable)
    throw new BillingError(
      403,
      'packs_paid_plans_only',
      'Credit packs are available on the Lite, Pro and Advanced plans',
    );
  if (!quote.quote_id) throw new Error('credit_pack_quote kept no quote for a purchasable pack');
  const quoteId = quote.quote_id;
  if (body.amount !== undefined && body.amount !== null && Number(body.amount) !== quote.amount_cents) {
    throw new BillingError(409, 'price_changed', 'The price has changed. Please review it and try again.');
  }

  const customer = await deps.ensureCustomer(userId, sub.stripe_customer_id);
  const unit = quote.unit_price.toFixed(2);
  const discount = quote.discount_percent > 0 ? `, ${quote.discount_percent}% volume discount` : '';
  const metadata = {
    user_id: userId,
    kind: 'credits',
    credits: String(quote.credits),
    amount_cents: String(quote.amount_cents),
    unit_price: unit,
    discount_percent: String(quote.discount_percent),
    plan: quote.plan,
    quote_id: quoteId,
  };
  const session = await deps.createSession(
    {
      mode: 'payment',
      customer,
      line_items: [
        {
          price_data: {
            currency: 'eur',
            unit_amount: quote.amount_cents,
            product_data: {
              name: `${quote.credits} Drape credits`,
              description: `€${unit} per credit${discount}`,
            },
          },
          quantity: 1,
        },
      ],
      success_url: urls.success,
      cancel_url: urls.cancel,
      client_reference_id: userId,
      metadata,
      locale: locale(body.locale),
      payment_intent_data: { metadata, description: `${quote.credits} Drape credits` },
    },
    idempotencyKey('checkout-credits', userId, requestId),
  );
  if (!session.url) throw new BillingError(502, 'no_checkout_url', 'No checkout URL received from server');
  // the webhook grants from this binding: a failure here fails the request (a retry binds again)
  await deps.attachQuote(quoteId, session.id);
  if (!session.replayed) {
    await deps.recordStarted(userId, 'credits', session.id, {
      credits: quote.credits,
      unitPrice: quote.unit_price,
      discountPercentage: quote.discount_percent,
      finalAmount: quote.amount_cents / 100,
    });
  }
  return {
    url: session.url,
    session_id: session.id,
    credits: quote.credits,
    amount_cents: quote.amount_cents,
  };
}
