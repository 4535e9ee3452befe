// The mannequin shoot on the server (supabase/schemas/40_projects.sql, 47_batches.sql): a photo
// of a garment on a mannequin or dress form, its garment type, then model, pose and background
// as in on-model. Every plan may start one, at one credit per image, with the same checks and
// the same once-per-request-id start; the free plan's results are watermarked as the others'.
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
  type SqlUser,
} from '../../support/domain.ts';

let db: Database;
beforeAll(async () => {
  db = await openDomainDb();
});
afterAll(async () => {
  await db?.close();
});

const mannequin = (product: string, overrides: Record<string, unknown> = {}) =>
  selection(product, { project_type: 'mannequin', garment_types: ['top'], ...overrides });

const projectCount = async (userId: string) =>
  (
    await sqlAs<{ n: number }>(
      db,
      'service',
      'select count(*)::int as n from public.projects where user_id = $1',
      [userId],
    )
  )[0].n;

/** What the engine is handed for each image of a project (the dispatcher's job JSON). */
async function jobsOf(projectId: string) {
  const { rows } = await db.query<{ j: any[] }>(
    `select private.image_jobs_json(array_agg(i.id)) as j from public.images i where i.project_id = $1`,
    [projectId],
  );
  return rows[0].j;
}

async function sellerOn(plan: string, credits: number): Promise<SqlUser> {
  const u = await sqlUser(db);
  if (plan !== 'free') await sqlSetPlan(db, u.id, plan);
  await sqlSetCredits(db, u.id, credits);
  return u;
}

describe('start_generation: mannequin', () => {
  for (const plan of ['free', 'lite', 'pro', 'advanced'] as const) {
    it(`${plan}: one credit per image, the garment type kept, the chosen model sent${plan === 'free' ? ', watermarked' : ''}`, async () => {
      const u = await sellerOn(plan, 3);
      const product = await sqlUpload(db, u.id, 'dress-form.jpg');
      const quote = await rpcAs(db, { user: u.id }, 'quote_generation', {
        project_type: 'mannequin',
        product_count: 1,
        pose_count: 2,
      });
      expect(quote).toMatchObject({ images: 2, creditsPerImage: 1, creditsNeeded: 2, enough: true });

      const p = await rpcAs(
        db,
        { user: u.id },
        'start_generation',
        mannequin(product, { pose_ids: [1, 3], model_id: 3, garment_types: ['full'] }),
      );
      expect(p).toMatchObject({
        type: 'mannequin',
        status: 'processing',
        model_id: 3,
        credits_charged: 2,
        product_paths: [product],
        metadata: { garmentTypes: ['full'], selectedPoses: 2 },
      });
      expect(p.images).toHaveLength(2);
      expect(await sqlBalance(db, u.id)).toMatchObject({ remaining: 1, ledgerSum: 1 });

      const jobs = await jobsOf(p.id);
      expect(jobs).toHaveLength(2);
      for (const job of jobs) {
        expect(job).toMatchObject({
          project_type: 'mannequin',
          product_path: product,
          garment_type: 'full',
          watermark: plan === 'free',
          model: { id: 3, custom: false },
        });
      }
      const [activity] = await sqlAs(
        db,
        { user: u.id },
        `select raw_data from public.webhook_logs where event_type = 'user_activity_project_created'`,
      );
      expect(activity.raw_data.metadata).toMatchObject({
        projectType: 'mannequin',
        modelName: p.metadata.modelName,
      });
    });
  }

  it('a saved request id starts it once: the repeat answers the same project and charges nothing', async () => {
    const u = await sellerOn('lite', 4);
    const product = await sqlUpload(db, u.id);
    const args = { ...mannequin(product), request_id: randomUUID() };
    const first = await rpcAs(db, { user: u.id }, 'start_generation', args);
    const again = await rpcAs(db, { user: u.id }, 'start_generation', args);
    expect(first.replayed).toBe(false);
    expect(again).toMatchObject({ id: first.id, type: 'mannequin', replayed: true });
    expect(await projectCount(u.id)).toBe(1);
    expect((await sqlBalance(db, u.id)).remaining).toBe(3);
  });

  it("Original (the model photo's own background) is one of a mannequin shoot's backgrounds, as on-model", async () => {
    const u = await sellerOn('free', 2);
    const p = await rpcAs(
      db,
      { user: u.id },
      'start_generation',
      mannequin(await sqlUpload(db, u.id), { background_id: 1 }),
    );
    expect(p).toMatchObject({ type: 'mannequin', background_id: 1 });
  });

  describe('refuses bad input with the message and hint code, and changes nothing', () => {
    let u: SqlUser;
    let product: string;
    beforeAll(async () => {
      u = await sellerOn('free', 2);
      product = await sqlUpload(db, u.id);
    });
    const cases: [string, (p: string) => Record<string, unknown>, string, string][] = [
      [
        'no garment type',
        (p) => mannequin(p, { garment_types: null }),
        'Please select a garment type',
        'garment_type_required',
      ],
      [
        'a garment type that is not top, bottom or full',
        (p) => mannequin(p, { garment_types: ['hat'] }),
        'Please select a garment type',
        'garment_type_required',
      ],
      [
        'two photos',
        (p) => mannequin(p, { product_paths: [p, `${p}-2`], garment_types: ['top', 'top'] }),
        'Only one photo can be uploaded per generation cycle. Please remove the existing photo first.',
        'too_many_products',
      ],
      ['no model', (p) => mannequin(p, { model_id: null }), 'Please select a model', 'model_required'],
      [
        'a custom model below Advanced',
        (p) => mannequin(p, { model_id: 9999, custom_model: 'tall woman' }),
        'Available only in Advanced Plan',
        'advanced_only',
      ],
      [
        'a pose of no model',
        (p) => mannequin(p, { pose_ids: [9] }),
        'Selected pose does not exist',
        'pose_not_found',
      ],
      [
        'more images than credits',
        (p) => mannequin(p, { pose_ids: [1, 2, 3] }),
        'Insufficient credits. Need 3.00 but only have 2.00',
        'insufficient_credits',
      ],
      [
        'a type that does not exist',
        (p) => mannequin(p, { project_type: 'Mannequin' }),
        'Invalid project type',
        'invalid_project_type',
      ],
    ];
    for (const [what, args, message, hint] of cases) {
      it(what, async () => {
        const err = await sqlError(rpcAs(db, { user: u.id }, 'start_generation', args(product)));
        expect(err).toMatchObject({ code: 'P0001', message, hint });
        expect(await projectCount(u.id)).toBe(0);
        expect((await sqlBalance(db, u.id)).remaining).toBe(2);
      });
    }
  });
});

describe('start_batch: mannequin', () => {
  it('a mannequin batch: one mannequin project per photo with its garment type, charged once', async () => {
    const u = await sellerOn('advanced', 5);
    const paths = [await sqlUpload(db, u.id, 'form-1.jpg'), await sqlUpload(db, u.id, 'form-2.jpg')];
    expect(
      await rpcAs(db, { user: u.id }, 'quote_batch', { project_type: 'mannequin', item_count: 2 }),
    ).toMatchObject({ images: 2, creditsNeeded: 2, enough: true });
    const batch = await rpcAs(db, { user: u.id }, 'start_batch', {
      request_id: randomUUID(),
      project_type: 'mannequin',
      items: JSON.stringify([
        { path: paths[0], garment_type: 'top', name: 'Blazer' },
        { path: paths[1], garment_type: 'full', name: 'Dress' },
      ]),
      pose_id: 1,
      model_id: 2,
      background_id: 3,
    });
    expect(batch).toMatchObject({
      project_type: 'mannequin',
      item_count: 2,
      credits_charged: 2,
      replayed: false,
    });
    expect(
      batch.projects.map((p: any) => [p.name, p.type, p.model_id, p.metadata.garmentTypes, p.images.length]),
    ).toEqual([
      ['Blazer', 'mannequin', 2, ['top'], 1],
      ['Dress', 'mannequin', 2, ['full'], 1],
    ]);
    expect((await sqlBalance(db, u.id)).remaining).toBe(3);
    const jobs = await jobsOf(batch.projects[1].id);
    expect(jobs[0]).toMatchObject({ project_type: 'mannequin', garment_type: 'full', watermark: false });
  });

  it('a mannequin batch item without a garment type is refused with its index', async () => {
    const u = await sellerOn('advanced', 5);
    const path = await sqlUpload(db, u.id);
    const err = await sqlError(
      rpcAs(db, { user: u.id }, 'start_batch', {
        request_id: randomUUID(),
        project_type: 'mannequin',
        items: JSON.stringify([{ path }]),
        pose_id: 1,
        model_id: 1,
        background_id: 2,
      }),
    );
    expect(err).toMatchObject({ message: 'Please select a garment type', hint: 'garment_type_required' });
    expect(JSON.parse(err.detail ?? '{}')).toEqual({ index: 0 });
    expect(await projectCount(u.id)).toBe(0);
  });
});
