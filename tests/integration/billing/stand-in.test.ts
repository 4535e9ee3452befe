// The local Stripe stand-in speaks enough of Stripe's API for the unmodified `stripe`
// package: objects, lists, expand, errors, idempotency; its checkout page takes Stripe's
// test cards; its webhooks carry signatures the SDK verifies.
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { wasReplayed } from '../../../supabase/functions/_shared/billing/stripe-client.ts';
import { LOCAL_PLAN_PRICES } from '../../../supabase/local/stripe/defaults.ts';
import {
  authenticate,
  CARDS,
  deliveriesDone,
  devEvents,
  payOnCheckoutPage,
  stripeSdk,
  webhookSecret,
} from './stripe-support.ts';

const stripe = stripeSdk();

describe('the Stripe stand-in through the stripe SDK', () => {
  it('has the plans’ monthly prices, from public.plans', async () => {
    const pro = await stripe.prices.retrieve(LOCAL_PLAN_PRICES.pro);
    expect(pro).toMatchObject({
      object: 'price',
      currency: 'eur',
      unit_amount: 5000,
      type: 'recurring',
      recurring: { interval: 'month', interval_count: 1 },
    });
    const byKey = await stripe.prices.list({ lookup_keys: ['drape_lite_monthly'] });
    expect(byKey.data.map((p) => p.id)).toEqual([LOCAL_PLAN_PRICES.lite]);
  });

  it('creates, reads, updates and lists customers; unknown ids are resource_missing', async () => {
    const email = `c-${Date.now()}@example.test`;
    const c = await stripe.customers.create({ email, name: 'Maria', metadata: { user_id: 'u1' } });
    expect(c.id).toMatch(/^cus_/);
    expect(await stripe.customers.retrieve(c.id)).toMatchObject({
      email,
      name: 'Maria',
      metadata: { user_id: 'u1' },
    });
    await stripe.customers.update(c.id, { metadata: { user_id: '', tier: 'gold' } });
    expect(((await stripe.customers.retrieve(c.id)) as Stripe.Customer).metadata).toEqual({ tier: 'gold' });
    expect((await stripe.customers.list({ email })).data.map((x) => x.id)).toEqual([c.id]);
    const err = await stripe.customers.retrieve('cus_nope').catch((e) => e);
    expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(err).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: "No such customer: 'cus_nope'",
    });
  });

  it('refuses a missing or live key and names missing parameters', async () => {
    const noKey = await stripeSdk('sk_live_nope')
      .customers.list()
      .catch((e) => e);
    expect(noKey).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    const missing = await stripe.checkout.sessions
      .create({ success_url: 'http://localhost:3000/x' } as Stripe.Checkout.SessionCreateParams)
      .catch((e) => e);
    expect(missing).toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'mode' });
    const recurringInPayment = await stripe.checkout.sessions
      .create({
        mode: 'payment',
        line_items: [{ price: LOCAL_PLAN_PRICES.pro, quantity: 1 }],
        success_url: 'http://localhost:3000/x',
      })
      .catch((e) => e);
    expect(recurringInPayment.message).toMatch(/payment` mode but passed a recurring price/);
  });

  it('refuses what Stripe refuses: an unknown parameter (at any depth) and a value outside an enum, naming it', async () => {
    const base = {
      mode: 'payment',
      line_items: [
        { price_data: { currency: 'eur', unit_amount: 500, product_data: { name: 'x' } }, quantity: 1 },
      ],
      success_url: 'http://localhost:3000/x',
    };
    const misspelled = await stripe.checkout.sessions
      .create({
        ...base,
        sucess_url: 'http://localhost:3000/x',
      } as unknown as Stripe.Checkout.SessionCreateParams)
      .catch((e) => e);
    expect(misspelled).toMatchObject({
      statusCode: 400,
      type: 'StripeInvalidRequestError',
      code: 'parameter_unknown',
      param: 'sucess_url',
      message: 'Received unknown parameter: sucess_url',
    });
    const deep = await stripe.checkout.sessions
      .create({
        ...base,
        line_items: [{ ...base.line_items[0], tax_rate: 'x' }],
      } as unknown as Stripe.Checkout.SessionCreateParams)
      .catch((e) => e);
    expect(deep).toMatchObject({ statusCode: 400, param: 'line_items[0][tax_rate]' });
    const locale = await stripe.checkout.sessions
      .create({ ...base, locale: 'gr' } as unknown as Stripe.Checkout.SessionCreateParams)
      .catch((e) => e);
    expect(locale).toMatchObject({ statusCode: 400, param: 'locale' });
    expect(locale.message).toMatch(/^Invalid locale: must be one of auto, bg, /);
    const customer = await stripe.customers.create({ email: 'p@example.test' });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: LOCAL_PLAN_PRICES.lite, quantity: 1 }],
      success_url: 'http://localhost:3000/x',
    });
    await payOnCheckoutPage(session.url!, { number: CARDS.visa });
    const subId = (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
    const proration = await stripe.subscriptions
      .update(subId, { proration_behavior: 'sometimes' } as unknown as Stripe.SubscriptionUpdateParams)
      .catch((e) => e);
    expect(proration).toMatchObject({ statusCode: 400, param: 'proration_behavior' });
    // what Drape sends is taken
    expect((await stripe.subscriptions.update(subId, { proration_behavior: 'none' })).id).toBe(subId);
    expect((await stripe.subscriptions.cancel(subId, { prorate: false })).status).toBe('canceled');
  });

  it('answers a repeated idempotency key with the first result, and refuses it with other parameters', async () => {
    const key = `k-${Date.now()}`;
    const a = await stripe.customers.create({ email: 'same@example.test' }, { idempotencyKey: key });
    const b = await stripe.customers.create({ email: 'same@example.test' }, { idempotencyKey: key });
    expect(b.id).toBe(a.id);
    const other = await stripe.customers
      .create({ email: 'other@example.test' }, { idempotencyKey: key })
      .catch((e) => e);
    expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('a Checkout Session made twice with one idempotency key is one session; the key with other parameters is idempotency_error', async () => {
    const key = `cs-${Date.now()}`;
    const params: Stripe.Checkout.SessionCreateParams = {
      mode: 'payment',
      line_items: [
        {
          price_data: { currency: 'eur', unit_amount: 4500, product_data: { name: '25 credits' } },
          quantity: 1,
        },
      ],
      success_url: 'http://localhost:3000/success',
    };
    const a = await stripe.checkout.sessions.create(params, { idempotencyKey: key });
    const b = await stripe.checkout.sessions.create(params, { idempotencyKey: key });
    expect(b.id).toBe(a.id);
    expect(wasReplayed(b)).toBe(true);
    expect(wasReplayed(a)).toBe(false);
    const other = await stripe.checkout.sessions
      .create({ ...params, success_url: 'http://localhost:3000/other' }, { idempotencyKey: key })
      .catch((e) => e);
    expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(other).toMatchObject({ statusCode: 400, type: 'StripeIdempotencyError' });
  });

  it('a subscription checkout: the page lists the line items; 4242 pays, creates the subscription and its paid invoice, redirects, and sends signed events', async () => {
    const customer = await stripe.customers.create({ email: 'sub@example.test' });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: LOCAL_PLAN_PRICES.pro, quantity: 1 }],
      success_url: 'http://localhost:3000/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/pricing',
      metadata: { user_id: 'not-a-user' },
      subscription_data: { metadata: { plan: 'pro' } },
    });
    expect(session).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 5000,
      currency: 'eur',
      mode: 'subscription',
    });
    const page = await (await fetch(session.url!)).text();
    expect(page).toContain('Subscribe to Drape Pro');
    expect(page).toContain('€50.00');

    const paid = await payOnCheckoutPage(session.url!, { number: CARDS.visa });
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`http://localhost:3000/success?session_id=${session.id}`);

    const done = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ['line_items', 'subscription'],
    });
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid', customer: customer.id });
    expect(done.line_items?.data[0]).toMatchObject({
      quantity: 1,
      amount_total: 5000,
      price: { id: LOCAL_PLAN_PRICES.pro },
    });
    const sub = done.subscription as Stripe.Subscription;
    expect(sub).toMatchObject({
      status: 'active',
      customer: customer.id,
      metadata: { plan: 'pro' },
      cancel_at_period_end: false,
    });
    const item = sub.items.data[0];
    expect(item.current_period_end - item.current_period_start).toBeGreaterThanOrEqual(28 * 86400);
    const invoice = await stripe.invoices.retrieve(done.invoice as string);
    expect(invoice).toMatchObject({
      status: 'paid',
      amount_paid: 5000,
      billing_reason: 'subscription_create',
      parent: { subscription_details: { subscription: sub.id } },
    });
    expect(invoice.lines.data[0].period).toEqual({
      start: item.current_period_start,
      end: item.current_period_end,
    });

    await deliveriesDone();
    const events = (await devEvents()).filter(
      (e) =>
        JSON.stringify(e.data.object).includes(sub.id) ||
        (e.data.object as { id?: string }).id === session.id,
    );
    expect(events.map((e) => e.type).sort()).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
      'invoice.payment_succeeded',
    ]);
    // what the stand-in posted verifies with the SDK and the webhook secret, as the function does it
    const completed = events.find((e) => e.type === 'checkout.session.completed')!;
    const { delivery: _delivery, ...event } = completed;
    const payload = JSON.stringify(event);
    const header = await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: webhookSecret() });
    const verified = await stripe.webhooks.constructEventAsync(payload, header, webhookSecret());
    expect(verified.id).toBe(completed.id);
    expect(completed.delivery?.attempts.length).toBeGreaterThan(0);
  });

  it('4000 0000 0000 0002 is declined on the page: the session stays open and nothing is paid', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          price_data: { currency: 'eur', unit_amount: 4500, product_data: { name: '25 credits' } },
          quantity: 1,
        },
      ],
      success_url: 'http://localhost:3000/success',
    });
    const declined = await payOnCheckoutPage(session.url!, { number: CARDS.declined });
    expect(declined.status).toBe(402);
    expect(declined.text).toContain('Your card was declined.');
    const after = await stripe.checkout.sessions.retrieve(session.id);
    expect(after).toMatchObject({ status: 'open', payment_status: 'unpaid' });
    const pi = await stripe.paymentIntents.retrieve(after.payment_intent as string);
    expect(pi).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'card_declined', decline_code: 'generic_decline' },
    });
  });

  it('4000 0025 0000 3155 asks for authentication: failing it declines, completing it pays', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      customer_email: 'tds@example.test',
      line_items: [
        {
          price_data: { currency: 'eur', unit_amount: 9000, product_data: { name: '50 credits' } },
          quantity: 1,
        },
      ],
      success_url: 'http://localhost:3000/success',
      cancel_url: 'http://localhost:3000/pricing',
    });
    const first = await payOnCheckoutPage(session.url!, { number: CARDS.authenticate });
    expect(first.status).toBe(303);
    expect(first.location).toMatch(/\/authenticate$/);
    const page = await (await fetch(`${session.url}/authenticate`)).text();
    expect(page).toContain('Complete authentication');
    const failed = await authenticate(session.url!, 'fail');
    expect(failed.text).toContain('We are unable to authenticate your payment method.');
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');

    await payOnCheckoutPage(session.url!, { number: CARDS.authenticate });
    const completed = await authenticate(session.url!, 'complete');
    expect(completed.location).toBe('http://localhost:3000/success');
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
    });
  });

  it('checks expiry and CVC like Stripe, and expires a session', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        { price_data: { currency: 'eur', unit_amount: 100, product_data: { name: 'x' } }, quantity: 1 },
      ],
      success_url: 'http://localhost:3000/success',
    });
    expect((await payOnCheckoutPage(session.url!, { number: CARDS.visa, exp: '01 / 20' })).text).toContain(
      "Your card's expiration year is in the past.",
    );
    expect((await payOnCheckoutPage(session.url!, { number: '4242 4242 4242 4241' })).text).toContain(
      'Your card number is invalid.',
    );
    expect((await payOnCheckoutPage(session.url!, { number: CARDS.visa, cvc: '1' })).text).toContain(
      "Your card's security code is incomplete.",
    );
    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired).toMatchObject({ status: 'expired', url: null });
    expect((await fetch(`${session.url}`)).status).toBe(410);
  });

  it('subscriptions: cancel at period end and back, a price change without proration, cancellation now', async () => {
    const customer = await stripe.customers.create({ email: 'portal@example.test' });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: LOCAL_PLAN_PRICES.advanced, quantity: 1 }],
      success_url: 'http://localhost:3000/success',
    });
    await payOnCheckoutPage(session.url!, { number: CARDS.visa });
    const subId = (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
    const cancelling = await stripe.subscriptions.update(subId, { cancel_at_period_end: true });
    expect(cancelling).toMatchObject({
      cancel_at_period_end: true,
      cancel_at: cancelling.items.data[0].current_period_end,
    });
    expect((await stripe.subscriptions.update(subId, { cancel_at_period_end: false })).cancel_at).toBeNull();
    const item = cancelling.items.data[0];
    const lower = await stripe.subscriptions.update(subId, {
      items: [{ id: item.id, price: LOCAL_PLAN_PRICES.lite }],
      proration_behavior: 'none',
    });
    expect(lower.items.data[0].price.id).toBe(LOCAL_PLAN_PRICES.lite);
    expect(lower.items.data[0].current_period_end).toBe(item.current_period_end);
    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://localhost:3000/settings?tab=billing',
    });
    expect(portal.url).toMatch(/\/_dev\/stripe\/portal\/bps_/);
    const portalPage = await (await fetch(portal.url)).text();
    expect(portalPage).toContain('Drape Advanced');
    const ended = await stripe.subscriptions.cancel(subId);
    expect(ended).toMatchObject({ status: 'canceled' });
    expect(ended.ended_at).not.toBeNull();
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toEqual([]);
  });
});
