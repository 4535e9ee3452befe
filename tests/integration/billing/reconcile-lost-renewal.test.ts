// A renewal Stripe was paid for whose webhook never arrived is granted by the reconciliation
// (stripe-reconcile → finish_stripe_reconciliation → apply_payment_event, the webhook's own
// path), once: the lost webhook arriving later changes nothing. A renewal still unpaid is left
// alone and asked about again only after its back-off; an ended subscription takes the
// deleted path. The stand-in loses the deliveries on purpose (dev API `lose`) and moves the
// subscription an hour and more past its period end (dev API `backdate`).
//
// The shared stack's job timer may run a reconciliation of its own at any moment, so the
// assertions are on what the database holds (and on a run's report only where it names the
// subscription).
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { seller } from '../../support/domain.ts';
import { balanceOf, buyPlan, logsOf, paymentEventRows, stripe, subscriptionOf } from './billing-support.ts';
import {
  backdateAtStripe,
  endLosing,
  failLosing,
  monthlyCredits,
  moveRowToStripe,
  outcomeOf,
  planGrants,
  reconcile,
  renewLosing,
} from './reconcile-support.ts';
import { type DevEvent, devEvents, postWebhook, resendEvent } from './stripe-support.ts';

const TWO_HOURS = 7200;
const INVOICE_EVENTS = ['invoice.paid', 'invoice.payment_succeeded'];

const aboutSubscription = (subId: string) => (e: DevEvent) => {
  const o = e.data.object as { id?: string; parent?: { subscription_details?: { subscription?: string } } };
  return o.id === subId || o.parent?.subscription_details?.subscription === subId;
};

async function newEventsOf(subId: string, before: Set<string>) {
  return (await devEvents()).filter((e) => !before.has(e.id) && aboutSubscription(subId)(e)).reverse();
}

const reconciliationLogs = async (userId: string) =>
  (await logsOf(userId, ['stripe_reconciliation'])).map((l) => l.raw_data);

const ms = (iso: string) => new Date(iso).getTime();

describe('reconciliation with Stripe', () => {
  it('a paid renewal whose webhook was lost is granted once; the late webhook is already_applied', async () => {
    const user = await seller();
    await buyPlan(user.client, 'lite');
    const subId = (await subscriptionOf(user.id)).stripe_subscription_id!;
    const bought = await balanceOf(user.id);

    // a month and two hours later Stripe renews and is paid, but the invoice's deliveries never arrive
    await backdateAtStripe(subId, 1, TWO_HOURS);
    const before = new Set((await devEvents()).map((e) => e.id));
    await renewLosing(subId, INVOICE_EVENTS);
    const events = await newEventsOf(subId, before);
    const lost = events.filter((e) => INVOICE_EVENTS.includes(e.type));
    expect(lost.map((e) => [e.type, e.delivery?.state])).toEqual([
      ['invoice.paid', 'lost'],
      ['invoice.payment_succeeded', 'lost'],
    ]);
    expect(lost.every((e) => e.delivery?.attempts.length === 0)).toBe(true);
    expect(await balanceOf(user.id)).toEqual(bought);

    // two hours past the period end: the grace time (an hour) is over
    const period = await moveRowToStripe(user.id, subId);
    const run = await reconcile();
    const mine = outcomeOf(run, subId);
    if (mine) expect(mine).toMatchObject({ outcome: 'paid', reason: 'invoice_paid' });

    const lite = await monthlyCredits('lite');
    const renewed = await subscriptionOf(user.id);
    expect(renewed).toMatchObject({ plan: 'lite', status: 'active', stripe_subscription_id: subId });
    expect(ms(renewed.current_period_start)).toBe(ms(period.end));
    expect(ms(renewed.current_period_end)).toBeGreaterThan(ms(period.end) + 27 * 86400_000);
    expect(await balanceOf(user.id)).toMatchObject({
      remaining: bought.remaining + lite,
      ledgerSum: bought.remaining + lite,
    });
    expect(await planGrants(user.id)).toHaveLength(2);
    const logs = await reconciliationLogs(user.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      subscription_id: subId,
      outcome: 'paid',
      reason: 'invoice_paid',
      stripe: { status: 'active', invoice_status: 'paid' },
    });
    expect((logs[0].results as { applied: boolean; event_type: string }[])[0]).toMatchObject({
      event_type: 'reconcile.invoice.paid',
      applied: true,
      duplicate: false,
    });

    // the lost webhooks arrive after all: answered already_applied, nothing changes
    const paid = lost.find((e) => e.type === 'invoice.paid')!;
    const { delivery: _d, ...event } = paid;
    const late = await postWebhook(JSON.stringify(event));
    expect(late).toMatchObject({
      status: 200,
      body: { received: true, duplicate: false, applied: false, reason: 'already_applied' },
    });
    const succeeded = await resendEvent(lost.find((e) => e.type === 'invoice.payment_succeeded')!.id);
    expect(succeeded.delivery?.state).toBe('delivered');
    expect(await paymentEventRows(succeeded.id)).toEqual([
      { id: succeeded.id, processed_at: expect.any(String) },
    ]);
    expect(await balanceOf(user.id)).toMatchObject({ remaining: bought.remaining + lite });
    expect(await planGrants(user.id)).toHaveLength(2);
    const renewals = (await logsOf(user.id, ['subscription_updated'])).filter(
      (l) => l.raw_data.status === 'renewed',
    );
    expect(renewals).toHaveLength(1);
    expect(renewals[0].raw_data).toMatchObject({ amount: 40, currency: 'eur' });

    // the next run has nothing to do for this subscription: its period is current
    expect(outcomeOf(await reconcile(), subId)).toBeNull();
    expect(await reconciliationLogs(user.id)).toHaveLength(1);
  });

  it('an unpaid renewal is not granted; the lost payment_failed is applied (past due); not asked again before its back-off; paid, it is granted once', async () => {
    const user = await seller();
    await buyPlan(user.client, 'pro');
    const subId = (await subscriptionOf(user.id)).stripe_subscription_id!;
    const bought = await balanceOf(user.id);

    // Stripe fails to collect the renewal, and none of its events arrive
    await backdateAtStripe(subId, 1, TWO_HOURS);
    await failLosing(subId, ['*']);
    const period = await moveRowToStripe(user.id, subId);
    const first = await reconcile();
    const mine = outcomeOf(first, subId);
    if (mine) expect(mine).toMatchObject({ outcome: 'waiting', reason: 'invoice_open' });
    const waiting = await reconciliationLogs(user.id);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({
      outcome: 'waiting',
      reason: 'invoice_open',
      attempt: 1,
      stripe: { status: 'past_due', invoice_status: 'open' },
      results: [{ event_type: 'reconcile.invoice.payment_failed', applied: true, duplicate: false }],
    });
    const next = ms(waiting[0].next_check_at as string);
    expect(next).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect(next).toBeLessThan(Date.now() + 16 * 60_000);
    const still = await subscriptionOf(user.id);
    expect(still).toMatchObject({ plan: 'pro', status: 'past_due' });
    // what the lost invoice.payment_failed would have logged, once
    const failed = (await logsOf(user.id, ['subscription_updated'])).filter(
      (l) => l.raw_data.status === 'payment_failed',
    );
    expect(failed).toHaveLength(1);
    expect(failed[0].raw_data).toMatchObject({ plan: 'pro', attempt_count: 1, currency: 'eur' });
    expect(ms(still.current_period_end)).toBe(ms(period.end));
    expect(await balanceOf(user.id)).toEqual(bought);

    // the back-off holds: the next runs do not ask Stripe about it
    expect(outcomeOf(await reconcile(), subId)).toBeNull();

    // Stripe's retry collects the invoice; its events are lost too
    await renewLosing(subId, ['*']);
    expect(outcomeOf(await reconcile(), subId)).toBeNull();
    expect(await balanceOf(user.id)).toEqual(bought);

    // checked now by name (as an operator would): granted once
    const now = await reconcile(subId);
    expect(outcomeOf(now, subId)).toMatchObject({ outcome: 'paid' });
    const pro = await monthlyCredits('pro');
    const renewed = await subscriptionOf(user.id);
    expect(renewed).toMatchObject({ plan: 'pro', status: 'active' });
    expect(ms(renewed.current_period_start)).toBe(ms(period.end));
    expect(await balanceOf(user.id)).toMatchObject({ remaining: bought.remaining + pro });
    expect((await reconciliationLogs(user.id)).map((l) => [l.outcome, l.attempt])).toEqual([
      ['waiting', 1],
      ['paid', 2],
    ]);
    // by name again: the period is current, nothing to check
    expect(outcomeOf(await reconcile(subId), subId)).toBeNull();
    expect(await balanceOf(user.id)).toMatchObject({ remaining: bought.remaining + pro });
  });

  it('a subscription Stripe ended without a webhook takes the deleted path; the late event changes nothing', async () => {
    const user = await seller();
    await buyPlan(user.client, 'lite');
    const subId = (await subscriptionOf(user.id)).stripe_subscription_id!;
    await backdateAtStripe(subId, 1, TWO_HOURS);
    const before = new Set((await devEvents()).map((e) => e.id));
    await endLosing(subId, ['*']);
    await moveRowToStripe(user.id, subId);
    const deleted = (await newEventsOf(subId, before)).find(
      (e) => e.type === 'customer.subscription.deleted',
    )!;
    expect(deleted.delivery?.state).toBe('lost');

    const ran = outcomeOf(await reconcile(subId), subId); // null if the stack's timer ran first
    if (ran) expect(ran).toMatchObject({ outcome: 'ended', reason: 'canceled' });
    const ended = await subscriptionOf(user.id);
    expect(ended).toMatchObject({ plan: 'free', stripe_subscription_id: null, cancel_at_period_end: false });
    const after = await balanceOf(user.id);
    expect(after.remaining).toBe(after.ledgerSum);
    const logs = await reconciliationLogs(user.id);
    expect(logs.map((l) => [l.outcome, l.reason])).toEqual([['ended', 'canceled']]);
    expect((logs[0].results as { event_type: string; applied: boolean }[])[0]).toMatchObject({
      event_type: 'reconcile.customer.subscription.deleted',
      applied: true,
    });

    const late = await resendEvent(deleted.id);
    expect(late.delivery?.state).toBe('delivered');
    expect(await subscriptionOf(user.id)).toMatchObject({ plan: 'free', stripe_subscription_id: null });
    expect(await balanceOf(user.id)).toEqual(after);
  });

  it('two renewals lost in a row: both periods are granted, in order, once each', async () => {
    const user = await seller();
    await buyPlan(user.client, 'lite');
    const subId = (await subscriptionOf(user.id)).stripe_subscription_id!;
    await backdateAtStripe(subId, 2, TWO_HOURS);
    const before = new Set((await devEvents()).map((e) => e.id));
    await renewLosing(subId, ['*']);
    await renewLosing(subId, ['*']);
    const lost = (await newEventsOf(subId, before)).filter((e) => e.type === 'invoice.paid');
    expect(lost.map((e) => e.delivery?.state)).toEqual(['lost', 'lost']);
    const first = await moveRowToStripe(user.id, subId);

    const ran = outcomeOf(await reconcile(subId), subId); // null if the stack's timer ran first
    if (ran) expect(ran).toMatchObject({ outcome: 'paid' });
    const periods = lost.map((e) => {
      const line = (e.data.object as Stripe.Invoice).lines.data[0].period;
      return { start: line.start * 1000, end: line.end * 1000 };
    });
    expect(periods[0].start).toBe(ms(first.end));
    const renewed = await subscriptionOf(user.id);
    expect(ms(renewed.current_period_start)).toBe(periods[1].start);
    expect(ms(renewed.current_period_end)).toBe(periods[1].end);
    // the purchase's grant and one per lost renewal (the rows come back in no set order: on
    // PostgreSQL an updated row moves within its table)
    const references = (await planGrants(user.id)).map((g) => g.reference);
    const renewals = periods.map((p) => `period:${new Date(p.start).toISOString().replace('.000Z', 'Z')}`);
    expect(references).toHaveLength(3);
    for (const r of renewals) expect(references.filter((x) => x === r)).toHaveLength(1);
    const balance = await balanceOf(user.id);
    expect(balance.remaining).toBe(balance.ledgerSum);
    expect(
      (await logsOf(user.id, ['subscription_updated'])).filter((l) => l.raw_data.status === 'renewed'),
    ).toHaveLength(2);

    // both lost webhooks arrive after all: nothing more
    for (const e of lost) expect((await resendEvent(e.id)).delivery?.state).toBe('delivered');
    expect(await balanceOf(user.id)).toEqual(balance);
    expect(await planGrants(user.id)).toHaveLength(3);
  });

  it('the stand-in answers GET /v1/subscriptions/{id} with latest_invoice expanded, as Stripe does', async () => {
    const user = await seller();
    await buyPlan(user.client, 'lite');
    const subId = (await subscriptionOf(user.id)).stripe_subscription_id!;
    const sub = await stripe.subscriptions.retrieve(subId, { expand: ['latest_invoice'] });
    const invoice = sub.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({
      object: 'invoice',
      status: 'paid',
      billing_reason: 'subscription_create',
    });
    expect(invoice.parent?.subscription_details?.subscription).toBe(subId);
    expect(typeof (await stripe.subscriptions.retrieve(subId)).latest_invoice).toBe('string');
    const missing = await stripe.subscriptions.retrieve('sub_missing').catch((e) => e);
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });

  it('only the service role may run it', async () => {
    const user = await seller();
    const { data, error } = await user.client.functions.invoke('stripe-reconcile', { body: {} });
    expect(data).toBeNull();
    expect((error as { context?: Response }).context?.status).toBe(403);
  });
});
