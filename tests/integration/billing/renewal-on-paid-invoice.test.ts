// A renewal's credits arrive with Stripe's paid invoice, once per invoice (20261123002300):
// the period end alone (the renewal job) grants nothing to a subscription Stripe bills, a
// failed renewal grants nothing, the paid one grants the month once however often its
// events arrive, and a replay cannot undo a cancellation made after it. The stand-in sends
// the renewal's events in Stripe's order.
import { describe, expect, it } from 'vitest';
import { serviceClient } from '../../support/clients.ts';
import { must, seller } from '../../support/domain.ts';
import { balanceOf, buyPlan, logsOf, stripe, subscriptionOf } from './billing-support.ts';
import { type DevEvent, devEvents, failRenewal, renewSubscription, resendEvent } from './stripe-support.ts';

/** The renewal job run for one seller as if the clock were `at`. */
async function renewalJobAt(userId: string, at: Date) {
  return must(
    await serviceClient().rpc('renew_due_subscriptions', { p_now: at.toISOString(), only_user: userId }),
  ) as { periods: number };
}

const dayAfter = (iso: string) => new Date(new Date(iso).getTime() + 86400_000);

const aboutSubscription = (subId: string) => (e: DevEvent) => {
  const o = e.data.object as {
    id?: string;
    parent?: { subscription_details?: { subscription?: string } };
  };
  return o.id === subId || o.parent?.subscription_details?.subscription === subId;
};

async function planGrants(userId: string) {
  return must(
    await serviceClient()
      .from('credit_ledger')
      .select('amount, reference')
      .eq('user_id', userId)
      .eq('reason', 'plan_grant'),
  ) as { amount: number; reference: string }[];
}

describe('a renewal', () => {
  it('grants nothing at the period end nor when its payment fails; the paid invoice grants the month once', async () => {
    const user = await seller();
    await buyPlan(user.client, 'lite');
    const bought = await subscriptionOf(user.id);
    const subId = bought.stripe_subscription_id!;
    expect(await balanceOf(user.id)).toMatchObject({ remaining: 22, ledgerSum: 22 });

    // the period ends: the renewal job leaves a Stripe-billed subscription to Stripe's invoice
    expect(await renewalJobAt(user.id, dayAfter(bought.current_period_end))).toMatchObject({ periods: 0 });
    expect(await subscriptionOf(user.id)).toMatchObject({
      plan: 'lite',
      current_period_start: bought.current_period_start,
      current_period_end: bought.current_period_end,
    });
    expect(await balanceOf(user.id)).toMatchObject({ remaining: 22, ledgerSum: 22 });

    // Stripe starts the next period and fails to collect it: past due, nothing granted
    const before = new Set((await devEvents()).map((e) => e.id));
    await failRenewal(subId);
    const failedEvents = (await devEvents()).filter((e) => !before.has(e.id) && aboutSubscription(subId)(e));
    expect(failedEvents.reverse().map((e) => e.type)).toEqual([
      'customer.subscription.updated',
      'invoice.created',
      'invoice.finalized',
      'invoice.payment_failed',
      'customer.subscription.updated',
    ]);
    expect(failedEvents.every((e) => e.delivery?.state === 'delivered')).toBe(true);
    expect(await subscriptionOf(user.id)).toMatchObject({
      plan: 'lite',
      status: 'past_due',
      current_period_end: bought.current_period_end,
    });
    expect(await renewalJobAt(user.id, dayAfter(bought.current_period_end))).toMatchObject({ periods: 0 });
    expect(await balanceOf(user.id)).toMatchObject({ remaining: 22, ledgerSum: 22 });
    expect(await planGrants(user.id)).toHaveLength(1); // Lite's first period

    // Stripe's retry collects it: the new period with Lite's 20 credits, once
    const beforePaid = new Set((await devEvents()).map((e) => e.id));
    await renewSubscription(subId);
    const paidEvents = (await devEvents())
      .filter((e) => !beforePaid.has(e.id) && aboutSubscription(subId)(e))
      .reverse();
    expect(paidEvents.map((e) => e.type)).toEqual([
      'invoice.paid',
      'invoice.payment_succeeded',
      'customer.subscription.updated',
    ]);
    const renewed = await subscriptionOf(user.id);
    expect(renewed).toMatchObject({ plan: 'lite', status: 'active' });
    expect(new Date(renewed.current_period_start).getTime()).toBe(
      new Date(bought.current_period_end).getTime(),
    );
    expect(await balanceOf(user.id)).toMatchObject({ remaining: 42, ledgerSum: 42 });

    // every event of the invoice again: nothing more
    for (const e of paidEvents) await resendEvent(e.id);
    expect(await balanceOf(user.id)).toMatchObject({ remaining: 42, ledgerSum: 42 });
    expect(await planGrants(user.id)).toHaveLength(2);
    const renewals = (await logsOf(user.id, ['subscription_updated'])).filter(
      (l) => l.raw_data.status === 'renewed',
    );
    expect(renewals).toHaveLength(1);
    expect(renewals[0].raw_data).toMatchObject({ amount: 40, currency: 'eur' });
  });

  it('a paid renewal in Stripe’s order grants once; its invoice replayed after a cancellation keeps the cancellation', async () => {
    const user = await seller();
    await buyPlan(user.client, 'pro');
    const subId = (await subscriptionOf(user.id)).stripe_subscription_id!;
    const beforeRenewal = new Set((await devEvents()).map((e) => e.id));
    await renewSubscription(subId);
    const events = (await devEvents())
      .filter((e) => !beforeRenewal.has(e.id) && aboutSubscription(subId)(e))
      .reverse();
    expect(events.map((e) => e.type)).toEqual([
      'customer.subscription.updated',
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.payment_succeeded',
    ]);
    expect(await balanceOf(user.id)).toMatchObject({ remaining: 52, ledgerSum: 52 });

    await stripe.subscriptions.update(subId, { cancel_at_period_end: true });
    const paid = events.find((e) => e.type === 'invoice.paid')!;
    await resendEvent(paid.id);
    await resendEvent(events.find((e) => e.type === 'invoice.payment_succeeded')!.id);
    expect(await subscriptionOf(user.id)).toMatchObject({ plan: 'pro', cancel_at_period_end: true });
    expect(await balanceOf(user.id)).toMatchObject({ remaining: 52, ledgerSum: 52 });
  });
});
