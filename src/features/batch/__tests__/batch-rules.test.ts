import { describe, expect, it, vi } from 'vitest';

// the wizard's door the batch model shares also holds its widgets, which bring the database client
vi.mock('../../../lib/supabase.ts', () => ({ supabase: null }));
import { emptyBatchDraft, nameFromFile, readBatchDraft, type BatchItem } from '../model/batch-draft.ts';
import { countStatuses, itemStatus } from '../model/item-status.ts';
import { batchReducer } from '../model/reducer.ts';
import { batchArgs } from '../api.ts';

const item = (n: number): BatchItem => ({
  id: `item-${n}`,
  originalName: `IMG_${n}.HEIC`,
  fileName: `img-${n}.jpg`,
  mimeType: 'image/jpeg',
  bytes: 1000,
  sourceWidth: 3024,
  sourceHeight: 4032,
  garmentType: 'top',
  name: `IMG ${n}`,
  upload: { state: 'queued', path: null, error: null },
  addedAt: n,
});

describe('batch draft', () => {
  it('holds at most 50 photos: more are left out', () => {
    const many = Array.from({ length: 60 }, (_, n) => item(n));
    const draft = batchReducer(emptyBatchDraft(), { type: 'addItems', items: many });
    expect(draft.items).toHaveLength(50);
    expect(batchReducer(draft, { type: 'addItems', items: [item(99)] })).toBe(draft);
  });

  it('names a photo from its file and keeps names to 120 characters', () => {
    expect(nameFromFile('summer_dress_01.jpeg')).toBe('summer dress 01');
    expect(nameFromFile('folder/IMG_2041.HEIC')).toBe('IMG 2041');
    const draft = batchReducer(emptyBatchDraft(), { type: 'addItems', items: [item(1)] });
    expect(
      batchReducer(draft, { type: 'rename', itemId: 'item-1', name: 'x'.repeat(200) }).items[0].name,
    ).toHaveLength(120);
  });

  it("changes choices with the wizard's reducer; a new project type keeps model and pose, asks the background again", () => {
    let draft = emptyBatchDraft('on-model');
    draft = batchReducer(draft, {
      type: 'choose',
      action: { type: 'selectModel', modelId: 3, gender: 'women' },
    });
    draft = batchReducer(draft, { type: 'choose', action: { type: 'selectPose', poseId: 2 } });
    draft = batchReducer(draft, { type: 'choose', action: { type: 'selectBackground', backgroundId: 1 } });
    expect(draft.choices).toMatchObject({ flow: 'on-model', modelId: 3, poseId: 2, backgroundId: 1 });
    const flat = batchReducer(draft, { type: 'setProjectType', flow: 'flat-lay' });
    expect(flat.choices).toMatchObject({ flow: 'flat-lay', modelId: 3, poseId: 2, backgroundId: null });
  });

  it('reads back what it stored, and nothing it cannot read', () => {
    const draft = batchReducer(emptyBatchDraft(), { type: 'addItems', items: [item(1)] });
    expect(readBatchDraft(JSON.parse(JSON.stringify(draft)))).toEqual(draft);
    expect(readBatchDraft({ version: 99 })).toBeNull();
  });
});

describe('batch item status', () => {
  const p = (project: string, image: string) =>
    ({ status: project, images: [{ status: image }] }) as Parameters<typeof itemStatus>[0];
  it('says queued, generating, done, or failed and refunded', () => {
    expect(itemStatus(p('processing', 'pending'))).toBe('queued');
    expect(itemStatus(p('processing', 'processing'))).toBe('generating');
    expect(itemStatus(p('completed', 'completed'))).toBe('done');
    expect(itemStatus(p('failed', 'failed'))).toBe('refunded');
    expect(itemStatus(p('rejected', 'rejected'))).toBe('refunded');
    expect(
      countStatuses([p('completed', 'completed'), p('processing', 'pending'), p('failed', 'failed')]),
    ).toEqual({ queued: 1, generating: 0, done: 1, refunded: 1 });
  });
});

describe('a saved model in a batch', () => {
  const SAVED = '6f1c2d3e-0000-4000-8000-000000000001';
  const withSaved = () =>
    batchReducer(emptyBatchDraft('on-model'), {
      type: 'choose',
      action: { type: 'selectSellerModel', sellerModelId: SAVED, gender: 'women' },
    });

  it('is sent to start_batch as seller_model_id, for every photo', () => {
    const draft = batchReducer(withSaved(), { type: 'addItems', items: [item(1), item(2), item(3)] });
    expect(batchArgs(draft, false)).toMatchObject({ seller_model_id: SAVED, model_id: undefined });
  });

  it('stays when the project type changes', () => {
    const flat = batchReducer(withSaved(), { type: 'setProjectType', flow: 'flat-lay' });
    expect(flat.choices).toMatchObject({ flow: 'flat-lay', sellerModelId: SAVED, modelId: null });
  });

  it('a batch stored before saved models (its choices a version 1 draft) still opens', () => {
    const draft = batchReducer(emptyBatchDraft(), { type: 'addItems', items: [item(1)] });
    const { sellerModelId: _id, sellerModelGone: _gone, ...old } = draft.choices;
    const stored = JSON.parse(JSON.stringify({ ...draft, choices: { ...old, version: 1 } }));
    expect(readBatchDraft(stored)?.choices).toMatchObject({ sellerModelId: null, sellerModelGone: false });
  });
});
