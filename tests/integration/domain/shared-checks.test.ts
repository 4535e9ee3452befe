// start_generation, quote_generation, start_batch and quote_batch check a selection with the
// same rules, written once (private.check_generation, private.check_product, private.quote and
// private.project_types in supabase/schemas/40_projects.sql): the same bad input gets the same
// refusal from each function that can express it, and a rule changed in one place changes all four.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../supabase/local/db/database.ts';
import {
  openIsolatedDomainDb,
  rpcAs,
  type SqlError,
  type SqlUser,
  selection,
  sqlAs,
  sqlBalance,
  sqlError,
  sqlSetCredits,
  sqlSetPlan,
  sqlUpload,
  sqlUser,
} from '../../support/domain.ts';

type Fn = 'start_generation' | 'quote_generation' | 'start_batch' | 'quote_batch';
type Args = Record<string, unknown>;

let db: Database;
let drop: () => Promise<void>;
let user: SqlUser;
let photo: string;
let othersPhoto: string;

beforeAll(async () => {
  // the test below redefines a function: a database of its own
  ({ db, drop } = await openIsolatedDomainDb('shared_checks'));
  user = await sqlUser(db);
  // Advanced, so start_batch reaches its checks; credits enough for anything asked
  await sqlSetPlan(db, user.id, 'advanced');
  await sqlSetCredits(db, user.id, 100);
  photo = await sqlUpload(db, user.id);
  const other = await sqlUser(db);
  othersPhoto = await sqlUpload(db, other.id);
});
afterAll(async () => {
  await drop?.();
});

const items = (list: Args[]) => JSON.stringify(list);

/** A valid call of each function (one photo, one pose, on-model), with overrides. */
function call(fn: Fn, overrides: Args): Args {
  const base: Record<Fn, Args> = {
    start_generation: selection(photo),
    quote_generation: { project_type: 'on-model', product_count: 1, pose_count: 1 },
    start_batch: {
      request_id: randomUUID(),
      project_type: 'on-model',
      items: items([{ path: photo, garment_type: 'top', name: 'Item 1' }]),
      pose_id: 1,
      model_id: 1,
      background_id: 2,
    },
    quote_batch: { project_type: 'on-model', item_count: 1 },
  };
  return { ...base[fn], ...overrides };
}

/** The refusal of each function given, as the app receives it (code, message, hint). */
async function refusals(cases: Partial<Record<Fn, Args>>) {
  const out: Partial<Record<Fn, Omit<SqlError, 'detail'>>> = {};
  for (const [fn, overrides] of Object.entries(cases) as [Fn, Args][]) {
    const err = await sqlError(rpcAs(db, { user: user.id }, fn, call(fn, overrides)));
    out[fn] = { code: err.code, message: err.message, hint: err.hint };
  }
  return out;
}

const fifty1 = () => Array.from({ length: 51 }, (_, i) => ({ path: `${photo}-${i}`, garment_type: 'top' }));

// what: the input, per function that can express it (built once the photos exist); then the
// refusal all of them give
const bad: [string, () => Partial<Record<Fn, Args>>, string, string][] = [
  [
    'an unknown project type',
    () => ({
      start_generation: { project_type: 'video' },
      quote_generation: { project_type: 'video' },
      start_batch: { project_type: 'video' },
      quote_batch: { project_type: 'video' },
    }),
    'Invalid project type',
    'invalid_project_type',
  ],
  [
    'no project type',
    () => ({
      start_generation: { project_type: null },
      quote_generation: { project_type: null },
      start_batch: { project_type: null },
      quote_batch: { project_type: null },
    }),
    'Invalid project type',
    'invalid_project_type',
  ],
  [
    'no photo',
    () => ({
      start_generation: { product_paths: [] },
      quote_generation: { product_count: 0 },
      start_batch: { items: '[]' },
      quote_batch: { item_count: 0 },
    }),
    'Please upload a product photo',
    'product_required',
  ],
  [
    'no pose',
    () => ({
      start_generation: { pose_ids: [] },
      quote_generation: { pose_count: 0 },
      start_batch: { pose_id: null },
    }),
    'Please select a pose',
    'pose_required',
  ],
  [
    'more than 50 photos in a batch',
    () => ({ start_batch: { items: items(fifty1()) }, quote_batch: { item_count: 51 } }),
    'A batch can hold at most 50 photos',
    'batch_too_large',
  ],
  [
    "another seller's photo",
    () => ({
      start_generation: { product_paths: [othersPhoto] },
      start_batch: { items: items([{ path: othersPhoto, garment_type: 'top' }]) },
    }),
    'Product photo not found',
    'product_not_found',
  ],
  [
    'a flat-lay photo without a garment type',
    () => ({
      start_generation: { project_type: 'flat-lay', background_id: 3 },
      start_batch: { project_type: 'flat-lay', background_id: 3, items: items([{ path: photo }]) },
    }),
    'Please select a garment type',
    'garment_type_required',
  ],
  [
    'a project name over 120 characters',
    () => ({
      start_generation: { project_name: 'n'.repeat(121) },
      start_batch: { items: items([{ path: photo, garment_type: 'top', name: 'n'.repeat(121) }]) },
    }),
    'Project name is too long',
    'name_too_long',
  ],
  [
    'several faults: the type is named first',
    () => ({
      start_generation: { project_type: 'video', product_paths: [], pose_ids: [] },
      quote_generation: { project_type: 'video', product_count: 0, pose_count: 0 },
      start_batch: { project_type: 'video', items: '[]', pose_id: null },
      quote_batch: { project_type: 'video', item_count: 0 },
    }),
    'Invalid project type',
    'invalid_project_type',
  ],
  [
    'several faults: the photo before the pose',
    () => ({
      start_generation: { product_paths: [], pose_ids: [] },
      quote_generation: { product_count: 0, pose_count: 0 },
      start_batch: { items: '[]', pose_id: null },
      quote_batch: { item_count: 0 },
    }),
    'Please upload a product photo',
    'product_required',
  ],
];

describe('the same bad input, the same refusal from every function that takes it', () => {
  for (const [what, input, message, hint] of bad) {
    it(what, async () => {
      const cases = input();
      const got = await refusals(cases);
      const want = Object.fromEntries(Object.keys(cases).map((fn) => [fn, { code: 'P0001', message, hint }]));
      expect(got).toEqual(want);
    });
  }

  it('none of them created or charged anything', async () => {
    const [{ n }] = await sqlAs<{ n: number }>(
      db,
      'service',
      'select (select count(*) from public.projects where user_id = $1) + (select count(*) from public.batches where user_id = $1) as n',
      [user.id],
    );
    expect(Number(n)).toBe(0);
    expect(await sqlBalance(db, user.id)).toMatchObject({ remaining: 100 });
  });
});

describe('the project types are one list', () => {
  const listed = async () =>
    (await db.query<{ t: string[] }>('select private.project_types() as t')).rows[0].t;

  it('changed in private.project_types(), all four follow', async () => {
    // (null where the function does not exist: then it is dropped again after)
    const [{ def }] = (
      await db.query<{ def: string | null }>(
        `select pg_get_functiondef(to_regprocedure('private.project_types()')) as def`,
      )
    ).rows;
    await db.query(`create or replace function private.project_types() returns text[]
      language sql immutable set search_path = '' as $$ select array['on-model'] $$`);
    try {
      const flatLay = {
        start_generation: { project_type: 'flat-lay', background_id: 3, garment_types: ['full'] },
        quote_generation: { project_type: 'flat-lay' },
        start_batch: { project_type: 'flat-lay', background_id: 3 },
        quote_batch: { project_type: 'flat-lay' },
      };
      const refused = { code: 'P0001', message: 'Invalid project type', hint: 'invalid_project_type' };
      expect(await refusals(flatLay)).toEqual({
        start_generation: refused,
        quote_generation: refused,
        start_batch: refused,
        quote_batch: refused,
      });
    } finally {
      await db.query(def ?? 'drop function private.project_types()');
    }
  });

  it("the tables' CHECKs accept the same words (they cannot call the function)", async () => {
    const { rows } = await db.query<{ name: string; def: string }>(
      `select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
       where conname in ('projects_type_check', 'batches_project_type_check') order by conname`,
    );
    expect(rows.map((r) => r.name)).toEqual(['batches_project_type_check', 'projects_type_check']);
    const types = await listed();
    for (const r of rows) {
      const words = [...r.def.matchAll(/'([^']*)'/g)].map((m) => m[1]);
      expect([...words].sort(), r.name).toEqual([...types].sort());
    }
  });
});
