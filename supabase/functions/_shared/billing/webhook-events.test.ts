import { describe, expect, it } from 'vitest';
import { billingConfig } from './config.ts';
import { actionForEvent, invoiceMetadata, type WebhookDeps } from './webhook-events.ts';

const config = billingConfig((name) => ({ STRIPE_PRICE_LITE: 'price_l', STRIPE_PRICE_PRO: 'price_p' })[name]);
const invoice = {
  id: 'in_1',
  object: 'invoice',
  customer: 'cus_1',
  billing_reason: 'subscription_cycle',
  amount_paid: 4000,
  currency: 'eur',
  parent: {
    type: 'subscription_details',
    subscription_details: { subscription: 'sub_1', metadata: { user_id: 'u1' } },
  },
  lines: {
    data: [
      {
        period: { start: 1_900_000_000, end: 1_902_592_000 },
        pricing: { type: 'price_details', price_details: { price: 'price_l', product: 'prod' } },
      },
    ],
  },
};
const deps = (sub: unknown = null, inv: unknown = invoice): WebhookDeps => ({
  config,
  subscription: async () => sub,
  invoice: async () => inv,
});

describe('actionForEvent', () => {
  it('an invoice paid activates the plan of its line for the period it pays', async () => {
    expect(
      await actionForEvent({ id: 'e1', type: 'invoice.paid', data: { object: invoice } }, deps()),
    ).toEqual({
      kind: 'activate_plan',
      user_id: 'u1',
      customer_id: 'cus_1',
      subscription_id: 'sub_1',
      plan: 'lite',
      price_id: 'price_l',
      period_start: new Date(1_900_000_000_000).toISOString(),
      period_end: new Date(1_902_592_000_000).toISOString(),
      invoice_id: 'in_1',
      session_id: null,
      amount_cents: 4000,
      currency: 'eur',
      billing_reason: 'subscription_cycle',
    });
  });

  it('invoice.payment_succeeded asks for the same period as invoice.paid (applied once by the database)', async () => {
    const paid = await actionForEvent({ id: 'e1', type: 'invoice.paid', data: { object: invoice } }, deps());
    const succeeded = await actionForEvent(
      { id: 'e2', type: 'invoice.payment_succeeded', data: { object: invoice } },
      deps(),
    );
    expect(succeeded).toEqual(paid);
    expect(succeeded.kind).toBe('activate_plan');
  });

  it('a renewal’s subscription update only syncs state: no period, no credits', async () => {
    const sub = {
      id: 'sub_1',
      status: 'active',
      customer: 'cus_1',
      metadata: { user_id: 'u1' },
      items: {
        data: [
          {
            price: { id: 'price_l' },
            current_period_start: 1_902_592_000,
            current_period_end: 1_905_000_000,
          },
        ],
      },
    };
    const action = await actionForEvent(
      { id: 'e3', type: 'customer.subscription.updated', data: { object: sub } },
      deps(sub),
    );
    expect(action.kind).toBe('sync_subscription');
    expect(action).not.toHaveProperty('period_start');
  });

  it('reads the older invoice shape too (subscription and line price at the top)', async () => {
    const old = {
      ...invoice,
      parent: null,
      subscription: 'sub_9',
      lines: { data: [{ period: { start: 1, end: 2 }, price: { id: 'price_p' } }] },
    };
    expect(
      await actionForEvent({ id: 'e', type: 'invoice.paid', data: { object: old } }, deps()),
    ).toMatchObject({ kind: 'activate_plan', subscription_id: 'sub_9', plan: 'pro' });
  });

  it('a completed subscription checkout activates through its first invoice; an unpaid one is ignored', async () => {
    const session = {
      id: 'cs_1',
      object: 'checkout.session',
      mode: 'subscription',
      payment_status: 'paid',
      customer: 'cus_1',
      invoice: 'in_1',
      subscription: 'sub_1',
      metadata: { user_id: 'u2' },
    };
    expect(
      await actionForEvent(
        { id: 'e', type: 'checkout.session.completed', data: { object: session } },
        deps(),
      ),
    ).toMatchObject({ kind: 'activate_plan', user_id: 'u2', session_id: 'cs_1', invoice_id: 'in_1' });
    expect(
      await actionForEvent(
        {
          id: 'e',
          type: 'checkout.session.completed',
          data: { object: { ...session, payment_status: 'unpaid' } },
        },
        deps(),
      ),
    ).toMatchObject({ kind: 'ignore', reason: 'not_paid' });
  });

  it('a paid credit pack names its session and what was paid; the quote kept for the session decides the rest', async () => {
    const session = {
      id: 'cs_2',
      mode: 'payment',
      payment_status: 'paid',
      amount_total: 31500,
      currency: 'eur',
      customer: 'cus_1',
      metadata: { user_id: 'u1', kind: 'credits', credits: '200', plan: 'pro', quote_id: 'q1' },
    };
    const completed = (object: object) =>
      actionForEvent({ id: 'e', type: 'checkout.session.completed', data: { object } }, deps());
    const action = {
      kind: 'grant_credits',
      user_id: 'u1',
      customer_id: 'cus_1',
      reference: 'cs_2',
      amount_cents: 31500,
      currency: 'eur',
      metadata_credits: 200,
    };
    expect(await completed(session)).toEqual(action);
    // the metadata's plan is not passed on; its pack size only prices a session without a quote,
    // on the seller's own plan (the SQL), so a forged plan changes nothing
    expect(await completed({ ...session, metadata: { ...session.metadata, plan: 'advanced' } })).toEqual(
      action,
    );
    expect(
      await completed({ ...session, metadata: { ...session.metadata, credits: '1e308' } }),
    ).toMatchObject({ metadata_credits: null });
    // what was paid goes as paid (no amount, another currency): the SQL compares it with the quote
    const { amount_total: _amount, ...noAmount } = session;
    expect(await completed({ ...noAmount, currency: 'usd' })).toMatchObject({
      kind: 'grant_credits',
      amount_cents: null,
      currency: 'usd',
    });
    expect(await completed({ ...session, payment_status: 'unpaid' })).toMatchObject({
      kind: 'ignore',
      reason: 'not_paid',
    });
  });

  it('subscription events carry the latest state read from Stripe, not the event’s', async () => {
    const latest = {
      id: 'sub_1',
      status: 'active',
      cancel_at_period_end: true,
      customer: 'cus_1',
      metadata: { user_id: 'u1' },
      items: { data: [{ price: { id: 'price_l' }, current_period_start: 1, current_period_end: 2 }] },
    };
    const stale = { id: 'sub_1', status: 'active', cancel_at_period_end: false, items: { data: [] } };
    expect(
      await actionForEvent(
        { id: 'e', type: 'customer.subscription.updated', data: { object: stale } },
        deps(latest),
      ),
    ).toEqual({
      kind: 'sync_subscription',
      user_id: 'u1',
      customer_id: 'cus_1',
      subscription_id: 'sub_1',
      status: 'active',
      cancel_at_period_end: true,
      plan: 'lite',
      deleted: false,
      ended_at: null,
    });
  });

  it('ignores prices it does not sell and types it does not handle', async () => {
    const foreign = {
      ...invoice,
      lines: {
        data: [{ period: { start: 1, end: 2 }, pricing: { price_details: { price: 'price_other' } } }],
      },
    };
    expect(
      await actionForEvent({ id: 'e', type: 'invoice.paid', data: { object: foreign } }, deps()),
    ).toMatchObject({ kind: 'ignore', reason: 'unknown_price:price_other' });
    expect(
      await actionForEvent({ id: 'e', type: 'charge.refunded', data: { object: {} } }, deps()),
    ).toMatchObject({ kind: 'ignore' });
  });
});

describe('a delayed payment that failed', () => {
  it('closes the purchase as failed: a pack or a plan, with what the seller was buying', async () => {
    const pack = {
      id: 'cs_9',
      mode: 'payment',
      payment_status: 'unpaid',
      amount_total: 16625,
      currency: 'eur',
      customer: 'cus_1',
      metadata: { user_id: 'u1', kind: 'credits', credits: '100', plan: 'pro' },
    };
    const event = (object: object) =>
      actionForEvent({ id: 'e', type: 'checkout.session.async_payment_failed', data: { object } }, deps());
    expect(await event(pack)).toEqual({
      kind: 'checkout_failed',
      user_id: 'u1',
      customer_id: 'cus_1',
      session_id: 'cs_9',
      purchase: 'credits',
      plan: 'pro',
      credits: 100,
      amount_cents: 16625,
      currency: 'eur',
    });
    expect(
      await event({
        ...pack,
        mode: 'subscription',
        amount_total: 5000,
        metadata: { user_id: 'u1', kind: 'plan', plan: 'pro' },
      }),
    ).toMatchObject({
      kind: 'checkout_failed',
      purchase: 'plan',
      plan: 'pro',
      credits: null,
      amount_cents: 5000,
    });
  });
});

describe('invoiceMetadata', () => {
  it('reads parent.subscription_details (current API) and falls back to the top-level subscription_details of older versions', () => {
    expect(invoiceMetadata(invoice)).toEqual({ user_id: 'u1' });
    const older = {
      id: 'in_old',
      subscription: 'sub_1',
      subscription_details: { metadata: { user_id: 'u2' } },
    };
    expect(invoiceMetadata(older)).toEqual({ user_id: 'u2' });
    expect(invoiceMetadata({})).toEqual({});
  });

  it('an older payment_failed invoice still names its seller', async () => {
    const older = {
      id: 'in_old',
      customer: 'cus_9',
      subscription: 'sub_9',
      subscription_details: { metadata: { user_id: 'u9' } },
      amount_due: 4000,
      currency: 'eur',
      attempt_count: 1,
      lines: { data: [{ period: { start: 1, end: 2 }, price: { id: 'price_l' } }] },
    };
    expect(
      await actionForEvent({ id: 'e', type: 'invoice.payment_failed', data: { object: older } }, deps()),
    ).toMatchObject({ kind: 'payment_failed', user_id: 'u9', subscription_id: 'sub_9', price_id: 'price_l' });
  });
});
