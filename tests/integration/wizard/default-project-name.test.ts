// A project left unnamed is named in the seller's language (20261123002000): the language the
// request names ('el' → 'Έργο χωρίς τίτλο', numbered like 'Untitled Project'), else the one the
// seller last used (profiles.language), else English. The quote's suggested name agrees.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../supabase/local/db/database.ts';
import {
  must,
  openDomainDb,
  recordUpload,
  rpcAs,
  selection,
  seller,
  sqlAs,
  sqlBalance,
  sqlSetCredits,
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

const GREEK = 'Έργο χωρίς τίτλο';

async function generate(userId: string, extra: Record<string, unknown> = {}) {
  const product = await sqlUpload(db, userId);
  return rpcAs(db, { user: userId }, 'start_generation', selection(product, extra));
}

const quoteName = async (userId: string, locale?: string) =>
  (
    await rpcAs(db, { user: userId }, 'quote_generation', {
      project_type: 'on-model',
      ...(locale ? { locale } : {}),
    })
  ).suggestedName;

describe('the default project name', () => {
  it('is Greek for a Greek seller, numbered by the same rule; the quote suggests the same name', async () => {
    const u = await sqlUser(db);
    await sqlSetCredits(db, u.id, 10);
    expect(await quoteName(u.id, 'el')).toBe(GREEK);
    expect((await generate(u.id, { locale: 'el' })).name).toBe(GREEK);
    expect(await quoteName(u.id, 'el')).toBe(`${GREEK}1`);
    expect((await generate(u.id, { locale: 'el' })).name).toBe(`${GREEK}1`);
    expect((await generate(u.id, { locale: 'el' })).name).toBe(`${GREEK}2`);
    // charged as always: three images, one credit each
    expect(await sqlBalance(db, u.id)).toMatchObject({ remaining: 7, ledgerSum: 7 });
  });

  it('a call that names no language uses the one the seller last used; English before any', async () => {
    const u = await sqlUser(db);
    await sqlSetCredits(db, u.id, 10);
    expect(await quoteName(u.id)).toBe('Untitled Project');
    expect((await generate(u.id)).name).toBe('Untitled Project');
    expect((await generate(u.id, { locale: 'el' })).name).toBe(GREEK);
    const [profile] = await sqlAs(db, { user: u.id }, 'select language from public.profiles where id = $1', [
      u.id,
    ]);
    expect(profile.language).toBe('el');
    expect(await quoteName(u.id)).toBe(`${GREEK}1`);
    expect((await generate(u.id)).name).toBe(`${GREEK}1`);
    // each language counts its own names; an unknown language is English's default's fallback
    expect((await generate(u.id, { locale: 'en' })).name).toBe('Untitled Project1');
    expect((await generate(u.id, { locale: 'de' })).name).toBe('Untitled Project2');
    // a name the seller chose is kept as it is
    expect((await generate(u.id, { locale: 'el', project_name: '  Καλοκαίρι ' })).name).toBe('Καλοκαίρι');
  });

  it('through the official client, as the wizard calls it', async () => {
    const user = await seller({ credits: 3 });
    const path = await recordUpload(user.client, user.id);
    const project = must(
      await user.client.rpc('start_generation', {
        project_type: 'on-model',
        product_paths: [path],
        pose_ids: [1],
        model_id: 1,
        background_id: 2,
        locale: 'el',
      }),
    ) as { name: string };
    expect(project.name).toBe(GREEK);
    const quote = must(
      await user.client.rpc('quote_generation', { project_type: 'flat-lay', locale: 'el' }),
    ) as { suggestedName: string };
    expect(quote.suggestedName).toBe(`${GREEK}1`);
  });
});
