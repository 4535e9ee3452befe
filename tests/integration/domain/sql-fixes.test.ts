// Fix requests: free fixes per plan, then 1 credit each; one pending fix per project.
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
  writeAs,
} from '../../support/domain.ts';

let db: Database;
beforeAll(async () => {
  db = await openDomainDb();
});
afterAll(async () => {
  await db?.close();
});

async function completedProject(plan = 'free', credits = 3) {
  const u = await sqlUser(db);
  if (plan !== 'free') await sqlSetPlan(db, u.id, plan);
  await sqlSetCredits(db, u.id, credits + 1);
  const p = await rpcAs(db, { user: u.id }, 'start_generation', selection(await sqlUpload(db, u.id)));
  await rpcAs(db, 'service', 'report_image_outcome', {
    image_id: p.images[0].id,
    status: 'completed',
    generated_path: 'x.png',
  });
  return { user: u, me: { user: u.id }, project: p };
}
const finishFix = (fixId: string) =>
  writeAs(db, 'service', `update public.fixes set status = 'completed' where id = $1`, [fixId]);

describe('can_request_project_fix', () => {
  for (const [plan, free] of [
    ['free', 0],
    ['lite', 1],
    ['pro', 2],
    ['advanced', 3],
  ] as const) {
    it(`${plan}: ${free} free fixes per project`, async () => {
      const { me, project: p } = await completedProject(plan, 5);
      expect(await rpcAs(db, me, 'can_request_project_fix', { project_id: p.id })).toEqual({
        can_request: true,
        reason: null,
        reason_code: null,
        will_use_credits: free === 0,
        free_fixes_remaining: free,
        free_fixes_per_project: free,
        credits_remaining: 5,
        plan,
        fix_cost: 1,
      });
    });
  }

  it('says why not: pending fix, not completed, no credits, not found', async () => {
    const { me, project: p } = await completedProject('lite', 0);
    await rpcAs(db, me, 'request_project_fix', { project_id: p.id, description: 'Sleeve is too long' });
    expect(await rpcAs(db, me, 'can_request_project_fix', { project_id: p.id })).toMatchObject({
      can_request: false,
      reason: 'You already have a pending fix request for this project',
      reason_code: 'fix_pending',
      will_use_credits: true,
      free_fixes_remaining: 0,
      credits_remaining: 0,
    });

    const u = await sqlUser(db);
    const running = await rpcAs(db, { user: u.id }, 'start_generation', selection(await sqlUpload(db, u.id)));
    expect(
      await rpcAs(db, { user: u.id }, 'can_request_project_fix', { project_id: running.id }),
    ).toMatchObject({
      can_request: false,
      reason: 'Fixes can be requested only for completed projects',
      reason_code: 'project_not_completed',
    });

    const broke = await completedProject('free', 0);
    expect(
      await rpcAs(db, broke.me, 'can_request_project_fix', { project_id: broke.project.id }),
    ).toMatchObject({
      can_request: false,
      reason: 'Insufficient credits. Need 1.00 but only have 0.00',
      reason_code: 'insufficient_credits',
    });

    expect(await rpcAs(db, { user: u.id }, 'can_request_project_fix', { project_id: p.id })).toMatchObject({
      can_request: false,
      reason: 'Project not found',
      reason_code: 'project_not_found',
    });
  });
});

describe('fixes on archived projects', () => {
  it('an archived project takes a fix like a completed one, charged the same', async () => {
    const { user, me, project: p } = await completedProject('free', 2);
    await rpcAs(db, me, 'archive_project', { project_id: p.id });
    expect(await rpcAs(db, me, 'can_request_project_fix', { project_id: p.id })).toMatchObject({
      can_request: true,
      reason: null,
      will_use_credits: true,
    });
    await rpcAs(db, me, 'request_project_fix', { project_id: p.id, description: 'The hem is uneven' });
    expect(await sqlBalance(db, user.id)).toMatchObject({ remaining: 1, ledgerSum: 1 });
    expect(await rpcAs(db, me, 'can_request_project_fix', { project_id: p.id })).toMatchObject({
      can_request: false,
      reason_code: 'fix_pending',
    });
  });
});

describe('request_project_fix', () => {
  it('lite: the first fix is free, the next costs 1 credit; deleting a fix does not give a free one back', async () => {
    const { user, me, project: p } = await completedProject('lite', 3);
    const drawing = `${user.id}/${p.id}/1.png`;
    const first = await rpcAs(db, me, 'request_project_fix', {
      project_id: p.id,
      description: '  The collar is wrong ',
      annotated_image: drawing,
      image_id: p.images[0].id,
    });
    expect(first).toMatchObject({
      is_free: true,
      credits_charged: 0,
      credits_remaining: 3,
      fix: {
        status: 'pending',
        description: 'The collar is wrong',
        annotated_image: drawing,
        project: { id: p.id, name: p.name },
      },
    });
    await finishFix(first.fix.id);
    expect(await writeAs(db, me, 'delete from public.fixes where id = $1', [first.fix.id])).toBe(1);

    const second = await rpcAs(db, me, 'request_project_fix', {
      project_id: p.id,
      description: 'Colour is off',
    });
    expect(second).toMatchObject({ is_free: false, credits_charged: 1, credits_remaining: 2 });
    const requests = await sqlAs(
      db,
      me,
      'select is_free, credits_charged::text from public.fix_requests order by created_at',
    );
    expect(requests).toEqual([
      { is_free: true, credits_charged: '0.00' },
      { is_free: false, credits_charged: '1.00' },
    ]);
    expect(await sqlBalance(db, user.id)).toMatchObject({ remaining: 2, ledgerSum: 2 });

    const [activity] = await sqlAs(
      db,
      me,
      `select raw_data from public.webhook_logs where event_type = 'user_activity_fix_requested' order by created_at desc limit 1`,
    );
    expect(activity.raw_data.metadata).toMatchObject({
      projectId: p.id,
      fixId: second.fix.id,
      isFree: false,
    });
    const [notice] = await sqlAs(
      db,
      'service',
      `select payload from public.outbound_notices where kind = 'fix_request' and user_id = $1 order by created_at limit 1`,
      [user.id],
    );
    expect(notice.payload).toMatchObject({
      projectId: p.id,
      annotatedImage: drawing,
      description: 'The collar is wrong',
      userEmail: user.email,
      userId: user.id,
    });
  });

  it('refuses with the messages', async () => {
    const { user, me, project: p } = await completedProject('free', 0);
    expect(
      await sqlError(rpcAs(db, me, 'request_project_fix', { project_id: p.id, description: '   ' })),
    ).toMatchObject({ code: 'P0001', message: 'Please describe the issue', hint: 'description_required' });
    expect(
      await sqlError(rpcAs(db, me, 'request_project_fix', { project_id: p.id, description: 'x' })),
    ).toMatchObject({
      message: 'Insufficient credits. Need 1.00 but only have 0.00',
      hint: 'insufficient_credits',
    });
    expect(
      await sqlError(
        rpcAs(db, me, 'request_project_fix', {
          project_id: p.id,
          description: 'x',
          annotated_image: 'someone-else/a.png',
        }),
      ),
    ).toMatchObject({ message: 'Drawing not found', hint: 'annotated_image_invalid' });
    const other = await sqlUser(db);
    expect(
      await sqlError(
        rpcAs(db, { user: other.id }, 'request_project_fix', { project_id: p.id, description: 'x' }),
      ),
    ).toMatchObject({ message: 'Project not found', hint: 'project_not_found' });
    await sqlSetCredits(db, user.id, 2);
    await rpcAs(db, me, 'request_project_fix', { project_id: p.id, description: 'one' });
    expect(
      await sqlError(rpcAs(db, me, 'request_project_fix', { project_id: p.id, description: 'two' })),
    ).toMatchObject({
      message: 'You already have a pending fix request for this project',
      hint: 'fix_pending',
    });
    expect(await sqlBalance(db, user.id)).toMatchObject({ remaining: 1, ledgerSum: 1 });
  });

  it('two fixes at once on one project: exactly one is created', async () => {
    const { me, project: p } = await completedProject('advanced', 5);
    const results = await Promise.allSettled(
      [1, 2, 3, 4].map((i) =>
        rpcAs(db, me, 'request_project_fix', { project_id: p.id, description: `fix ${i}` }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const [n] = await sqlAs(db, me, 'select count(*)::int as n from public.fixes');
    expect(n.n).toBe(1);
  });

  it('clients cannot insert fixes or fix_requests directly', async () => {
    const { user, me, project: p } = await completedProject('free', 1);
    expect(
      (
        await sqlError(
          writeAs(
            db,
            me,
            `insert into public.fixes (project_id, user_id, description) values ($1, $2, 'x')`,
            [p.id, user.id],
          ),
        )
      ).code,
    ).toBe('42501');
    expect(
      (
        await sqlError(
          writeAs(
            db,
            me,
            `insert into public.fix_requests (project_id, user_id, is_free) values ($1, $2, true)`,
            [p.id, user.id],
          ),
        )
      ).code,
    ).toBe('42501');
  });
});
