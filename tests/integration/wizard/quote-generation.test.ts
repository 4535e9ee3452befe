// The wizard's summary asks the server what a generation costs: quote_generation answers
// with start_generation's own price (checked by charging right after) and the balance.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../supabase/local/db/database.ts';
import {
  openDomainDb,
  rpcAs,
  selection,
  sqlBalance,
  sqlError,
  sqlSetCredits,
  sqlSetPlan,
  sqlUpload,
  sqlUser,
} from '../../support/domain.ts';

let db: Database;
beforeAll(async () => {
  db = await openDomainDb();
});
afterAll(async () => {
  await db?.close();
});

describe('quote_generation', () => {
  it("answers what start_generation then charges, with the caller's balance", async () => {
    const u = await sqlUser(db);
    await sqlSetCredits(db, u.id, 5);
    const quote = await rpcAs(db, { user: u.id }, 'quote_generation', {
      project_type: 'on-model',
      product_count: 1,
      pose_count: 2,
    });
    expect(quote).toEqual({
      images: 2,
      creditsPerImage: 1,
      creditsNeeded: 2,
      creditsRemaining: 5,
      enough: true,
      plan: 'free',
      suggestedName: 'Untitled Project',
    });
    const product = await sqlUpload(db, u.id);
    const p = await rpcAs(db, { user: u.id }, 'start_generation', selection(product, { pose_ids: [1, 2] }));
    expect(Number(p.credits_charged)).toBe(quote.creditsNeeded);
    expect((await sqlBalance(db, u.id)).remaining).toBe(5 - quote.creditsNeeded);
    const next = await rpcAs(db, { user: u.id }, 'quote_generation', {
      project_type: 'on-model',
      product_count: 1,
      pose_count: 1,
    });
    expect(next).toMatchObject({ creditsRemaining: 3, suggestedName: 'Untitled Project1' });
  });

  it('prices flat-lay as one outfit x poses', async () => {
    const u = await sqlUser(db);
    const quote = await rpcAs(db, { user: u.id }, 'quote_generation', {
      project_type: 'flat-lay',
      product_count: 3,
      pose_count: 2,
    });
    expect(quote).toMatchObject({ images: 2, creditsNeeded: 2 });
    const onModel = await rpcAs(db, { user: u.id }, 'quote_generation', {
      project_type: 'on-model',
      product_count: 3,
      pose_count: 2,
    });
    expect(onModel).toMatchObject({ images: 6, creditsNeeded: 6 });
  });

  it('says when the balance is short (a new free user has 2 credits)', async () => {
    const u = await sqlUser(db);
    await sqlSetPlan(db, u.id, 'lite', 0);
    const quote = await rpcAs(db, { user: u.id }, 'quote_generation', {
      project_type: 'on-model',
      pose_count: 1,
    });
    expect(quote).toMatchObject({ creditsNeeded: 1, creditsRemaining: 0, enough: false, plan: 'lite' });
  });

  it('refuses anonymous callers and bad input with the messages and hints', async () => {
    const u = await sqlUser(db);
    expect(await sqlError(rpcAs(db, 'anon', 'quote_generation', { project_type: 'on-model' }))).toMatchObject(
      { message: 'User not authenticated', hint: 'not_authenticated' },
    );
    expect(
      await sqlError(rpcAs(db, { user: u.id }, 'quote_generation', { project_type: 'dress-form' })),
    ).toMatchObject({ message: 'Invalid project type', hint: 'invalid_project_type' });
    expect(
      await sqlError(
        rpcAs(db, { user: u.id }, 'quote_generation', { project_type: 'on-model', pose_count: 0 }),
      ),
    ).toMatchObject({ message: 'Please select a pose', hint: 'pose_required' });
    expect(
      await sqlError(
        rpcAs(db, { user: u.id }, 'quote_generation', { project_type: 'on-model', product_count: 0 }),
      ),
    ).toMatchObject({ message: 'Please upload a product photo', hint: 'product_required' });
  });
});
