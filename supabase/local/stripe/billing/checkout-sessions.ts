// Checkout Sessions: made by the API, paid on the hosted page (which makes the customer and
// subscription with its paid invoice, or a succeeded payment intent), declined, or expired
// (by the API, or when expires_at passes — 24 h by default, as at Stripe).
import type { CardOutcome } from '../cards.ts';
import { invalid, notFound } from '../errors.ts';
import {
  type CheckoutSession,
  type LineItem,
  type Metadata,
  newId,
  nowSeconds,
  type PaymentIntent,
  type Price,
  type StripeStore,
} from '../store.ts';
import type { Catalogue, RecurringInput } from './catalogue.ts';
import type { Customers } from './customers.ts';
import type { EventLog } from './events.ts';
import type { Subscriptions } from './subscriptions.ts';

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

/** Stripe's smallest charge (€0.50). */
const MIN_AMOUNT = 50;

export class CheckoutSessions {
  constructor(
    private readonly store: StripeStore,
    private readonly events: EventLog,
    private readonly catalogue: Catalogue,
    private readonly customers: Customers,
    private readonly subscriptions: Subscriptions,
    /** the stand-in's public address, for the session's url */
    private readonly base: string,
  ) {}

  private get s() {
    return this.store.state;
  }

  create(input: SessionInput): CheckoutSession {
    if (input.customer && input.customer_email)
      throw invalid(
        'You may only specify one of these parameters: customer, customer_email.',
        'customer_email',
      );
    if (input.customer) this.customers.get(input.customer);
    if (input.line_items.length === 0)
      throw invalid('Missing required param: line_items.', 'line_items', 'parameter_missing');
    const items = input.line_items.map((li, i) => this.lineItem(li, i));
    const currency = items[0].currency;
    if (items.some((li) => li.currency !== currency))
      throw invalid('All line items must have the same currency.', 'line_items');
    const recurring = items.filter((li) => li.price.recurring);
    if (input.mode === 'subscription' && recurring.length === 0)
      throw invalid(
        'You must provide at least one recurring price in `subscription` mode when using prices.',
        'line_items',
      );
    if (input.mode === 'payment' && recurring.length > 0)
      throw invalid(
        'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
        'line_items',
      );
    const total = items.reduce((sum, li) => sum + li.amount_total, 0);
    if (total < MIN_AMOUNT)
      throw invalid(
        `The Checkout Session's total amount due must add up to at least €0.50 ${currency}`,
        'line_items',
        'amount_too_small',
      );
    const created = nowSeconds();
    const expiresAt = input.expires_at ?? created + 24 * 3600;
    if (expiresAt < created + 30 * 60 - 5 || expiresAt > created + 24 * 3600 + 5)
      throw invalid(
        'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
        'expires_at',
      );
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
      price = this.catalogue.price(input.price, `line_items[${i}][price]`);
      if (!price.active)
        throw invalid(
          `The price specified is inactive. This field only accepts active prices.`,
          `line_items[${i}][price]`,
        );
    } else if (input.price_data) {
      const d = input.price_data;
      let product = d.product;
      if (!product) {
        const param = `line_items[${i}][price_data][product_data][name]`;
        if (!d.product_data?.name)
          throw invalid(`Missing required param: ${param}.`, param, 'parameter_missing');
        product = this.catalogue.createProduct(
          d.product_data.name,
          d.product_data.description ?? null,
          {},
          false,
        ).id;
      }
      price = this.catalogue.createPrice({
        currency: d.currency,
        unit_amount: d.unit_amount,
        product,
        recurring: d.recurring,
        active: false,
      });
    } else {
      throw invalid(
        `You must specify either \`price\` or \`price_data\` in line_items[${i}].`,
        `line_items[${i}]`,
        'parameter_missing',
      );
    }
    if (!Number.isInteger(input.quantity) || input.quantity < 1) {
      const param = `line_items[${i}][quantity]`;
      throw invalid(`Missing required param: ${param}.`, param, 'parameter_missing');
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

  /** The session; an open one whose expires_at has passed is expired first. */
  get(id: string, param = 'session'): CheckoutSession {
    const s = this.s.sessions[id];
    if (!s) throw notFound('checkout.session', id, param);
    if (s.status === 'open' && s.expires_at <= nowSeconds()) this.expire(s);
    return s;
  }

  /**
   * Expires every open session whose `expires_at` has passed, as Stripe does on its own (24 h
   * after creation unless the session named a shorter time), each with its
   * `checkout.session.expired` event. The stand-in's sweep runs this every minute.
   */
  expireDue(now = nowSeconds()): CheckoutSession[] {
    const due = Object.values(this.s.sessions).filter((x) => x.status === 'open' && x.expires_at <= now);
    return due.map((x) => this.expire(x));
  }

  /**
   * Moves an open session's creation and expiry `seconds` into the past (the dev API's test
   * clock for sessions): with seconds ≥ its time left, the next sweep expires it.
   */
  backdate(session: CheckoutSession, seconds: number): CheckoutSession {
    session.created -= seconds;
    session.expires_at -= seconds;
    return session;
  }

  expire(session: CheckoutSession): CheckoutSession {
    if (session.status !== 'open')
      throw invalid(`Only Checkout Sessions with a status in ["open"] can be expired.`, 'session');
    session.status = 'expired';
    session.url = null;
    session._pending_card = null;
    this.events.emit('checkout.session.expired', session);
    return session;
  }

  /** Pays an open session with a card that succeeded (or passed authentication). */
  complete(
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
        ? this.customers.get(session.customer)
        : this.customers.create({ email, name: contact.name });
      session.customer = customer.id;
      const sub = this.subscriptions.create(
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
      this.events.emit('payment_intent.succeeded', pi);
    }
    session.status = 'complete';
    session.payment_status = 'paid';
    session.url = null;
    this.events.emit('checkout.session.completed', session);
  }

  /**
   * A delayed payment method (a bank debit) in payment mode: the seller finishes the checkout
   * (checkout.session.completed with payment_status 'unpaid'), and days later Stripe learns
   * the outcome — checkout.session.async_payment_succeeded (paid, its payment intent
   * succeeded) or checkout.session.async_payment_failed (nothing paid). The dev API's way to
   * make what cards cannot.
   */
  delayedPayment(session: CheckoutSession, result: 'succeeded' | 'failed') {
    if (session.mode !== 'payment')
      throw invalid('The stand-in makes delayed payments in payment mode only.', 'session');
    if (session.status !== 'open') throw invalid('Only an open Checkout Session can be paid.', 'session');
    session.status = 'complete';
    session.payment_status = 'unpaid';
    session.url = null;
    this.events.emit('checkout.session.completed', session);
    if (result === 'succeeded') {
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
        payment_method_types: ['sepa_debit'],
        last_payment_error: null,
        livemode: false,
      };
      this.s.paymentIntents[pi.id] = pi;
      session.payment_intent = pi.id;
      session.payment_status = 'paid';
      this.events.emit('payment_intent.succeeded', pi);
      this.events.emit('checkout.session.async_payment_succeeded', session);
    } else {
      this.events.emit('checkout.session.async_payment_failed', session);
    }
    return session;
  }

  /** A declined card: the session stays open; a payment-mode session's intent records the failure. */
  decline(session: CheckoutSession, outcome: Extract<CardOutcome, { kind: 'decline' }>, message: string) {
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
    this.events.emit('payment_intent.payment_failed', pi);
  }
}
