// The renewal rule with a moved clock: monthly grants, carry-over capped at two months'
// worth, purchased credits kept, pending cancellations to free at period end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../supabase/local/db/database.ts';
import { openDomainDb, rpcAs, sqlAs, sqlBalance, sqlError, sqlUser } from '../../support/domain.ts';

let db: Database;
beforeAll(async () => {
  db = await openDomainDb();
});
afterAll(async () => {
  await db?.close();
});

const iso = (s: string) => new Date(s).toISOString();
const period = async (userId: string) =>
  (
    await sqlAs(
      db,
      'service',
      `select plan, cancel_at_period_end, credits_used::text as used,
     to_char(current_period_start at time zone 'UTC', 'YYYY-MM-DD') as start,
     to_char(current_period_end at time zone 'UTC', 'YYYY-MM-DD') as "end"
     from public.subscriptions where user_id = $1`,
      [userId],
    )
  )[0];
// each test renews only its own users: the suite's other users keep their clock
const renew = (userId: string, now: string) =>
  rpcAs(db, 'service', 'renew_due_subscriptions', { p_now: iso(now), only_user: userId });
const activate = (userId: string, plan: string, start: string, end: string) =>
  rpcAs(db, 'service', 'activate_plan', {
    user_id: userId,
    plan,
    period_start: iso(start),
    period_end: iso(end),
  });

/** A user on `plan` whose period is [start, end) with `planCredits` plan credits and `purchased` purchased. */
async function subscriber(plan: string, start: string, end: string, planCredits: number, purchased = 0) {
  const u = await sqlUser(db);
  // the sign-up grant is 2 plan credits; the activation grants the plan's monthly credits on top
  await activate(u.id, plan, start, end);
  const b = await sqlBalance(db, u.id);
  const diff = planCredits - b.planCredits;
  if (diff < 0)
    await rpcAs(db, 'service', 'charge_credits', { user_id: u.id, amount: -diff, reason: 'adjustment' });
  if (diff > 0) throw new Error('cannot raise plan credits in a test');
  if (purchased)
    await rpcAs(db, 'service', 'grant_purchased_credits', {
      user_id: u.id,
      credits: purchased,
      reference: `pi-${u.id}`,
    });
  return u;
}

describe('renew_due_subscriptions', () => {
  it('grants the monthly credits for the new period and carries unused ones over', async () => {
    const u = await subscriber('lite', '2031-01-10T09:00:00Z', '2031-02-10T09:00:00Z', 7);
    const r = await renew(u.id, '2031-02-10T09:00:01Z');
    expect(r).toEqual({ subscriptions: 1, periods: 1, downgraded: 0 });
    expect(await period(u.id)).toEqual({
      plan: 'lite',
      cancel_at_period_end: false,
      used: '0.00',
      start: '2031-02-10',
      end: '2031-03-10',
    });
    expect(await sqlBalance(db, u.id)).toMatchObject({
      remaining: 27,
      planCredits: 27,
      purchased: 0,
      ledgerSum: 27,
    });
  });

  it("caps the carry-over at two months' worth of the plan; purchased credits never expire", async () => {
    const u = await subscriber('lite', '2032-01-10T00:00:00Z', '2032-02-10T00:00:00Z', 22, 15);
    await renew(u.id, '2032-02-10T00:00:00Z'); // 22 + 20 = 42 plan credits
    await renew(u.id, '2032-03-10T00:00:00Z'); // carry min(42, 40) = 40, expire 2, + 20 = 60
    expect(await sqlBalance(db, u.id)).toMatchObject({
      remaining: 75,
      planCredits: 60,
      purchased: 15,
      ledgerSum: 75,
    });
    const rows = await sqlAs(
      db,
      'service',
      `select reason, amount::text, reference from public.credit_ledger
      where user_id = $1 and reason in ('plan_grant', 'expiry') and reference like 'period:2032-03%' order by reason`,
      [u.id],
    );
    expect(rows).toEqual([
      { reason: 'expiry', amount: '-2.00', reference: 'period:2032-03-10T00:00:00Z' },
      { reason: 'plan_grant', amount: '20.00', reference: 'period:2032-03-10T00:00:00Z' },
    ]);
  });

  it('remembers the credits carried over as rollover; this period’s own credits are spent first', async () => {
    const rollover = async (userId: string) =>
      Number(
        (
          await sqlAs<{ r: string }>(
            db,
            { user: userId },
            'select rollover_credits::text as r from public.subscriptions where user_id = $1',
            [userId],
          )
        )[0]?.r,
      );
    const u = await subscriber('lite', '2034-01-10T00:00:00Z', '2034-02-10T00:00:00Z', 7, 5);
    await renew(u.id, '2034-02-10T00:00:00Z'); // carry 7, + 20 = 27 plan credits, 5 purchased
    expect(await rollover(u.id)).toBe(7);
    const spend = (amount: number) =>
      rpcAs(db, 'service', 'charge_credits', { user_id: u.id, amount, reason: 'generation' });
    await spend(15); // from the 20 granted for this period
    expect(await rollover(u.id)).toBe(7);
    await spend(10); // the last 5 of this period's, then 5 of the 7 carried over
    expect(await rollover(u.id)).toBe(2);
    expect(await sqlBalance(db, u.id)).toMatchObject({ remaining: 7, planCredits: 2, purchased: 5 });
    await spend(4); // the 2 carried over, then 2 purchased
    expect(await rollover(u.id)).toBe(0);
    await renew(u.id, '2034-03-10T00:00:00Z'); // nothing left to carry
    expect(await rollover(u.id)).toBe(0);
    expect(await sqlBalance(db, u.id)).toMatchObject({ remaining: 23, planCredits: 20, purchased: 3 });
  });

  it('a pending cancellation moves the user to free at period end, keeping purchased credits', async () => {
    const u = await subscriber('pro', '2033-05-01T00:00:00Z', '2033-06-01T00:00:00Z', 10, 4);
    await rpcAs(db, 'service', 'set_subscription_cancellation', { user_id: u.id, cancel: true });
    await renew(u.id, '2033-05-31T23:59:59Z');
    expect((await period(u.id)).plan).toBe('pro');
    expect(await renew(u.id, '2033-06-01T00:00:00Z')).toEqual({
      subscriptions: 1,
      periods: 1,
      downgraded: 1,
    });
    expect(await period(u.id)).toMatchObject({
      plan: 'free',
      cancel_at_period_end: false,
      start: '2033-06-01',
      end: '2033-07-01',
    });
    // plan credits 10 -> carry min(10, 2 x 2) = 4, + 2 free = 6; purchased 4 kept
    expect(await sqlBalance(db, u.id)).toMatchObject({
      remaining: 10,
      planCredits: 6,
      purchased: 4,
      ledgerSum: 10,
    });
    const [log] = await sqlAs(
      db,
      'service',
      `select raw_data from public.webhook_logs where user_id = $1 and event_type = 'subscription_plan_changed' order by created_at desc limit 1`,
      [u.id],
    );
    expect(log.raw_data).toMatchObject({ plan: 'free', previous_plan: 'pro', status: 'canceled' });
  });

  it('closes missed periods one by one, without drifting from the billing anchor', async () => {
    const u = await subscriber('advanced', '2034-01-31T12:00:00Z', '2034-02-28T12:00:00Z', 0);
    await renew(u.id, '2034-05-01T00:00:00Z');
    expect(await period(u.id)).toMatchObject({ start: '2034-04-30', end: '2034-05-31' });
    // three grants: Feb 28, Mar 31, Apr 30; carry caps at 60
    const grants = await sqlAs(
      db,
      'service',
      `select reference from public.credit_ledger where user_id = $1 and reason = 'plan_grant' and reference like 'period:2034-0%' order by created_at, reference`,
      [u.id],
    );
    expect(grants.map((g) => g.reference)).toEqual([
      'period:2034-01-31T12:00:00Z',
      'period:2034-02-28T12:00:00Z',
      'period:2034-03-31T12:00:00Z',
      'period:2034-04-30T12:00:00Z',
    ]);
    expect(await sqlBalance(db, u.id)).toMatchObject({ planCredits: 90, ledgerSum: 90 });
  });

  it('runs once per period: running again, or the payment webhook for the same period, grants nothing', async () => {
    const u = await subscriber('lite', '2035-03-01T00:00:00Z', '2035-04-01T00:00:00Z', 20);
    await renew(u.id, '2035-04-01T00:00:00Z');
    await renew(u.id, '2035-04-01T00:00:00Z');
    await activate(u.id, 'lite', '2035-04-01T00:00:00Z', '2035-05-01T00:00:00Z');
    expect(await sqlBalance(db, u.id)).toMatchObject({ remaining: 40, ledgerSum: 40 });
  });

  it('follows the server clock (drape.now) when no time is passed', async () => {
    const u = await subscriber('lite', '2036-03-01T00:00:00Z', '2036-04-01T00:00:00Z', 0);
    await db.transaction(async (tx) => {
      await tx.query(`select set_config('drape.now', '2036-04-01T00:00:05Z', true)`);
      await tx.query('select public.renew_due_subscriptions(only_user => $1::uuid)', [u.id]);
    });
    expect(await period(u.id)).toMatchObject({ start: '2036-04-01', end: '2036-05-01' });
    expect((await sqlBalance(db, u.id)).remaining).toBe(20);
  });

  it('is for the server only', async () => {
    const u = await sqlUser(db);
    expect(
      (await sqlError(rpcAs(db, { user: u.id }, 'renew_due_subscriptions', { p_now: iso('2099-01-01') })))
        .code,
    ).toBe('42501');
    expect((await sqlError(rpcAs(db, 'anon', 'run_scheduled_jobs', {}))).code).toBe('42501');
  });
});

describe('purchases and plans', () => {
  it('a credit pack is granted once per payment reference and logged for the purchase history', async () => {
    const u = await sqlUser(db);
    const first = await rpcAs(db, 'service', 'grant_purchased_credits', {
      user_id: u.id,
      credits: 100,
      reference: `cs_${u.id}`,
      amount_cents: 16625,
    });
    const again = await rpcAs(db, 'service', 'grant_purchased_credits', {
      user_id: u.id,
      credits: 100,
      reference: `cs_${u.id}`,
      amount_cents: 16625,
    });
    expect(first).toMatchObject({ granted: true, credits_remaining: 102 });
    expect(again).toMatchObject({ granted: false, credits_remaining: 102 });
    const logs = await sqlAs(
      db,
      { user: u.id },
      `select raw_data from public.webhook_logs where event_type = 'credit_purchase_processed'`,
    );
    expect(logs).toHaveLength(1);
    expect(logs[0].raw_data).toMatchObject({
      credits_added: 100,
      previous_credits: 2,
      new_credits: 102,
      amount: 166.25,
      currency: 'eur',
    });
  });

  it('payment events are processed once', async () => {
    const id = `evt_${Date.now()}`;
    expect(
      await rpcAs(db, 'service', 'record_payment_event', {
        event_id: id,
        event_type: 'checkout.session.completed',
      }),
    ).toBe(true);
    expect(
      await rpcAs(db, 'service', 'record_payment_event', {
        event_id: id,
        event_type: 'checkout.session.completed',
      }),
    ).toBe(true);
    await sqlAs(db, 'service', 'select public.mark_payment_event_processed($1)', [id]);
    expect(
      await rpcAs(db, 'service', 'record_payment_event', {
        event_id: id,
        event_type: 'checkout.session.completed',
      }),
    ).toBe(false);
  });

  it('credit_pack_quote prices packs by plan and volume (spec 2 §9)', async () => {
    const pro = await subscriber('pro', '2030-01-01T00:00:00Z', '2030-02-01T00:00:00Z', 25);
    expect(await rpcAs(db, { user: pro.id }, 'credit_pack_quote', { credits: 100 })).toEqual({
      credits: 100,
      plan: 'pro',
      unit_price: 1.75,
      discount_percent: 5,
      amount_cents: 16625,
      currency: 'eur',
      purchasable: true,
      contact_sales: false,
    });
    expect(await rpcAs(db, 'anon', 'credit_pack_quote', { credits: 25, plan: 'lite' })).toMatchObject({
      amount_cents: 5000,
      discount_percent: 0,
    });
    expect(await rpcAs(db, 'anon', 'credit_pack_quote', { credits: 400, plan: 'advanced' })).toMatchObject({
      amount_cents: 48000,
      discount_percent: 20,
    });
    expect(await rpcAs(db, 'anon', 'credit_pack_quote', { credits: 200, plan: 'free' })).toMatchObject({
      purchasable: false,
      discount_percent: 10,
    });
    expect(await rpcAs(db, 'anon', 'credit_pack_quote', { credits: 500, plan: 'pro' })).toMatchObject({
      purchasable: false,
      contact_sales: true,
    });
    for (const bad of [0, 10, 350, 375, 525]) {
      expect(
        await sqlError(rpcAs(db, 'anon', 'credit_pack_quote', { credits: bad, plan: 'pro' })),
      ).toMatchObject({ message: 'Invalid credit amount', hint: 'invalid_credit_amount' });
    }
  });
});
