// The stand-in's dev tools for tests of a webhook that never arrives: `losing` (deliveries
// recorded, never sent until resent) and `backdate` (a subscription moved into the past).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Billing } from './billing.ts';
import { addMonths, type Invoice, StripeStore } from './store.ts';
import { WebhookSender } from './webhooks.ts';

function standIn() {
  const store = new StripeStore(null);
  const posted: string[] = [];
  const sender = new WebhookSender(store, {
    endpoint: () => 'http://hook.test/stripe-webhook',
    secret: () => 'whsec_test',
    backoffMs: [1],
    log: () => {},
    fetch: async (_url, init) => {
      posted.push(JSON.parse(String(init?.body)).type);
      return new Response('{}', { status: 200 });
    },
  });
  const billing = new Billing(store, sender, 'http://stand-in.test');
  billing.catalogue.seedPlanPrices([{ plan: 'lite', name: 'Lite', amountCents: 4000 }]);
  const session = billing.sessions.create({
    mode: 'subscription',
    line_items: [{ price: 'price_drape_lite_monthly', quantity: 1 }],
    success_url: 'http://app.test/success',
    cancel_url: null,
    customer: null,
    customer_email: 'seller@example.test',
    client_reference_id: null,
    metadata: {},
    subscription_metadata: {},
    payment_intent_metadata: {},
    locale: null,
    expires_at: null,
  });
  billing.sessions.complete(session, { brand: 'visa', last4: '4242' }, { email: null, name: null });
  const sub = store.state.subscriptions[session.subscription as string];
  return { store, sender, billing, sub, posted };
}

describe('losing deliveries', () => {
  it('records the events of the named types as lost and sends the others; a resend delivers a lost one', async () => {
    const { store, sender, billing, sub, posted } = standIn();
    await sender.idle();
    posted.length = 0;
    const before = new Set(Object.keys(store.state.events));
    billing.events.losing(['invoice.paid', 'invoice.payment_succeeded'], () =>
      billing.subscriptions.renew(sub),
    );
    await sender.idle();
    const made = Object.values(store.state.events).filter((e) => !before.has(e.id));
    const states = Object.fromEntries(made.map((e) => [e.type, store.state.deliveries[e.id].state]));
    expect(states).toEqual({
      'customer.subscription.updated': 'delivered',
      'invoice.created': 'delivered',
      'invoice.finalized': 'delivered',
      'invoice.paid': 'lost',
      'invoice.payment_succeeded': 'lost',
    });
    expect(posted).toEqual(['customer.subscription.updated', 'invoice.created', 'invoice.finalized']);
    // after the call, nothing is lost any more
    billing.subscriptions.failRenewal(sub);
    await sender.idle();
    expect(Object.values(store.state.deliveries).some((d) => d.state === 'pending')).toBe(false);
    const paid = made.find((e) => e.type === 'invoice.paid')!;
    sender.resend(paid.id);
    await sender.idle();
    expect(store.state.deliveries[paid.id].state).toBe('delivered');
    expect(posted).toContain('invoice.paid');
  });

  it("'*' loses every event the call makes", async () => {
    const { store, sender, billing, sub } = standIn();
    await sender.idle();
    const before = new Set(Object.keys(store.state.events));
    billing.events.losing(['*'], () => billing.subscriptions.cancel(sub));
    const made = Object.values(store.state.events).filter((e) => !before.has(e.id));
    expect(made.map((e) => [e.type, store.state.deliveries[e.id].state])).toEqual([
      ['customer.subscription.deleted', 'lost'],
    ]);
  });
});

describe('backdate', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('moves the subscription and its invoices by calendar months and seconds; the next renewal follows on', () => {
    // bought on 23 November (no month-end clamping in the expectations below)
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T10:00:00Z'));
    const { store, billing, sub } = standIn();
    const item = sub.items.data[0];
    const { current_period_start: start, current_period_end: end } = item;
    billing.subscriptions.backdate(sub, 1, 7200);
    const shifted = (t: number) => addMonths(t, -1) - 7200;
    expect(new Date(shifted(start) * 1000).toISOString()).toBe('2026-10-23T08:00:00.000Z');
    expect(item.current_period_start).toBe(shifted(start));
    expect(item.current_period_end).toBe(shifted(end));
    expect(sub.billing_cycle_anchor).toBe(shifted(start));
    const first = store.state.invoices[sub.latest_invoice as string] as Invoice;
    expect(first.lines.data[0].period).toEqual({ start: shifted(start), end: shifted(end) });
    billing.subscriptions.renew(sub);
    // the renewal starts where the moved period ends and lasts a calendar month
    expect(item.current_period_start).toBe(shifted(end));
    expect(item.current_period_end).toBe(end - 7200);
  });
});
