// Image outcomes: project status follows its images, failed and rejected images refund
// exactly once, notifications; the generation queue; rename, archive, unarchive; video.
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

async function project(poses = [1, 2], credits = 5, plan?: string) {
  const u = await sqlUser(db);
  if (plan) await sqlSetPlan(db, u.id, plan);
  await sqlSetCredits(db, u.id, credits);
  const p = await rpcAs(
    db,
    { user: u.id },
    'start_generation',
    selection(await sqlUpload(db, u.id), { pose_ids: poses }),
  );
  return { user: u, project: p, images: p.images.map((i: any) => i.id as string) };
}
const report = (imageId: string, status: string, extra: Record<string, unknown> = {}) =>
  rpcAs(db, 'service', 'report_image_outcome', {
    image_id: imageId,
    status,
    generated_path: status === 'completed' ? `x/${imageId}.png` : null,
    ...extra,
  });
const statusOf = async (projectId: string) =>
  (await sqlAs(db, 'service', 'select status from public.projects where id = $1', [projectId]))[0].status;
const notes = (userId: string) =>
  sqlAs(
    db,
    { user: userId },
    // the project's own notifications (credits_refunded and payment_received are told too, elsewhere)
    `select type, message from public.notifications
     where type like 'project\\_%' and type <> 'project_created' order by created_at`,
  );

describe('image outcomes', () => {
  it('the project completes when all its images have, with a project_completed notification', async () => {
    const { user, project: p, images } = await project();
    await report(images[0], 'processing');
    await report(images[0], 'completed');
    expect(await statusOf(p.id)).toBe('processing');
    const res = await report(images[1], 'completed');
    expect(res.project_status).toBe('completed');
    expect(await notes(user.id)).toEqual([
      { type: 'project_completed', message: `Your project "${p.name}" is ready.` },
    ]);
    expect((await sqlBalance(db, user.id)).remaining).toBe(3);
  });

  it('one failed image fails the project and refunds that image once, even when reported twice', async () => {
    const { user, project: p, images } = await project([1, 2, 3]);
    expect((await sqlBalance(db, user.id)).remaining).toBe(2);
    await report(images[0], 'completed');
    const first = await report(images[1], 'failed', { error: 'provider error' });
    const again = await report(images[1], 'failed', { error: 'provider error' });
    expect(first).toMatchObject({ changed: true, project_status: 'failed' });
    expect(again).toMatchObject({ changed: false, project_status: 'failed' });
    // a late success for the failed image changes nothing
    expect(await report(images[1], 'completed')).toMatchObject({ changed: false });
    // the remaining image still finishes; the project stays failed
    await report(images[2], 'completed');
    expect(await statusOf(p.id)).toBe('failed');
    const b = await sqlBalance(db, user.id);
    expect(b).toMatchObject({ remaining: 3, ledgerSum: 3 });
    const refunds = await sqlAs(
      db,
      { user: user.id },
      `select amount::text, reference from public.credit_ledger where reason = 'refund'`,
    );
    expect(refunds).toEqual([{ amount: '1.00', reference: `image:${images[1]}` }]);
    expect(await notes(user.id)).toEqual([
      { type: 'project_failed', message: `Project "${p.name}" generation failed. Please try again.` },
    ]);
  });

  it('a direct service update of the status refunds too, and cannot resurrect a failed image', async () => {
    const { user, images } = await project([1]);
    await writeAs(db, 'service', `update public.images set status = 'failed' where id = $1`, [images[0]]);
    await writeAs(db, 'service', `update public.images set status = 'failed' where id = $1`, [images[0]]);
    const err = await sqlError(
      writeAs(db, 'service', `update public.images set status = 'completed' where id = $1`, [images[0]]),
    );
    expect(err.hint).toBe('image_finished');
    expect(await sqlBalance(db, user.id)).toMatchObject({ remaining: 5, ledgerSum: 5 });
  });

  it('a rejected image rejects the project and refunds every image', async () => {
    const { user, project: p, images } = await project([1, 2, 3]);
    await report(images[0], 'completed');
    await report(images[1], 'rejected');
    expect(await statusOf(p.id)).toBe('rejected');
    const statuses = await sqlAs(
      db,
      'service',
      'select status from public.images where project_id = $1 order by position',
      [p.id],
    );
    expect(statuses.map((s) => s.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(await sqlBalance(db, user.id)).toMatchObject({ remaining: 5, ledgerSum: 5 });
    expect(await notes(user.id)).toEqual([
      {
        type: 'project_rejected',
        message: `Project "${p.name}" was rejected due to content guideline violation. Your credits have been refunded.`,
      },
    ]);
  });

  it('concurrent outcomes of one project still complete it', async () => {
    const { project: p, images } = await project([1, 2, 3]);
    await Promise.all(images.map((id: string) => report(id, 'completed')));
    expect(await statusOf(p.id)).toBe('completed');
  });

  it('a completed report needs the generated image', async () => {
    const { images } = await project([1]);
    const err = await sqlError(report(images[0], 'completed', { generated_path: null }));
    expect(err.hint).toBe('generated_path_required');
  });
});

describe('the generation queue', () => {
  it('claims pending images once, with what a provider needs, and takes back expired leases', async () => {
    const { user, project: p, images } = await project([1, 2]);
    // only this project's images: claim repeatedly until ours are out (other tests share the queue)
    const claimed: any[] = [];
    for (let i = 0; i < 50 && claimed.length < 2; i++) {
      const jobs = await rpcAs<any[]>(db, 'service', 'claim_generation_jobs', { worker: 'w1', max_jobs: 50 });
      claimed.push(...jobs.filter((j) => j.project_id === p.id));
      if (jobs.length === 0) break;
    }
    expect(claimed.map((j) => j.image_id).sort()).toEqual([...images].sort());
    expect(claimed[0]).toMatchObject({
      user_id: user.id,
      attempt: 1,
      project_type: 'on-model',
      email: user.email,
      plan: 'free',
      watermark: true,
      model: { id: 1, name: 'Sofia', custom: false, image_path: '/catalogue/models/sofia/01.webp' },
      background: { id: 2, name: 'Studio White', custom: false },
      background_blurred: false,
    });
    expect(claimed.map((j) => j.pose.prompt).sort()).toEqual([
      'backview looking over the shoulder',
      'front view',
    ]);
    // leased: not handed out again
    const again = await rpcAs<any[]>(db, 'service', 'claim_generation_jobs', {
      worker: 'w2',
      max_jobs: 1000,
    });
    expect(again.filter((j) => j.project_id === p.id)).toEqual([]);
    // the lease runs out: handed out again, attempt 2
    const later = new Date(Date.now() + 10 * 60_000).toISOString();
    const retried = await db.transaction(async (tx) => {
      await tx.query(`select set_config('drape.now', $1, true)`, [later]);
      return JSON.parse(
        (await tx.query<{ r: string }>(`select public.claim_generation_jobs('w3', 1000)::text as r`)).rows[0]
          .r,
      );
    });
    expect(retried.filter((j: any) => j.project_id === p.id).map((j: any) => j.attempt)).toEqual([2, 2]);
  });

  it('gives up after the last attempt: the image fails and is refunded', async () => {
    const { user, project: p, images } = await project([1]);
    await writeAs(
      db,
      'service',
      `update public.images set status = 'processing', attempts = 3,
      lease_expires_at = now() - interval '1 minute' where id = $1`,
      [images[0]],
    );
    await rpcAs(db, 'service', 'claim_generation_jobs', { worker: 'w', max_jobs: 0 });
    expect(await statusOf(p.id)).toBe('failed');
    expect((await sqlBalance(db, user.id)).remaining).toBe(5);
  });

  it('the schedule fails images whose worker vanished after the last attempt, even with no dispatcher', async () => {
    const { user, project: p, images } = await project([1, 2]);
    await writeAs(
      db,
      'service',
      `update public.images set status = 'processing', attempts = 3,
      lease_expires_at = now() - interval '11 minutes' where id = $1`,
      [images[0]],
    );
    await writeAs(
      db,
      'service',
      `update public.images set status = 'processing', attempts = 3,
      lease_expires_at = now() - interval '5 minutes' where id = $1`,
      [images[1]],
    );
    await rpcAs(db, 'service', 'run_scheduled_jobs');
    const rows = await sqlAs(
      db,
      'service',
      'select status from public.images where project_id = $1 order by position',
      [p.id],
    );
    expect(rows.map((r) => r.status)).toEqual(['failed', 'processing']);
    expect(await statusOf(p.id)).toBe('failed');
    expect((await sqlBalance(db, user.id)).remaining).toBe(4);
  });

  it('is for the server only', async () => {
    const u = await sqlUser(db);
    expect((await sqlError(rpcAs(db, { user: u.id }, 'claim_generation_jobs', { worker: 'x' }))).code).toBe(
      '42501',
    );
    expect(
      (
        await sqlError(
          rpcAs(db, { user: u.id }, 'report_image_outcome', { image_id: u.id, status: 'completed' }),
        )
      ).code,
    ).toBe('42501');
  });
});

describe('rename, archive, unarchive', () => {
  it('rename trims and refuses an empty name; unchanged names are ignored', async () => {
    const { user, project: p } = await project([1]);
    expect(
      (await rpcAs(db, { user: user.id }, 'rename_project', { project_id: p.id, name: '  Linen shirt ' }))
        .name,
    ).toBe('Linen shirt');
    const err = await sqlError(
      rpcAs(db, { user: user.id }, 'rename_project', { project_id: p.id, name: '   ' }),
    );
    expect(err).toMatchObject({
      code: 'P0001',
      message: 'Project name cannot be empty',
      hint: 'name_required',
    });
    const other = await sqlUser(db);
    const notYours = await sqlError(
      rpcAs(db, { user: other.id }, 'rename_project', { project_id: p.id, name: 'Mine' }),
    );
    expect(notYours).toMatchObject({ message: 'Project not found', hint: 'project_not_found' });
  });

  it('only completed projects are archived; unarchive makes them completed again', async () => {
    const { user, project: p, images } = await project([1]);
    const early = await sqlError(rpcAs(db, { user: user.id }, 'archive_project', { project_id: p.id }));
    expect(early).toMatchObject({
      message: 'Only completed projects can be archived',
      hint: 'project_not_completed',
    });
    const notArchived = await sqlError(
      rpcAs(db, { user: user.id }, 'unarchive_project', { project_id: p.id }),
    );
    expect(notArchived).toMatchObject({
      message: 'Only archived projects can be unarchived',
      hint: 'project_not_archived',
    });
    await report(images[0], 'completed');
    expect((await rpcAs(db, { user: user.id }, 'archive_project', { project_id: p.id })).status).toBe(
      'archived',
    );
    expect((await rpcAs(db, { user: user.id }, 'unarchive_project', { project_id: p.id })).status).toBe(
      'completed',
    );
  });

  it('direct updates by the owner: archive/unarchive and rename only', async () => {
    const { user, project: p, images } = await project([1]);
    const me = { user: user.id };
    const toCompleted = await sqlError(
      writeAs(db, me, `update public.projects set status = 'completed' where id = $1`, [p.id]),
    );
    expect(toCompleted).toMatchObject({ code: 'P0001', hint: 'status_not_allowed' });
    await report(images[0], 'completed');
    expect(
      await writeAs(db, me, `update public.projects set status = 'archived' where id = $1`, [p.id]),
    ).toBe(1);
    expect(
      await writeAs(db, me, `update public.projects set status = 'completed' where id = $1`, [p.id]),
    ).toBe(1);
    expect(
      await writeAs(db, me, `update public.projects set name = ' New name ' where id = $1`, [p.id]),
    ).toBe(1);
    expect((await sqlAs(db, me, 'select name from public.projects'))[0].name).toBe('New name');
    const blank = await sqlError(
      writeAs(db, me, `update public.projects set name = ' ' where id = $1`, [p.id]),
    );
    expect(blank).toMatchObject({ message: 'Project name cannot be empty' });
    const rejected = await sqlError(
      writeAs(db, me, `update public.projects set status = 'rejected' where id = $1`, [p.id]),
    );
    expect(rejected.hint).toBe('status_not_allowed');
    const cost = await sqlError(
      writeAs(db, me, `update public.projects set credits_charged = 0 where id = $1`, [p.id]),
    );
    expect(cost.code).toBe('42501');
  });
});

describe('video', () => {
  async function completedAdvanced(credits = 5) {
    const r = await project([1], 5, 'advanced');
    await sqlSetCredits(db, r.user.id, credits);
    await report(r.images[0], 'completed');
    return r;
  }

  it('charges 3 credits and sets video_status pending with the style; a failed video is refunded once', async () => {
    const { user, project: p } = await completedAdvanced(5);
    const v = await rpcAs(db, { user: user.id }, 'request_project_video', {
      project_id: p.id,
      video_style: 'runway-walk',
    });
    expect(v).toMatchObject({ video_status: 'pending', video_style: 'runway-walk' });
    expect((await sqlBalance(db, user.id)).remaining).toBe(2);
    const busy = await sqlError(
      rpcAs(db, { user: user.id }, 'request_project_video', { project_id: p.id, video_style: 'casual' }),
    );
    expect(busy).toMatchObject({
      message: 'A video is already being generated for this project',
      hint: 'video_in_progress',
    });
    await rpcAs(db, 'service', 'report_video_outcome', { project_id: p.id, status: 'failed', error: 'x' });
    await rpcAs(db, 'service', 'report_video_outcome', { project_id: p.id, status: 'failed', error: 'x' });
    expect(await sqlBalance(db, user.id)).toMatchObject({ remaining: 5, ledgerSum: 5 });
  });

  it('validates plan, style, custom text, project and credits', async () => {
    const { user, project: p } = await completedAdvanced(2);
    const me = { user: user.id };
    expect(
      await sqlError(rpcAs(db, me, 'request_project_video', { project_id: p.id, video_style: ' ' })),
    ).toMatchObject({ message: 'Please select a video style', hint: 'video_style_required' });
    expect(
      await sqlError(rpcAs(db, me, 'request_project_video', { project_id: p.id, video_style: 'moonwalk' })),
    ).toMatchObject({ message: 'Selected video style does not exist', hint: 'video_style_not_found' });
    expect(
      await sqlError(
        rpcAs(db, me, 'request_project_video', {
          project_id: p.id,
          video_style: 'custom',
          custom_description: '  ',
        }),
      ),
    ).toMatchObject({
      message: 'Please describe your custom video style',
      hint: 'custom_video_style_required',
    });
    expect(
      await sqlError(rpcAs(db, me, 'request_project_video', { project_id: p.id, video_style: 'zoom-in' })),
    ).toMatchObject({
      message: 'Insufficient credits. Need 3.00 but only have 2.00',
      hint: 'insufficient_credits',
    });

    const lite = await project([1], 5, 'lite');
    await report(lite.images[0], 'completed');
    expect(
      await sqlError(
        rpcAs(db, { user: lite.user.id }, 'request_project_video', {
          project_id: lite.project.id,
          video_style: 'zoom-in',
        }),
      ),
    ).toMatchObject({
      message: 'Video generation is available only on the Advanced plan',
      hint: 'video_requires_advanced',
    });

    const fresh = await project([1], 5, 'advanced');
    expect(
      await sqlError(
        rpcAs(db, { user: fresh.user.id }, 'request_project_video', {
          project_id: fresh.project.id,
          video_style: 'zoom-in',
        }),
      ),
    ).toMatchObject({
      message: 'Videos can be created only from completed projects',
      hint: 'project_not_completed',
    });
  });
});
