// New users, sign-up checks, tool charges and refunds, and the low-credit rule, checked in
// SQL as each role (the same transactions the REST layer runs).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../supabase/local/db/database.ts';
import {
  openDomainDb,
  rpcAs,
  sqlAs,
  sqlBalance,
  sqlError,
  sqlSetPlan,
  sqlSetCredits,
  sqlUser,
} from '../../support/domain.ts';

let db: Database;
beforeAll(async () => {
  db = await openDomainDb();
});
afterAll(async () => {
  await db?.close();
});

describe('a new user', () => {
  it('gets a profile from the sign-up metadata, a free plan with 2 credits and a ledger row', async () => {
    const u = await sqlUser(db, { full_name: '  Maria Papadopoulou ', phone_number: '+30 690 111 2222' });
    const [profile] = await sqlAs(db, { user: u.id }, 'select full_name, phone_number from public.profiles');
    expect(profile).toEqual({ full_name: 'Maria Papadopoulou', phone_number: '+30 690 111 2222' });
    const [sub] = await sqlAs(
      db,
      { user: u.id },
      `select plan, credits_remaining::text as credits, cancel_at_period_end,
              current_period_end > now() + interval '27 days' as month_ahead from public.subscriptions`,
    );
    expect(sub).toEqual({ plan: 'free', credits: '2.00', cancel_at_period_end: false, month_ahead: true });
    const ledger = await sqlAs(
      db,
      { user: u.id },
      'select amount::text, reason, balance_after::text from public.credit_ledger',
    );
    expect(ledger).toEqual([{ amount: '2.00', reason: 'signup_bonus', balance_after: '2.00' }]);
  });

  it('takes the phone from `phone` when `phone_number` is absent', async () => {
    const u = await sqlUser(db, { full_name: 'Nikos', phone: '6900000000' });
    const [p] = await sqlAs(db, 'service', 'select phone_number from public.profiles where id = $1', [u.id]);
    expect(p.phone_number).toBe('6900000000');
  });
});

describe('sign-up checks', () => {
  it('check_email_exists answers {exists} for anyone, ignoring case and spaces', async () => {
    const u = await sqlUser(db);
    expect(await rpcAs(db, 'anon', 'check_email_exists', { email: ` ${u.email.toUpperCase()} ` })).toEqual({
      exists: true,
    });
    expect(await rpcAs(db, 'anon', 'check_email_exists', { email: 'nobody-here@example.test' })).toEqual({
      exists: false,
    });
  });

  it('check_phone_exists compares digits only', async () => {
    const digits = String(Date.now()).slice(-10);
    await sqlUser(db, { full_name: 'P', phone_number: `+30 ${digits.slice(0, 3)} ${digits.slice(3)}` });
    expect(await rpcAs(db, 'anon', 'check_phone_exists', { phone_number: `+30${digits}` })).toEqual({
      exists: true,
    });
    expect(await rpcAs(db, 'anon', 'check_phone_exists', { phone_number: '+1 555 000 0000 99' })).toEqual({
      exists: false,
    });
    expect(await rpcAs(db, 'anon', 'check_phone_exists', { phone_number: '' })).toEqual({ exists: false });
  });
});

describe('tool charges', () => {
  it('charges the tool price, records tool_used and keeps the ledger equal to the balance', async () => {
    const u = await sqlUser(db);
    const res = await rpcAs(db, { user: u.id }, 'charge_tool_use', { tool: 'photo-combiner' });
    expect(res).toMatchObject({ credits_used: 0.15, credits_remaining: 1.85 });
    const res2 = await rpcAs(db, { user: u.id }, 'charge_tool_use', { tool: 'background-remover' });
    expect(res2).toMatchObject({ credits_used: 0.4, credits_remaining: 1.45 });
    const b = await sqlBalance(db, u.id);
    expect(b.remaining).toBe(1.45);
    expect(b.ledgerSum).toBe(1.45);
    const logs = await sqlAs(
      db,
      { user: u.id },
      `select raw_data ->> 'toolName' as tool, raw_data ->> 'creditsUsed' as used from public.webhook_logs
       where event_type = 'user_activity_tool_used' order by raw_data ->> 'toolName'`,
    );
    expect(logs).toEqual([
      { tool: 'background-remover', used: '0.40' },
      { tool: 'photo-combiner', used: '0.15' },
    ]);
  });

  it("refuses with 'Insufficient credits. Need X but only have Y' (two decimals)", async () => {
    const u = await sqlUser(db);
    await sqlSetCredits(db, u.id, 0.1);
    const err = await sqlError(rpcAs(db, { user: u.id }, 'charge_tool_use', { tool: 'photo-combiner' }));
    expect(err).toMatchObject({
      code: 'P0001',
      message: 'Insufficient credits. Need 0.15 but only have 0.10',
      hint: 'insufficient_credits',
    });
    expect(JSON.parse(err.detail!)).toEqual({ needed: '0.15', available: '0.10' });
    expect((await sqlBalance(db, u.id)).remaining).toBe(0.1);
  });

  it('rejects an unknown tool', async () => {
    const u = await sqlUser(db);
    const err = await sqlError(rpcAs(db, { user: u.id }, 'charge_tool_use', { tool: 'image-enhancer' }));
    expect(err).toMatchObject({ message: 'Unknown tool', hint: 'unknown_tool' });
  });

  it('server charges and refunds: a refund happens once, into the buckets the charge used', async () => {
    const u = await sqlUser(db);
    await sqlSetPlan(db, u.id, 'lite'); // 2 carried + 20 plan credits
    await rpcAs(db, 'service', 'grant_purchased_credits', {
      user_id: u.id,
      credits: 5,
      reference: `pi_${u.id}`,
    });
    const before = await sqlBalance(db, u.id);
    const charge = await rpcAs(db, 'service', 'charge_credits', {
      user_id: u.id,
      amount: 3,
      reason: 'video',
    });
    expect(charge).toMatchObject({ charged: 3, credits_remaining: before.remaining - 3 });
    const first = await rpcAs(db, 'service', 'refund_charge', { charge_id: charge.charge_id });
    const second = await rpcAs(db, 'service', 'refund_charge', { charge_id: charge.charge_id });
    expect(first.refunded).toBe(3);
    expect(second.refunded).toBe(0);
    const after = await sqlBalance(db, u.id);
    expect(after).toMatchObject({
      remaining: before.remaining,
      planCredits: before.planCredits,
      purchased: 5,
    });
    expect(after.ledgerSum).toBe(after.remaining);
  });

  it('clients cannot call the server-only charge and refund functions', async () => {
    const u = await sqlUser(db);
    for (const [fn, args] of [
      ['charge_credits', { user_id: u.id, amount: 1, reason: 'tool' }],
      ['refund_charge', { charge_id: u.id }],
      ['grant_purchased_credits', { user_id: u.id, credits: 100, reference: 'free-money' }],
      [
        'activate_plan',
        {
          user_id: u.id,
          plan: 'advanced',
          period_start: new Date().toISOString(),
          period_end: new Date(Date.now() + 1e9).toISOString(),
        },
      ],
    ] as const) {
      for (const who of ['anon', { user: u.id }] as const) {
        const err = await sqlError(rpcAs(db, who, fn, args));
        expect(err.code, `${fn} as ${JSON.stringify(who)}`).toBe('42501');
      }
    }
    expect((await sqlBalance(db, u.id)).remaining).toBe(2);
  });
});

describe('low credits', () => {
  const notifications = (userId: string) =>
    sqlAs(
      db,
      { user: userId },
      `select type, title, message from public.notifications
      where type in ('credits_low', 'credits_empty') order by created_at, type`,
    );
  const notices = (userId: string) =>
    sqlAs(
      db,
      'service',
      `select payload from public.outbound_notices where user_id = $1 and kind = 'low_credits' order by created_at`,
      [userId],
    );

  it('a paid plan reaching 3 credits gets one notification, notice and activity per 15 minutes', async () => {
    const u = await sqlUser(db);
    await sqlSetPlan(db, u.id, 'lite', 5);
    await rpcAs(db, 'service', 'charge_credits', { user_id: u.id, amount: 1, reason: 'tool' }); // 4: above the threshold
    expect(await notifications(u.id)).toEqual([]);
    await rpcAs(db, 'service', 'charge_credits', { user_id: u.id, amount: 1, reason: 'tool' }); // 3
    expect(await notifications(u.id)).toEqual([
      {
        type: 'credits_low',
        title: 'Low Credits',
        message: 'You have only 3 credits left. Purchase more to continue.',
      },
    ]);
    const [notice] = await notices(u.id);
    expect(notice.payload).toMatchObject({ email: u.email, userId: u.id, creditsRemaining: 3, plan: 'lite' });
    expect(typeof notice.payload.timestamp).toBe('string');
    const activity = await sqlAs(
      db,
      { user: u.id },
      `select count(*)::int as n from public.webhook_logs where event_type = 'user_activity_low_credits_notification'`,
    );
    expect(activity[0].n).toBe(1);

    // within 15 minutes: nothing more
    await rpcAs(db, 'service', 'charge_credits', { user_id: u.id, amount: 0.4, reason: 'tool' }); // 2.6
    expect(await notifications(u.id)).toHaveLength(1);
    expect(await notices(u.id)).toHaveLength(1);

    // 16 minutes later (moved on the row): the next drop notifies again
    await sqlAs(
      db,
      'service',
      `update public.subscriptions set low_credit_notified_at = now() - interval '16 minutes' where user_id = $1`,
      [u.id],
    );
    await rpcAs(db, 'service', 'charge_credits', { user_id: u.id, amount: 0.6, reason: 'tool' }); // 2
    await sqlAs(
      db,
      'service',
      `update public.subscriptions set low_credit_notified_at = now() - interval '16 minutes' where user_id = $1`,
      [u.id],
    );
    await rpcAs(db, 'service', 'charge_credits', { user_id: u.id, amount: 2, reason: 'tool' }); // 0
    expect(await notifications(u.id)).toEqual([
      {
        type: 'credits_low',
        title: 'Low Credits',
        message: 'You have only 3 credits left. Purchase more to continue.',
      },
      {
        type: 'credits_low',
        title: 'Low Credits',
        message: 'You have only 2 credits left. Purchase more to continue.',
      },
      {
        type: 'credits_empty',
        title: 'Out of Credits',
        message: 'You have run out of credits. Purchase more to continue.',
      },
    ]);
    expect(await notices(u.id)).toHaveLength(3);
  });

  it('the throttle follows the server clock (drape.now), not the browser', async () => {
    const u = await sqlUser(db);
    await sqlSetPlan(db, u.id, 'pro', 4);
    await rpcAs(db, 'service', 'charge_credits', { user_id: u.id, amount: 1, reason: 'tool' });
    const later = new Date(Date.now() + 20 * 60_000).toISOString();
    await db.transaction(async (tx) => {
      await tx.query(`select set_config('drape.now', $1, true)`, [later]);
      await tx.query(`select public.charge_credits($1::uuid, 0.5, 'tool')`, [u.id]);
    });
    const rows = await notifications(u.id);
    expect(rows.map((r) => r.message)).toEqual([
      'You have only 3 credits left. Purchase more to continue.',
      'You have only 2.50 credits left. Purchase more to continue.',
    ]);
  });

  it('a client cannot move the clock', async () => {
    const u = await sqlUser(db);
    await sqlSetPlan(db, u.id, 'pro', 4);
    await rpcAs(db, 'service', 'charge_credits', { user_id: u.id, amount: 1, reason: 'tool' }); // 3: notified
    const later = new Date(Date.now() + 20 * 60_000).toISOString();
    await db.transaction(async (tx) => {
      await tx.query(`select set_config('drape.now', $1, true)`, [later]);
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ sub: u.id, role: 'authenticated' }),
      ]);
      await tx.query('set local role authenticated');
      await tx.query(`select public.charge_tool_use('background-remover')`);
    });
    expect(await notifications(u.id)).toHaveLength(1);
  });

  it('the free plan is exempt', async () => {
    const u = await sqlUser(db);
    await rpcAs(db, 'service', 'charge_credits', { user_id: u.id, amount: 2, reason: 'tool' });
    expect(await notifications(u.id)).toEqual([]);
  });
});
