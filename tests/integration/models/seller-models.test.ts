// A seller's saved models (52_seller_models.sql) at the SQL level, as the REST layer runs it:
// a creation is charged once per request id even when ten requests race, a failed creation is
// refunded once, only Advanced may create, and no other seller can see, rename, delete or
// generate with someone else's model.
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
  sqlSetPlan,
  sqlUpload,
  sqlUser,
} from '../../support/domain.ts';

let db: Database;
beforeAll(async () => {
  db = await openDomainDb({ poolSize: 10 });
});
afterAll(async () => {
  await db?.close();
});

const description = {
  gender: 'women',
  age_range: '26-35',
  body: 'athletic',
  skin: 'olive',
  hair: 'long-dark',
  style: 'casual',
  details: 'freckles, a warm smile',
};

async function advanced(credits = 20) {
  const u = await sqlUser(db);
  await sqlSetPlan(db, u.id, 'advanced', credits);
  return u;
}

const create = (userId: string, requestId = randomUUID(), extra: Record<string, unknown> = {}) =>
  rpcAs(db, { user: userId }, 'create_seller_model', { request_id: requestId, ...description, ...extra });

// the link table is private: read as the database owner
const jobsOf = async (modelId: string) =>
  (
    await db.query<{ job_id: string; view: string; status: string; tool: string }>(
      `select j.job_id, j.view, t.status, t.tool from private.seller_model_jobs j
     join public.tool_jobs t on t.id = j.job_id where j.model_id = $1 order by j.view`,
      [modelId],
    )
  ).rows;

/** What the engine does when a view's job ends (finish_engine_job sets these columns). */
async function finishView(modelId: string, view: string, status: 'completed' | 'failed', userId: string) {
  const [job] = (await jobsOf(modelId)).filter((j) => j.view === view);
  await sqlAs(
    db,
    'service',
    `update public.tool_jobs set status = $2, result_path = $3, error = $4 where id = $1`,
    [
      job.job_id,
      status,
      status === 'completed' ? `${userId}/${modelId}/${view}.png` : null,
      status === 'failed' ? 'PipelineError: boom' : null,
    ],
  );
}

async function readyModel(userId: string) {
  const m = await create(userId);
  await finishView(m.id, 'front', 'completed', userId);
  await finishView(m.id, 'back', 'completed', userId);
  await finishView(m.id, 'side', 'completed', userId);
  return m;
}

describe('create_seller_model', () => {
  it('charges 5 credits once: ten concurrent requests with one request id make one model and one front job', async () => {
    const u = await advanced(20);
    const requestId = randomUUID();
    const answers = await Promise.all(Array.from({ length: 10 }, () => create(u.id, requestId)));
    const ids = new Set(answers.map((a) => a.id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.replayed === false)).toHaveLength(1);
    expect(answers[0]).toMatchObject({ status: 'creating', credits_charged: 5, kept: false });
    expect(await sqlBalance(db, u.id)).toMatchObject({ remaining: 15, ledgerSum: 15 });
    const models = await sqlAs(db, 'service', 'select id from public.seller_models where user_id = $1', [
      u.id,
    ]);
    expect(models).toHaveLength(1);
    expect(await jobsOf(models[0].id)).toEqual([
      expect.objectContaining({ view: 'front', status: 'pending', tool: 'model-creator' }),
    ]);
  });

  it('makes the back and side views after the front one, and is ready when all three are stored', async () => {
    const u = await advanced();
    const m = await create(u.id);
    await finishView(m.id, 'front', 'completed', u.id);
    expect((await jobsOf(m.id)).map((j) => `${j.view}:${j.status}`)).toEqual([
      'back:pending',
      'front:completed',
      'side:pending',
    ]);
    await finishView(m.id, 'back', 'completed', u.id);
    await finishView(m.id, 'side', 'completed', u.id);
    const [row] = await sqlAs(db, 'service', 'select * from public.seller_models where id = $1', [m.id]);
    expect(row).toMatchObject({
      status: 'ready',
      front_path: `${u.id}/${m.id}/front.png`,
      back_path: `${u.id}/${m.id}/back.png`,
      side_path: `${u.id}/${m.id}/side.png`,
    });
  });

  it('refunds a failed creation once, however many views fail', async () => {
    const u = await advanced(20);
    const m = await create(u.id);
    await finishView(m.id, 'front', 'completed', u.id);
    await finishView(m.id, 'back', 'failed', u.id);
    // the side view was still pending: it is failed with the model, and refunds nothing more
    const jobs = await jobsOf(m.id);
    expect(jobs.map((j) => `${j.view}:${j.status}`)).toEqual([
      'back:failed',
      'front:completed',
      'side:failed',
    ]);
    const [row] = await sqlAs(
      db,
      'service',
      'select status, refunded_at from public.seller_models where id = $1',
      [m.id],
    );
    expect(row.status).toBe('failed');
    expect(row.refunded_at).not.toBeNull();
    expect(await sqlBalance(db, u.id)).toMatchObject({ remaining: 20, ledgerSum: 20 });
    const refunds = await sqlAs(
      db,
      'service',
      `select amount from public.credit_ledger where user_id = $1 and reason = 'refund'`,
      [u.id],
    );
    expect(refunds.map((r) => Number(r.amount))).toEqual([5]);
  });

  it('refuses Lite and free sellers with advanced_only, and charges nothing', async () => {
    const lite = await sqlUser(db);
    await sqlSetPlan(db, lite.id, 'lite', 20);
    expect(await sqlError(create(lite.id))).toMatchObject({ code: 'P0001', hint: 'advanced_only' });
    const free = await sqlUser(db);
    expect(await sqlError(create(free.id))).toMatchObject({ code: 'P0001', hint: 'advanced_only' });
    expect(await sqlBalance(db, lite.id)).toMatchObject({ remaining: 20 });
    const rows = await sqlAs(db, 'service', 'select id from public.seller_models where user_id = any ($1)', [
      [lite.id, free.id],
    ]);
    expect(rows).toHaveLength(0);
  });

  it('checks the description: choices from the lists, at most 300 characters, a name of at most 60', async () => {
    const u = await advanced();
    expect(await sqlError(create(u.id, randomUUID(), { hair: 'purple' }))).toMatchObject({
      hint: 'model_description_required',
    });
    expect(await sqlError(create(u.id, randomUUID(), { details: 'x'.repeat(301) }))).toMatchObject({
      hint: 'model_details_too_long',
    });
    expect(await sqlError(create(u.id, randomUUID(), { name: 'n'.repeat(61) }))).toMatchObject({
      hint: 'model_name_too_long',
    });
    expect(await sqlError(create(u.id, randomUUID(), { details: 'a\nb' }))).toMatchObject({
      hint: 'custom_text_invalid',
    });
    expect(await sqlBalance(db, u.id)).toMatchObject({ remaining: 20 });
  });
});

describe("a saved model is its owner's only", () => {
  it('another seller cannot read, rename, keep, delete or generate with it', async () => {
    const owner = await advanced();
    const other = await advanced();
    const m = await readyModel(owner.id);
    expect(
      await sqlAs(db, { user: other.id }, 'select id from public.seller_models where id = $1', [m.id]),
    ).toEqual([]);
    expect(
      await sqlAs(db, { user: owner.id }, 'select id from public.seller_models where id = $1', [m.id]),
    ).toEqual([{ id: m.id }]);
    for (const [fn, args] of [
      ['rename_seller_model', { model_id: m.id, name: 'Mine now' }],
      ['keep_seller_model', { model_id: m.id }],
      ['delete_seller_model', { model_id: m.id }],
    ] as const) {
      expect(await sqlError(rpcAs(db, { user: other.id }, fn, args))).toMatchObject({
        hint: 'model_not_found',
      });
    }
    const product = await sqlUpload(db, other.id);
    expect(
      await sqlError(
        rpcAs(
          db,
          { user: other.id },
          'start_generation',
          selection(product, { model_id: null, seller_model_id: m.id }),
        ),
      ),
    ).toMatchObject({ hint: 'model_not_found' });
    // a direct write through REST is refused too
    await expect(
      sqlAs(db, { user: other.id }, `update public.seller_models set name = 'x' where id = $1`, [m.id]),
    ).rejects.toMatchObject({ code: '42501' });
  });

  it('the owner generates with it (Advanced), a model not ready yet is refused', async () => {
    const owner = await advanced();
    const m = await readyModel(owner.id);
    const product = await sqlUpload(db, owner.id);
    const project = await rpcAs(
      db,
      { user: owner.id },
      'start_generation',
      selection(product, { model_id: null, seller_model_id: m.id, pose_ids: [1, 2, 3] }),
    );
    const [p] = await sqlAs(
      db,
      'service',
      'select seller_model_id, model_id, metadata from public.projects where id = $1',
      [project.id],
    );
    expect(p).toMatchObject({ seller_model_id: m.id, model_id: null });
    expect(p.metadata.modelName).toBe('Model 1');

    const creating = await create(owner.id);
    const product2 = await sqlUpload(db, owner.id);
    expect(
      await sqlError(
        rpcAs(
          db,
          { user: owner.id },
          'start_generation',
          selection(product2, { model_id: null, seller_model_id: creating.id }),
        ),
      ),
    ).toMatchObject({ hint: 'model_not_found' });
  });

  it('a model in use by a processing project cannot be deleted; renamed and kept it can', async () => {
    const owner = await advanced();
    const m = await readyModel(owner.id);
    expect(
      await rpcAs(db, { user: owner.id }, 'keep_seller_model', { model_id: m.id, name: '  Eleni ' }),
    ).toMatchObject({
      kept: true,
      name: 'Eleni',
    });
    const product = await sqlUpload(db, owner.id);
    const project = await rpcAs(
      db,
      { user: owner.id },
      'start_generation',
      selection(product, { model_id: null, seller_model_id: m.id }),
    );
    expect(
      await sqlError(rpcAs(db, { user: owner.id }, 'delete_seller_model', { model_id: m.id })),
    ).toMatchObject({
      hint: 'model_in_use',
    });
    await sqlAs(db, 'service', `update public.images set status = 'failed' where project_id = $1`, [
      project.id,
    ]);
    expect(await rpcAs(db, { user: owner.id }, 'delete_seller_model', { model_id: m.id })).toMatchObject({
      deleted: true,
    });
    const [p] = await sqlAs(db, 'service', 'select seller_model_id from public.projects where id = $1', [
      project.id,
    ]);
    expect(p.seller_model_id).toBeNull();
    const { rows: queued } = await db.query(
      `select name, is_folder from private.storage_cleanup where bucket = 'seller-models' and user_id = $1`,
      [owner.id],
    );
    expect(queued).toEqual([{ name: `${owner.id}/${m.id}`, is_folder: true }]);
  });

  it('a Lite seller cannot generate with a saved model (advanced_only)', async () => {
    const u = await advanced();
    const m = await readyModel(u.id);
    await sqlSetPlan(db, u.id, 'lite', 20);
    const product = await sqlUpload(db, u.id);
    expect(
      await sqlError(
        rpcAs(
          db,
          { user: u.id },
          'start_generation',
          selection(product, { model_id: null, seller_model_id: m.id }),
        ),
      ),
    ).toMatchObject({ hint: 'advanced_only' });
  });
});
