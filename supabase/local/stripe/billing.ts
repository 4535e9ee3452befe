// What the stand-in does with its objects, one module per Stripe resource (billing/):
// catalogue (products, prices), customers, checkout sessions (and what paying one makes),
// subscriptions (changes, cancellation, renewal, failed renewal), invoices; every change
// announced by the events Stripe sends for it (billing/events.ts).
import type { StripeStore } from './store.ts';
import { Catalogue } from './billing/catalogue.ts';
import { CheckoutSessions } from './billing/checkout-sessions.ts';
import { Customers } from './billing/customers.ts';
import { EventLog } from './billing/events.ts';
import { Invoices } from './billing/invoices.ts';
import { Subscriptions } from './billing/subscriptions.ts';
import type { WebhookSender } from './webhooks.ts';

export { API_VERSION } from './billing/events.ts';
export { formatMoney } from './billing/periods.ts';

export class Billing {
  readonly events: EventLog;
  readonly catalogue: Catalogue;
  readonly customers: Customers;
  readonly invoices: Invoices;
  readonly subscriptions: Subscriptions;
  readonly sessions: CheckoutSessions;

  constructor(
    store: StripeStore,
    sender: WebhookSender,
    /** the stand-in's public address, e.g. http://localhost:54321/_dev/stripe */
    base: string,
  ) {
    this.events = new EventLog(store, sender);
    this.catalogue = new Catalogue(store);
    this.customers = new Customers(store, this.events);
    this.invoices = new Invoices(store, base);
    this.subscriptions = new Subscriptions(store, this.events, this.customers, this.invoices);
    this.sessions = new CheckoutSessions(
      store,
      this.events,
      this.catalogue,
      this.customers,
      this.subscriptions,
      base,
    );
  }
}
