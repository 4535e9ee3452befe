// @vitest-environment happy-dom
// The marks that let the signed-in shell skip the uploader (and Dexie) when nothing waits:
// kept in step by the draft store and the outbox, per user and source, and the first visit of
// a browser that has the database from before the marks.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppDb, DB_NAME } from '../../../lib/db/index.ts';
import { wizardDraftStore } from '../store/draft-store.ts';
import { Outbox } from '../../../lib/uploads/outbox.ts';
import { uploadMarksKept, uploadsMayWait } from '../../../lib/uploads/upload-hint.ts';
import { buildPhoto } from './builders.ts';

let db: AppDb;
let n = 0;
beforeEach(async () => {
  localStorage.clear();
  db = new AppDb(`drape-hint-${++n}`);
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

describe('upload marks', () => {
  it('a browser without the database and without marks has nothing waiting, and keeps marks from then on', async () => {
    expect(await uploadsMayWait('u1')).toBe(false);
    expect(localStorage.getItem('drape.uploadMarksKept')).toBe('1');
  });

  it('a browser whose database predates the marks loads the uploader once', async () => {
    const old = new AppDb(DB_NAME);
    await old.open();
    try {
      expect(await uploadsMayWait('u1')).toBe(true);
      uploadMarksKept();
      expect(await uploadsMayWait('u1')).toBe(false);
    } finally {
      old.close();
      await old.delete();
    }
  });

  it('a queued photo marks its user until it is uploaded or the draft ends', async () => {
    uploadMarksKept();
    const store = wizardDraftStore(() => db);
    const photo = buildPhoto({ upload: { state: 'queued', path: null, error: null } });
    store.dispatch('u1', 'on-model', { type: 'addPhoto', photo });
    expect(await uploadsMayWait('u1')).toBe(true);
    expect(await uploadsMayWait('u2')).toBe(false);
    store.dispatch('u1', 'on-model', {
      type: 'updateUpload',
      photoId: photo.id,
      upload: { state: 'uploaded', path: 'u1/a.jpg' },
    });
    expect(await uploadsMayWait('u1')).toBe(false);
    store.dispatch('u1', 'flat-lay', { type: 'addPhoto', photo: { ...photo, id: 'p2' } });
    expect(await uploadsMayWait('u1')).toBe(true);
    await store.clear('u1', 'flat-lay');
    expect(await uploadsMayWait('u1')).toBe(false);
  });

  it('a removal waiting in the outbox marks its user until it is sent', async () => {
    uploadMarksKept();
    const outbox = new Outbox(() => db);
    await outbox.enqueueRemoval('u1', 'u1/a.jpg');
    expect(await uploadsMayWait('u1')).toBe(true);
    await outbox.flush('u1', { removeUpload: () => Promise.reject(new Error('offline')) });
    expect(await uploadsMayWait('u1')).toBe(true);
    await outbox.flush('u1', { removeUpload: () => Promise.resolve() });
    expect(await uploadsMayWait('u1')).toBe(false);
  });
});
