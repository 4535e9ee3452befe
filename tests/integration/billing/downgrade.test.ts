// Downgrades (spec 2 §4, §5): only in the last 7 days of the period, decided by the server;
// scheduled for the renewal with no proration; the credits of the period are kept; the
// Stripe subscription's price changes for the next invoice; taken back by choosing the
// current plan again.
import { describe, expect, it } from 'vitest';
import { serviceClient } from '../../support/clients.ts';
import { must, seller } from '../../support/domain.ts';
import { balanceOf, buyPlan, invoke, logsOf, stripe, subscriptionOf } from './billing-support.ts';
import { deliveriesDone, renewSubscription } from './stripe-support.ts';

/** Moves the row's period end (the database's view of when the period ends). */
async function periodEndsIn(userId: string, days: number) {
  must(
    await serviceClient()
      .from('subscriptions')
      .update({ current_period_end: new Date(Date.now() + days * 86400_000).toISOString() })
      .eq('user_id', userId),
  );
}

describe('change-plan (downgrades)', () => {
  it('is refused before the last 7 days; upgrades and free are not downgrades', async () => {
    const user = await seller({ plan: 'pro' });
    await periodEndsIn(user.id, 20);
    const early = await invoke(user.client, 'change-plan', { plan: 'lite' });
    expect(early).toMatchObject({
      ok: false,
      status: 409,
      code: 'downgrade_window',
      error: 'Downgrade is available only in the last 7 days before the period end.',
    });
    expect(await invoke(user.client, 'change-plan', { plan: 'advanced' })).toMatchObject({
      status: 409,
      code: 'upgrade_requires_checkout',
    });
    expect(await invoke(user.client, 'change-plan', { plan: 'free' })).toMatchObject({
      status: 400,
      code: 'invalid_tier',
    });
    expect((await subscriptionOf(user.id)).scheduled_plan).toBeNull();
  });

  it('in the last 7 days: Pro → Lite is scheduled, Stripe bills Lite from the renewal without proration, credits stay until then', async () => {
    const user = await seller();
    await buyPlan(user.client, 'pro');
    const subId = (await subscriptionOf(user.id)).stripe_subscription_id!;
    const stripeSub = await stripe.subscriptions.retrieve(subId);
    const periodEnd = stripeSub.items.data[0].current_period_end;
    await periodEndsIn(user.id, 3);
    const credits = await balanceOf(user.id);

    const scheduled = await invoke(user.client, 'change-plan', { plan: 'lite' });
    expect(scheduled).toMatchObject({ ok: true, subscription: { plan: 'pro', scheduled_plan: 'lite' } });
    await deliveriesDone();
    const atStripe = await stripe.subscriptions.retrieve(subId);
    expect(atStripe.items.data[0].price.id).toBe('price_drape_lite_monthly');
    expect(atStripe.items.data[0].current_period_end).toBe(periodEnd);
    expect((await stripe.invoices.list({ subscription: subId })).data).toHaveLength(1); // no proration invoice
    expect(await subscriptionOf(user.id)).toMatchObject({ plan: 'pro', scheduled_plan: 'lite' });
    expect(await balanceOf(user.id)).toEqual(credits);
    const log = (await logsOf(user.id, ['subscription_updated'])).at(-1);
    expect(log?.raw_data).toMatchObject({
      status: 'downgrade_scheduled',
      plan: 'pro',
      scheduled_plan: 'lite',
    });

    // the renewal: Stripe's invoice is Lite's €40; the plan becomes Lite with its 20 credits on top of the kept ones
    await renewSubscription(subId);
    const renewed = await subscriptionOf(user.id);
    expect(renewed).toMatchObject({ plan: 'lite', scheduled_plan: null, status: 'active' });
    const invoices = (await stripe.invoices.list({ subscription: subId })).data;
    expect(invoices[0]).toMatchObject({ billing_reason: 'subscription_cycle', amount_paid: 4000 });
    expect(await balanceOf(user.id)).toMatchObject({
      remaining: credits.remaining + 20,
      ledgerSum: credits.remaining + 20,
    });
  });

  it('choosing the current plan takes a scheduled downgrade back, at Stripe too', async () => {
    const user = await seller();
    await buyPlan(user.client, 'advanced');
    const subId = (await subscriptionOf(user.id)).stripe_subscription_id!;
    await periodEndsIn(user.id, 2);
    expect(await invoke(user.client, 'change-plan', { plan: 'pro' })).toMatchObject({
      ok: true,
      subscription: { scheduled_plan: 'pro' },
    });
    expect((await stripe.subscriptions.retrieve(subId)).items.data[0].price.id).toBe(
      'price_drape_pro_monthly',
    );
    expect(await invoke(user.client, 'change-plan', { plan: 'advanced' })).toMatchObject({
      ok: true,
      subscription: { plan: 'advanced', scheduled_plan: null },
    });
    await deliveriesDone();
    expect((await stripe.subscriptions.retrieve(subId)).items.data[0].price.id).toBe(
      'price_drape_advanced_monthly',
    );
    expect(await subscriptionOf(user.id)).toMatchObject({ plan: 'advanced', scheduled_plan: null });
  });

  it('without Stripe (a plan set by the operator) the renewal job applies the scheduled plan', async () => {
    const user = await seller({ plan: 'advanced' });
    await periodEndsIn(user.id, 1);
    expect(await invoke(user.client, 'change-plan', { plan: 'lite' })).toMatchObject({
      ok: true,
      subscription: { scheduled_plan: 'lite' },
    });
    const end = (await subscriptionOf(user.id)).current_period_end;
    must(
      await serviceClient().rpc('renew_due_subscriptions', {
        p_now: new Date(new Date(end).getTime() + 1000).toISOString(),
        only_user: user.id,
      }),
    );
    expect(await subscriptionOf(user.id)).toMatchObject({ plan: 'lite', scheduled_plan: null });
    const changed = (await logsOf(user.id, ['subscription_plan_changed'])).at(-1);
    expect(changed?.raw_data).toMatchObject({
      plan: 'lite',
      previous_plan: 'advanced',
      reason: 'scheduled_downgrade',
    });
  });
});
