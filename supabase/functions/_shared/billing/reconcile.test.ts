import { describe, expect, it } from 'vitest';
import { billingConfig } from './config.ts';
import {
  type ClaimedSubscription,
  reconcileConfig,
  reconcileDecision,
  retryAfterSeconds,
} from './reconcile.ts';

const config = billingConfig((name) => ({ STRIPE_PRICE_LITE: 'price_l', STRIPE_PRICE_PRO: 'price_p' })[name]);
const START = 1_900_000_000; // the row's current period start
const END = 1_902_592_000; // its end: the next period's start
const row: ClaimedSubscription = {
  user_id: 'u1',
  subscription_id: 'sub_1',
  customer_id: 'cus_1',
  plan: 'lite',
  status: 'active',
  current_period_start: new Date(START * 1000).toISOString(),
  current_period_end: new Date(END * 1000).toISOString(),
  attempts: 1,
};

const invoice = (status: string, start: number, end: number, price = 'price_l') => ({
  id: `in_${status}_${start}`,
  object: 'invoice',
  status,
  customer: 'cus_1',
  billing_reason: 'subscription_cycle',
  amount_paid: status === 'paid' ? 4000 : 0,
  total: 4000,
  currency: 'eur',
  parent: {
    type: 'subscription_details',
    subscription_details: { subscription: 'sub_1', metadata: { user_id: 'u1' } },
  },
  lines: {
    data: [
      {
        period: { start, end },
        pricing: { type: 'price_details', price_details: { price, product: 'prod' } },
      },
    ],
  },
});

const subscription = (status: string, latest: unknown, extra: Record<string, unknown> = {}) => ({
  id: 'sub_1',
  object: 'subscription',
  status,
  customer: 'cus_1',
  cancel_at_period_end: false,
  metadata: { user_id: 'u1' },
  items: {
    data: [{ price: { id: 'price_l' }, current_period_start: END, current_period_end: END + 2_592_000 }],
  },
  latest_invoice: latest,
  ...extra,
});

describe('reconcileDecision', () => {
  it('a paid invoice for the next period: the invoice.paid action, under an id of its own', async () => {
    const d = await reconcileDecision(
      row,
      subscription('active', invoice('paid', END, END + 2_592_000)),
      config,
    );
    expect(d.outcome).toBe('paid');
    expect(d.events).toHaveLength(1);
    expect(d.events[0]).toMatchObject({
      id: `reconcile:in_paid_${END}`,
      type: 'reconcile.invoice.paid',
      action: {
        kind: 'activate_plan',
        user_id: 'u1',
        subscription_id: 'sub_1',
        plan: 'lite',
        period_start: new Date(END * 1000).toISOString(),
        period_end: new Date((END + 2_592_000) * 1000).toISOString(),
        invoice_id: `in_paid_${END}`,
        billing_reason: 'subscription_cycle',
        amount_cents: 4000,
      },
    });
    expect(d.details).toMatchObject({ status: 'active', invoice_status: 'paid' });
  });

  it('the next period’s invoice not paid (open, past due): the payment_failed action, no renewal', async () => {
    const open = { ...invoice('open', END, END + 2_592_000), attempt_count: 2, amount_due: 4000 };
    const d = await reconcileDecision(row, subscription('past_due', open), config);
    expect(d).toMatchObject({ outcome: 'waiting', reason: 'invoice_open' });
    expect(d.events).toEqual([
      {
        id: `reconcile:in_open_${END}:payment_failed:2`,
        type: 'reconcile.invoice.payment_failed',
        action: {
          kind: 'payment_failed',
          user_id: 'u1',
          customer_id: 'cus_1',
          subscription_id: 'sub_1',
          invoice_id: `in_open_${END}`,
          amount_cents: 4000,
          currency: 'eur',
          attempt_count: 2,
          price_id: 'price_l',
        },
        payload: open,
      },
    ]);
    const unpaid = await reconcileDecision(row, subscription('unpaid', open), config);
    expect(unpaid.events.map((e) => e.action.kind)).toEqual(['payment_failed']);
  });

  it('a row cancelling at the period end: Stripe still cancelling → ended (the job’s way), nothing to apply', async () => {
    const cancelling = { ...row, cancel_at_period_end: true };
    const d = await reconcileDecision(
      cancelling,
      subscription('active', invoice('paid', START, END), { cancel_at_period_end: true }),
      config,
    );
    expect(d).toMatchObject({ outcome: 'ended', reason: 'cancel_at_period_end', events: [] });
  });

  it('a row cancelling, Stripe took it back and was paid: the paid period, then the updated action', async () => {
    const cancelling = { ...row, cancel_at_period_end: true };
    const d = await reconcileDecision(
      cancelling,
      subscription('active', invoice('paid', END, END + 2_592_000)),
      config,
    );
    expect(d.outcome).toBe('paid');
    expect(d.events.map((e) => [e.type, e.action.kind])).toEqual([
      ['reconcile.invoice.paid', 'activate_plan'],
      ['reconcile.customer.subscription.updated', 'sync_subscription'],
    ]);
    expect(d.events[1]).toMatchObject({
      id: `reconcile:sub_1:updated:${cancelling.current_period_end}`,
      action: { cancel_at_period_end: false, deleted: false, status: 'active', subscription_id: 'sub_1' },
    });
    // taken back, not paid yet (past due): the un-cancel and the failed payment
    const open = { ...invoice('open', END, END + 2_592_000), attempt_count: 1 };
    const w = await reconcileDecision(cancelling, subscription('past_due', open), config);
    expect(w).toMatchObject({ outcome: 'waiting', reason: 'cancellation_withdrawn' });
    expect(w.events.map((e) => e.action.kind)).toEqual(['sync_subscription', 'payment_failed']);
    // ended at Stripe: the deleted path as for any row
    const ended = await reconcileDecision(
      cancelling,
      subscription('canceled', invoice('paid', START, END)),
      config,
    );
    expect(ended).toMatchObject({ outcome: 'ended', reason: 'canceled' });
    expect(ended.events.map((e) => e.type)).toEqual(['reconcile.customer.subscription.deleted']);
  });

  it('a payment failing that the row shows already, or an open invoice while active: nothing to apply', async () => {
    const open = invoice('open', END, END + 2_592_000);
    const known = await reconcileDecision(
      { ...row, status: 'past_due' },
      subscription('past_due', open),
      config,
    );
    expect(known).toMatchObject({ outcome: 'waiting', reason: 'invoice_open', events: [] });
    const active = await reconcileDecision(row, subscription('active', open), config);
    expect(active).toMatchObject({ outcome: 'waiting', reason: 'invoice_open', events: [] });
  });

  it('Stripe has not started the next period: the latest paid invoice is the current period’s', async () => {
    const d = await reconcileDecision(row, subscription('active', invoice('paid', START, END)), config);
    expect(d).toMatchObject({ outcome: 'waiting', reason: 'not_renewed_yet', events: [] });
    const unpaid = await reconcileDecision(row, subscription('unpaid', invoice('paid', START, END)), config);
    expect(unpaid).toMatchObject({ outcome: 'waiting', reason: 'unpaid' });
  });

  it('an ended subscription: the customer.subscription.deleted action; a paid newer period first', async () => {
    const ended = await reconcileDecision(
      row,
      subscription('canceled', invoice('open', END, END + 2_592_000), { ended_at: END + 86_400 }),
      config,
    );
    expect(ended.outcome).toBe('ended');
    expect(ended.events.map((e) => e.type)).toEqual(['reconcile.customer.subscription.deleted']);
    expect(ended.events[0]).toMatchObject({
      id: 'reconcile:sub_1:ended',
      action: {
        kind: 'sync_subscription',
        subscription_id: 'sub_1',
        deleted: true,
        ended_at: new Date((END + 86_400) * 1000).toISOString(),
      },
    });
    const paidThenEnded = await reconcileDecision(
      row,
      subscription('canceled', invoice('paid', END, END + 2_592_000)),
      config,
    );
    expect(paidThenEnded.events.map((e) => e.type)).toEqual([
      'reconcile.invoice.paid',
      'reconcile.customer.subscription.deleted',
    ]);
  });

  it('more than one renewal missed: a gap; with the paid invoices, each newer period in order', async () => {
    const MONTH = 2_592_000;
    const latest = invoice('paid', END + MONTH, END + 2 * MONTH);
    const first = await reconcileDecision(row, subscription('active', latest), config);
    expect(first.gap).toBe(true);
    expect(first.events).toHaveLength(1);
    const between = invoice('paid', END, END + MONTH);
    const older = invoice('paid', START, END); // the row's own period: not applied again
    const open = invoice('open', END + 2 * MONTH, END + 3 * MONTH);
    const all = await reconcileDecision(row, subscription('active', latest), config, [
      latest,
      open,
      older,
      between,
    ]);
    expect(all.outcome).toBe('paid');
    expect(all.events.map((e) => e.id)).toEqual([`reconcile:${between.id}`, `reconcile:${latest.id}`]);
    const next = await reconcileDecision(row, subscription('active', between), config);
    expect(next.gap).toBe(false);
  });

  it('unknown to Stripe, or a price that is no plan’s: nothing, never an ending', async () => {
    expect(await reconcileDecision(row, null, config)).toMatchObject({
      outcome: 'waiting',
      reason: 'unknown_at_stripe',
      events: [],
    });
    const other = await reconcileDecision(
      row,
      subscription('active', invoice('paid', END, END + 2_592_000, 'price_other')),
      config,
    );
    expect(other).toMatchObject({ outcome: 'waiting', reason: 'unknown_price:price_other', events: [] });
  });

  it('an unexpanded latest_invoice (an id) is read as not renewed', async () => {
    const d = await reconcileDecision(row, subscription('active', 'in_123'), config);
    expect(d).toMatchObject({ outcome: 'waiting', reason: 'not_renewed_yet' });
    expect(d.details.latest_invoice).toBe('in_123');
  });
});

describe('reconcile settings and back-off', () => {
  it('defaults: an hour of grace, 15 minutes doubling up to 12 hours, 20 a run', () => {
    const c = reconcileConfig(() => undefined);
    expect(c).toMatchObject({
      graceSeconds: 3600,
      batchSize: 20,
      backoffSeconds: 900,
      maxBackoffSeconds: 43_200,
    });
    expect([1, 2, 3, 4, 6, 7, 20].map((n) => retryAfterSeconds(c, n))).toEqual([
      900, 1800, 3600, 7200, 28_800, 43_200, 43_200,
    ]);
  });

  it('reads the environment, refusing nonsense', () => {
    const env: Record<string, string> = {
      STRIPE_RECONCILE_GRACE_MINUTES: '0',
      STRIPE_RECONCILE_BATCH_SIZE: '5',
      STRIPE_RECONCILE_BACKOFF_MINUTES: '2',
      STRIPE_RECONCILE_BACKOFF_MAX_MINUTES: '10',
    };
    expect(reconcileConfig((n) => env[n])).toMatchObject({
      graceSeconds: 0,
      batchSize: 5,
      backoffSeconds: 120,
      maxBackoffSeconds: 600,
    });
    const bad: Record<string, string> = {
      STRIPE_RECONCILE_GRACE_MINUTES: '-3',
      STRIPE_RECONCILE_BATCH_SIZE: 'many',
      STRIPE_RECONCILE_BACKOFF_MINUTES: '0',
    };
    expect(reconcileConfig((n) => bad[n])).toMatchObject({
      graceSeconds: 3600,
      batchSize: 20,
      backoffSeconds: 900,
    });
  });
});
