// The draft store over Dexie (fake-indexeddb): write-through, resume after a "reload",
// photo bytes kept and removed with their photo, one draft per user and flow, the outbox.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppDb } from '../../../lib/db/index.ts';
import { DRAFT_VERSION } from '../model/draft.ts';
import { wizardDraftStore } from '../store/draft-store.ts';
import { Outbox } from '../../../lib/uploads/outbox.ts';
import { buildPhoto } from './builders.ts';

let db: AppDb;
let n = 0;
beforeEach(async () => {
  db = new AppDb(`drape-test-${++n}`);
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

const blob = (text: string) => new Blob([text], { type: 'image/jpeg' });
const readBlob = async (b: Blob | undefined) => (b ? await b.text() : undefined);

describe('DraftStore', () => {
  it('opens schema version 3 with drafts, photos, outbox, shared photos and batch drafts', () => {
    expect(db.verno).toBe(3);
    expect(db.tables.map((t) => t.name).sort()).toEqual([
      'batchDrafts',
      'drafts',
      'outbox',
      'photos',
      'shared',
    ]);
  });

  it('starts an empty draft, and resumes a changed one after a reload, photo included', async () => {
    const store = wizardDraftStore(() => db);
    expect(await store.load('u1', 'on-model')).toMatchObject({
      flow: 'on-model',
      step: 'upload',
      photos: [],
    });
    const photo = buildPhoto({ upload: { state: 'queued', path: null, error: null } });
    await store.putPhoto('u1', photo.id, blob('jpeg bytes'));
    store.dispatch('u1', 'on-model', { type: 'addPhoto', photo });
    store.dispatch('u1', 'on-model', { type: 'enterStep', step: 'models' });
    store.dispatch('u1', 'on-model', { type: 'selectModel', modelId: 102, gender: 'men' });
    await store.flushed();

    const reloaded = wizardDraftStore(() => db);
    const draft = await reloaded.load('u1', 'on-model');
    expect(draft).toMatchObject({
      step: 'models',
      modelId: 102,
      gender: 'men',
      photos: [{ id: photo.id, upload: { state: 'queued' } }],
    });
    expect(await readBlob(await reloaded.getPhoto(photo.id))).toBe('jpeg bytes');
  });

  it('keeps one draft per user and flow', async () => {
    const store = wizardDraftStore(() => db);
    await store.load('u1', 'on-model');
    await store.load('u1', 'flat-lay');
    await store.load('u2', 'on-model');
    store.dispatch('u1', 'on-model', { type: 'rename', name: 'Linen' });
    store.dispatch('u1', 'flat-lay', { type: 'rename', name: 'Denim' });
    await store.flushed();
    const again = wizardDraftStore(() => db);
    expect((await again.load('u1', 'on-model')).projectName).toBe('Linen');
    expect((await again.load('u1', 'flat-lay')).projectName).toBe('Denim');
    expect((await again.load('u2', 'on-model')).projectName).toBeNull();
  });

  it('removes the bytes with their photo, and clears draft and bytes at the end of a run', async () => {
    const store = wizardDraftStore(() => db);
    await store.load('u1', 'flat-lay');
    const photo = buildPhoto();
    await store.putPhoto('u1', photo.id, blob('a'));
    store.dispatch('u1', 'flat-lay', { type: 'addPhoto', photo });
    store.dispatch('u1', 'flat-lay', { type: 'removePhoto', photoId: photo.id });
    await store.flushed();
    expect(await store.getPhoto(photo.id)).toBeUndefined();

    const second = buildPhoto();
    await store.putPhoto('u1', second.id, blob('b'));
    store.dispatch('u1', 'flat-lay', { type: 'addPhoto', photo: second });
    await store.clear('u1', 'flat-lay');
    expect(await db.drafts.count()).toBe(0);
    expect(await db.photos.count()).toBe(0);
    expect(store.peek('u1', 'flat-lay')).toMatchObject({ photos: [], step: 'upload' });
  });

  it('drops a photo whose bytes are gone unless it is already uploaded', async () => {
    const store = wizardDraftStore(() => db);
    await store.load('u1', 'on-model');
    store.dispatch('u1', 'on-model', {
      type: 'addPhoto',
      photo: buildPhoto({ upload: { state: 'queued', path: null, error: null } }),
    });
    await store.flushed();
    expect((await wizardDraftStore(() => db).load('u1', 'on-model')).photos).toEqual([]);

    const uploaded = wizardDraftStore(() => db);
    await uploaded.clear('u1', 'on-model');
    uploaded.dispatch('u1', 'on-model', { type: 'addPhoto', photo: buildPhoto() });
    await uploaded.flushed();
    expect((await wizardDraftStore(() => db).load('u1', 'on-model')).photos).toHaveLength(1);
  });

  it('ignores a stored draft it cannot read', async () => {
    await db.drafts.put({
      userId: 'u1',
      flow: 'on-model',
      draft: { version: 7, flow: 'on-model' },
      updatedAt: 1,
    });
    expect(await wizardDraftStore(() => db).load('u1', 'on-model')).toMatchObject({
      version: DRAFT_VERSION,
      photos: [],
      step: 'upload',
    });
  });

  it('tells subscribers about changes', async () => {
    const store = wizardDraftStore(() => db);
    await store.load('u1', 'on-model');
    let calls = 0;
    const stop = store.subscribe(() => calls++);
    store.dispatch('u1', 'on-model', { type: 'rename', name: 'A' });
    store.dispatch('u1', 'on-model', { type: 'selectPose', poseId: 1 });
    stop();
    store.dispatch('u1', 'on-model', { type: 'selectPose', poseId: 2 });
    expect(calls).toBe(2);
  });
});

describe('Outbox', () => {
  it('sends removals in order when online, and keeps what failed for later', async () => {
    const box = new Outbox(() => db);
    await box.enqueueRemoval('u1', 'u1/1-a.jpg');
    await box.enqueueRemoval('u1', 'u1/2-b.jpg');
    await box.enqueueRemoval('u2', 'u2/3-c.jpg');
    const sent: string[] = [];
    let online = false;
    const sender = {
      removeUpload: async (path: string) => {
        if (!online) throw new TypeError('Failed to fetch');
        sent.push(path);
      },
    };
    expect(await box.flush('u1', sender)).toBe(0);
    expect(await box.pending('u1')).toBe(2);
    online = true;
    expect(await box.flush('u1', sender)).toBe(2);
    expect(sent).toEqual(['u1/1-a.jpg', 'u1/2-b.jpg']);
    expect(await box.pending('u1')).toBe(0);
    expect(await box.pending('u2')).toBe(1);
  });
});
