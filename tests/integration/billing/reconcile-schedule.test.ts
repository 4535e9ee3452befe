// Which subscriptions a reconciliation run claims (claim_stripe_reconciliation: Stripe-billed,
// renewing or cancelling, ended more than the grace time ago, back-off over, one run at a
// time), the renewal job's hold on a Stripe-billed cancelling subscription, and the local
// stack's job timer calling stripe-reconcile when a check is due.
//
// The claims are made at a clock of their own (p_now, ten days ahead and beyond), on periods
// that end then, so the shared stack's own timer (the real clock) never touches them.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient } from '../../support/clients.ts';
import { must, seller } from '../../support/domain.ts';
import { startOwnStack, type OwnStack } from '../auth/own-stack.ts';

const HOUR = 3600_000;
const at = (ms: number) => new Date(ms).toISOString();

/** A seller on Lite billed by Stripe (ids of their own), whose period ends at `end`. */
async function stripeBilledSeller(end: number, extra: { cancel?: boolean } = {}) {
  const user = await seller();
  const subId = `sub_sql_${randomUUID().slice(0, 12)}`;
  must(
    await serviceClient().rpc('activate_plan', {
      user_id: user.id,
      plan: 'lite',
      period_start: at(end - 30 * 24 * HOUR),
      period_end: at(end),
      stripe_customer_id: `cus_sql_${randomUUID().slice(0, 12)}`,
      stripe_subscription_id: subId,
    }),
  );
  if (extra.cancel)
    must(await serviceClient().rpc('set_subscription_cancellation', { user_id: user.id, cancel: true }));
  return { user, subId };
}

interface Claimed {
  user_id: string;
  subscription_id: string;
  attempts: number;
  current_period_end: string;
}

async function claim(now: number, opts: { grace?: number; lease?: number; only?: string } = {}) {
  return must(
    await serviceClient().rpc('claim_stripe_reconciliation', {
      grace_seconds: opts.grace ?? 3600,
      max_rows: 100,
      lease_seconds: opts.lease ?? 300,
      p_now: at(now),
      only_subscription: opts.only ?? null,
    }),
  ) as Claimed[];
}

const mine = (rows: Claimed[], subId: string) => rows.find((r) => r.subscription_id === subId) ?? null;

describe('claim_stripe_reconciliation', () => {
  it('claims a Stripe-billed renewal once the grace time after its period end is over, then holds it for the lease', async () => {
    const end = Date.now() + 10 * 24 * HOUR;
    const { user, subId } = await stripeBilledSeller(end);
    expect(mine(await claim(end - HOUR), subId)).toBeNull(); // not ended
    expect(mine(await claim(end + 30 * 60_000), subId)).toBeNull(); // within the grace hour
    const first = mine(await claim(end + 2 * HOUR), subId);
    expect(first).toMatchObject({ user_id: user.id, attempts: 1 });
    expect(new Date(first!.current_period_end).getTime()).toBe(end);
    // a second run meanwhile does not ask about it again
    expect(mine(await claim(end + 2 * HOUR + 60_000), subId)).toBeNull();
    // the lease ran out (the run died): claimed again, the second attempt for this period
    expect(mine(await claim(end + 2 * HOUR + 301_000), subId)).toMatchObject({ attempts: 2 });
    // a grace time of zero claims as soon as the period ends; a name claims it whatever its lease
    expect(mine(await claim(end + 2 * HOUR + 302_000, { only: subId }), subId)).toMatchObject({
      attempts: 3,
    });
  });

  it('claims a cancelling one too (after the grace time), saying so; never one on the free plan', async () => {
    const end = Date.now() + 11 * 24 * HOUR;
    const cancelling = await stripeBilledSeller(end, { cancel: true });
    expect(mine(await claim(end + 30 * 60_000), cancelling.subId)).toBeNull(); // within the grace hour
    const rows = await claim(end + 3 * HOUR);
    expect(mine(rows, cancelling.subId)).toMatchObject({
      user_id: cancelling.user.id,
      cancel_at_period_end: true,
      attempts: 1,
    });
    const free = await seller();
    expect(rows.some((r) => r.user_id === free.id)).toBe(false);
  });

  it('the renewal job leaves a Stripe-billed cancelling subscription alone for the hold (24 h), then ends it', async () => {
    const end = Date.now() + 13 * 24 * HOUR;
    const { user } = await stripeBilledSeller(end, { cancel: true });
    const job = async (now: number) =>
      must(await serviceClient().rpc('renew_due_subscriptions', { p_now: at(now), only_user: user.id })) as {
        periods: number;
        downgraded: number;
      };
    const row = async () =>
      must(
        await serviceClient()
          .from('subscriptions')
          .select('plan, cancel_at_period_end, stripe_subscription_id')
          .eq('user_id', user.id)
          .single(),
      ) as { plan: string; cancel_at_period_end: boolean; stripe_subscription_id: string | null };
    expect(await job(end + 2 * HOUR)).toMatchObject({ periods: 0 });
    expect(await job(end + 23 * HOUR)).toMatchObject({ periods: 0 });
    expect(await row()).toMatchObject({ plan: 'lite', cancel_at_period_end: true });
    expect(await job(end + 25 * HOUR)).toMatchObject({ periods: 1, downgraded: 1 });
    expect(await row()).toEqual({ plan: 'free', cancel_at_period_end: false, stripe_subscription_id: null });
  });

  it('the renewal job still ends a cancelling subscription that Stripe does not bill at its period end', async () => {
    const user = await seller({ plan: 'lite' });
    must(await serviceClient().rpc('set_subscription_cancellation', { user_id: user.id, cancel: true }));
    const { current_period_end } = must(
      await serviceClient()
        .from('subscriptions')
        .select('current_period_end')
        .eq('user_id', user.id)
        .single(),
    ) as { current_period_end: string };
    const done = must(
      await serviceClient().rpc('renew_due_subscriptions', {
        p_now: at(new Date(current_period_end).getTime() + 60_000),
        only_user: user.id,
      }),
    );
    expect(done).toMatchObject({ periods: 1, downgraded: 1 });
  });

  it('claims with one run at a time: concurrent runs never get the same subscription', async () => {
    const end = Date.now() + 12 * 24 * HOUR;
    const { subId } = await stripeBilledSeller(end);
    const runs = await Promise.all([1, 2, 3, 4].map(() => claim(end + 2 * HOUR)));
    expect(runs.filter((r) => mine(r, subId) !== null)).toHaveLength(1);
  });
});

describe('the local job timer', () => {
  let own: OwnStack;
  beforeAll(async () => {
    own = await startOwnStack();
  }, 120_000);
  afterAll(async () => {
    await own?.close();
  });

  it('calls stripe-reconcile when a check is due; Stripe not knowing the subscription ends nothing', async () => {
    const service = own.service();
    const email = `reconcile-${randomUUID().slice(0, 8)}@example.test`;
    const created = await service.auth.admin.createUser({
      email,
      password: 'secret-123',
      email_confirm: true,
    });
    if (created.error) throw created.error;
    const userId = created.data.user!.id;
    const end = Date.now() - 2 * HOUR;
    must(
      await service.rpc('activate_plan', {
        user_id: userId,
        plan: 'pro',
        period_start: at(end - 30 * 24 * HOUR),
        period_end: at(end),
        stripe_customer_id: 'cus_unknown_at_stripe',
        stripe_subscription_id: 'sub_unknown_at_stripe',
      }),
    );
    await own.stack.jobs.runNow();
    const logs = must(
      await service
        .from('webhook_logs')
        .select('raw_data, subscription_id')
        .eq('user_id', userId)
        .eq('event_type', 'stripe_reconciliation'),
    ) as { raw_data: Record<string, unknown>; subscription_id: string }[];
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      subscription_id: 'sub_unknown_at_stripe',
      raw_data: { outcome: 'waiting', reason: 'unknown_at_stripe', attempt: 1, results: [] },
    });
    const sub = must(
      await service
        .from('subscriptions')
        .select('plan, stripe_subscription_id')
        .eq('user_id', userId)
        .single(),
    );
    expect(sub).toEqual({ plan: 'pro', stripe_subscription_id: 'sub_unknown_at_stripe' });
    // the next run: backed off, Stripe is not asked, nothing logged
    await own.stack.jobs.runNow();
    expect(
      must(
        await service
          .from('webhook_logs')
          .select('id')
          .eq('user_id', userId)
          .eq('event_type', 'stripe_reconciliation'),
      ),
    ).toHaveLength(1);
  });
});
