// Notifications read state, the dashboard's two reads, and the notices users send.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../supabase/local/db/database.ts';
import {
  openDomainDb,
  rpcAs,
  selection,
  sqlAs,
  sqlError,
  sqlSetCredits,
  sqlUpload,
  sqlUser,
  writeAs,
} from '../../support/domain.ts';

let db: Database;
beforeAll(async () => {
  db = await openDomainDb();
});
afterAll(async () => {
  await db?.close();
});

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('notifications', () => {
  it('mark one read, then all; only ever one’s own', async () => {
    const u = await sqlUser(db);
    const other = await sqlUser(db);
    await sqlSetCredits(db, u.id, 3);
    const product = await sqlUpload(db, u.id);
    for (let i = 0; i < 3; i++) await rpcAs(db, { user: u.id }, 'start_generation', selection(product));
    await rpcAs(db, { user: other.id }, 'start_generation', selection(await sqlUpload(db, other.id)));
    const mine = await sqlAs(db, { user: u.id }, 'select id from public.notifications order by created_at');
    expect(mine).toHaveLength(3);
    const [theirs] = await sqlAs(db, { user: other.id }, 'select id from public.notifications');

    expect(await rpcAs(db, { user: u.id }, 'mark_notification_read', { notification_id: mine[0].id })).toBe(
      true,
    );
    expect(await rpcAs(db, { user: u.id }, 'mark_notification_read', { notification_id: mine[0].id })).toBe(
      false,
    );
    expect(await rpcAs(db, { user: u.id }, 'mark_notification_read', { notification_id: theirs.id })).toBe(
      false,
    );
    expect(await rpcAs(db, { user: u.id }, 'mark_all_notifications_read')).toBe(2);
    const unread = await sqlAs(
      db,
      'service',
      'select user_id from public.notifications where not read and user_id in ($1, $2)',
      [u.id, other.id],
    );
    expect(unread).toEqual([{ user_id: other.id }]);
  });

  it('a client may set read on its own rows and nothing else', async () => {
    const u = await sqlUser(db);
    await rpcAs(db, { user: u.id }, 'start_generation', selection(await sqlUpload(db, u.id)));
    const [n] = await sqlAs(db, { user: u.id }, 'select id from public.notifications');
    expect(
      await writeAs(db, { user: u.id }, 'update public.notifications set read = true where id = $1', [n.id]),
    ).toBe(1);
    expect(
      (
        await sqlError(
          writeAs(db, { user: u.id }, `update public.notifications set message = 'hacked' where id = $1`, [
            n.id,
          ]),
        )
      ).code,
    ).toBe('42501');
    expect(
      (
        await sqlError(
          writeAs(
            db,
            { user: u.id },
            `insert into public.notifications (user_id, type, title, message) values ($1, 'credits_low', 'x', 'y')`,
            [u.id],
          ),
        )
      ).code,
    ).toBe('42501');
    expect(
      (await sqlError(writeAs(db, { user: u.id }, 'delete from public.notifications where id = $1', [n.id])))
        .code,
    ).toBe('42501');
  });
});

describe('dashboard', () => {
  it('get_project_stats counts total, completed (archived too), in progress, rejected', async () => {
    const u = await sqlUser(db);
    await sqlSetCredits(db, u.id, 10);
    const product = await sqlUpload(db, u.id);
    const ps = [];
    for (let i = 0; i < 5; i++)
      ps.push(await rpcAs(db, { user: u.id }, 'start_generation', selection(product)));
    const outcome = (p: any, status: string) =>
      rpcAs(db, 'service', 'report_image_outcome', {
        image_id: p.images[0].id,
        status,
        generated_path: 'x.png',
      });
    await outcome(ps[0], 'completed');
    await outcome(ps[1], 'completed');
    await rpcAs(db, { user: u.id }, 'archive_project', { project_id: ps[1].id });
    await outcome(ps[2], 'rejected');
    await outcome(ps[3], 'failed');
    expect(await rpcAs(db, { user: u.id }, 'get_project_stats')).toEqual({
      total: 5,
      completed: 2,
      in_progress: 1,
      rejected: 1,
      failed: 1,
      archived: 1,
    });
    expect(await rpcAs(db, 'anon', 'get_project_stats')).toEqual({
      total: 0,
      completed: 0,
      in_progress: 0,
      rejected: 0,
      failed: 0,
      archived: 0,
    });
  });

  it('get_recent_activity merges 5 projects, 3 fixes and 5 tool uses, newest first, cut at 10', async () => {
    const u = await sqlUser(db);
    await sqlSetCredits(db, u.id, 20);
    const me = { user: u.id };
    const product = await sqlUpload(db, u.id);
    const projects = [];
    for (let i = 0; i < 6; i++) {
      projects.push(await rpcAs(db, me, 'start_generation', selection(product, { project_name: `P${i}` })));
      await pause(3);
    }
    for (const p of projects.slice(0, 4)) {
      await rpcAs(db, 'service', 'report_image_outcome', {
        image_id: p.images[0].id,
        status: 'completed',
        generated_path: 'x.png',
      });
    }
    for (let i = 0; i < 4; i++) {
      await rpcAs(db, me, 'request_project_fix', { project_id: projects[i].id, description: `fix ${i}` });
      await pause(3);
    }
    for (let i = 0; i < 6; i++) {
      await rpcAs(db, me, 'charge_tool_use', { tool: i % 2 ? 'photo-combiner' : 'background-remover' });
      await pause(3);
    }
    const items = await rpcAs<any[]>(db, me, 'get_recent_activity');
    expect(items).toHaveLength(10);
    const dates = items.map((i) => new Date(i.date).getTime());
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    const byType = (t: string) => items.filter((i) => i.type === t);
    // the newest are the 6 tool uses (only 5 taken) and the 4 fixes (only 3 taken): 8, then 2 projects
    expect(byType('tool_used')).toHaveLength(5);
    expect(byType('fix_requested')).toHaveLength(3);
    expect(byType('fix_requested')[0]).toMatchObject({
      details: 'Fix requested for "P3"',
      metadata: { projectId: projects[3].id, projectName: 'P3' },
    });
    expect(byType('tool_used')[0]).toMatchObject({
      metadata: { toolName: 'photo-combiner', creditsUsed: 0.15 },
    });
    const projectItems = items.filter((i) => i.type.startsWith('project_'));
    expect(projectItems).toHaveLength(2);
    expect(projectItems[0].metadata).toMatchObject({ projectType: 'on-model' });
    // someone else sees nothing of it
    const other = await sqlUser(db);
    expect(await rpcAs(db, { user: other.id }, 'get_recent_activity')).toEqual([]);
  });
});

describe('notices a user sends', () => {
  const notice = async (id: string) =>
    (
      await sqlAs(db, 'service', 'select kind, payload, status from public.outbound_notices where id = $1', [
        id,
      ])
    )[0];

  it('feedback: non-empty after trimming, stored with e-mail and name', async () => {
    const u = await sqlUser(db, { full_name: 'Eleni K' });
    expect(await sqlError(rpcAs(db, { user: u.id }, 'submit_feedback', { feedback: '  ' }))).toMatchObject({
      code: 'P0001',
      message: 'Please enter your feedback',
      hint: 'feedback_required',
    });
    const id = await rpcAs(db, { user: u.id }, 'submit_feedback', { feedback: ' Love it ' });
    expect(await notice(id)).toEqual({
      kind: 'feedback',
      status: 'pending',
      payload: { feedback: 'Love it', email: u.email, name: 'Eleni K' },
    });
  });

  it('contact form: the messages of spec 1 §5, in order', async () => {
    const u = await sqlUser(db);
    const me = { user: u.id };
    const send = (full_name: string, email: string, details: string) =>
      rpcAs(db, me, 'submit_contact_request', { full_name, email, details });
    expect(await sqlError(send(' ', '', ''))).toMatchObject({
      message: 'Full name is required',
      hint: 'full_name_required',
    });
    expect(await sqlError(send('Ann', ' ', ''))).toMatchObject({
      message: 'Email is required',
      hint: 'email_required',
    });
    expect(await sqlError(send('Ann', 'ann@', ''))).toMatchObject({
      message: 'Please enter a valid email address',
      hint: 'email_invalid',
    });
    expect(await sqlError(send('Ann', 'ann@example.com', ' '))).toMatchObject({
      message: 'Please provide request details',
      hint: 'details_required',
    });
    const id = await send(' Ann ', 'ann@example.com', 'Need 1000 images');
    expect((await notice(id)).payload).toEqual({
      fullName: 'Ann',
      email: 'ann@example.com',
      details: 'Need 1000 images',
    });
  });

  it('sales form: the messages of spec 2 §5, and the payload of spec 2 §7', async () => {
    const u = await sqlUser(db);
    const me = { user: u.id };
    const base = { full_name: 'Ann', company_name: 'Shop', email: 'ann@shop.gr', credit_amount: 500 };
    expect(await sqlError(rpcAs(db, me, 'submit_sales_request', { ...base, full_name: '' }))).toMatchObject({
      message: 'Full name is required',
    });
    expect(
      await sqlError(rpcAs(db, me, 'submit_sales_request', { ...base, company_name: ' ' })),
    ).toMatchObject({ message: 'Company name is required', hint: 'company_name_required' });
    expect(await sqlError(rpcAs(db, me, 'submit_sales_request', { ...base, email: '' }))).toMatchObject({
      message: 'Email is required',
    });
    expect(
      await sqlError(rpcAs(db, me, 'submit_sales_request', { ...base, email: 'ann at shop' })),
    ).toMatchObject({ message: 'Please enter a valid email', hint: 'email_invalid' });
    expect(
      await sqlError(rpcAs(db, me, 'submit_sales_request', { ...base, credit_amount: 450 })),
    ).toMatchObject({ message: 'Credit amount must be at least 500', hint: 'credit_amount_too_low' });
    const id = await rpcAs(db, me, 'submit_sales_request', base);
    expect((await notice(id)).payload).toMatchObject({
      fullName: 'Ann',
      companyName: 'Shop',
      email: 'ann@shop.gr',
      phone: 'Not provided',
      creditAmount: 500,
      message: 'No additional message',
      plan: 'free',
    });
  });

  it('at most 10 of a kind per hour', async () => {
    const u = await sqlUser(db);
    for (let i = 0; i < 10; i++) await rpcAs(db, { user: u.id }, 'submit_feedback', { feedback: `#${i}` });
    expect(
      await sqlError(rpcAs(db, { user: u.id }, 'submit_feedback', { feedback: 'one more' })),
    ).toMatchObject({ message: 'Too many requests. Please try again later.', hint: 'rate_limited' });
  });

  it('the delivery queue: claim, report, retry with backoff', async () => {
    const u = await sqlUser(db);
    const id = await rpcAs(db, { user: u.id }, 'submit_feedback', { feedback: 'queue me' });
    let mine: any[] = [];
    for (let i = 0; i < 20 && mine.length === 0; i++) {
      const claimed = await rpcAs<any[]>(db, 'service', 'claim_outbound_notices', { max_notices: 100 });
      mine = claimed.filter((c) => c.id === id);
      if (claimed.length === 0) break;
    }
    expect(mine).toEqual([
      expect.objectContaining({
        id,
        kind: 'feedback',
        attempts: 1,
        payload: expect.objectContaining({ feedback: 'queue me' }),
      }),
    ]);
    const failed = await rpcAs(db, 'service', 'report_outbound_notice', {
      notice_id: id,
      delivered: false,
      error: 'HTTP 500',
    });
    expect(failed).toMatchObject({ status: 'pending', last_error: 'HTTP 500' });
    expect(new Date(failed.next_attempt_at).getTime()).toBeGreaterThan(Date.now() + 50_000);
    const sent = await rpcAs(db, 'service', 'report_outbound_notice', { notice_id: id, delivered: true });
    expect(sent).toMatchObject({ status: 'sent', last_error: null });
    expect((await sqlError(rpcAs(db, { user: u.id }, 'claim_outbound_notices', {}))).code).toBe('42501');
  });
});
