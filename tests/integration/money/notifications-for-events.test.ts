// Every event a seller waits for is a stored notification with the values the app words it
// from (20261127003200): video ready / failed, fix in progress / completed / rejected, payment
// received, plan credits added, credits refunded, plan changed.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../supabase/local/db/database.ts';
import {
  openDomainDb,
  rpcAs,
  selection,
  sqlAs,
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

const notes = (userId: string, types: string[]) =>
  sqlAs<{
    type: string;
    title: string;
    message: string;
    project_id: string | null;
    data: Record<string, unknown>;
  }>(
    db,
    { user: userId },
    `select type, title, message, project_id, data from public.notifications
     where type = any($1::text[]) order by created_at, type`,
    [types],
  );

async function completedProject(plan: string, credits: number) {
  const u = await sqlUser(db);
  if (plan !== 'free') await sqlSetPlan(db, u.id, plan);
  await sqlSetCredits(db, u.id, credits + 1);
  const p = await rpcAs(db, { user: u.id }, 'start_generation', selection(await sqlUpload(db, u.id)));
  await rpcAs(db, 'service', 'report_image_outcome', {
    image_id: p.images[0].id,
    status: 'completed',
    generated_path: `${u.id}/${p.id}/${p.images[0].id}.png`,
  });
  return { user: u, project: p as { id: string; name: string } };
}

describe('notifications for the events a seller waits for', () => {
  it('video ready, and video failed (with its refund)', async () => {
    const { user, project } = await completedProject('advanced', 10);
    await rpcAs(db, { user: user.id }, 'request_project_video', {
      project_id: project.id,
      video_style: 'zoom-in',
    });
    await writeAs(db, 'service', `update public.projects set video_status = 'completed' where id = $1`, [
      project.id,
    ]);
    expect(await notes(user.id, ['video_completed'])).toEqual([
      {
        type: 'video_completed',
        title: 'Video ready',
        message: `The video of "${project.name}" is ready.`,
        project_id: project.id,
        data: { projectName: project.name },
      },
    ]);
    await rpcAs(db, { user: user.id }, 'request_project_video', {
      project_id: project.id,
      video_style: 'zoom-in',
      request_id: randomUUID(),
    });
    await rpcAs(db, 'service', 'report_video_outcome', {
      project_id: project.id,
      status: 'failed',
      error: 'x',
    });
    expect(await notes(user.id, ['video_failed'])).toMatchObject([
      { type: 'video_failed', project_id: project.id, data: { projectName: project.name } },
    ]);
    // the failed video's 3 credits came back, and the seller is told
    expect(await notes(user.id, ['credits_refunded'])).toMatchObject([
      { data: { credits: 3, chargeReason: 'video', projectName: project.name } },
    ]);
  });

  it('fix in progress, completed; another fix rejected (refunded)', async () => {
    const { user, project } = await completedProject('free', 3);
    const first = await rpcAs(db, { user: user.id }, 'request_project_fix', {
      project_id: project.id,
      description: 'Shorter sleeve',
    });
    await rpcAs(db, 'service', 'complete_fix', { fix_id: first.fix.id, status: 'processing' });
    const result = `${user.id}/${project.id}/fix-${first.fix.id}.png`;
    await db.query(
      `insert into storage.objects (bucket_id, name) values ('generated', $1), ('watermarked', $1)`,
      [result],
    );
    await rpcAs(db, 'service', 'complete_fix', {
      fix_id: first.fix.id,
      status: 'completed',
      result_path: result,
      watermarked_path: result,
    });
    const second = await rpcAs(db, { user: user.id }, 'request_project_fix', {
      project_id: project.id,
      description: 'Another colour',
    });
    await rpcAs(db, 'service', 'complete_fix', {
      fix_id: second.fix.id,
      status: 'rejected',
      note: 'Not a fault',
    });
    expect(
      (await notes(user.id, ['fix_processing', 'fix_completed', 'fix_rejected'])).map((n) => [
        n.type,
        n.title,
        n.data.fixId,
        n.data.projectName,
      ]),
    ).toEqual([
      ['fix_processing', 'Fix in progress', first.fix.id, project.name],
      ['fix_completed', 'Fix completed', first.fix.id, project.name],
      ['fix_rejected', 'Fix rejected', second.fix.id, project.name],
    ]);
    expect(await notes(user.id, ['credits_refunded'])).toMatchObject([
      { data: { credits: 1, chargeReason: 'fix', projectName: project.name } },
    ]);
  });

  it('payment received for a pack; plan changed and its credits added', async () => {
    const u = await sqlUser(db);
    await rpcAs(db, 'service', 'grant_purchased_credits', {
      user_id: u.id,
      credits: 50,
      reference: `cs_${randomUUID()}`,
      amount_cents: 8750,
      currency: 'eur',
    });
    expect(await notes(u.id, ['payment_received'])).toMatchObject([
      { title: 'Payment received', data: { credits: 50, amountCents: 8750, currency: 'eur' } },
    ]);
    await sqlSetPlan(db, u.id, 'pro');
    expect(await notes(u.id, ['plan_changed'])).toMatchObject([
      { title: 'Plan changed', data: { plan: 'pro', previousPlan: 'free' } },
    ]);
    const [added] = await notes(u.id, ['credits_added']);
    expect(added).toMatchObject({ title: 'Credits added', data: { plan: 'pro' } });
    expect(Number(added.data.credits)).toBeGreaterThan(0);
  });

  it('a failed image: the refund is told', async () => {
    const u = await sqlUser(db);
    const p = await rpcAs(db, { user: u.id }, 'start_generation', selection(await sqlUpload(db, u.id)));
    await rpcAs(db, 'service', 'report_image_outcome', { image_id: p.images[0].id, status: 'failed' });
    expect(await notes(u.id, ['credits_refunded'])).toMatchObject([
      { data: { credits: 1, chargeReason: 'generation', projectName: p.name } },
    ]);
  });
});
