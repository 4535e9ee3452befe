// A custom model's or background's description (Advanced) is at most 500 characters of one line
// (20261128174608): start_generation, and so start_batch, refuse a longer one or one with a
// control character before charging, and the columns' check constraints refuse one written
// any other way. (The security exercise stored and sent 1,040,000 characters.)
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
  db = await openDomainDb();
});
afterAll(async () => {
  await db?.close();
});

async function advancedSeller(credits = 10) {
  const u = await sqlUser(db);
  await sqlSetPlan(db, u.id, 'advanced', credits);
  return { user: u, product: await sqlUpload(db, u.id) };
}

const projectCount = async (userId: string) =>
  (
    await sqlAs<{ n: number }>(
      db,
      'service',
      'select count(*)::int as n from public.projects where user_id = $1',
      [userId],
    )
  )[0].n;

describe('custom model and background descriptions', () => {
  it.each([
    ['custom_model', { model_id: 9999 }, 'custom_model_too_long', 'The custom model description'],
    [
      'custom_background',
      { background_id: 9999 },
      'custom_background_too_long',
      'The custom background description',
    ],
  ])(
    'a %s over 500 characters is refused with its own code; nothing is charged',
    async (field, ids, hint, words) => {
      const { user, product } = await advancedSeller();
      const err = await sqlError(
        rpcAs(
          db,
          { user: user.id },
          'start_generation',
          selection(product, { ...ids, [field]: 'a'.repeat(501) }),
        ),
      );
      expect(err).toMatchObject({ code: 'P0001', hint, message: `${words} can be at most 500 characters` });
      expect(await sqlBalance(db, user.id)).toMatchObject({ remaining: 10, ledgerSum: 10 });
      expect(await projectCount(user.id)).toBe(0);
    },
  );

  it.each([
    ['a line break', 'tall man\nred beard'],
    ['a carriage return', 'tall man\r; background: a dark alley'],
    ['a tab', 'tall\tman'],
    ['a NUL-like escape', 'tall man\u0001'],
    ['a C1 control', 'tall man\u0085'],
  ])('a description with %s is refused', async (_what, text) => {
    const { user, product } = await advancedSeller();
    for (const args of [
      { model_id: 9999, custom_model: text },
      { background_id: 9999, custom_background: text },
    ]) {
      const err = await sqlError(rpcAs(db, { user: user.id }, 'start_generation', selection(product, args)));
      expect(err).toMatchObject({ code: 'P0001', hint: 'custom_text_invalid' });
    }
    expect(await sqlBalance(db, user.id)).toMatchObject({ remaining: 10, ledgerSum: 10 });
  });

  it('exactly 500 characters after trimming (Greek letters counted as one) is accepted and stored', async () => {
    const { user, product } = await advancedSeller();
    const text = 'ω'.repeat(500);
    const p = await rpcAs(
      db,
      { user: user.id },
      'start_generation',
      selection(product, {
        model_id: 9999,
        custom_model: `  ${text} `,
        background_id: 9999,
        custom_background: text,
      }),
    );
    const [row] = await sqlAs(
      db,
      'service',
      'select custom_model, custom_background from public.projects where id = $1',
      [p.id],
    );
    expect(row).toEqual({ custom_model: text, custom_background: text });
  });

  it('a batch with a long description is refused whole, before any charge', async () => {
    const { user, product } = await advancedSeller();
    const err = await sqlError(
      rpcAs(db, { user: user.id }, 'start_batch', {
        request_id: randomUUID(),
        project_type: 'on-model',
        items: JSON.stringify([{ path: product, garment_type: 'top', name: 'Shirt' }]),
        pose_id: 1,
        model_id: 9999,
        custom_model: 'x'.repeat(1_040_000),
        background_id: 2,
      }),
    );
    expect(err).toMatchObject({ code: 'P0001', hint: 'custom_model_too_long' });
    expect(await sqlBalance(db, user.id)).toMatchObject({ remaining: 10, ledgerSum: 10 });
    expect(await projectCount(user.id)).toBe(0);
  });

  it('cannot be stored longer, or with a line break, by any other path (the columns’ constraints)', async () => {
    const { user } = await advancedSeller();
    for (const [column, value] of [
      ['custom_model', 'b'.repeat(501)],
      ['custom_background', 'b'.repeat(501)],
      ['custom_model', 'two\nlines'],
    ]) {
      const err = await sqlError(
        sqlAs(
          db,
          'service',
          `insert into public.projects (user_id, name, type, ${column}) values ($1, 'P', 'on-model', $2)`,
          [user.id, value],
        ),
      );
      expect(err).toMatchObject({ code: '23514' });
    }
  });
});
