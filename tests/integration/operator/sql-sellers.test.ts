// The Sellers tab's SQL (supabase/schemas/98_operator_sellers.sql, operator_grant_credits and
// operator_find_seller in 97_operator.sql): only operators read a seller's account or act on
// it; a grant or removal is one ledger row the seller's history shows with the reason and one
// audit row; an image or a batch is refunded once however many operators press; a retry puts
// failed or stuck work back in the queue without charging again.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../supabase/local/db/database.ts';
import { activityItems, type LedgerRow } from '../../../src/features/billing/history-items.ts';
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
} from '../../support/domain.ts';

let db: Database;
beforeAll(async () => {
  db = await openDomainDb({ poolSize: 12 });
});
afterAll(async () => {
  await db?.close();
});

const OPERATOR = { role: 'operator' };

async function operator(): Promise<{ id: string; who: Who }> {
  const u = await sqlUser(db);
  await db.query(
    `update auth.users set raw_app_meta_data = raw_app_meta_data || '{"role":"operator"}' where id = $1`,
    [u.id],
  );
  return { id: u.id, who: { user: u.id, appMetadata: OPERATOR } };
}

/** A seller with one project of one image, that image then `outcome` (or left pending). */
async function sellerWithImage(
  outcome: 'completed' | 'failed' | 'processing' | null,
  credits = 5,
  plan = 'free',
) {
  const u = await sqlUser(db, { full_name: 'Eleni Seller' });
  if (plan !== 'free') await sqlSetPlan(db, u.id, plan);
  await sqlSetCredits(db, u.id, credits);
  const p = await rpcAs(db, { user: u.id }, 'start_generation', selection(await sqlUpload(db, u.id)));
  const imageId = p.images[0].id as string;
  if (outcome === 'processing') {
    await rpcAs(db, 'service', 'claim_generation_jobs', { worker: 'w', max_jobs: 50 });
  } else if (outcome) {
    await rpcAs(db, 'service', 'report_image_outcome', {
      image_id: imageId,
      status: outcome,
      generated_path: outcome === 'completed' ? `${u.id}/${p.id}/result.png` : null,
      error: outcome === 'failed' ? 'provider said no' : null,
    });
  }
  return { userId: u.id, email: u.email, projectId: p.id as string, imageId };
}

const ledgerRows = (userId: string, reason: string) =>
  sqlAs(db, 'service', `select * from public.credit_ledger where user_id = $1 and reason = $2`, [
    userId,
    reason,
  ]);

const auditRows = async (action: string, subject: string) =>
  (
    await db.query(`select * from public.operator_actions where action = $1 and subject = $2`, [
      action,
      subject,
    ])
  ).rows;

const image = async (id: string) =>
  (
    await sqlAs(
      db,
      'service',
      `select status, attempts, lease_expires_at, worker, provider_job_id, error, refunded_at
     from public.images where id = $1`,
      [id],
    )
  )[0];

describe('the Sellers functions refuse everyone but operators', () => {
  it('anon, a seller, a seller with a forged operator claim and a removed operator get operator_only', async () => {
    const s = await sellerWithImage('completed');
    const other = await sqlUser(db);
    const removed = await operator();
    await db.query(`update auth.users set raw_app_meta_data = raw_app_meta_data - 'role' where id = $1`, [
      removed.id,
    ]);
    const [batch] = await sqlAs(db, 'service', `select gen_random_uuid() as id`);
    const calls: [string, Record<string, unknown>][] = [
      ['operator_seller_overview', { seller_id: s.userId }],
      ['operator_refund_image', { image_id: s.imageId, reason: 'bad', request_id: randomUUID() }],
      ['operator_refund_batch', { batch_id: batch.id, reason: 'bad', request_id: randomUUID() }],
      ['operator_retry_image', { image_id: s.imageId, reason: 'stuck', request_id: randomUUID() }],
      ['operator_retry_video', { project_id: s.projectId, reason: 'stuck', request_id: randomUUID() }],
    ];
    const callers: Who[] = [
      'anon',
      { user: other.id },
      // a JWT that claims the role the account does not have (as a forged or stale token would)
      { user: other.id, appMetadata: OPERATOR },
      removed.who,
      { user: s.userId },
      { user: s.userId, appMetadata: OPERATOR },
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
    expect(await ledgerRows(s.userId, 'refund')).toEqual([]);
    expect((await image(s.imageId)).refunded_at).toBeNull();
    expect(
      (await db.query(`select 1 from public.operator_actions where seller_id = $1`, [s.userId])).rows,
    ).toEqual([]);
  });
});

describe('operator_find_seller', () => {
  it('refuses a query over 200 characters with a clear error', async () => {
    const op = await operator();
    expect(
      await sqlError(rpcAs(db, op.who, 'operator_find_seller', { query: 'a'.repeat(201) })),
    ).toMatchObject({ code: 'P0001', message: 'Type at most 200 characters', hint: 'query_too_long' });
    expect(await rpcAs(db, op.who, 'operator_find_seller', { query: 'a'.repeat(200) })).toEqual([]);
  });
});

describe('operator_seller_overview', () => {
  it('shows plan, balance with rollover, the ledger the seller reads, projects with images, batches and payments', async () => {
    const op = await operator();
    const s = await sellerWithImage('failed');
    await rpcAs(db, 'service', 'apply_payment_event', {
      event_id: `evt_${randomUUID()}`,
      event_type: 'payment_intent.payment_failed',
      action: { kind: 'ignore', user_id: s.userId },
      payload: { data: { object: { last_payment_error: { message: 'Your card was declined.' } } } },
    });
    const o = await rpcAs(db, op.who, 'operator_seller_overview', { seller_id: s.userId });
    expect(o.seller).toMatchObject({ id: s.userId, email: s.email, name: 'Eleni Seller' });
    expect(o.subscription).toMatchObject({ plan: 'free', scheduled_plan: null, rollover_credits: 0 });
    expect(Number(o.subscription.credits_remaining)).toBe(5);
    // the same rows, in the same order, as the seller's own history query reads
    const own = await sqlAs(
      db,
      { user: s.userId },
      `select id, amount, reason, reference, refund_of, details, created_at from public.credit_ledger
       order by created_at desc, id`,
    );
    expect(o.ledger.map((l: LedgerRow) => l.id)).toEqual(own.map((l) => l.id));
    expect(o.ledger.map((l: LedgerRow) => l.reason)).toContain('refund');
    expect(o.ledger_more).toBe(false);
    expect(o.projects).toEqual([
      expect.objectContaining({
        id: s.projectId,
        status: 'failed',
        images: [expect.objectContaining({ id: s.imageId, status: 'failed', error: 'provider said no' })],
      }),
    ]);
    expect(o.projects[0].images[0].refunded_at).not.toBeNull();
    expect(o.payments.events).toEqual([
      expect.objectContaining({ type: 'payment_intent.payment_failed', failure: 'Your card was declined.' }),
    ]);
    // paged: one row at a time, then the older ones
    const first = await rpcAs(db, op.who, 'operator_seller_overview', {
      seller_id: s.userId,
      ledger_limit: 1,
    });
    expect(first.ledger).toHaveLength(1);
    expect(first.ledger_more).toBe(true);
    expect(
      await sqlError(rpcAs(db, op.who, 'operator_seller_overview', { seller_id: randomUUID() })),
    ).toMatchObject({ hint: 'seller_not_found' });
  });
});

describe('grant and remove credits', () => {
  it('writes one ledger row and one audit row, and the seller’s history shows it with the reason', async () => {
    const op = await operator();
    const seller = await sqlUser(db);
    const requestId = randomUUID();
    const args = { seller_id: seller.id, amount: 5, reason: 'Sorry for the wait', request_id: requestId };
    await rpcAs(db, op.who, 'operator_grant_credits', args);
    await rpcAs(db, op.who, 'operator_grant_credits', args);
    const own = await sqlAs<LedgerRow>(
      db,
      { user: seller.id },
      `select id, amount, reason, reference, refund_of, details, created_at from public.credit_ledger
       where reason = 'adjustment'`,
    );
    expect(own).toHaveLength(1);
    const items = activityItems(own, [], []);
    expect(items).toEqual([
      expect.objectContaining({ type: 'adjustment', credits: 5, note: 'Sorry for the wait' }),
    ]);
    expect(await auditRows('grant_credits', requestId)).toHaveLength(1);
  });

  it('refuses to remove more than the balance, saying how much there is', async () => {
    const op = await operator();
    const seller = await sqlUser(db);
    await sqlSetCredits(db, seller.id, 4);
    const err = await sqlError(
      rpcAs(db, op.who, 'operator_grant_credits', {
        seller_id: seller.id,
        amount: -5,
        reason: 'Duplicate grant',
        request_id: randomUUID(),
      }),
    );
    expect(err).toMatchObject({
      code: 'P0001',
      message: 'The seller has only 4.00 credits: you cannot remove more',
      hint: 'remove_exceeds_balance',
    });
    expect(JSON.parse(err.detail ?? '{}')).toEqual({ available: '4.00' });
    expect(await sqlBalance(db, seller.id)).toMatchObject({ remaining: 4 });
    expect(await ledgerRows(seller.id, 'adjustment')).toEqual([]);
  });
});

describe('operator_refund_image', () => {
  it('refunds a bad result once: 10 concurrent requests give one refund, the rest say already refunded', async () => {
    const op = await operator();
    const s = await sellerWithImage('completed');
    const before = (await sqlBalance(db, s.userId)).remaining;
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        rpcAs(db, op.who, 'operator_refund_image', {
          image_id: s.imageId,
          reason: 'The model’s hand is wrong',
          request_id: randomUUID(),
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    expect(ok).toHaveLength(1);
    expect((ok[0] as PromiseFulfilledResult<any>).value).toMatchObject({ refunded: 1, replayed: false });
    for (const r of results) {
      if (r.status === 'rejected')
        expect(r.reason).toMatchObject({
          code: 'P0001',
          message: 'This image has already been refunded',
          hint: 'already_refunded',
        });
    }
    expect((await sqlBalance(db, s.userId)).remaining).toBe(before + 1);
    const refunds = await ledgerRows(s.userId, 'refund');
    expect(refunds).toHaveLength(1);
    expect(refunds[0].details).toMatchObject({ note: 'The model’s hand is wrong', byOperator: true });
    expect((await image(s.imageId)).refunded_at).not.toBeNull();
    expect(await auditRows('refund_image', s.imageId)).toHaveLength(1);
    // the seller is told, as for any refund
    const notes = await sqlAs(
      db,
      { user: s.userId },
      `select type from public.notifications where type = 'credits_refunded'`,
    );
    expect(notes).toHaveLength(1);
  });

  it('does nothing for a failed image the engine already refunded, or one still being made', async () => {
    const op = await operator();
    const failed = await sellerWithImage('failed');
    const before = (await sqlBalance(db, failed.userId)).remaining;
    const again = (imageId: string, requestId = randomUUID()) =>
      rpcAs(db, op.who, 'operator_refund_image', { image_id: imageId, reason: 'bad', request_id: requestId });
    expect(await sqlError(again(failed.imageId))).toMatchObject({ hint: 'already_refunded' });
    expect((await sqlBalance(db, failed.userId)).remaining).toBe(before);
    expect(await ledgerRows(failed.userId, 'refund')).toHaveLength(1);
    const waiting = await sellerWithImage(null);
    expect(await sqlError(again(waiting.imageId))).toMatchObject({ hint: 'refund_in_progress' });
    expect(
      await sqlError(
        rpcAs(db, op.who, 'operator_refund_image', {
          image_id: waiting.imageId,
          reason: ' ',
          request_id: 'r',
        }),
      ),
    ).toMatchObject({ hint: 'reason_required' });
    expect(
      await sqlError(
        rpcAs(db, op.who, 'operator_refund_image', {
          image_id: waiting.imageId,
          reason: 'x'.repeat(501),
          request_id: 'r',
        }),
      ),
    ).toMatchObject({ hint: 'reason_too_long' });
  });

  it('answers a repeat of the same request id with the first outcome', async () => {
    const op = await operator();
    const s = await sellerWithImage('completed');
    const args = { image_id: s.imageId, reason: 'Blurry', request_id: randomUUID() };
    const first = await rpcAs(db, op.who, 'operator_refund_image', args);
    const second = await rpcAs(db, op.who, 'operator_refund_image', args);
    expect(second).toEqual({ ...first, replayed: true });
    expect(await ledgerRows(s.userId, 'refund')).toHaveLength(1);
  });
});

describe('operator_refund_batch', () => {
  async function batchOf(n: number) {
    const u = await sqlUser(db);
    await sqlSetPlan(db, u.id, 'advanced');
    await sqlSetCredits(db, u.id, 10);
    const paths: string[] = [];
    for (let i = 0; i < n; i++) paths.push(await sqlUpload(db, u.id, `item-${i}.png`));
    const batch = await rpcAs(db, { user: u.id }, 'start_batch', {
      request_id: randomUUID(),
      project_type: 'on-model',
      items: JSON.stringify(paths.map((path) => ({ path, garment_type: 'top' }))),
      pose_id: 1,
      model_id: 1,
      background_id: 2,
    });
    const imageIds = batch.projects.map((p: any) => p.images[0].id as string);
    return { userId: u.id, batchId: batch.id as string, imageIds };
  }

  it('refunds every image not refunded yet, once, under 10 concurrent calls', async () => {
    const op = await operator();
    const b = await batchOf(3);
    // one failed (the engine refunds it), two finished with results the seller says are bad
    await rpcAs(db, 'service', 'report_image_outcome', { image_id: b.imageIds[0], status: 'failed' });
    for (const id of b.imageIds.slice(1))
      await rpcAs(db, 'service', 'report_image_outcome', {
        image_id: id,
        status: 'completed',
        generated_path: `${b.userId}/x/${id}.png`,
      });
    const before = (await sqlBalance(db, b.userId)).remaining;
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        rpcAs(db, op.who, 'operator_refund_batch', {
          batch_id: b.batchId,
          reason: 'Wrong background on all',
          request_id: randomUUID(),
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    expect(ok).toHaveLength(1);
    expect((ok[0] as PromiseFulfilledResult<any>).value).toMatchObject({ refunded: 2, images: 2 });
    for (const r of results)
      if (r.status === 'rejected')
        expect(r.reason).toMatchObject({
          message: 'This batch has already been refunded',
          hint: 'batch_already_refunded',
        });
    expect((await sqlBalance(db, b.userId)).remaining).toBe(before + 2);
    expect(await ledgerRows(b.userId, 'refund')).toHaveLength(3);
    expect(await auditRows('refund_batch', b.batchId)).toHaveLength(1);
    // an image of it refunded on its own afterwards: already refunded
    expect(
      await sqlError(
        rpcAs(db, op.who, 'operator_refund_image', {
          image_id: b.imageIds[1],
          reason: 'x',
          request_id: randomUUID(),
        }),
      ),
    ).toMatchObject({ hint: 'already_refunded' });
  });

  it('waits while images of the batch are still being made', async () => {
    const op = await operator();
    const b = await batchOf(2);
    expect(
      await sqlError(
        rpcAs(db, op.who, 'operator_refund_batch', {
          batch_id: b.batchId,
          reason: 'x',
          request_id: randomUUID(),
        }),
      ),
    ).toMatchObject({ hint: 'refund_in_progress' });
    expect(await ledgerRows(b.userId, 'refund')).toEqual([]);
  });
});

/** Makes a row look untouched for 31 minutes (its updated_at trigger held off for the update). */
async function age(table: 'images' | 'projects', id: string) {
  await db.transaction(async (tx) => {
    await tx.query(`set local session_replication_role = replica`);
    const extra = table === 'projects' ? `, video_requested_at = now() - interval '31 minutes'` : '';
    await tx.query(
      `update public.${table} set updated_at = now() - interval '31 minutes'${extra} where id = $1`,
      [id],
    );
  });
}

async function overviewImage(op: { who: Who }, s: { userId: string; projectId: string; imageId: string }) {
  const o = await rpcAs<any>(db, op.who, 'operator_seller_overview', { seller_id: s.userId });
  const project = o.projects.find((p: any) => p.id === s.projectId);
  return project.images.find((i: any) => i.id === s.imageId);
}

describe('operator_retry_image', () => {
  it('puts a failed image back in the queue without charging, and a second failure refunds nothing more', async () => {
    const op = await operator();
    const s = await sellerWithImage('failed');
    const before = await sqlBalance(db, s.userId);
    const r = await rpcAs(db, op.who, 'operator_retry_image', {
      image_id: s.imageId,
      reason: 'The provider was down',
      request_id: randomUUID(),
    });
    expect(r).toMatchObject({ retried: [s.imageId], replayed: false });
    expect(await image(s.imageId)).toMatchObject({
      status: 'pending',
      attempts: 0,
      lease_expires_at: null,
      worker: null,
      provider_job_id: null,
      error: null,
    });
    const [project] = await sqlAs(db, 'service', `select status from public.projects where id = $1`, [
      s.projectId,
    ]);
    expect(project.status).toBe('processing');
    expect(await sqlBalance(db, s.userId)).toEqual(before);
    expect(await ledgerRows(s.userId, 'generation')).toHaveLength(1);
    expect(await auditRows('retry_image', s.imageId)).toHaveLength(1);
    // the dispatcher takes it again
    const jobs = await rpcAs<any[]>(db, 'service', 'claim_generation_jobs', { worker: 'w2', max_jobs: 50 });
    expect(jobs.map((j) => j.image_id)).toContain(s.imageId);
    // failing again refunds nothing twice
    await rpcAs(db, 'service', 'report_image_outcome', { image_id: s.imageId, status: 'failed' });
    expect(await ledgerRows(s.userId, 'refund')).toHaveLength(1);
    expect(await sqlBalance(db, s.userId)).toEqual(before);
  });

  it('restarts a stuck image, refuses one still moving and a finished one with a clear message', async () => {
    const op = await operator();
    const stuck = await sellerWithImage('processing');
    expect((await image(stuck.imageId)).status).toBe('processing');
    // still moving (changed less than 30 minutes ago): a retry would start a second job for it
    expect(
      await sqlError(
        rpcAs(db, op.who, 'operator_retry_image', {
          image_id: stuck.imageId,
          reason: 'Stuck?',
          request_id: randomUUID(),
        }),
      ),
    ).toMatchObject({
      code: 'P0001',
      message: 'This is still being made: it can be made again after 30 minutes without progress',
      hint: 'retry_not_stuck',
    });
    expect(await overviewImage(op, stuck)).toMatchObject({ status: 'processing', stuck: false });
    await age('images', stuck.imageId);
    expect(await overviewImage(op, stuck)).toMatchObject({ status: 'processing', stuck: true });
    await rpcAs(db, op.who, 'operator_retry_image', {
      image_id: stuck.imageId,
      reason: 'Stuck',
      request_id: randomUUID(),
    });
    expect(await image(stuck.imageId)).toMatchObject({
      status: 'pending',
      attempts: 0,
      lease_expires_at: null,
    });
    const done = await sellerWithImage('completed');
    expect(
      await sqlError(
        rpcAs(db, op.who, 'operator_retry_image', {
          image_id: done.imageId,
          reason: 'x',
          request_id: randomUUID(),
        }),
      ),
    ).toMatchObject({
      code: 'P0001',
      message: 'This image is finished: refund it instead if the result is bad',
      hint: 'retry_finished',
    });
    expect((await image(done.imageId)).status).toBe('completed');
  });

  it('the status guard still keeps failed images failed for everyone else', async () => {
    const s = await sellerWithImage('failed');
    expect(
      await sqlError(db.query(`update public.images set status = 'pending' where id = $1`, [s.imageId])),
    ).toMatchObject({ hint: 'image_finished' });
  });
});

describe('operator_retry_video', () => {
  it('puts a failed video back in the queue without charging; refuses a finished one', async () => {
    const op = await operator();
    const s = await sellerWithImage('completed', 10, 'advanced');
    await rpcAs(db, { user: s.userId }, 'request_project_video', {
      project_id: s.projectId,
      video_style: 'zoom-in',
    });
    await rpcAs(db, 'service', 'report_video_outcome', {
      project_id: s.projectId,
      status: 'failed',
      error: 'boom',
    });
    const before = await sqlBalance(db, s.userId);
    await rpcAs(db, op.who, 'operator_retry_video', {
      project_id: s.projectId,
      reason: 'Provider outage',
      request_id: randomUUID(),
    });
    const [p] = await sqlAs(
      db,
      'service',
      `select video_status, video_attempts, video_error from public.projects where id = $1`,
      [s.projectId],
    );
    expect(p).toEqual({ video_status: 'pending', video_attempts: 0, video_error: null });
    expect(await sqlBalance(db, s.userId)).toEqual(before);
    await rpcAs(db, 'service', 'report_video_outcome', { project_id: s.projectId, status: 'failed' });
    expect(await sqlBalance(db, s.userId)).toEqual(before);
    await rpcAs(db, op.who, 'operator_retry_video', {
      project_id: s.projectId,
      reason: 'Again',
      request_id: randomUUID(),
    });
    await rpcAs(db, 'service', 'report_video_outcome', {
      project_id: s.projectId,
      status: 'completed',
      video_path: `${s.userId}/${s.projectId}/v.mp4`,
    });
    expect(
      await sqlError(
        rpcAs(db, op.who, 'operator_retry_video', {
          project_id: s.projectId,
          reason: 'x',
          request_id: randomUUID(),
        }),
      ),
    ).toMatchObject({ message: 'This video is finished and cannot be made again', hint: 'video_finished' });
    expect(await auditRows('retry_video', s.projectId)).toHaveLength(2);
  });

  it('makes a waiting video again only once it is stuck', async () => {
    const op = await operator();
    const s = await sellerWithImage('completed', 10, 'advanced');
    await rpcAs(db, { user: s.userId }, 'request_project_video', {
      project_id: s.projectId,
      video_style: 'zoom-in',
    });
    const retry = () =>
      rpcAs(db, op.who, 'operator_retry_video', {
        project_id: s.projectId,
        reason: 'Waiting too long',
        request_id: randomUUID(),
      });
    expect(await sqlError(retry())).toMatchObject({
      message: 'This is still being made: it can be made again after 30 minutes without progress',
      hint: 'retry_not_stuck',
    });
    const seen = async () =>
      (await rpcAs<any>(db, op.who, 'operator_seller_overview', { seller_id: s.userId })).projects.find(
        (p: any) => p.id === s.projectId,
      ).video_stuck;
    expect(await seen()).toBe(false);
    await age('projects', s.projectId);
    expect(await seen()).toBe(true);
    expect(await retry()).toMatchObject({ project_id: s.projectId, replayed: false });
  });
});
