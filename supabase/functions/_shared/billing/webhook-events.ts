// What each Stripe event asks of the database (public.apply_payment_event's actions). The
// event is only a hint about what changed: subscription state is read from Stripe when the
// event is handled (the latest state, whatever order events arrive in), and a paid period
// is the one its invoice says, so a replayed or late event changes nothing (the SQL side
// ignores a period that is older than the current one, and applies each fact once).
//
// Objects are read structurally (the fields used here), in the shapes of Stripe's current
// API and of older versions (invoice.subscription, line.price) alike.
import { type BillingConfig, planForPrice } from './config.ts';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
/** A whole number Stripe keeps as metadata (a string there). */
const metaInt = (v: unknown): number | null =>
  typeof v === 'string' && /^[0-9]{1,6}$/.test(v) ? Number(v) : Number.isInteger(v) ? (v as number) : null;
const idOf = (v: unknown): string | null => str(v) ?? str(obj(v).id);
const iso = (seconds: number | null) => (seconds === null ? null : new Date(seconds * 1000).toISOString());

export interface StripeEventLike {
  id: string;
  type: string;
  created?: number;
  data: { object: unknown; previous_attributes?: unknown };
}

export type PaymentAction =
  | { kind: 'ignore'; reason: string; user_id?: string | null; customer_id?: string | null }
  | {
      kind: 'activate_plan';
      user_id: string | null;
      customer_id: string | null;
      subscription_id: string;
      plan: string;
      price_id: string;
      period_start: string;
      period_end: string;
      invoice_id: string | null;
      session_id: string | null;
      amount_cents: number | null;
      currency: string;
      billing_reason: string;
    }
  | {
      /**
       * A paid pack session: the SQL grants the credits of the quote bound to `reference` (the
       * session), to the quote's seller, only when `amount_cents`/`currency` are the quote's.
       */
      kind: 'grant_credits';
      user_id: string | null;
      customer_id: string | null;
      reference: string;
      amount_cents: number | null;
      currency: string | null;
      /** the pack size the session's metadata names: read only for a session made before quotes
       *  were kept, priced then on the seller's own plan (private.pay_credit_pack) */
      metadata_credits: number | null;
    }
  | {
      kind: 'sync_subscription';
      user_id: string | null;
      customer_id: string | null;
      subscription_id: string;
      status: string;
      cancel_at_period_end: boolean;
      plan: string | null;
      deleted: boolean;
      ended_at: string | null;
    }
  | {
      kind: 'payment_failed';
      user_id: string | null;
      customer_id: string | null;
      subscription_id: string;
      invoice_id: string;
      amount_cents: number | null;
      currency: string;
      attempt_count: number | null;
      price_id: string | null;
    }
  | { kind: 'checkout_expired'; user_id: string | null; customer_id: string | null; session_id: string }
  | {
      kind: 'checkout_failed';
      user_id: string | null;
      customer_id: string | null;
      session_id: string;
      purchase: 'plan' | 'credits';
      plan: string | null;
      credits: number | null;
      amount_cents: number | null;
      currency: string;
    };

export interface WebhookDeps {
  config: BillingConfig;
  /** the subscription as Stripe has it now; null when Stripe does not know it */
  subscription(id: string): Promise<unknown | null>;
  invoice(id: string): Promise<unknown | null>;
}

/** The subscription an invoice belongs to (parent.subscription_details, or the older top-level field). */
export function invoiceSubscription(invoice: Obj): string | null {
  return idOf(obj(obj(invoice.parent).subscription_details).subscription) ?? idOf(invoice.subscription);
}

/**
 * The subscription's metadata as the invoice carries it: parent.subscription_details since
 * 2025-03-31.basil, the top-level subscription_details before (older webhook endpoints and
 * replays of older events).
 */
export function invoiceMetadata(invoice: Obj): Obj {
  const current = obj(obj(invoice.parent).subscription_details).metadata;
  return obj(current ?? obj(invoice.subscription_details).metadata);
}

/** The invoice's subscription line: its price and the period it pays for. */
export function invoicePlanLine(invoice: Obj): { priceId: string; start: number; end: number } | null {
  const lines = (obj(invoice.lines).data as unknown[] | undefined) ?? [];
  for (const raw of lines) {
    const line = obj(raw);
    const priceId = idOf(obj(obj(line.pricing).price_details).price) ?? idOf(line.price);
    const period = obj(line.period);
    const start = num(period.start);
    const end = num(period.end);
    if (priceId && start !== null && end !== null && end > start) return { priceId, start, end };
  }
  return null;
}

/** A subscription's current item: price and period (on the item since 2025, on the subscription before). */
export function subscriptionItem(sub: Obj): {
  priceId: string | null;
  start: number | null;
  end: number | null;
} {
  const item = obj(((obj(sub.items).data as unknown[] | undefined) ?? [])[0]);
  return {
    priceId: idOf(item.price),
    start: num(item.current_period_start) ?? num(sub.current_period_start),
    end: num(item.current_period_end) ?? num(sub.current_period_end),
  };
}

function activation(
  config: BillingConfig,
  invoice: Obj,
  extra: { session_id: string | null; user_id: string | null; customer_id: string | null },
): PaymentAction {
  const subscription = invoiceSubscription(invoice);
  const line = invoicePlanLine(invoice);
  if (!subscription || !line) return { kind: 'ignore', reason: 'not_a_subscription_invoice' };
  const plan = planForPrice(config, line.priceId);
  if (!plan) return { kind: 'ignore', reason: `unknown_price:${line.priceId}` };
  return {
    kind: 'activate_plan',
    user_id: extra.user_id ?? str(invoiceMetadata(invoice).user_id),
    customer_id: extra.customer_id ?? idOf(invoice.customer),
    subscription_id: subscription,
    plan,
    price_id: line.priceId,
    period_start: iso(line.start) as string,
    period_end: iso(line.end) as string,
    invoice_id: str(invoice.id),
    session_id: extra.session_id,
    amount_cents: num(invoice.amount_paid) ?? num(invoice.total),
    currency: str(invoice.currency) ?? 'eur',
    billing_reason: str(invoice.billing_reason) ?? 'subscription_create',
  };
}

export async function actionForEvent(event: StripeEventLike, deps: WebhookDeps): Promise<PaymentAction> {
  const o = obj(event.data.object);
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const paid = o.payment_status === 'paid' || o.payment_status === 'no_payment_required';
      const meta = obj(o.metadata);
      const user = str(meta.user_id) ?? str(o.client_reference_id);
      const customer = idOf(o.customer);
      if (!paid) return { kind: 'ignore', reason: 'not_paid', user_id: user, customer_id: customer };
      if (o.mode === 'payment' && meta.kind === 'credits') {
        // what is granted is the quote the server kept for this session (credits, seller,
        // amount): the metadata's credits and plan decide nothing, and a session paid another
        // amount than its quote, or with no quote at all, grants nothing (apply_payment_event)
        return {
          kind: 'grant_credits',
          user_id: user,
          customer_id: customer,
          reference: String(o.id),
          amount_cents: num(o.amount_total),
          currency: str(o.currency),
          metadata_credits: metaInt(meta.credits),
        };
      }
      if (o.mode === 'subscription') {
        const invoiceId = idOf(o.invoice);
        const invoice = invoiceId ? obj(await deps.invoice(invoiceId)) : {};
        if (invoiceId && Object.keys(invoice).length > 0) {
          return activation(deps.config, invoice, {
            session_id: str(o.id),
            user_id: user,
            customer_id: customer,
          });
        }
        // no invoice to read: the subscription's first period
        const subId = idOf(o.subscription);
        const sub = subId ? obj(await deps.subscription(subId)) : {};
        const item = subscriptionItem(sub);
        const plan = planForPrice(deps.config, item.priceId);
        if (!subId || !plan || item.start === null || item.end === null)
          return { kind: 'ignore', reason: 'no_subscription', user_id: user };
        return {
          kind: 'activate_plan',
          user_id: user,
          customer_id: customer,
          subscription_id: subId,
          plan,
          price_id: item.priceId as string,
          period_start: iso(item.start) as string,
          period_end: iso(item.end) as string,
          invoice_id: null,
          session_id: str(o.id),
          amount_cents: num(o.amount_total),
          currency: str(o.currency) ?? 'eur',
          billing_reason: 'subscription_create',
        };
      }
      return { kind: 'ignore', reason: 'not_ours', user_id: user };
    }
    // a delayed payment (a debit Stripe collects later) that failed: the purchase closes as
    // failed and the seller is told; nothing is granted
    case 'checkout.session.async_payment_failed': {
      const meta = obj(o.metadata);
      const credits = Number(meta.credits);
      return {
        kind: 'checkout_failed',
        user_id: str(meta.user_id) ?? str(o.client_reference_id),
        customer_id: idOf(o.customer),
        session_id: String(o.id),
        purchase: o.mode === 'subscription' || meta.kind === 'plan' ? 'plan' : 'credits',
        plan: str(meta.plan),
        credits: Number.isFinite(credits) && credits > 0 ? credits : null,
        amount_cents: num(o.amount_total),
        currency: str(o.currency) ?? 'eur',
      };
    }
    case 'checkout.session.expired':
      return {
        kind: 'checkout_expired',
        user_id: str(obj(o.metadata).user_id) ?? str(o.client_reference_id),
        customer_id: idOf(o.customer),
        session_id: String(o.id),
      };
    // a paid invoice starts its period: the first one (with the checkout) and every renewal,
    // whose credits are granted only now (never at the period end by the clock); Stripe sends
    // both events for each paid invoice and the database applies the period once
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
      return activation(deps.config, o, { session_id: null, user_id: null, customer_id: null });
    case 'invoice.payment_failed': {
      const subscription = invoiceSubscription(o);
      if (!subscription) return { kind: 'ignore', reason: 'not_a_subscription_invoice' };
      return {
        kind: 'payment_failed',
        user_id: str(invoiceMetadata(o).user_id),
        customer_id: idOf(o.customer),
        subscription_id: subscription,
        invoice_id: String(o.id),
        amount_cents: num(o.amount_due),
        currency: str(o.currency) ?? 'eur',
        attempt_count: num(o.attempt_count),
        price_id: invoicePlanLine(o)?.priceId ?? null,
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed': {
      const id = String(o.id);
      const latest = obj(await deps.subscription(id));
      const sub = Object.keys(latest).length > 0 ? latest : o;
      const item = subscriptionItem(sub);
      const status = str(sub.status) ?? 'active';
      return {
        kind: 'sync_subscription',
        user_id: str(obj(sub.metadata).user_id),
        customer_id: idOf(sub.customer),
        subscription_id: id,
        status,
        cancel_at_period_end:
          sub.cancel_at_period_end === true ||
          (num(sub.cancel_at) !== null && num(sub.cancel_at) === item.end),
        plan: planForPrice(deps.config, item.priceId),
        deleted: status === 'canceled' || status === 'incomplete_expired',
        ended_at: iso(num(sub.ended_at)),
      };
    }
    default:
      return { kind: 'ignore', reason: 'unhandled_type' };
  }
}
