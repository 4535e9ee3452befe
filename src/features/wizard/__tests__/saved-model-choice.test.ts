// A saved model of the seller's own in the model step (issue 34): chosen like a catalogue model,
// one model at a time, sent as seller_model_id, dropped (and said) when it is gone, and kept by
// a draft saved before saved models existed.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppDb } from '../../../lib/db/index.ts';
import { generationArgs } from '../api.ts';
import { CUSTOM_ID, DRAFT_VERSION, readStoredDraft } from '../model/draft.ts';
import { wizardReducer } from '../model/reducer.ts';
import { redirectFor, stepComplete } from '../model/rules.ts';
import { wizardDraftStore } from '../store/draft-store.ts';
import { buildDraft, draftUpTo } from './builders.ts';

const SAVED = '6f1c2d3e-0000-4000-8000-000000000001';

describe('choosing a saved model', () => {
  it('is the model choice: the catalogue model goes, the gender is the saved model’s', () => {
    const d = wizardReducer(draftUpTo('on-model', 'models'), {
      type: 'selectSellerModel',
      sellerModelId: SAVED,
      gender: 'men',
    });
    expect(d).toMatchObject({ sellerModelId: SAVED, modelId: null, gender: 'men' });
    expect(stepComplete(d, 'models')).toBe(true);
  });

  it('a catalogue or custom model replaces it', () => {
    const saved = wizardReducer(buildDraft(), {
      type: 'selectSellerModel',
      sellerModelId: SAVED,
      gender: 'women',
    });
    expect(wizardReducer(saved, { type: 'selectModel', modelId: 3, gender: 'women' })).toMatchObject({
      modelId: 3,
      sellerModelId: null,
    });
    expect(
      wizardReducer(saved, { type: 'setCustomModel', text: 'tall, red hair', gender: 'women' }),
    ).toMatchObject({ modelId: CUSTOM_ID, sellerModelId: null });
  });

  it('is sent as seller_model_id, with no catalogue or custom model beside it', () => {
    const chosen = wizardReducer(
      { ...draftUpTo('on-model', 'background'), modelId: CUSTOM_ID, customModel: 'one-off' },
      { type: 'selectSellerModel', sellerModelId: SAVED, gender: 'women' },
    );
    const args = generationArgs(chosen, false);
    expect(args).toMatchObject({ seller_model_id: SAVED, model_id: undefined, custom_model: undefined });
    expect(generationArgs(draftUpTo('on-model', 'background'), false)).toMatchObject({
      seller_model_id: undefined,
      model_id: 3,
    });
  });
});

describe('a saved model that is gone', () => {
  const resumed = () =>
    ({
      ...draftUpTo('on-model', 'background'),
      modelId: null,
      sellerModelId: SAVED,
      step: 'summary',
    }) as const;

  it('is dropped and said; the model step is incomplete, so later steps send the seller back to it', () => {
    const d = wizardReducer(resumed(), { type: 'sellerModelGone', sellerModelId: SAVED });
    expect(d).toMatchObject({ sellerModelId: null, sellerModelGone: true });
    expect(stepComplete(d, 'models')).toBe(false);
    expect(redirectFor(d, 'summary')).toBe('models');
  });

  it('only the model that went: a model chosen since stays', () => {
    const d = wizardReducer(resumed(), { type: 'selectModel', modelId: 4, gender: 'women' });
    expect(wizardReducer(d, { type: 'sellerModelGone', sellerModelId: SAVED })).toBe(d);
  });

  it('choosing again ends the notice', () => {
    const gone = wizardReducer(resumed(), { type: 'sellerModelGone', sellerModelId: SAVED });
    expect(wizardReducer(gone, { type: 'selectModel', modelId: 4, gender: 'women' }).sellerModelGone).toBe(
      false,
    );
    expect(
      wizardReducer(gone, { type: 'selectSellerModel', sellerModelId: 'other', gender: 'women' })
        .sellerModelGone,
    ).toBe(false);
  });
});

describe('a draft saved before saved models (version 1)', () => {
  // what a version 1 build wrote: no sellerModelId, no sellerModelGone
  const v1 = () => {
    const { sellerModelId: _id, sellerModelGone: _gone, ...rest } = draftUpTo('on-model', 'background');
    return { ...rest, version: 1, step: 'summary' };
  };

  it('reads as this version with no saved model, its choices kept', () => {
    const d = readStoredDraft(v1());
    expect(d).toMatchObject({
      version: DRAFT_VERSION,
      modelId: 3,
      poseId: 1,
      backgroundId: 5,
      sellerModelId: null,
      sellerModelGone: false,
    });
    expect(d && redirectFor(d, 'summary')).toBeNull();
  });

  describe('resumed from Dexie', () => {
    let db: AppDb;
    beforeEach(async () => {
      db = new AppDb('drape-saved-model-choice');
      await db.open();
    });
    afterEach(async () => {
      db.close();
      await db.delete();
    });

    it('opens where the seller was', async () => {
      await db.drafts.put({ userId: 'u1', flow: 'on-model', draft: v1(), updatedAt: 1 });
      expect(await wizardDraftStore(() => db).load('u1', 'on-model')).toMatchObject({
        version: DRAFT_VERSION,
        step: 'summary',
        modelId: 3,
        sellerModelId: null,
      });
    });
  });
});
