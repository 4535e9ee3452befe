// Starting a generation: validation word for word, pricing, naming, and all-or-nothing.
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

const projectCount = async (userId: string) =>
  (
    await sqlAs<{ n: number }>(
      db,
      'service',
      'select count(*)::int as n from public.projects where user_id = $1',
      [userId],
    )
  )[0].n;

describe('start_generation', () => {
  it('charges products x poses, creates the project, pending images, notification and activity', async () => {
    const u = await sqlUser(db);
    await sqlSetCredits(db, u.id, 5);
    const product = await sqlUpload(db, u.id);
    const p = await rpcAs(
      db,
      { user: u.id },
      'start_generation',
      selection(product, { pose_ids: [1, 3], background_blurred: true }),
    );
    expect(p).toMatchObject({
      name: 'Untitled Project',
      type: 'on-model',
      status: 'processing',
      user_id: u.id,
      model_id: 1,
      background_id: 2,
      background_blurred: true,
      pose_ids: [1, 3],
      product_paths: [product],
      credits_charged: 2,
      metadata: {
        modelName: 'Sofia',
        backgroundName: 'Studio White',
        selectedPoses: 2,
        poseNames: ['Front View', 'Side View'],
      },
    });
    expect(p.images).toHaveLength(2);
    expect(p.images.map((i: any) => [i.status, i.pose_id, i.original_path])).toEqual([
      ['pending', 1, product],
      ['pending', 3, product],
    ]);
    expect(await sqlBalance(db, u.id)).toMatchObject({ remaining: 3, ledgerSum: 3 });

    const [n] = await sqlAs(
      db,
      { user: u.id },
      'select type, title, message, project_id, read from public.notifications',
    );
    expect(n).toEqual({
      type: 'project_created',
      title: 'Project created',
      project_id: p.id,
      read: false,
      message: 'Your project "Untitled Project" is being generated. This usually takes 1-2 minutes.',
    });
    const [a] = await sqlAs(
      db,
      { user: u.id },
      `select event_type, raw_data from public.webhook_logs where event_type like 'user_activity_%'`,
    );
    expect(a.event_type).toBe('user_activity_project_created');
    expect(a.raw_data).toMatchObject({
      userId: u.id,
      type: 'project_created',
      metadata: {
        projectId: p.id,
        projectName: 'Untitled Project',
        projectType: 'on-model',
        modelName: 'Sofia',
        backgroundName: 'Studio White',
      },
    });
    const [l] = await sqlAs(
      db,
      { user: u.id },
      `select amount::text, reference from public.credit_ledger where reason = 'generation'`,
    );
    expect(l).toEqual({ amount: '-2.00', reference: `project:${p.id}` });
  });

  it('flat-lay costs one product x poses and keeps the garment types', async () => {
    const u = await sqlUser(db);
    const product = await sqlUpload(db, u.id);
    const p = await rpcAs(
      db,
      { user: u.id },
      'start_generation',
      selection(product, {
        project_type: 'flat-lay',
        pose_ids: [2],
        garment_types: ['full'],
        background_id: 9,
      }),
    );
    expect(p).toMatchObject({
      type: 'flat-lay',
      credits_charged: 1,
      metadata: { selectedPoses: 1, garmentTypes: ['full'] },
    });
    expect(p.images).toHaveLength(1);
  });

  it("names projects 'Untitled Project', then 'Untitled Project' + (highest suffix + 1)", async () => {
    const u = await sqlUser(db);
    await sqlSetCredits(db, u.id, 10);
    const product = await sqlUpload(db, u.id);
    const start = async (name?: string) =>
      (
        await rpcAs(
          db,
          { user: u.id },
          'start_generation',
          selection(product, name === undefined ? {} : { project_name: name }),
        )
      ).name;
    expect(await start()).toBe('Untitled Project');
    expect(await start()).toBe('Untitled Project1');
    expect(await start('  Summer dress  ')).toBe('Summer dress');
    expect(await start('Untitled Project7')).toBe('Untitled Project7');
    expect(await start('   ')).toBe('Untitled Project8');
  });

  it('counts names per user', async () => {
    const other = await sqlUser(db);
    const u = await sqlUser(db);
    await rpcAs(db, { user: other.id }, 'start_generation', selection(await sqlUpload(db, other.id)));
    const p = await rpcAs(db, { user: u.id }, 'start_generation', selection(await sqlUpload(db, u.id)));
    expect(p.name).toBe('Untitled Project');
  });

  describe('refuses an invalid selection with the message, and changes nothing', () => {
    let u: SqlUser;
    let product: string;
    beforeAll(async () => {
      u = await sqlUser(db);
      product = await sqlUpload(db, u.id);
    });

    const cases: [string, (p: string) => Record<string, unknown>, string, string][] = [
      [
        'an unknown project type',
        (p) => selection(p, { project_type: 'dress-form' }),
        'Invalid project type',
        'invalid_project_type',
      ],
      [
        'no product',
        (p) => selection(p, { product_paths: [] }),
        'Please upload a product photo',
        'product_required',
      ],
      [
        'two products',
        (p) => selection(p, { product_paths: [p, `${p}-2`] }),
        'Only one photo can be uploaded per generation cycle. Please remove the existing photo first.',
        'too_many_products',
      ],
      [
        'a product never uploaded',
        (p) => selection(p, { product_paths: [`${p}-missing`] }),
        'Product photo not found',
        'product_not_found',
      ],
      [
        'no garment type on flat-lay',
        (p) => selection(p, { project_type: 'flat-lay', background_id: 3 }),
        'Please select a garment type',
        'garment_type_required',
      ],
      [
        'a wrong garment type',
        (p) => selection(p, { project_type: 'flat-lay', background_id: 3, garment_types: ['hat'] }),
        'Please select a garment type',
        'garment_type_required',
      ],
      ['no model', (p) => selection(p, { model_id: null }), 'Please select a model', 'model_required'],
      [
        'an unknown model',
        (p) => selection(p, { model_id: 42 }),
        'Selected model does not exist',
        'model_not_found',
      ],
      [
        'a custom model below Advanced',
        (p) => selection(p, { model_id: 9999, custom_model: 'tall man' }),
        'Available only in Advanced Plan',
        'advanced_only',
      ],
      ['no pose', (p) => selection(p, { pose_ids: [] }), 'Please select a pose', 'pose_required'],
      [
        'an unknown pose',
        (p) => selection(p, { pose_ids: [4] }),
        'Selected pose does not exist',
        'pose_not_found',
      ],
      [
        'no background',
        (p) => selection(p, { background_id: null }),
        'Please select a background',
        'background_required',
      ],
      [
        'an unknown background',
        (p) => selection(p, { background_id: 77 }),
        'Selected background does not exist',
        'background_not_found',
      ],
      [
        'Original on flat-lay',
        (p) => selection(p, { project_type: 'flat-lay', background_id: 1, garment_types: ['top'] }),
        'Selected background is not available for flat-lay projects',
        'background_not_available',
      ],
      [
        'a custom background below Advanced',
        (p) => selection(p, { background_id: 9999, custom_background: 'a castle' }),
        'Available only in Advanced Plan',
        'advanced_only',
      ],
      [
        'a name over 120 characters',
        (p) => selection(p, { project_name: 'x'.repeat(121) }),
        'Project name is too long',
        'name_too_long',
      ],
      [
        'more images than credits',
        (p) => selection(p, { pose_ids: [1, 2, 3] }),
        'Insufficient credits. Need 3.00 but only have 2.00',
        'insufficient_credits',
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

    it("someone else's upload", async () => {
      const other = await sqlUser(db);
      const theirs = await sqlUpload(db, other.id);
      const err = await sqlError(rpcAs(db, { user: u.id }, 'start_generation', selection(theirs)));
      expect(err).toMatchObject({ message: 'Product photo not found', hint: 'product_not_found' });
    });

    it('no signed-in user', async () => {
      const err = await sqlError(rpcAs(db, 'service', 'start_generation', selection(product)));
      expect(err).toMatchObject({ message: 'User not authenticated', hint: 'not_authenticated' });
    });

    it('anonymous callers', async () => {
      const err = await sqlError(rpcAs(db, 'anon', 'start_generation', selection(product)));
      expect(err).toMatchObject({
        code: 'P0001',
        message: 'User not authenticated',
        hint: 'not_authenticated',
      });
    });
  });

  it('Advanced users may describe a custom model and background (trimmed, not empty)', async () => {
    const u = await sqlUser(db);
    await sqlSetPlan(db, u.id, 'advanced');
    const product = await sqlUpload(db, u.id);
    const empty = await sqlError(
      rpcAs(
        db,
        { user: u.id },
        'start_generation',
        selection(product, { model_id: 9999, custom_model: '   ' }),
      ),
    );
    expect(empty).toMatchObject({
      message: 'Please describe your custom model',
      hint: 'custom_model_required',
    });
    const emptyBg = await sqlError(
      rpcAs(
        db,
        { user: u.id },
        'start_generation',
        selection(product, { background_id: 9999, custom_background: '' }),
      ),
    );
    expect(emptyBg).toMatchObject({
      message: 'Please describe your custom background',
      hint: 'custom_background_required',
    });
    const p = await rpcAs(
      db,
      { user: u.id },
      'start_generation',
      selection(product, {
        model_id: 9999,
        custom_model: ' Tall man, red beard ',
        background_id: 9999,
        custom_background: 'Old library ',
      }),
    );
    expect(p).toMatchObject({
      model_id: null,
      custom_model: 'Tall man, red beard',
      background_id: null,
      custom_background: 'Old library',
      metadata: { modelName: 'Custom model', backgroundName: 'Custom background' },
    });
  });

  it("a men's model takes the men's poses", async () => {
    const u = await sqlUser(db);
    const p = await rpcAs(
      db,
      { user: u.id },
      'start_generation',
      selection(await sqlUpload(db, u.id), { model_id: 104, pose_ids: [2] }),
    );
    expect(p.metadata).toMatchObject({ gender: 'men', modelName: 'Daniel', poseNames: ['Back View'] });
  });

  it('the balance spent exactly: a second start with 0 credits left is refused', async () => {
    const u = await sqlUser(db);
    const product = await sqlUpload(db, u.id);
    await rpcAs(db, { user: u.id }, 'start_generation', selection(product, { pose_ids: [1, 2] }));
    const err = await sqlError(rpcAs(db, { user: u.id }, 'start_generation', selection(product)));
    expect(err).toMatchObject({
      message: 'Insufficient credits. Need 1.00 but only have 0.00',
      hint: 'insufficient_credits',
    });
    expect(await sqlBalance(db, u.id)).toMatchObject({ remaining: 0, ledgerSum: 0 });
    expect(await projectCount(u.id)).toBe(1);
  });
});
