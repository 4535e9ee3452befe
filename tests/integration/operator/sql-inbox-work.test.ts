// The operator console's Inbox and Work tabs (supabase/schemas/97_operator.sql): operator_inbox
// lists the sellers' messages whether or not a webhook took them, operator_mark_handled records
// who handled one and when (one audit row per change), operator_work_overview names failed and
// stuck work with the provider's error and counts the dispatch queue, operator_deploy_health is
// the health report for an operator. Everyone else gets operator_only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../supabase/local/db/database.ts';
import {
  openDomainDb,
  rpcAs,
  selection,
  sqlError,
  sqlSetCredits,
  sqlUpload,
  sqlUser,
  type Who,
} from '../../support/domain.ts';

let db: Database;
beforeAll(async () => {
  db = await openDomainDb({ poolSize: 4 });
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

async function auditRows(subject: string) {
  return (await db.query(`select * from public.operator_actions where subject = $1`, [subject])).rows;
}

describe('the Inbox and Work functions refuse everyone but operators', () => {
  it('anon, a seller and a seller whose JWT claims the role get operator_only', async () => {
    const seller = await sqlUser(db);
    const noticeId = await rpcAs(db, { user: seller.id }, 'submit_feedback', { feedback: 'Nice app' });
    const calls: [string, Record<string, unknown>][] = [
      ['operator_inbox', {}],
      ['operator_inbox', { kind: 'feedback', include_handled: true }],
      ['operator_mark_handled', { notice_id: noticeId, handled: true }],
      ['operator_work_overview', {}],
      ['operator_deploy_health', {}],
    ];
    const callers: Who[] = ['anon', { user: seller.id }, { user: seller.id, appMetadata: OPERATOR }];
    for (const [fn, args] of calls) {
      for (const who of callers) {
        expect(await sqlError(rpcAs(db, who, fn, args)), `${fn} as ${JSON.stringify(who)}`).toMatchObject({
          code: 'P0001',
          message: 'Only operators can do this',
          hint: 'operator_only',
        });
      }
    }
    const { rows } = await db.query(`select handled_at from public.outbound_notices where id = $1`, [
      noticeId,
    ]);
    expect(rows[0].handled_at).toBeNull();
    expect(await auditRows(noticeId)).toEqual([]);
  });
});

describe('the Inbox', () => {
  it('lists a seller’s feedback newest first with its delivery, and marking it handled records who and when once', async () => {
    const op = await operator();
    const seller = await sqlUser(db, { full_name: 'Maria Inbox' });
    const older = await rpcAs(db, { user: seller.id }, 'submit_contact_request', {
      full_name: 'Maria Inbox',
      email: 'maria@example.com',
      details: 'Call me',
    });
    await db.query(
      `update public.outbound_notices set created_at = now() - interval '1 hour' where id = $1`,
      [older],
    );
    const noticeId = await rpcAs(db, { user: seller.id }, 'submit_feedback', {
      feedback: 'The sleeves look great',
    });
    // the delivery failed (no webhook): the inbox shows it all the same
    await db.query(
      `update public.outbound_notices set status = 'failed', attempts = 8, last_error = 'no webhook configured for feedback' where id = $1`,
      [noticeId],
    );

    const inbox = await rpcAs(db, op.who, 'operator_inbox', {});
    const mine = inbox.filter((n: any) => n.seller_id === seller.id);
    expect(mine.map((n: any) => n.id)).toEqual([noticeId, older]);
    expect(mine[0]).toMatchObject({
      kind: 'feedback',
      seller_email: seller.email,
      seller_name: 'Maria Inbox',
      payload: { feedback: 'The sleeves look great' },
      delivery: { status: 'failed', attempts: 8, last_error: 'no webhook configured for feedback' },
      handled_at: null,
      handled_by: null,
    });
    const onlyFeedback = await rpcAs(db, op.who, 'operator_inbox', { kind: 'feedback' });
    expect(onlyFeedback.every((n: any) => n.kind === 'feedback')).toBe(true);
    expect(onlyFeedback.map((n: any) => n.id)).toContain(noticeId);
    expect(await sqlError(rpcAs(db, op.who, 'operator_inbox', { kind: 'fix_request' }))).toMatchObject({
      hint: 'inbox_kind_invalid',
    });

    const handled = await rpcAs(db, op.who, 'operator_mark_handled', { notice_id: noticeId, handled: true });
    expect(handled).toMatchObject({ id: noticeId, handled_by: op.id, handled_by_email: op.email });
    expect(Date.now() - new Date(handled.handled_at).getTime()).toBeLessThan(60_000);
    // pressed again (a second tab): the first operator and time stay, nothing more is recorded
    const again = await rpcAs(db, op.who, 'operator_mark_handled', { notice_id: noticeId, handled: true });
    expect(again.handled_at).toBe(handled.handled_at);

    const audit = await auditRows(noticeId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'mark_handled',
      operator_id: op.id,
      operator_email: op.email,
      seller_id: seller.id,
      details: { kind: 'feedback', handled: true },
    });

    // handled ones leave the default list and come back with include_handled
    const open = await rpcAs(db, op.who, 'operator_inbox', {});
    expect(open.map((n: any) => n.id)).not.toContain(noticeId);
    const all = await rpcAs(db, op.who, 'operator_inbox', { include_handled: true });
    expect(all.find((n: any) => n.id === noticeId)).toMatchObject({
      handled_by: op.id,
      handled_by_email: op.email,
      handled_at: handled.handled_at,
    });

    // opened again: one more audit row, no handler
    const reopened = await rpcAs(db, op.who, 'operator_mark_handled', {
      notice_id: noticeId,
      handled: false,
    });
    expect(reopened).toMatchObject({ handled_at: null, handled_by: null });
    expect(await auditRows(noticeId)).toHaveLength(2);
  });

  it('does not list fix requests (the fix queue has them) nor mark them', async () => {
    const op = await operator();
    const { rows } = await db.query<{ id: string }>(
      `insert into public.outbound_notices (kind, payload) values ('fix_request', '{}') returning id`,
    );
    const inbox = await rpcAs(db, op.who, 'operator_inbox', { include_handled: true });
    expect(inbox.map((n: any) => n.id)).not.toContain(rows[0].id);
    expect(
      await sqlError(rpcAs(db, op.who, 'operator_mark_handled', { notice_id: rows[0].id, handled: true })),
    ).toMatchObject({ code: 'P0001', hint: 'notice_not_found' });
  });
});

describe('the Work overview', () => {
  it('lists a failed image with its provider error and counts the dispatch queue', async () => {
    const op = await operator();
    const before = await rpcAs(db, op.who, 'operator_work_overview');
    const seller = await sqlUser(db);
    await sqlSetCredits(db, seller.id, 10);
    const failing = await rpcAs(
      db,
      { user: seller.id },
      'start_generation',
      selection(await sqlUpload(db, seller.id)),
    );
    await rpcAs(db, 'service', 'report_image_outcome', {
      image_id: failing.images[0].id,
      status: 'failed',
      error: 'provider said: garment not detected',
    });
    const waiting = await rpcAs(
      db,
      { user: seller.id },
      'start_generation',
      selection(await sqlUpload(db, seller.id)),
    );
    await db.query(`update public.images set created_at = now() - interval '2 hours' where project_id = $1`, [
      waiting.id,
    ]);

    const work = await rpcAs(db, op.who, 'operator_work_overview');
    const failed = work.images.find((i: any) => i.id === failing.images[0].id);
    expect(failed).toMatchObject({
      status: 'failed',
      stuck: false,
      error: 'provider said: garment not detected',
      seller_email: seller.email,
      project_id: failing.id,
    });
    // the waiting image is due, two hours old: counted, and listed as stuck
    expect(work.images.find((i: any) => i.id === waiting.images[0].id)).toMatchObject({
      status: 'pending',
      stuck: true,
    });
    expect(work.queue.images_due).toBe(before.queue.images_due + waiting.images.length);
    expect(work.queue.oldest_image_wait_seconds).toBeGreaterThanOrEqual(2 * 3600 - 60);
    expect(work.queue).toHaveProperty('videos_waiting');
    expect(work.queue).toHaveProperty('at_providers');
  });

  it('gives an operator the database health report', async () => {
    const op = await operator();
    const report = await rpcAs(db, op.who, 'operator_deploy_health');
    expect(report.checks.map((c: any) => c.name)).toEqual(expect.arrayContaining(['pg_cron', 'pg_net']));
    expect(typeof report.ok).toBe('boolean');
  });
});
