// The operator console's SQL (supabase/schemas/97_operator.sql): only operators (app_metadata.role
// 'operator' in the JWT and on the account) may call the operator_… functions; each action is
// recorded once in operator_actions, which no one changes; a grant moves credits once per request
// id; a rejection refunds a paid fix once however many operators press at the same time.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../supabase/local/db/database.ts';
import {
  openDomainDb,
  rpcAs,
  selection,
  sqlAs,
  sqlBalance,
  sqlError,
  sqlSetCredits,
  sqlSetPlan,
  sqlUpload,
  sqlUser,
  type Who,
  writeAs,
} from '../../support/domain.ts';

let db: Database;
beforeAll(async () => {
  db = await openDomainDb({ poolSize: 12 });
});
afterAll(async () => {
  await db?.close();
});

const OPERATOR = { role: 'operator' };

async function operator(): Promise<{ id: string; email: string; who: Who }> {
  const u = await sqlUser(db);
  await db.query(
    `update auth.users set raw_app_meta_data = raw_app_meta_data || '{"role":"operator"}' where id = $1`,
    [u.id],
  );
  return { ...u, who: { user: u.id, appMetadata: OPERATOR } };
}

async function fixOnCompletedProject(plan = 'free', credits = 3) {
  const u = await sqlUser(db, { full_name: 'Ioanna Fix' });
  if (plan !== 'free') await sqlSetPlan(db, u.id, plan);
  await sqlSetCredits(db, u.id, credits + 1);
  const p = await rpcAs(db, { user: u.id }, 'start_generation', selection(await sqlUpload(db, u.id)));
  await rpcAs(db, 'service', 'report_image_outcome', {
    image_id: p.images[0].id,
    status: 'completed',
    generated_path: `${u.id}/${p.id}/result.png`,
  });
  const r = await rpcAs(db, { user: u.id }, 'request_project_fix', {
    project_id: p.id,
    description: 'Sleeve is too long',
    image_id: p.images[0].id,
  });
  return { userId: u.id, email: u.email, projectId: p.id as string, fixId: r.fix.id as string };
}

async function auditRows(subject: string) {
  return (await db.query(`select * from public.operator_actions where subject = $1`, [subject])).rows;
}

describe('operator functions refuse everyone but operators', () => {
  it('anon, a seller, a seller whose JWT claims the role without it, and a removed operator get operator_only', async () => {
    const { fixId, userId } = await fixOnCompletedProject('pro');
    const seller = await sqlUser(db);
    const removed = await operator();
    await db.query(`update auth.users set raw_app_meta_data = raw_app_meta_data - 'role' where id = $1`, [
      removed.id,
    ]);
    const calls: [string, Record<string, unknown>][] = [
      ['operator_fix_queue', {}],
      ['operator_start_fix', { fix_id: fixId }],
      ['operator_reject_fix', { fix_id: fixId, note: 'no' }],
      ['operator_fix_target', { fix_id: fixId }],
      ['operator_answer_fix', { fix_id: fixId, result_path: 'a', watermarked_path: 'b' }],
      ['operator_find_seller', { query: 'example' }],
      ['operator_grant_credits', { seller_id: userId, amount: 5, reason: 'gift', request_id: randomUUID() }],
    ];
    const callers: Who[] = [
      'anon',
      { user: seller.id },
      { user: seller.id, appMetadata: OPERATOR },
      removed.who,
      { user: userId },
    ];
    for (const [fn, args] of calls) {
      for (const who of callers) {
        expect(await sqlError(rpcAs(db, who, fn, args)), `${fn} as ${JSON.stringify(who)}`).toMatchObject({
          code: 'P0001',
          message: 'Only operators can do this',
          hint: 'operator_only',
        });
      }
    }
    const [fix] = await sqlAs(db, 'service', `select status from public.fixes where id = $1`, [fixId]);
    expect(fix.status).toBe('pending');
    expect(await sqlBalance(db, userId)).toMatchObject({ remaining: 3 });
    expect(await auditRows(fixId)).toEqual([]);
  });
});

describe('the fix queue', () => {
  it('lists open fixes oldest first with the seller, plan, promise and late flag', async () => {
    const op = await operator();
    const lite = await fixOnCompletedProject('lite');
    const pro = await fixOnCompletedProject('pro');
    // the lite fix is 4 days old (late against 3), the pro one 1 day (due in 2)
    await db.query(`update public.fixes set created_at = now() - interval '4 days' where id = $1`, [
      lite.fixId,
    ]);
    await db.query(`update public.fixes set created_at = now() - interval '1 day' where id = $1`, [
      pro.fixId,
    ]);
    const queue = await rpcAs(db, op.who, 'operator_fix_queue');
    const open = queue.open.filter((f: any) => [lite.fixId, pro.fixId].includes(f.id));
    expect(open.map((f: any) => f.id)).toEqual([lite.fixId, pro.fixId]);
    expect(open[0]).toMatchObject({
      status: 'pending',
      plan: 'lite',
      promised_days: 3,
      late: true,
      is_free: true,
      seller_email: lite.email,
      seller_name: 'Ioanna Fix',
      description: 'Sleeve is too long',
      project_id: lite.projectId,
      original_path: `${lite.userId}/${lite.projectId}/result.png`,
    });
    expect(open[1]).toMatchObject({ plan: 'pro', promised_days: 2, late: false });
    expect(open[0].age_hours).toBeGreaterThanOrEqual(96);
  });
});

describe('operator_start_fix and operator_reject_fix', () => {
  it('moves a fix to processing, tells the seller and records the action once', async () => {
    const op = await operator();
    const { fixId, userId } = await fixOnCompletedProject('pro');
    const fix = await rpcAs(db, op.who, 'operator_start_fix', { fix_id: fixId });
    expect(fix).toMatchObject({ id: fixId, status: 'processing' });
    const notes = await sqlAs(
      db,
      { user: userId },
      `select type from public.notifications where type like 'fix_%'`,
    );
    expect(notes).toEqual([{ type: 'fix_processing' }]);
    expect(await auditRows(fixId)).toEqual([
      expect.objectContaining({
        action: 'start_fix',
        operator_id: op.id,
        operator_email: op.email,
        seller_id: userId,
      }),
    ]);
  });

  it('needs a note', async () => {
    const op = await operator();
    const { fixId } = await fixOnCompletedProject('pro');
    expect(
      await sqlError(rpcAs(db, op.who, 'operator_reject_fix', { fix_id: fixId, note: '  ' })),
    ).toMatchObject({
      hint: 'note_required',
    });
  });

  it('refunds a paid fix exactly once under 10 concurrent rejections', async () => {
    const op = await operator();
    const paid = await fixOnCompletedProject('free', 3);
    const before = Number((await sqlBalance(db, paid.userId)).remaining);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        rpcAs(db, op.who, 'operator_reject_fix', {
          fix_id: paid.fixId,
          note: 'The belt is part of the dress',
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    expect(ok).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected') expect(r.reason).toMatchObject({ hint: 'fix_finished' });
    }
    expect(Number((await sqlBalance(db, paid.userId)).remaining)).toBe(before + 1);
    const refunds = await db.query(
      `select * from public.credit_ledger where user_id = $1 and reason = 'refund'`,
      [paid.userId],
    );
    expect(refunds.rows).toHaveLength(1);
    const audit = await auditRows(paid.fixId);
    expect(audit).toEqual([
      expect.objectContaining({ action: 'reject_fix', reason: 'The belt is part of the dress' }),
    ]);
    const [row] = await sqlAs(
      db,
      { user: paid.userId },
      `select status, result_note from public.fixes where id = $1`,
      [paid.fixId],
    );
    expect(row).toEqual({ status: 'rejected', result_note: 'The belt is part of the dress' });
  });
});

describe('operator_answer_fix', () => {
  it('completes the fix with stored files, notifies the seller once, records it; a second answer is refused', async () => {
    const op = await operator();
    const { fixId, userId, projectId } = await fixOnCompletedProject('free');
    const target = await rpcAs(db, op.who, 'operator_fix_target', { fix_id: fixId });
    expect(target).toEqual({ fix_id: fixId, user_id: userId, project_id: projectId });
    const name = `${userId}/${projectId}/fix-${fixId}.png`;
    await db.query(
      `insert into storage.objects (bucket_id, name) values ('generated', $1), ('watermarked', $1)`,
      [name],
    );
    const fix = await rpcAs(db, op.who, 'operator_answer_fix', {
      fix_id: fixId,
      result_path: name,
      watermarked_path: name,
      note: 'Shortened the sleeve',
    });
    expect(fix).toMatchObject({ status: 'completed', result_path: name, result_watermarked_path: name });
    const again = await sqlError(
      rpcAs(db, op.who, 'operator_answer_fix', { fix_id: fixId, result_path: name, watermarked_path: name }),
    );
    expect(again).toMatchObject({ hint: 'fix_finished' });
    expect(await sqlError(rpcAs(db, op.who, 'operator_fix_target', { fix_id: fixId }))).toMatchObject({
      hint: 'fix_finished',
    });
    const notes = await sqlAs(
      db,
      { user: userId },
      `select type from public.notifications where type like 'fix_%'`,
    );
    expect(notes).toEqual([{ type: 'fix_completed' }]);
    expect(await auditRows(fixId)).toEqual([
      expect.objectContaining({ action: 'answer_fix', seller_id: userId }),
    ]);
  });
});

describe('operator_grant_credits', () => {
  it('adds credits once per request id: one ledger row with the reason, one notification, one audit row', async () => {
    const op = await operator();
    const seller = await sqlUser(db);
    const requestId = randomUUID();
    const before = Number((await sqlBalance(db, seller.id)).remaining);
    const args = { seller_id: seller.id, amount: 5, reason: 'Sorry for the slow fix', request_id: requestId };
    const first = await rpcAs(db, op.who, 'operator_grant_credits', args);
    expect(first).toMatchObject({ amount: 5, credits_remaining: before + 5, replayed: false });
    const repeat = await rpcAs(db, op.who, 'operator_grant_credits', args);
    expect(repeat).toMatchObject({ ledger_id: first.ledger_id, replayed: true });
    expect(await sqlError(rpcAs(db, op.who, 'operator_grant_credits', { ...args, amount: 6 }))).toMatchObject(
      { hint: 'request_reused' },
    );

    expect(Number((await sqlBalance(db, seller.id)).remaining)).toBe(before + 5);
    const ledger = await sqlAs(
      db,
      { user: seller.id },
      `select amount::float as amount, reason, details->>'note' as note from public.credit_ledger where reason = 'adjustment'`,
    );
    expect(ledger).toEqual([{ amount: 5, reason: 'adjustment', note: 'Sorry for the slow fix' }]);
    const notes = await sqlAs(
      db,
      { user: seller.id },
      `select type, data from public.notifications where type like 'credits_%'`,
    );
    expect(notes).toEqual([
      { type: 'credits_granted', data: { credits: 5, note: 'Sorry for the slow fix' } },
    ]);
    expect(await auditRows(requestId)).toEqual([
      expect.objectContaining({
        action: 'grant_credits',
        seller_id: seller.id,
        reason: 'Sorry for the slow fix',
      }),
    ]);
  });

  it('removes credits but never below 0, and needs a reason, an amount and a request id', async () => {
    const op = await operator();
    const seller = await sqlUser(db);
    await sqlSetCredits(db, seller.id, 4);
    const take = (amount: number, reason = 'Duplicate grant', request_id: string | null = randomUUID()) =>
      rpcAs(db, op.who, 'operator_grant_credits', { seller_id: seller.id, amount, reason, request_id });
    expect(await sqlError(take(-5))).toMatchObject({ hint: 'remove_exceeds_balance' });
    expect(await sqlError(take(3, ' '))).toMatchObject({ hint: 'reason_required' });
    expect(await sqlError(take(0))).toMatchObject({ hint: 'grant_amount_invalid' });
    expect(await sqlError(take(3, 'x', null))).toMatchObject({ hint: 'request_id_invalid' });
    expect(
      await sqlError(
        rpcAs(db, op.who, 'operator_grant_credits', {
          seller_id: randomUUID(),
          amount: 1,
          reason: 'x',
          request_id: randomUUID(),
        }),
      ),
    ).toMatchObject({ hint: 'seller_not_found' });
    expect(await take(-4)).toMatchObject({ amount: -4, credits_remaining: 0 });
    const notes = await sqlAs(
      db,
      { user: seller.id },
      `select type from public.notifications where type = 'credits_removed'`,
    );
    expect(notes).toHaveLength(1);
  });
});

describe('operator_find_seller', () => {
  it('finds sellers by e-mail or name with plan and balance, and records the search', async () => {
    const op = await operator();
    const tag = randomUUID().slice(0, 8);
    const seller = await sqlUser(db, { full_name: `Maria ${tag}` });
    const byName = await rpcAs(db, op.who, 'operator_find_seller', { query: `maria ${tag}` });
    expect(byName).toEqual([
      { id: seller.id, email: seller.email, name: `Maria ${tag}`, plan: 'free', balance: 2 },
    ]);
    const byEmail = await rpcAs(db, op.who, 'operator_find_seller', { query: seller.email.toUpperCase() });
    expect(byEmail.map((s: any) => s.id)).toEqual([seller.id]);
    expect(await rpcAs(db, op.who, 'operator_find_seller', { query: '%_' })).toEqual([]);
    const searches = await db.query(
      `select details->>'query' as q from public.operator_actions where operator_id = $1 and action = 'find_seller'`,
      [op.id],
    );
    expect(searches.rows).toHaveLength(3);
  });
});

describe('operator_actions', () => {
  it('operators read it; no one inserts, updates or deletes through the API; not even the owner changes a row', async () => {
    const op = await operator();
    const seller = await sqlUser(db);
    const requestId = randomUUID();
    await rpcAs(db, op.who, 'operator_grant_credits', {
      seller_id: seller.id,
      amount: 1,
      reason: 'Welcome back',
      request_id: requestId,
    });
    const [row] = await auditRows(requestId);
    expect(
      await sqlAs(db, op.who, `select id from public.operator_actions where id = $1`, [row.id]),
    ).toHaveLength(1);
    expect(await sqlAs(db, { user: seller.id }, `select id from public.operator_actions`)).toEqual([]);
    for (const who of [op.who, { user: seller.id }, 'anon'] as Who[]) {
      for (const sql of [
        `update public.operator_actions set reason = 'x' where id = $1`,
        `delete from public.operator_actions where id = $1`,
        `insert into public.operator_actions (operator_email, action, subject) select 'x', 'grant_credits', $1::text`,
      ]) {
        expect(await sqlError(writeAs(db, who, sql, [row.id]))).toMatchObject({ code: '42501' });
      }
    }
    for (const sql of [
      `update public.operator_actions set reason = 'x' where id = $1`,
      `delete from public.operator_actions where id = $1`,
    ]) {
      expect(await sqlError(writeAs(db, 'service', sql, [row.id]))).toMatchObject({
        hint: 'operator_actions_append_only',
      });
      expect(await sqlError(db.query(sql, [row.id]))).toMatchObject({ hint: 'operator_actions_append_only' });
    }
    const [after] = await auditRows(requestId);
    expect(after.reason).toBe('Welcome back');
  });
});

describe('operators and stored files', () => {
  it('an operator reads any seller’s results and drawings, writes none; another seller reads none', async () => {
    const op = await operator();
    const seller = await sqlUser(db);
    const other = await sqlUser(db);
    const names: Record<string, string> = {};
    for (const bucket of ['generated', 'watermarked', 'fix-drawings', 'uploads']) {
      names[bucket] = `${seller.id}/p/${bucket}.png`;
      await db.query(`insert into storage.objects (bucket_id, name) values ($1, $2)`, [
        bucket,
        names[bucket],
      ]);
    }
    const read = (who: Who, bucket: string) =>
      sqlAs(db, who, `select name from storage.objects where bucket_id = $1 and name = $2`, [
        bucket,
        names[bucket],
      ]);
    for (const bucket of ['generated', 'watermarked', 'fix-drawings']) {
      expect(await read(op.who, bucket), bucket).toHaveLength(1);
      // the policy reads the JWT's claim: a token without it (the role was never given) sees nothing
      expect(await read({ user: other.id }, bucket), bucket).toHaveLength(0);
    }
    // a seller's product photos are not the console's business
    expect(await read(op.who, 'uploads')).toHaveLength(0);
    expect(
      await writeAs(
        db,
        op.who,
        `update storage.objects set metadata = '{"x":1}' where bucket_id = 'generated' and name = $1`,
        [names.generated],
      ),
    ).toBe(0);
    expect(
      await writeAs(db, op.who, `delete from storage.objects where bucket_id = 'watermarked' and name = $1`, [
        names.watermarked,
      ]),
    ).toBe(0);
  });
});
