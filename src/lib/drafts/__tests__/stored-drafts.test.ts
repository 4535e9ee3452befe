// Drafts a seller saved before the shared draft store (tests/fixtures/drafts: the rows as the
// earlier builds wrote them) still open through it — a wizard draft of version 1 and 2, a batch
// draft — with their photos; the batch resumes its upload, and a clear removes rows and bytes.
import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// the wizard's door the batch model shares also holds its widgets, which bring the database client
vi.mock('../../supabase.ts', () => ({ supabase: null }));
import { BATCH, batchDrafts } from '../../../features/batch/store/batch-store.ts';
import { DRAFT_VERSION } from '../../../features/wizard/model/draft.ts';
import { wizardDraftStore } from '../../../features/wizard/store/draft-store.ts';
import { AppDb } from '../../db/index.ts';
import { DraftStore } from '../draft-store.ts';

const fixtures = JSON.parse(
  readFileSync(
    path.resolve(import.meta.dirname, '../../../../tests/fixtures/drafts/stored-drafts.json'),
    'utf8',
  ),
);

let db: AppDb;
let n = 0;
beforeEach(async () => {
  db = new AppDb(`drape-stored-drafts-${++n}`);
  await db.open();
  await db.drafts.bulkPut([fixtures.wizardV1, fixtures.wizardV2]);
  await db.batchDrafts.put(fixtures.batchV1);
  for (const id of ['p-v2', 'b-2']) await db.photos.put({ id, userId: 'u1', blob: new Blob([id]) });
});
afterEach(async () => {
  db.close();
  await db.delete();
});

describe('drafts stored by earlier builds', () => {
  it('a version 1 wizard draft opens as this version, without a saved model or a pending request', async () => {
    const draft = await wizardDraftStore(() => db).load('u1', 'on-model');
    expect(draft).toMatchObject({
      version: DRAFT_VERSION,
      step: 'pose',
      modelId: 102,
      gender: 'men',
      projectName: 'Linen shirt',
      sellerModelId: null,
      sellerModelGone: false,
      request: null,
      // uploaded: kept although its bytes are no longer on the device
      photos: [{ id: 'p-v1', upload: { state: 'uploaded' } }],
    });
  });

  it('a version 2 wizard draft opens as it was, its photo bytes and pending request kept', async () => {
    const store = wizardDraftStore(() => db);
    expect(await store.load('u1', 'flat-lay')).toMatchObject({
      sellerModelId: '7d3c5a9e-2b1f-4f7a-9c0e-1a2b3c4d5e6f',
      request: { id: 'req-1' },
      photos: [{ id: 'p-v2', garmentType: 'bottom', upload: { state: 'queued' } }],
    });
    expect(await (await store.getPhoto('p-v2'))?.text()).toBe('p-v2');
  });

  it('a batch draft opens with its items and choices, and a clear removes it and its bytes', async () => {
    const store = new DraftStore(batchDrafts, () => db);
    const draft = await store.load('u1', BATCH);
    expect(draft.items.map((i) => [i.id, i.name, i.upload.state])).toEqual([
      ['b-1', 'summer dress 1', 'uploaded'],
      ['b-2', 'summer dress 2', 'uploading'],
    ]);
    expect(draft.choices).toMatchObject({ flow: 'on-model', modelId: 5, poseId: 1, photos: [] });
    await store.clear('u1', BATCH);
    expect(await db.batchDrafts.count()).toBe(0);
    expect(await db.photos.get('b-2')).toBeUndefined();
    // the wizard's photo is the wizard's
    expect(await db.photos.get('p-v2')).toBeDefined();
  });

  it('a newer draft than this build knows is not read: a fresh one takes its place', async () => {
    await db.batchDrafts.put({ ...fixtures.batchV1, draft: { ...fixtures.batchV1.draft, version: 2 } });
    expect((await new DraftStore(batchDrafts, () => db).load('u1', BATCH)).items).toEqual([]);
  });
});
