// What the stand-in does with its objects: checkout sessions and what paying one creates
// (customer, subscription with its first paid invoice, or a payment intent), subscription
// changes, cancellation, renewal and failed renewal, each change announced by the events
// Stripe sends for it.
import type { CardOutcome } from './cards.ts';
import {
  addMonths,
  type CheckoutSession,
  type Customer,
  type Invoice,
  type LineItem,
  type Metadata,
  newId,
  nowSeconds,
  type PaymentIntent,
  type Price,
  type Product,
  type StripeEvent,
  type StripeStore,
  type Subscription,
  type SubscriptionItem,
} from './store.ts';
import type { WebhookSender } from './webhooks.ts';

/** The API version the stripe package in node_modules pins; events carry it. */
export const API_VERSION = '2026-10-28.endive';

/** A Stripe API error: answered with this status and {error: {type, code, message, param}}. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type:
      | 'invalid_request_error'
      | 'card_error'
      | 'api_error'
      | 'idempotency_error'
      | 'authentication_error',
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

export const notFound = (object: string, id: string, param = 'id') =>
  new StripeApiError(404, 'invalid_request_error', `No such ${object}: '${id}'`, 'resource_missing', param);

export interface PlanPrice {
  plan: string;
  name: string;
  amountCents: number;
}

export interface RecurringInput {
  interval: 'day' | 'week' | 'month' | 'year';
  interval_count?: number;
}

export interface LineItemInput {
  price?: string;
  price_data?: {
    currency: string;
    unit_amount: number;
    product?: string;
    product_data?: { name: string; description?: string };
    recurring?: RecurringInput;
  };
  quantity: number;
}

export interface SessionInput {
  mode: 'payment' | 'subscription';
  line_items: LineItemInput[];
  success_url: string;
  cancel_url: string | null;
  customer: string | null;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Metadata;
  subscription_metadata: Metadata;
  payment_intent_metadata: Metadata;
  locale: string | null;
  expires_at: number | null;
}

const MIN_AMOUNT = 50;

export class Billing {
  constructor(
    private readonly store: StripeStore,
    private readonly sender: WebhookSender,
    /** the stand-in's public address, e.g. http://localhost:54321/_dev/stripe */
    private readonly base: string,
  ) {}

  private get s() {
    return this.store.state;
  }

  /** event types whose deliveries are lost while `losing` runs ('*' = all) */
  private lost: Set<string> | null = null;

  /**
   * Runs fn with the deliveries of the events it makes of these types lost (recorded, never
   * sent until resent; '*' = every type): the dev API's `lose`, for tests of a webhook that
   * never arrives.
   */
  losing<T>(types: string[], fn: () => T): T {
    if (types.length === 0) return fn();
    this.lost = new Set(types);
    try {
      return fn();
    } finally {
      this.lost = null;
    }
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

  emit(
    type: string,
    object: object,
    previous?: Record<string, unknown>,
    request: { id: string | null; idempotency_key: string | null } = { id: null, idempotency_key: null },
  ): StripeEvent {
    const event: StripeEvent = {
      id: newId('evt', 24),
      object: 'event',
      api_version: API_VERSION,
      created: nowSeconds(),
      data: previous
        ? { object: structuredClone(publicView(object)), previous_attributes: previous }
        : { object: structuredClone(publicView(object)) },
      livemode: false,
      pending_webhooks: 0,
      request,
      type,
    };
    this.s.events[event.id] = event;
    this.sender.send(event, this.lost !== null && (this.lost.has('*') || this.lost.has(type)));
    this.store.changed();
    return event;
  }

  // ----- catalogue -------------------------------------------------------------------

  /** The plans' monthly prices (ids price_drape_<plan>_monthly), as an operator creates them in Stripe. */
  seedPlanPrices(plans: PlanPrice[]) {
    for (const p of plans) {
      const productId = `prod_drape_${p.plan}`;
      const priceId = `price_drape_${p.plan}_monthly`;
      const created = nowSeconds();
      this.s.products[productId] ??= {
        id: productId,
        object: 'product',
        created,
        name: `Drape ${p.name}`,
        description: `${p.name} plan, billed monthly`,
        active: true,
        metadata: { plan: p.plan },
        livemode: false,
      };
      const existing = this.s.prices[priceId];
      if (!existing || existing.unit_amount !== p.amountCents) {
        this.s.prices[priceId] = {
          id: priceId,
          object: 'price',
          created: existing?.created ?? created,
          active: true,
          currency: 'eur',
          unit_amount: p.amountCents,
          unit_amount_decimal: String(p.amountCents),
          product: productId,
          nickname: `${p.name} monthly`,
          lookup_key: `drape_${p.plan}_monthly`,
          recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
          type: 'recurring',
          billing_scheme: 'per_unit',
          tax_behavior: 'unspecified',
          metadata: { plan: p.plan },
          livemode: false,
        };
      }
    }
    this.store.changed();
  }

  createProduct(name: string, description: string | null, metadata: Metadata, active = true): Product {
    const product: Product = {
      id: newId('prod', 14),
      object: 'product',
      created: nowSeconds(),
      name,
      description,
      active,
      metadata,
      livemode: false,
    };
    this.s.products[product.id] = product;
    return product;
  }

  createPrice(input: {
    currency: string;
    unit_amount: number;
    product: string;
    recurring?: RecurringInput;
    nickname?: string | null;
    lookup_key?: string | null;
    metadata?: Metadata;
    active?: boolean;
  }): Price {
    if (!this.s.products[input.product]) throw notFound('product', input.product, 'product');
    if (!Number.isInteger(input.unit_amount) || input.unit_amount < 0)
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'Invalid integer: unit_amount',
        'parameter_invalid_integer',
        'unit_amount',
      );
    const price: Price = {
      id: newId('price', 24),
      object: 'price',
      created: nowSeconds(),
      active: input.active ?? true,
      currency: input.currency.toLowerCase(),
      unit_amount: input.unit_amount,
      unit_amount_decimal: String(input.unit_amount),
      product: input.product,
      nickname: input.nickname ?? null,
      lookup_key: input.lookup_key ?? null,
      recurring: input.recurring
        ? {
            interval: input.recurring.interval,
            interval_count: input.recurring.interval_count ?? 1,
            usage_type: 'licensed',
          }
        : null,
      type: input.recurring ? 'recurring' : 'one_time',
      billing_scheme: 'per_unit',
      tax_behavior: 'unspecified',
      metadata: input.metadata ?? {},
      livemode: false,
    };
    this.s.prices[price.id] = price;
    return price;
  }

  // ----- customers ---------------------------------------------------------------------

  createCustomer(input: {
    email?: string | null;
    name?: string | null;
    metadata?: Metadata;
    preferred_locales?: string[];
  }): Customer {
    const customer: Customer = {
      id: newId('cus', 14),
      object: 'customer',
      created: nowSeconds(),
      email: input.email ?? null,
      name: input.name ?? null,
      metadata: input.metadata ?? {},
      livemode: false,
      currency: null,
      description: null,
      invoice_prefix: newId('x', 8).slice(2).toUpperCase(),
      balance: 0,
      delinquent: false,
      preferred_locales: input.preferred_locales ?? [],
    };
    this.s.customers[customer.id] = customer;
    this.emit('customer.created', customer);
    return customer;
  }

  customer(id: string, param = 'customer'): Customer {
    const c = this.s.customers[id];
    if (!c) throw notFound('customer', id, param);
    return c;
  }

  // ----- checkout sessions ------------------------------------------------------------

  createSession(input: SessionInput): CheckoutSession {
    if (input.customer && input.customer_email) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'You may only specify one of these parameters: customer, customer_email.',
        undefined,
        'customer_email',
      );
    }
    if (input.customer) this.customer(input.customer);
    if (input.line_items.length === 0)
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'Missing required param: line_items.',
        'parameter_missing',
        'line_items',
      );
    const items = input.line_items.map((li, i) => this.lineItem(li, i));
    const currency = items[0].currency;
    if (items.some((li) => li.currency !== currency)) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'All line items must have the same currency.',
        undefined,
        'line_items',
      );
    }
    const recurring = items.filter((li) => li.price.recurring);
    if (input.mode === 'subscription' && recurring.length === 0) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'You must provide at least one recurring price in `subscription` mode when using prices.',
        undefined,
        'line_items',
      );
    }
    if (input.mode === 'payment' && recurring.length > 0) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
        undefined,
        'line_items',
      );
    }
    const total = items.reduce((sum, li) => sum + li.amount_total, 0);
    if (total < MIN_AMOUNT) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `The Checkout Session's total amount due must add up to at least €0.50 ${currency}`,
        'amount_too_small',
        'line_items',
      );
    }
    const created = nowSeconds();
    const expiresAt = input.expires_at ?? created + 24 * 3600;
    if (expiresAt < created + 30 * 60 - 5 || expiresAt > created + 24 * 3600 + 5) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
        undefined,
        'expires_at',
      );
    }
    const id = newId('cs_test_a1', 56);
    const session: CheckoutSession = {
      id,
      object: 'checkout.session',
      created,
      expires_at: expiresAt,
      mode: input.mode,
      status: 'open',
      payment_status: 'unpaid',
      url: `${this.base}/checkout/${id}`,
      success_url: input.success_url,
      cancel_url: input.cancel_url,
      customer: input.customer,
      customer_email: input.customer_email,
      customer_creation: input.mode === 'payment' ? 'if_required' : null,
      customer_details: null,
      client_reference_id: input.client_reference_id,
      currency,
      amount_subtotal: total,
      amount_total: total,
      metadata: input.metadata,
      locale: input.locale,
      payment_intent: null,
      subscription: null,
      invoice: null,
      payment_method_types: ['card'],
      livemode: false,
      ui_mode: 'hosted',
      _line_items: items,
      _subscription_metadata: input.subscription_metadata,
      _payment_intent_metadata: input.payment_intent_metadata,
      _pending_card: null,
    };
    this.s.sessions[id] = session;
    this.store.changed();
    return session;
  }

  private lineItem(input: LineItemInput, i: number): LineItem {
    let price: Price;
    if (input.price) {
      const p = this.s.prices[input.price];
      if (!p) throw notFound('price', input.price, `line_items[${i}][price]`);
      if (!p.active)
        throw new StripeApiError(
          400,
          'invalid_request_error',
          `The price specified is inactive. This field only accepts active prices.`,
          undefined,
          `line_items[${i}][price]`,
        );
      price = p;
    } else if (input.price_data) {
      const d = input.price_data;
      let product = d.product;
      if (!product) {
        if (!d.product_data?.name)
          throw new StripeApiError(
            400,
            'invalid_request_error',
            `Missing required param: line_items[${i}][price_data][product_data][name].`,
            'parameter_missing',
            `line_items[${i}][price_data][product_data][name]`,
          );
        product = this.createProduct(d.product_data.name, d.product_data.description ?? null, {}, false).id;
      }
      price = this.createPrice({
        currency: d.currency,
        unit_amount: d.unit_amount,
        product,
        recurring: d.recurring,
        active: false,
      });
    } else {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `You must specify either \`price\` or \`price_data\` in line_items[${i}].`,
        'parameter_missing',
        `line_items[${i}]`,
      );
    }
    if (!Number.isInteger(input.quantity) || input.quantity < 1) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Missing required param: line_items[${i}][quantity].`,
        'parameter_missing',
        `line_items[${i}][quantity]`,
      );
    }
    const amount = price.unit_amount * input.quantity;
    return {
      id: newId('li', 24),
      object: 'item',
      amount_subtotal: amount,
      amount_total: amount,
      amount_discount: 0,
      amount_tax: 0,
      currency: price.currency,
      description: this.s.products[price.product]?.name ?? '',
      price,
      quantity: input.quantity,
    };
  }

  session(id: string, param = 'session'): CheckoutSession {
    const s = this.s.sessions[id];
    if (!s) throw notFound('checkout.session', id, param);
    if (s.status === 'open' && s.expires_at <= nowSeconds()) this.expireSession(s);
    return s;
  }

  /**
   * Expires every open Checkout Session whose `expires_at` has passed, as Stripe does on its
   * own (24 h after creation unless the session named a shorter time), each with its
   * `checkout.session.expired` event. The stand-in's sweep runs this every minute.
   */
  expireDueSessions(now = nowSeconds()): CheckoutSession[] {
    const due = Object.values(this.s.sessions).filter((x) => x.status === 'open' && x.expires_at <= now);
    return due.map((x) => this.expireSession(x));
  }

  /**
   * Moves an open session's creation and expiry `seconds` into the past (the dev API's test
   * clock for sessions): with seconds ≥ its time left, the next sweep expires it.
   */
  backdateSession(session: CheckoutSession, seconds: number): CheckoutSession {
    session.created -= seconds;
    session.expires_at -= seconds;
    return session;
  }

  expireSession(session: CheckoutSession): CheckoutSession {
    if (session.status !== 'open') {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Only Checkout Sessions with a status in ["open"] can be expired.`,
        undefined,
        'session',
      );
    }
    session.status = 'expired';
    session.url = null;
    session._pending_card = null;
    this.emit('checkout.session.expired', session);
    return session;
  }

  /** Pays an open session with a card that succeeded (or passed authentication). */
  completeSession(
    session: CheckoutSession,
    card: { brand: string; last4: string },
    contact: { email: string | null; name: string | null },
  ) {
    if (session.status !== 'open') return;
    const email =
      contact.email ??
      session.customer_email ??
      (session.customer ? (this.s.customers[session.customer]?.email ?? null) : null);
    session.customer_details = { email, name: contact.name };
    session._pending_card = null;
    if (session.mode === 'subscription') {
      const customer = session.customer
        ? this.customer(session.customer)
        : this.createCustomer({ email, name: contact.name });
      session.customer = customer.id;
      const sub = this.createSubscription(
        customer,
        session._line_items,
        session._subscription_metadata,
        card,
      );
      session.subscription = sub.id;
      session.invoice = sub.latest_invoice;
    } else {
      const pi: PaymentIntent = {
        id: newId('pi', 24),
        object: 'payment_intent',
        created: nowSeconds(),
        amount: session.amount_total,
        amount_received: session.amount_total,
        currency: session.currency,
        customer: session.customer,
        status: 'succeeded',
        metadata: session._payment_intent_metadata,
        payment_method_types: ['card'],
        last_payment_error: null,
        livemode: false,
      };
      if (session.payment_intent) pi.id = session.payment_intent;
      this.s.paymentIntents[pi.id] = pi;
      session.payment_intent = pi.id;
      this.emit('payment_intent.succeeded', pi);
    }
    session.status = 'complete';
    session.payment_status = 'paid';
    session.url = null;
    this.emit('checkout.session.completed', session);
  }

  /** A declined card: the session stays open; a payment-mode session's intent records the failure. */
  declineSession(
    session: CheckoutSession,
    outcome: Extract<CardOutcome, { kind: 'decline' }>,
    message: string,
  ) {
    if (session.mode !== 'payment') return;
    const pi: PaymentIntent = session.payment_intent
      ? this.s.paymentIntents[session.payment_intent]
      : {
          id: newId('pi', 24),
          object: 'payment_intent',
          created: nowSeconds(),
          amount: session.amount_total,
          amount_received: 0,
          currency: session.currency,
          customer: session.customer,
          status: 'requires_payment_method',
          metadata: session._payment_intent_metadata,
          payment_method_types: ['card'],
          last_payment_error: null,
          livemode: false,
        };
    pi.status = 'requires_payment_method';
    pi.last_payment_error = {
      code: outcome.code,
      decline_code: outcome.declineCode,
      message,
      type: 'card_error',
    };
    this.s.paymentIntents[pi.id] = pi;
    session.payment_intent = pi.id;
    this.emit('payment_intent.payment_failed', pi);
  }

  // ----- subscriptions ----------------------------------------------------------------

  private createSubscription(
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
    const invoice = this.newInvoice(sub, customer, 'subscription_create', start, end, start);
    this.payInvoice(invoice);
    sub.latest_invoice = invoice.id;
    this.emit('customer.subscription.created', sub);
    this.emit('invoice.paid', invoice);
    this.emit('invoice.payment_succeeded', invoice);
    return sub;
  }

  subscription(id: string, param = 'id'): Subscription {
    const sub = this.s.subscriptions[id];
    if (!sub) throw notFound('subscription', id, param);
    return sub;
  }

  private newInvoice(
    sub: Subscription,
    customer: Customer,
    reason: Invoice['billing_reason'],
    lineStart: number,
    lineEnd: number,
    created: number,
  ): Invoice {
    const id = newId('in', 24);
    const lines = sub.items.data.map((item) => {
      const product = this.s.products[item.price.product];
      const amount = item.price.unit_amount * item.quantity;
      return {
        id: newId('il', 24),
        object: 'line_item' as const,
        amount,
        currency: item.price.currency,
        description: `${item.quantity} × ${product?.name ?? 'Subscription'} (at ${formatMoney(item.price.unit_amount, item.price.currency)} / ${item.price.recurring?.interval ?? 'month'})`,
        invoice: id,
        livemode: false as const,
        metadata: {},
        period: { start: lineStart, end: lineEnd },
        pricing: {
          type: 'price_details' as const,
          price_details: { price: item.price.id, product: item.price.product },
          unit_amount_decimal: String(item.price.unit_amount),
        },
        quantity: item.quantity,
        subtotal: amount,
        subscription: sub.id,
        parent: {
          type: 'subscription_item_details' as const,
          subscription_item_details: {
            subscription: sub.id,
            subscription_item: item.id,
            proration: false as const,
            invoice_item: null,
          },
          invoice_item_details: null,
        },
      };
    });
    const total = lines.reduce((sum, l) => sum + l.amount, 0);
    const invoice: Invoice = {
      id,
      object: 'invoice',
      created,
      customer: customer.id,
      customer_email: customer.email,
      currency: sub.currency,
      status: 'open',
      billing_reason: reason,
      amount_due: total,
      amount_paid: 0,
      amount_remaining: total,
      subtotal: total,
      total,
      attempt_count: 0,
      attempted: false,
      number: this.store.nextInvoiceNumber(customer),
      period_start: reason === 'subscription_create' ? created : lineStart - (lineEnd - lineStart),
      period_end: reason === 'subscription_create' ? created : lineStart,
      lines: {
        object: 'list',
        data: lines,
        has_more: false,
        total_count: lines.length,
        url: `/v1/invoices/${id}/lines`,
      },
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: sub.id, metadata: { ...sub.metadata } },
        quote_details: null,
      },
      status_transitions: { paid_at: null, finalized_at: created },
      hosted_invoice_url: `${this.base}/invoices/${id}`,
      livemode: false,
      metadata: {},
      next_payment_attempt: null,
    };
    this.s.invoices[id] = invoice;
    return invoice;
  }

  private payInvoice(invoice: Invoice) {
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.attempt_count += 1;
    invoice.attempted = true;
    invoice.next_payment_attempt = null;
    invoice.status_transitions.paid_at = nowSeconds();
  }

  /** POST /v1/subscriptions/:id — cancel_at_period_end, items (price changes), metadata. */
  updateSubscription(
    sub: Subscription,
    change: {
      cancel_at_period_end?: boolean;
      items?: { id?: string; price?: string }[];
      metadata?: Metadata;
    },
    request?: { id: string | null; idempotency_key: string | null },
  ): Subscription {
    if (sub.status === 'canceled') {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'A canceled subscription can only update its cancellation_details and metadata.',
        undefined,
        undefined,
      );
    }
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
        if (!price.recurring)
          throw new StripeApiError(
            400,
            'invalid_request_error',
            'The price specified is not recurring.',
            undefined,
            `items[${i}][price]`,
          );
        if (!item)
          throw new StripeApiError(
            400,
            'invalid_request_error',
            'The stand-in changes existing items only: pass items[0][id].',
            undefined,
            `items[${i}][id]`,
          );
        item.price = price;
      }
      previous.items = before;
    }
    if (change.metadata) {
      previous.metadata = sub.metadata;
      sub.metadata = change.metadata;
    }
    if (Object.keys(previous).length > 0) this.emit('customer.subscription.updated', sub, previous, request);
    this.store.changed();
    return sub;
  }

  /** DELETE /v1/subscriptions/:id — ends it now (or, from renew(), at the period end). */
  cancelSubscription(
    sub: Subscription,
    at = nowSeconds(),
    request?: { id: string | null; idempotency_key: string | null },
  ): Subscription {
    if (sub.status === 'canceled') {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `No such subscription: '${sub.id}'`,
        'resource_missing',
        'id',
      );
    }
    sub.status = 'canceled';
    sub.ended_at = at;
    sub.canceled_at ??= at;
    sub.cancellation_details ??= { comment: null, feedback: null, reason: 'cancellation_requested' };
    sub.cancellation_details.reason ??= 'cancellation_requested';
    this.emit('customer.subscription.deleted', sub, undefined, request);
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
    const customer = this.customer(sub.customer);
    const start = item.current_period_end;
    const k = monthsBetween(sub.billing_cycle_anchor, start);
    const end = periodEnd(item.price, sub.billing_cycle_anchor, start, k + 1);
    const before = structuredClone(sub.items);
    for (const it of sub.items.data) {
      it.current_period_start = start;
      it.current_period_end = end;
    }
    const invoice = this.newInvoice(sub, customer, 'subscription_cycle', start, end, nowSeconds());
    sub.latest_invoice = invoice.id;
    this.emit('customer.subscription.updated', sub, { items: before });
    invoice.status = 'draft';
    this.emit('invoice.created', invoice);
    invoice.status = 'open';
    this.emit('invoice.finalized', invoice);
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
    if (sub.status === 'canceled')
      throw new StripeApiError(400, 'invalid_request_error', 'This subscription has ended.', undefined, 'id');
    const item = sub.items.data[0];
    if (sub.cancel_at_period_end) return this.cancelSubscription(sub, item.current_period_end);
    const invoice = this.startNextPeriod(sub);
    this.payInvoice(invoice);
    const previousStatus = sub.status;
    sub.status = 'active';
    this.emit('invoice.paid', invoice);
    this.emit('invoice.payment_succeeded', invoice);
    if (previousStatus !== 'active')
      this.emit('customer.subscription.updated', sub, { status: previousStatus });
    return sub;
  }

  /**
   * A renewal whose payment fails: the next period starts as at every renewal (Stripe moves
   * the period whether or not it collects), its invoice stays open, and the subscription is
   * past due — invoice.payment_failed, then customer.subscription.updated (status).
   */
  failRenewal(sub: Subscription): Subscription {
    if (sub.status === 'canceled')
      throw new StripeApiError(400, 'invalid_request_error', 'This subscription has ended.', undefined, 'id');
    const invoice = this.startNextPeriod(sub);
    invoice.attempt_count += 1;
    invoice.attempted = true;
    invoice.next_payment_attempt = nowSeconds() + 3 * 24 * 3600;
    const previousStatus = sub.status;
    sub.status = 'past_due';
    this.emit('invoice.payment_failed', invoice);
    if (previousStatus !== 'past_due')
      this.emit('customer.subscription.updated', sub, { status: previousStatus });
    return sub;
  }
}

/** The end of period k (k ≥ 1) counted from the anchor, for the price's interval. */
function periodEnd(price: Price, anchor: number, start: number, k: number): number {
  const r = price.recurring ?? { interval: 'month' as const, interval_count: 1 };
  if (r.interval === 'month') return addMonths(anchor, k * r.interval_count);
  if (r.interval === 'year') return addMonths(anchor, 12 * k * r.interval_count);
  const seconds = (r.interval === 'week' ? 7 : 1) * 86400 * r.interval_count;
  return start + seconds;
}

/** Whole months from anchor to t (t on a period boundary). */
function monthsBetween(anchor: number, t: number): number {
  let k = 0;
  while (addMonths(anchor, k + 1) <= t && k < 1200) k++;
  return k;
}

export function formatMoney(cents: number, currency: string): string {
  const symbol = currency === 'eur' ? '€' : currency === 'usd' ? '$' : `${currency.toUpperCase()} `;
  return `${symbol}${(cents / 100).toFixed(2)}`;
}

/** An object as the API shows it: without the stand-in's own `_` fields. */
export function publicView<T extends object>(o: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (!k.startsWith('_')) out[k] = v;
  return out as T;
}
