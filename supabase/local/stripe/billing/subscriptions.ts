// Subscriptions: made by paying a subscription checkout (with their first paid invoice),
// changed (cancel at period end and back, an item's price without proration, metadata),
// cancelled now, renewed or failing to renew at the period end (the dev API's test clock),
// and moved into the past (`backdate`).
import { invalid, notFound } from '../errors.ts';
import {
  addMonths,
  type Customer,
  type Invoice,
  type LineItem,
  type Metadata,
  newId,
  nowSeconds,
  type StripeStore,
  type Subscription,
  type SubscriptionItem,
} from '../store.ts';
import type { Customers } from './customers.ts';
import type { EventLog, RequestRef } from './events.ts';
import type { Invoices } from './invoices.ts';
import { monthsBetween, periodEnd } from './periods.ts';

export interface SubscriptionChange {
  cancel_at_period_end?: boolean;
  items?: { id?: string; price?: string }[];
  metadata?: Metadata;
}

export class Subscriptions {
  constructor(
    private readonly store: StripeStore,
    private readonly events: EventLog,
    private readonly customers: Customers,
    private readonly invoices: Invoices,
  ) {}

  private get s() {
    return this.store.state;
  }

  get(id: string, param = 'id'): Subscription {
    const sub = this.s.subscriptions[id];
    if (!sub) throw notFound('subscription', id, param);
    return sub;
  }

  /** A paid subscription checkout's subscription: one item per recurring line, its first invoice paid. */
  create(
    customer: Customer,
    lines: LineItem[],
    metadata: Metadata,
    card: { brand: string; last4: string },
  ): Subscription {
    const start = nowSeconds();
    const id = newId('sub', 24);
    const recurring = lines.filter((li) => li.price.recurring);
    const end = periodEnd(recurring[0].price, start, start, 1);
    const items: SubscriptionItem[] = recurring.map((li) => ({
      id: newId('si', 14),
      object: 'subscription_item',
      created: start,
      current_period_start: start,
      current_period_end: end,
      metadata: {},
      price: li.price,
      quantity: li.quantity,
      subscription: id,
      discounts: [],
      tax_rates: [],
    }));
    const sub: Subscription = {
      id,
      object: 'subscription',
      created: start,
      customer: customer.id,
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      billing_cycle_anchor: start,
      start_date: start,
      currency: lines[0].currency,
      collection_method: 'charge_automatically',
      items: {
        object: 'list',
        data: items,
        has_more: false,
        total_count: items.length,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      latest_invoice: null,
      default_payment_method: `pm_${card.brand}_${card.last4}`,
      description: null,
      discounts: [],
      metadata,
      livemode: false,
      pending_update: null,
      schedule: null,
      test_clock: null,
      trial_end: null,
      trial_start: null,
    };
    this.s.subscriptions[id] = sub;
    const invoice = this.invoices.create(sub, customer, 'subscription_create', start, end, start);
    this.invoices.pay(invoice);
    sub.latest_invoice = invoice.id;
    this.events.emit('customer.subscription.created', sub);
    this.events.emit('invoice.paid', invoice);
    this.events.emit('invoice.payment_succeeded', invoice);
    return sub;
  }

  /** POST /v1/subscriptions/:id — cancel_at_period_end, items (price changes), metadata. */
  update(sub: Subscription, change: SubscriptionChange, request?: RequestRef): Subscription {
    if (sub.status === 'canceled')
      throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
    const previous: Record<string, unknown> = {};
    if (
      change.cancel_at_period_end !== undefined &&
      change.cancel_at_period_end !== sub.cancel_at_period_end
    ) {
      Object.assign(previous, {
        cancel_at_period_end: sub.cancel_at_period_end,
        cancel_at: sub.cancel_at,
        canceled_at: sub.canceled_at,
        cancellation_details: sub.cancellation_details,
      });
      sub.cancel_at_period_end = change.cancel_at_period_end;
      sub.cancel_at = change.cancel_at_period_end ? sub.items.data[0].current_period_end : null;
      sub.canceled_at = change.cancel_at_period_end ? nowSeconds() : null;
      sub.cancellation_details = {
        comment: null,
        feedback: null,
        reason: change.cancel_at_period_end ? 'cancellation_requested' : null,
      };
    }
    if (change.items?.length) {
      const before = structuredClone(sub.items);
      for (const [i, itemChange] of change.items.entries()) {
        const item = itemChange.id ? sub.items.data.find((x) => x.id === itemChange.id) : undefined;
        if (itemChange.id && !item) throw notFound('subscription_item', itemChange.id, `items[${i}][id]`);
        if (!itemChange.price) continue;
        const price = this.s.prices[itemChange.price];
        if (!price) throw notFound('price', itemChange.price, `items[${i}][price]`);
        if (!price.recurring) throw invalid('The price specified is not recurring.', `items[${i}][price]`);
        if (!item)
          throw invalid('The stand-in changes existing items only: pass items[0][id].', `items[${i}][id]`);
        item.price = price;
      }
      previous.items = before;
    }
    if (change.metadata) {
      previous.metadata = sub.metadata;
      sub.metadata = change.metadata;
    }
    if (Object.keys(previous).length > 0)
      this.events.emit('customer.subscription.updated', sub, previous, request);
    this.store.changed();
    return sub;
  }

  /** DELETE /v1/subscriptions/:id — ends it now (or, from renew(), at the period end). */
  cancel(sub: Subscription, at = nowSeconds(), request?: RequestRef): Subscription {
    if (sub.status === 'canceled')
      throw invalid(`No such subscription: '${sub.id}'`, 'id', 'resource_missing');
    sub.status = 'canceled';
    sub.ended_at = at;
    sub.canceled_at ??= at;
    sub.cancellation_details ??= { comment: null, feedback: null, reason: 'cancellation_requested' };
    sub.cancellation_details.reason ??= 'cancellation_requested';
    this.events.emit('customer.subscription.deleted', sub, undefined, request);
    this.store.changed();
    return sub;
  }

  /**
   * The period end as Stripe handles it for a subscription charged automatically: the next
   * period starts (its items' periods move: customer.subscription.updated) and its invoice is
   * made (invoice.created, then invoice.finalized); only then is it collected. A renewal whose
   * payment failed has started its period already: its open invoice is the one to collect.
   */
  private startNextPeriod(sub: Subscription): Invoice {
    const existing = sub.latest_invoice ? this.s.invoices[sub.latest_invoice] : undefined;
    if (existing && existing.status === 'open' && existing.billing_reason === 'subscription_cycle')
      return existing;
    const item = sub.items.data[0];
    const customer = this.customers.get(sub.customer);
    const start = item.current_period_end;
    const k = monthsBetween(sub.billing_cycle_anchor, start);
    const end = periodEnd(item.price, sub.billing_cycle_anchor, start, k + 1);
    const before = structuredClone(sub.items);
    for (const it of sub.items.data) {
      it.current_period_start = start;
      it.current_period_end = end;
    }
    const invoice = this.invoices.create(sub, customer, 'subscription_cycle', start, end, nowSeconds());
    sub.latest_invoice = invoice.id;
    this.events.emit('customer.subscription.updated', sub, { items: before });
    invoice.status = 'draft';
    this.events.emit('invoice.created', invoice);
    invoice.status = 'open';
    this.events.emit('invoice.finalized', invoice);
    return invoice;
  }

  /**
   * The end of the current period, as if the clock got there (the dev API's stand-in for
   * Stripe's test clocks): a cancelled-at-period-end subscription ends; otherwise the next
   * period starts and its invoice is paid (an open, failed one is paid now) — in Stripe's
   * order: customer.subscription.updated, invoice.created, invoice.finalized, invoice.paid,
   * invoice.payment_succeeded (and customer.subscription.updated again when a past-due
   * subscription becomes active).
   */
  renew(sub: Subscription): Subscription {
    if (sub.status === 'canceled') throw invalid('This subscription has ended.', 'id');
    const item = sub.items.data[0];
    if (sub.cancel_at_period_end) return this.cancel(sub, item.current_period_end);
    const invoice = this.startNextPeriod(sub);
    this.invoices.pay(invoice);
    const previousStatus = sub.status;
    sub.status = 'active';
    this.events.emit('invoice.paid', invoice);
    this.events.emit('invoice.payment_succeeded', invoice);
    if (previousStatus !== 'active')
      this.events.emit('customer.subscription.updated', sub, { status: previousStatus });
    return sub;
  }

  /**
   * A renewal whose payment fails: the next period starts as at every renewal (Stripe moves
   * the period whether or not it collects), its invoice stays open, and the subscription is
   * past due — invoice.payment_failed, then customer.subscription.updated (status).
   */
  failRenewal(sub: Subscription): Subscription {
    if (sub.status === 'canceled') throw invalid('This subscription has ended.', 'id');
    const invoice = this.startNextPeriod(sub);
    this.invoices.failAttempt(invoice);
    const previousStatus = sub.status;
    sub.status = 'past_due';
    this.events.emit('invoice.payment_failed', invoice);
    if (previousStatus !== 'past_due')
      this.events.emit('customer.subscription.updated', sub, { status: previousStatus });
    return sub;
  }

  /**
   * Moves a subscription and its invoices into the past, as if it had been bought `months`
   * calendar months and `seconds` seconds earlier (the dev API's stand-in for a test clock):
   * created, start, anchor, periods, cancel_at and the invoices' dates. No event is sent.
   */
  backdate(sub: Subscription, months: number, seconds: number): Subscription {
    const back = (t: number) => addMonths(t, -months, t) - seconds;
    const backOrNull = (t: number | null) => (t === null ? null : back(t));
    sub.created = back(sub.created);
    sub.start_date = back(sub.start_date);
    sub.billing_cycle_anchor = back(sub.billing_cycle_anchor);
    sub.cancel_at = backOrNull(sub.cancel_at);
    for (const item of sub.items.data) {
      item.created = back(item.created);
      item.current_period_start = back(item.current_period_start);
      item.current_period_end = back(item.current_period_end);
    }
    for (const inv of Object.values(this.s.invoices)) {
      if (inv.parent?.subscription_details.subscription !== sub.id) continue;
      inv.created = back(inv.created);
      inv.period_start = back(inv.period_start);
      inv.period_end = back(inv.period_end);
      inv.status_transitions.paid_at = backOrNull(inv.status_transitions.paid_at);
      inv.status_transitions.finalized_at = backOrNull(inv.status_transitions.finalized_at);
      for (const line of inv.lines.data)
        line.period = { start: back(line.period.start), end: back(line.period.end) };
    }
    this.store.changed();
    return sub;
  }
}
