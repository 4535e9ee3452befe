// A Stripe-billed subscription our row says cancels at its period end is asked about at Stripe
// before it is ended (20261123004000): the renewal job holds it (24 h), stripe-reconcile reads
// the subscription back and applies what the lost webhooks would have, through
// apply_payment_event. Cancellation taken back at Stripe (its customer.subscription.updated
// lost) and the renewal paid → the paid period and the un-cancel, once; Stripe ended it → the
// deleted path; Stripe still cancelling → ended the renewal job's way.
//
// The stand-in delivers the SDK's own updates; a lost update is made by setting our row back
// to what the lost delivery would have replaced (set_subscription_cancellation), which is
// exactly the state a lost customer.subscription.updated leaves.
import { describe, expect, it } from 'vitest';
import { serviceClient } from '../../support/clients.ts';
import { must, seller } from '../../support/domain.ts';
import { balanceOf, buyPlan, logsOf, stripe, subscriptionOf } from './billing-support.ts';
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
import { deliveriesDone } from './stripe-support.ts';

const TWO_HOURS = 7200;
const ms = (iso: string) => new Date(iso).getTime();

const reconciliationLogs = async (userId: string) =>
  (await logsOf(userId, ['stripe_reconciliation'])).map((l) => l.raw_data);

/** The renewal job, for this seller, at the real clock. */
const renewalJob = async (userId: string) =>
  must(await serviceClient().rpc('renew_due_subscriptions', { only_user: userId })) as { periods: number };

const cancelOurs = async (userId: string) =>
  must(await serviceClient().rpc('set_subscription_cancellation', { user_id: userId, cancel: true }));

describe('reconciliation of a cancelling Stripe subscription', () => {
  it('cancellation taken back at Stripe (webhook lost) and renewed: the job holds it; reconciled to the paid period, not cancelling, once', async () => {
    const user = await seller();
    await buyPlan(user.client, 'lite');
    const subId = (await subscriptionOf(user.id)).stripe_subscription_id!;
    const bought = await balanceOf(user.id);
    // the seller cancels and takes it back in the portal; the second delivery is lost
    await stripe.subscriptions.update(subId, { cancel_at_period_end: true });
    await stripe.subscriptions.update(subId, { cancel_at_period_end: false });
    await deliveriesDone();
    await cancelOurs(user.id);
    expect(await subscriptionOf(user.id)).toMatchObject({ plan: 'lite', cancel_at_period_end: true });

    // a month and two hours later Stripe renews and is paid; the invoice's deliveries are lost too
    await backdateAtStripe(subId, 1, TWO_HOURS);
    await renewLosing(subId, ['*']);
    const period = await moveRowToStripe(user.id, subId);

    // the renewal job does not move the seller to free: Stripe is asked first
    expect(await renewalJob(user.id)).toMatchObject({ periods: 0 });
    expect(await subscriptionOf(user.id)).toMatchObject({ plan: 'lite', stripe_subscription_id: subId });

    const ran = outcomeOf(await reconcile(subId), subId); // null if the stack's timer ran first
    if (ran) expect(ran).toMatchObject({ outcome: 'paid', reason: 'invoice_paid' });
    const renewed = await subscriptionOf(user.id);
    expect(renewed).toMatchObject({
      plan: 'lite',
      status: 'active',
      cancel_at_period_end: false,
      stripe_subscription_id: subId,
    });
    expect(ms(renewed.current_period_start)).toBe(ms(period.end));
    const lite = await monthlyCredits('lite');
    expect(await balanceOf(user.id)).toMatchObject({
      remaining: bought.remaining + lite,
      ledgerSum: bought.remaining + lite,
    });
    expect(await planGrants(user.id)).toHaveLength(2);
    const logs = await reconciliationLogs(user.id);
    expect(logs.map((l) => [l.outcome, l.reason])).toEqual([['paid', 'invoice_paid']]);
    expect(
      (logs[0].results as { event_type: string; applied: boolean }[]).map((r) => [r.event_type, r.applied]),
    ).toEqual([
      ['reconcile.invoice.paid', true],
      ['reconcile.customer.subscription.updated', true],
    ]);

    // nothing more to do: the job and another run leave it as it is
    expect(await renewalJob(user.id)).toMatchObject({ periods: 0 });
    expect(outcomeOf(await reconcile(subId), subId)).toBeNull();
    expect(await planGrants(user.id)).toHaveLength(2);
  });

  it('cancellation taken back, renewal not paid yet: un-cancelled and past due, then waited for as any renewal', async () => {
    const user = await seller();
    await buyPlan(user.client, 'pro');
    const subId = (await subscriptionOf(user.id)).stripe_subscription_id!;
    const bought = await balanceOf(user.id);
    await cancelOurs(user.id); // Stripe never cancelled (the row's change is what a lost update leaves)
    await backdateAtStripe(subId, 1, TWO_HOURS);
    await failLosing(subId, ['*']);
    await moveRowToStripe(user.id, subId);
    expect(await renewalJob(user.id)).toMatchObject({ periods: 0 });

    const ran = outcomeOf(await reconcile(subId), subId);
    if (ran) expect(ran).toMatchObject({ outcome: 'waiting', reason: 'cancellation_withdrawn' });
    expect(await subscriptionOf(user.id)).toMatchObject({
      plan: 'pro',
      status: 'past_due',
      cancel_at_period_end: false,
      stripe_subscription_id: subId,
    });
    expect(await balanceOf(user.id)).toEqual(bought);
    const logs = await reconciliationLogs(user.id);
    expect(logs.map((l) => [l.outcome, l.reason])).toEqual([['waiting', 'cancellation_withdrawn']]);
    expect((logs[0].results as { event_type: string }[]).map((r) => r.event_type)).toEqual([
      'reconcile.customer.subscription.updated',
      'reconcile.invoice.payment_failed',
    ]);

    // Stripe's retry collects it (events lost): granted once, like any renewal
    await renewLosing(subId, ['*']);
    expect(outcomeOf(await reconcile(subId), subId)).toMatchObject({ outcome: 'paid' });
    expect(await subscriptionOf(user.id)).toMatchObject({ plan: 'pro', status: 'active' });
    expect(await balanceOf(user.id)).toMatchObject({
      remaining: bought.remaining + (await monthlyCredits('pro')),
    });
  });

  it('still cancelling at Stripe: ended the renewal job’s way at once', async () => {
    const user = await seller();
    await buyPlan(user.client, 'lite');
    const subId = (await subscriptionOf(user.id)).stripe_subscription_id!;
    await stripe.subscriptions.update(subId, { cancel_at_period_end: true });
    await deliveriesDone();
    expect(await subscriptionOf(user.id)).toMatchObject({ cancel_at_period_end: true });
    await backdateAtStripe(subId, 1, TWO_HOURS);
    await moveRowToStripe(user.id, subId);
    expect(await renewalJob(user.id)).toMatchObject({ periods: 0 });

    const ran = outcomeOf(await reconcile(subId), subId);
    if (ran) expect(ran).toMatchObject({ outcome: 'ended', reason: 'cancel_at_period_end' });
    expect(await subscriptionOf(user.id)).toMatchObject({
      plan: 'free',
      cancel_at_period_end: false,
      stripe_subscription_id: null,
    });
    const logs = await reconciliationLogs(user.id);
    expect(logs.map((l) => [l.outcome, l.reason])).toEqual([['ended', 'cancel_at_period_end']]);
    expect(logs[0].results).toEqual([{ event_type: 'renewal_job', applied: true, periods: 1 }]);
    expect(
      (await logsOf(user.id, ['subscription_plan_changed'])).map((l) => l.raw_data).at(-1),
    ).toMatchObject({ plan: 'free', previous_plan: 'lite', reason: 'cancel_at_period_end' });
    const after = await balanceOf(user.id);
    expect(after.remaining).toBe(after.ledgerSum);
  });

  it('ended at Stripe (its deleted webhook lost): the deleted path', async () => {
    const user = await seller();
    await buyPlan(user.client, 'lite');
    const subId = (await subscriptionOf(user.id)).stripe_subscription_id!;
    await stripe.subscriptions.update(subId, { cancel_at_period_end: true });
    await deliveriesDone();
    await backdateAtStripe(subId, 1, TWO_HOURS);
    await endLosing(subId, ['*']);
    await moveRowToStripe(user.id, subId);
    expect(await renewalJob(user.id)).toMatchObject({ periods: 0 });

    const ran = outcomeOf(await reconcile(subId), subId);
    if (ran) expect(ran).toMatchObject({ outcome: 'ended', reason: 'canceled' });
    expect(await subscriptionOf(user.id)).toMatchObject({ plan: 'free', stripe_subscription_id: null });
    const logs = await reconciliationLogs(user.id);
    expect((logs[0].results as { event_type: string; applied: boolean }[])[0]).toMatchObject({
      event_type: 'reconcile.customer.subscription.deleted',
      applied: true,
    });
  });
});
