// One press of Generate = one request id, kept in the Dexie draft until the server answers:
// a lost answer is asked again with the same id (also after a reload), a refusal or new
// choices start a new request, and a draft stored before the field existed reads as none.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppDb } from '../../../lib/db/index.ts';
import { generationArgs } from '../api.ts';
import { readStoredDraft } from '../model/draft.ts';
import { generationFingerprint, pressDraft } from '../../../lib/drafts/draft-request.ts';
import { type WizardDraftStore, wizardDraftStore } from '../store/draft-store.ts';
import { draftUpTo } from './builders.ts';

let db: AppDb;
let n = 0;
beforeEach(async () => {
  db = new AppDb(`drape-generation-request-${++n}`);
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

const lost = () => Object.assign(new TypeError('Failed to fetch'), {});
const refused = () => ({ message: 'Insufficient credits', code: 'P0001', hint: 'insufficient_credits' });

async function storeWithDraft() {
  const store = wizardDraftStore(() => db);
  await store.load('u1', 'on-model');
  const draft = draftUpTo('on-model', 'background');
  store.dispatch('u1', 'on-model', { type: 'addPhoto', photo: draft.photos[0] });
  store.dispatch('u1', 'on-model', { type: 'selectModel', modelId: 1, gender: 'women' });
  store.dispatch('u1', 'on-model', { type: 'selectPose', poseId: 1 });
  store.dispatch('u1', 'on-model', { type: 'selectBackground', backgroundId: 2 });
  return store;
}

function press(store: WizardDraftStore, send: (args: unknown, id: string) => Promise<unknown>) {
  let ids = 0;
  return pressDraft({
    store,
    userId: 'u1',
    slot: 'on-model',
    args: (d) => generationArgs(d, false),
    send,
    newId: () => `req-${++ids}-${Math.random()}`,
  });
}

describe('pressDraft (Generate)', () => {
  it('a lost answer keeps the id: the next press, even after a reload, sends the same one', async () => {
    const store = await storeWithDraft();
    const send = vi.fn().mockRejectedValueOnce(lost()).mockResolvedValue({ id: 'p1' });
    await expect(press(store, send)).rejects.toThrow('Failed to fetch');
    const firstId = send.mock.calls[0][1];
    // a reload: the draft comes back from Dexie with the pending request
    await store.flushed();
    store.forgetMemory();
    expect((await store.load('u1', 'on-model')).request?.id).toBe(firstId);
    await expect(press(store, send)).resolves.toEqual({ id: 'p1' });
    expect(send.mock.calls[1][1]).toBe(firstId);
  });

  it('the id is stored before the request leaves', async () => {
    const store = await storeWithDraft();
    let storedAtSend: string | undefined;
    await press(store, async (_args, id) => {
      const row = await db.drafts.get({ userId: 'u1', flow: 'on-model' });
      storedAtSend = readStoredDraft(row?.draft)?.request?.id;
      expect(storedAtSend).toBe(id);
      return {};
    });
    expect(storedAtSend).toBeTruthy();
  });

  it('a refusal ends the request: the next press is a new id', async () => {
    const store = await storeWithDraft();
    const send = vi.fn().mockRejectedValueOnce(refused()).mockResolvedValue({});
    await expect(press(store, send)).rejects.toMatchObject({ hint: 'insufficient_credits' });
    expect(store.peek('u1', 'on-model')?.request).toBeNull();
    await press(store, send);
    expect(send.mock.calls[1][1]).not.toBe(send.mock.calls[0][1]);
  });

  it('new choices after a lost answer are a new request', async () => {
    const store = await storeWithDraft();
    const send = vi.fn().mockRejectedValueOnce(lost()).mockResolvedValue({});
    await expect(press(store, send)).rejects.toThrow();
    store.dispatch('u1', 'on-model', { type: 'selectPose', poseId: 3 });
    await press(store, send);
    expect(send.mock.calls[1][1]).not.toBe(send.mock.calls[0][1]);
  });

  it('the language on screen is not part of the request', () => {
    const args = generationArgs(draftUpTo('on-model', 'background'), false);
    expect(generationFingerprint({ ...args, locale: 'el' })).toBe(
      generationFingerprint({ ...args, locale: 'en' }),
    );
  });

  it('a draft stored without the field reads as no pending request', () => {
    const { request: _none, ...older } = draftUpTo('on-model', 'background');
    expect(readStoredDraft(older)?.request).toBeNull();
  });
});

describe('generationArgs', () => {
  it("a mannequin shoot is sent as its own type, with the photo's garment type, as flat-lay is", () => {
    const args = generationArgs(draftUpTo('mannequin', 'background', {}), false);
    expect(args).toMatchObject({
      project_type: 'mannequin',
      garment_types: ['full'],
      model_id: 3,
      pose_ids: [1],
    });
    expect(generationArgs(draftUpTo('on-model', 'background'), false).garment_types).toBeUndefined();
  });
});
