// The Batch Processor's money and dispatch rules (supabase/schemas/47_batches.sql, the claim in
// 60_generation_queue.sql): a batch is all its projects charged once or nothing; a request id
// makes it once; a failed item gives back its own credit once; only Advanced may start one; a
// 50-photo batch does not hold back another seller's single generation.
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
} from '../../support/domain.ts';

let db: Database;
beforeAll(async () => {
  db = await openDomainDb({ poolSize: 12 });
});
afterAll(async () => {
  await db?.close();
});

const count = async (sql: string, params: unknown[]) =>
  (await sqlAs<{ n: number }>(db, 'service', `select count(*)::int as n from (${sql}) x`, params))[0].n;
const projects = (userId: string) => count('select 1 from public.projects where user_id = $1', [userId]);
const images = (userId: string) => count('select 1 from public.images where user_id = $1', [userId]);
const batches = (userId: string) => count('select 1 from public.batches where user_id = $1', [userId]);
const charges = (userId: string) =>
  count(`select 1 from public.credit_ledger where user_id = $1 and reason = 'generation'`, [userId]);
const refunds = (userId: string) =>
  count(`select 1 from public.credit_ledger where user_id = $1 and reason = 'refund'`, [userId]);

/** A seller on `plan` with `credits` and `photos` stored uploads. */
async function sellerWithPhotos(plan: string, credits: number, photos: number) {
  const u = await sqlUser(db);
  if (plan !== 'free') await sqlSetPlan(db, u.id, plan);
  await sqlSetCredits(db, u.id, credits);
  const paths: string[] = [];
  for (let i = 0; i < photos; i++) paths.push(await sqlUpload(db, u.id, `item-${i + 1}.png`));
  return { user: u, paths };
}

// jsonb arguments go as JSON text (rpcAs sends a JS array as a SQL array)
const items = (paths: string[]) =>
  JSON.stringify(
    paths.map((path, i) => ({ path, garment_type: i % 3 === 0 ? 'bottom' : 'top', name: `Item ${i + 1}` })),
  );

const batchArgs = (paths: string[], overrides: Record<string, unknown> = {}) => ({
  request_id: randomUUID(),
  project_type: 'on-model',
  items: items(paths),
  pose_id: 1,
  model_id: 1,
  background_id: 2,
  ...overrides,
});

describe('start_batch', () => {
  it('a 20-photo batch: 20 projects of one image each, 20 credits in one charge', async () => {
    const { user, paths } = await sellerWithPhotos('advanced', 25, 20);
    const quote = await rpcAs(db, { user: user.id }, 'quote_batch', {
      project_type: 'on-model',
      item_count: 20,
    });
    expect(quote).toMatchObject({ images: 20, creditsNeeded: 20, creditsRemaining: 25, enough: true });

    const batch = await rpcAs(db, { user: user.id }, 'start_batch', batchArgs(paths));
    expect(batch).toMatchObject({ item_count: 20, credits_charged: 20, replayed: false });
    expect(batch.projects).toHaveLength(20);
    // in the seller's order, named as listed, each with the garment type chosen for its photo
    expect(batch.projects.map((p: any) => p.name)).toEqual(paths.map((_, i) => `Item ${i + 1}`));
    expect(batch.projects.map((p: any) => p.product_paths[0])).toEqual(paths);
    expect(batch.projects[0].metadata).toMatchObject({ batchPosition: 0, garmentType: 'bottom' });
    for (const p of batch.projects) {
      expect(p).toMatchObject({ status: 'processing', batch_id: batch.id, charge_id: batch.charge_id });
      expect(p.images).toHaveLength(1);
    }
    expect(await projects(user.id)).toBe(20);
    expect(await images(user.id)).toBe(20);
    expect(await charges(user.id)).toBe(1);
    expect(await sqlBalance(db, user.id)).toMatchObject({ remaining: 5, ledgerSum: 5 });
    // the seller reads their batch and its projects; another seller sees neither
    const other = await sqlUser(db);
    expect(await sqlAs(db, { user: user.id }, 'select id from public.batches')).toHaveLength(1);
    expect(await sqlAs(db, { user: other.id }, 'select id from public.batches')).toHaveLength(0);
  });

  it('flat-lay: one image per photo too, each with its own garment type', async () => {
    const { user, paths } = await sellerWithPhotos('advanced', 3, 3);
    const batch = await rpcAs(
      db,
      { user: user.id },
      'start_batch',
      batchArgs(paths, { project_type: 'flat-lay', background_id: 3 }),
    );
    expect(batch.projects.map((p: any) => p.metadata.garmentTypes)).toEqual([['bottom'], ['top'], ['top']]);
    expect(await sqlBalance(db, user.id)).toMatchObject({ remaining: 0 });
  });

  it('over the balance: nothing created, nothing charged, the batch total in the refusal', async () => {
    const { user, paths } = await sellerWithPhotos('advanced', 12, 20);
    const err = await sqlError(rpcAs(db, { user: user.id }, 'start_batch', batchArgs(paths)));
    expect(err).toMatchObject({
      hint: 'insufficient_credits',
      message: 'Insufficient credits. Need 20.00 but only have 12.00',
    });
    expect(JSON.parse(err.detail ?? '{}')).toEqual({ needed: '20.00', available: '12.00' });
    expect(await projects(user.id)).toBe(0);
    expect(await images(user.id)).toBe(0);
    expect(await batches(user.id)).toBe(0);
    expect(await charges(user.id)).toBe(0);
    expect(await sqlBalance(db, user.id)).toMatchObject({ remaining: 12, ledgerSum: 12 });
  });

  it('the same request id twice, and ten at once: one batch, one charge', async () => {
    const { user, paths } = await sellerWithPhotos('advanced', 30, 5);
    const args = batchArgs(paths);
    const first = await rpcAs(db, { user: user.id }, 'start_batch', args);
    const again = await rpcAs(db, { user: user.id }, 'start_batch', { ...args, locale: 'el' });
    expect(again).toMatchObject({ id: first.id, replayed: true });
    expect(again.projects.map((p: any) => p.id)).toEqual(first.projects.map((p: any) => p.id));

    const args2 = batchArgs(paths);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => rpcAs(db, { user: user.id }, 'start_batch', args2)),
    );
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    expect(answers.filter((a) => a.replayed === false)).toHaveLength(1);

    expect(await batches(user.id)).toBe(2);
    expect(await projects(user.id)).toBe(10);
    expect(await charges(user.id)).toBe(2);
    expect(await sqlBalance(db, user.id)).toMatchObject({ remaining: 20, ledgerSum: 20 });

    // the same id with other items is refused
    const reused = await sqlError(
      rpcAs(db, { user: user.id }, 'start_batch', { ...args, items: items(paths.slice(0, 2)) }),
    );
    expect(reused).toMatchObject({ hint: 'request_reused' });
    // no request id: refused (money moves only with one)
    const noId = await sqlError(
      rpcAs(db, { user: user.id }, 'start_batch', batchArgs(paths, { request_id: null })),
    );
    expect(noId).toMatchObject({ hint: 'request_id_invalid' });
  });

  it('a failed item gives back its one credit, once; the others stay charged', async () => {
    const { user, paths } = await sellerWithPhotos('advanced', 4, 4);
    const batch = await rpcAs(db, { user: user.id }, 'start_batch', batchArgs(paths));
    const failed = batch.projects[1].images[0].id;
    for (let i = 0; i < 2; i++) {
      await rpcAs(db, 'service', 'report_image_outcome', { image_id: failed, status: 'failed', error: 'x' });
    }
    await rpcAs(db, 'service', 'report_image_outcome', {
      image_id: batch.projects[0].images[0].id,
      status: 'completed',
      generated_path: `${user.id}/${batch.projects[0].id}/a.png`,
    });
    expect(await refunds(user.id)).toBe(1);
    expect(await sqlBalance(db, user.id)).toMatchObject({ remaining: 1, ledgerSum: 1 });
    const rows = await sqlAs(
      db,
      { user: user.id },
      'select id, status from public.projects where batch_id = $1',
      [batch.id],
    );
    expect(rows.find((r) => r.id === batch.projects[1].id)?.status).toBe('failed');
    expect(rows.find((r) => r.id === batch.projects[0].id)?.status).toBe('completed');
  });

  it('Free, Lite and Pro are refused on the server, whatever the browser shows', async () => {
    for (const plan of ['free', 'lite', 'pro']) {
      const { user, paths } = await sellerWithPhotos(plan, 10, 2);
      const err = await sqlError(rpcAs(db, { user: user.id }, 'start_batch', batchArgs(paths)));
      expect(err).toMatchObject({ hint: 'advanced_only', message: 'Available only in Advanced Plan' });
      expect(await projects(user.id)).toBe(0);
      expect(await sqlBalance(db, user.id)).toMatchObject({ remaining: 10 });
    }
  });

  it('refuses bad batches with a clear reason, charging nothing', async () => {
    const { user, paths } = await sellerWithPhotos('advanced', 100, 3);
    const other = await sellerWithPhotos('advanced', 0, 1);
    const refuse = async (args: Record<string, unknown>) =>
      sqlError(rpcAs(db, { user: user.id }, 'start_batch', batchArgs(paths, args)));
    expect(await refuse({ items: '[]' })).toMatchObject({ hint: 'product_required' });
    const tooMany = Array.from({ length: 51 }, (_, i) => ({
      path: `${user.id}/x-${i}.png`,
      garment_type: 'top',
    }));
    expect(await refuse({ items: JSON.stringify(tooMany) })).toMatchObject({
      hint: 'batch_too_large',
      message: 'A batch can hold at most 50 photos',
    });
    const foreign = await refuse({
      items: JSON.stringify([...JSON.parse(items(paths)), { path: other.paths[0], garment_type: 'top' }]),
    });
    expect(foreign).toMatchObject({ hint: 'product_not_found' });
    expect(JSON.parse(foreign.detail ?? '{}')).toEqual({ index: 3 });
    expect(
      await refuse({
        items: JSON.stringify([...JSON.parse(items(paths)), { path: paths[0], garment_type: 'top' }]),
      }),
    ).toMatchObject({
      hint: 'batch_duplicate_photo',
    });
    expect(await refuse({ items: JSON.stringify([{ path: paths[0], garment_type: 'hat' }]) })).toMatchObject({
      hint: 'garment_type_required',
    });
    expect(await refuse({ pose_id: 99 })).toMatchObject({ hint: 'pose_not_found' });
    expect(await refuse({ model_id: null })).toMatchObject({ hint: 'model_required' });
    expect(await refuse({ project_type: 'video' })).toMatchObject({ hint: 'invalid_project_type' });
    expect(await projects(user.id)).toBe(0);
    expect(await batches(user.id)).toBe(0);
    expect(await sqlBalance(db, user.id)).toMatchObject({ remaining: 100 });
    // a custom model and background (Advanced) go to every item
    const custom = await rpcAs(
      db,
      { user: user.id },
      'start_batch',
      batchArgs(paths, {
        model_id: 9999,
        custom_model: 'A tall model',
        background_id: 9999,
        custom_background: 'A beach',
      }),
    );
    expect(custom.projects.map((p: any) => p.custom_model)).toEqual([
      'A tall model',
      'A tall model',
      'A tall model',
    ]);
  });
});

describe('dispatch is fair between sellers', () => {
  it("another seller's single generation is claimed in the first round while a 50-photo batch waits", async () => {
    const big = await sellerWithPhotos('advanced', 50, 50);
    const batch = await rpcAs(db, { user: big.user.id }, 'start_batch', batchArgs(big.paths));
    const small = await sellerWithPhotos('lite', 1, 1);
    const single = await rpcAs(db, { user: small.user.id }, 'start_generation', selection(small.paths[0]));
    const statusOf = async (id: string) =>
      (await sqlAs(db, 'service', 'select status from public.images where id = $1', [id]))[0].status;
    const inFlight = () =>
      count(`select 1 from public.images where user_id = $1 and status = 'processing'`, [big.user.id]);
    // other tests' unfinished work may be queued too (older than ours): one round big enough for
    // every waiting seller's first image, far smaller than the queue
    const others = await count(
      `select distinct i.user_id from public.images i join public.projects p on p.id = i.project_id
       where p.status = 'processing' and i.status = 'pending' and i.user_id not in ($1, $2)`,
      [big.user.id, small.user.id],
    );
    const round = () =>
      rpcAs<any[]>(db, 'service', 'claim_generation_jobs', { worker: 'fair', max_jobs: others + 8 });
    // oldest first would hand out the 50 older batch images before it; fair dispatch does not
    await round();
    expect(await statusOf(single.images[0].id)).toBe('processing');
    // and the batch never has more than its share in flight (4 by default): it takes one place
    // per round, after every other seller's first image, up to 4
    let rounds = 1;
    while ((await inFlight()) < 4 && rounds < 20) {
      expect(await inFlight()).toBeLessThan(4);
      await round();
      rounds++;
    }
    expect(await inFlight()).toBe(4);
    await round();
    expect(await inFlight()).toBe(4);
    // a finished image frees a place: the batch's next image is claimed
    const [done] = await sqlAs(
      db,
      'service',
      `select id, project_id from public.images where user_id = $1 and status = 'processing' limit 1`,
      [big.user.id],
    );
    await rpcAs(db, 'service', 'report_image_outcome', {
      image_id: done.id,
      status: 'completed',
      generated_path: `${big.user.id}/${done.project_id}/r.png`,
    });
    expect(await inFlight()).toBe(3);
    await round();
    expect(await inFlight()).toBe(4);
    expect(
      await count(`select 1 from public.images where user_id = $1 and status = 'pending'`, [big.user.id]),
    ).toBe(45);
    expect(batch.projects).toHaveLength(50);
  });
});
