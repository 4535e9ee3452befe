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
// credit_pack_quote as the database answers it: 200 credits on Pro cost €315.00
const packQuote = async (credits: number, plan: string) =>
  credits === 200 && plan === 'pro' ? 31500 : plan === 'free' ? null : credits * 150;
const deps = (sub: unknown = null, inv: unknown = invoice): WebhookDeps => ({
  config,
  packQuote,
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

  it('a credit pack grants the credits its metadata names, once per session', async () => {
    const session = {
      id: 'cs_2',
      mode: 'payment',
      payment_status: 'paid',
      amount_total: 31500,
      currency: 'eur',
      customer: 'cus_1',
      metadata: { user_id: 'u1', kind: 'credits', credits: '200', plan: 'pro' },
    };
    expect(
      await actionForEvent(
        { id: 'e', type: 'checkout.session.completed', data: { object: session } },
        deps(),
      ),
    ).toEqual({
      kind: 'grant_credits',
      user_id: 'u1',
      customer_id: 'cus_1',
      credits: 200,
      reference: 'cs_2',
      amount_cents: 31500,
      currency: 'eur',
    });
  });

  it('a credit pack paid another amount than the quote grants nothing (€0.50 for 400 credits, a forged plan, no plan, another currency)', async () => {
    const paid = {
      id: 'cs_3',
      mode: 'payment',
      payment_status: 'paid',
      amount_total: 50,
      currency: 'eur',
      customer: 'cus_1',
      metadata: { user_id: 'u1', kind: 'credits', credits: '400', plan: 'pro' },
    };
    const completed = (object: object) =>
      actionForEvent({ id: 'e', type: 'checkout.session.completed', data: { object } }, deps());
    expect(await completed(paid)).toEqual({
      kind: 'ignore',
      reason: 'amount_mismatch',
      user_id: 'u1',
      customer_id: 'cus_1',
      refused: { credits: 400, plan: 'pro', paid_cents: 50, quoted_cents: 60000, currency: 'eur' },
    });
    // the right amount for the plan named is granted
    expect(await completed({ ...paid, amount_total: 60000 })).toMatchObject({
      kind: 'grant_credits',
      credits: 400,
    });
    // no plan, a plan that cannot buy packs, another currency, a missing amount: refused
    const { plan: _plan, ...noPlan } = paid.metadata;
    expect(await completed({ ...paid, amount_total: 60000, metadata: noPlan })).toMatchObject({
      reason: 'amount_mismatch',
    });
    expect(
      await completed({ ...paid, amount_total: 60000, metadata: { ...paid.metadata, plan: 'free' } }),
    ).toMatchObject({ reason: 'amount_mismatch' });
    expect(await completed({ ...paid, amount_total: 60000, currency: 'usd' })).toMatchObject({
      reason: 'amount_mismatch',
    });
    const { amount_total: _amount, ...noAmount } = paid;
    expect(await completed(noAmount)).toMatchObject({ reason: 'amount_mismatch' });
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
