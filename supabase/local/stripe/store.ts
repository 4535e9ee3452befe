// The stand-in's objects, in Stripe's shapes (API version of the stripe package in
// node_modules), kept in memory and written to {DATA_DIR}/stripe/state.json, so customers,
// subscriptions and sessions survive a restart like the database rows that name them.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export type Metadata = Record<string, string>;

export interface Customer {
  id: string;
  object: 'customer';
  created: number;
  email: string | null;
  name: string | null;
  metadata: Metadata;
  livemode: false;
  currency: string | null;
  description: string | null;
  invoice_prefix: string;
  balance: number;
  delinquent: boolean;
  preferred_locales: string[];
}

export interface Product {
  id: string;
  object: 'product';
  created: number;
  name: string;
  description: string | null;
  active: boolean;
  metadata: Metadata;
  livemode: false;
}

export interface Price {
  id: string;
  object: 'price';
  created: number;
  active: boolean;
  currency: string;
  unit_amount: number;
  unit_amount_decimal: string;
  product: string;
  nickname: string | null;
  lookup_key: string | null;
  recurring: {
    interval: 'day' | 'week' | 'month' | 'year';
    interval_count: number;
    usage_type: 'licensed';
  } | null;
  type: 'one_time' | 'recurring';
  billing_scheme: 'per_unit';
  tax_behavior: 'unspecified';
  metadata: Metadata;
  livemode: false;
}

export interface LineItem {
  id: string;
  object: 'item';
  amount_subtotal: number;
  amount_total: number;
  amount_discount: number;
  amount_tax: number;
  currency: string;
  description: string;
  price: Price;
  quantity: number;
}

export interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  created: number;
  expires_at: number;
  mode: 'payment' | 'subscription' | 'setup';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  url: string | null;
  success_url: string | null;
  cancel_url: string | null;
  customer: string | null;
  customer_email: string | null;
  customer_creation: 'always' | 'if_required' | null;
  customer_details: { email: string | null; name: string | null } | null;
  client_reference_id: string | null;
  currency: string;
  amount_subtotal: number;
  amount_total: number;
  metadata: Metadata;
  locale: string | null;
  payment_intent: string | null;
  subscription: string | null;
  invoice: string | null;
  payment_method_types: string[];
  livemode: false;
  ui_mode: 'hosted';
  /** not in Stripe's object: the stand-in's own bookkeeping, never sent */
  _line_items: LineItem[];
  _subscription_metadata: Metadata;
  _payment_intent_metadata: Metadata;
  _pending_card: {
    brand: string;
    last4: string;
    expMonth: number;
    expYear: number;
    email: string | null;
    name: string | null;
  } | null;
}

export interface SubscriptionItem {
  id: string;
  object: 'subscription_item';
  created: number;
  current_period_start: number;
  current_period_end: number;
  metadata: Metadata;
  price: Price;
  quantity: number;
  subscription: string;
  discounts: string[];
  tax_rates: [];
}

export interface Subscription {
  id: string;
  object: 'subscription';
  created: number;
  customer: string;
  status: 'active' | 'past_due' | 'canceled' | 'incomplete' | 'unpaid' | 'trialing';
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  cancellation_details: { comment: string | null; feedback: string | null; reason: string | null } | null;
  billing_cycle_anchor: number;
  start_date: number;
  currency: string;
  collection_method: 'charge_automatically';
  items: { object: 'list'; data: SubscriptionItem[]; has_more: false; total_count: number; url: string };
  latest_invoice: string | null;
  default_payment_method: string | null;
  description: string | null;
  discounts: string[];
  metadata: Metadata;
  livemode: false;
  pending_update: null;
  schedule: null;
  test_clock: null;
  trial_end: null;
  trial_start: null;
}

export interface InvoiceLine {
  id: string;
  object: 'line_item';
  amount: number;
  currency: string;
  description: string;
  invoice: string;
  livemode: false;
  metadata: Metadata;
  period: { start: number; end: number };
  pricing: {
    type: 'price_details';
    price_details: { price: string; product: string };
    unit_amount_decimal: string;
  };
  quantity: number;
  subtotal: number;
  subscription: string | null;
  parent: {
    type: 'subscription_item_details';
    subscription_item_details: {
      subscription: string;
      subscription_item: string;
      proration: false;
      invoice_item: null;
    };
    invoice_item_details: null;
  } | null;
}

export interface Invoice {
  id: string;
  object: 'invoice';
  created: number;
  customer: string;
  customer_email: string | null;
  currency: string;
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
  billing_reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update' | 'manual';
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  subtotal: number;
  total: number;
  attempt_count: number;
  attempted: boolean;
  number: string;
  period_start: number;
  period_end: number;
  lines: { object: 'list'; data: InvoiceLine[]; has_more: false; total_count: number; url: string };
  parent: {
    type: 'subscription_details';
    subscription_details: { subscription: string; metadata: Metadata };
    quote_details: null;
  } | null;
  status_transitions: { paid_at: number | null; finalized_at: number | null };
  hosted_invoice_url: string | null;
  livemode: false;
  metadata: Metadata;
  next_payment_attempt: number | null;
}

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  created: number;
  amount: number;
  amount_received: number;
  currency: string;
  customer: string | null;
  status: 'succeeded' | 'requires_payment_method';
  metadata: Metadata;
  payment_method_types: string[];
  last_payment_error: { code: string; decline_code: string; message: string; type: 'card_error' } | null;
  livemode: false;
}

export interface PortalSession {
  id: string;
  object: 'billing_portal.session';
  created: number;
  customer: string;
  return_url: string | null;
  url: string;
  locale: string | null;
  livemode: false;
  configuration: string;
  flow: null;
  on_behalf_of: null;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: object; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

export interface Delivery {
  attempts: { at: number; status: number | null; error: string | null }[];
  /** lost: never sent, on purpose (the dev API's `lose`), until resent */
  state: 'pending' | 'delivered' | 'failed' | 'off' | 'lost';
}

interface State {
  customers: Record<string, Customer>;
  products: Record<string, Product>;
  prices: Record<string, Price>;
  sessions: Record<string, CheckoutSession>;
  subscriptions: Record<string, Subscription>;
  invoices: Record<string, Invoice>;
  paymentIntents: Record<string, PaymentIntent>;
  portalSessions: Record<string, PortalSession>;
  events: Record<string, StripeEvent>;
  deliveries: Record<string, Delivery>;
  idempotency: Record<string, { at: number; fingerprint: string; status: number; body: string }>;
  invoiceSeq: number;
}

const emptyState = (): State => ({
  customers: {},
  products: {},
  prices: {},
  sessions: {},
  subscriptions: {},
  invoices: {},
  paymentIntents: {},
  portalSessions: {},
  events: {},
  deliveries: {},
  idempotency: {},
  invoiceSeq: 0,
});

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Stripe-like ids: `cus_` + 14 characters, `cs_test_` + 58, `evt_` + 24 … */
export function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[bytes[i] % ALPHABET.length];
  return `${prefix}_${out}`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export class StripeStore {
  state: State;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly file: string | null;

  constructor(dir: string | null) {
    this.file = dir ? path.join(dir, 'state.json') : null;
    this.state = emptyState();
    if (this.file) {
      mkdirSync(path.dirname(this.file), { recursive: true });
      try {
        this.state = { ...emptyState(), ...(JSON.parse(readFileSync(this.file, 'utf8')) as Partial<State>) };
      } catch {
        // no state yet (or unreadable): start empty
      }
    }
  }

  /** Writes the state soon (changes in one request are written together). */
  changed() {
    if (!this.file || this.timer || this.closed) return;
    this.timer = setTimeout(() => this.flush(), 50);
    this.timer.unref();
  }

  flush() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.file) return;
    const tmp = `${this.file}.${process.pid}.tmp`;
    try {
      writeFileSync(tmp, JSON.stringify(this.state));
      renameSync(tmp, this.file);
    } catch (err) {
      // the data folder went away (a test's, removed after it stopped): nothing to keep
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }

  /** The last write; later changes are not written. */
  close() {
    this.flush();
    this.closed = true;
  }

  nextInvoiceNumber(customer: Customer): string {
    this.state.invoiceSeq += 1;
    return `${customer.invoice_prefix}-${String(this.state.invoiceSeq).padStart(4, '0')}`;
  }
}

/** start + n calendar months in UTC, the day clamped to the month's length (Jan 31 → Feb 28). */
export function addMonths(startSeconds: number, months: number, anchorSeconds = startSeconds): number {
  const s = new Date(startSeconds * 1000);
  const anchorDay = new Date(anchorSeconds * 1000).getUTCDate();
  const y = s.getUTCFullYear();
  const m = s.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const d = new Date(
    Date.UTC(y, m, Math.min(anchorDay, lastDay), s.getUTCHours(), s.getUTCMinutes(), s.getUTCSeconds()),
  );
  return Math.floor(d.getTime() / 1000);
}
