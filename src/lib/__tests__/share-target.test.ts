// A share from the phone's share sheet: the service worker keeps the photos (not other files)
// in Dexie and sends the app to /create with the share; the wizard takes them and they go.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppDb } from '../db/index.ts';
import { receiveShare, sharedPhotos } from '../../sw/share-target.ts';
import { dropShared, sharedFiles } from '../shared-inbox.ts';

let db: AppDb;
let n = 0;
beforeEach(async () => {
  db = new AppDb(`drape-share-test-${++n}`);
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

const photo = (name: string, type = 'image/jpeg') => new File([`bytes of ${name}`], name, { type });

function shareRequest(files: File[]): Request {
  const form = new FormData();
  for (const f of files) form.append('photos', f);
  form.append('title', 'ignored');
  return new Request('https://drape.test/share-target', { method: 'POST', body: form });
}

describe('share target', () => {
  it('takes photos (an untyped .heic too), not other files or empty ones', () => {
    const form = new FormData();
    form.append('photos', photo('a.jpg'));
    form.append('photos', photo('b.HEIC', ''));
    form.append('photos', photo('notes.pdf', 'application/pdf'));
    form.append('photos', new File([], 'empty.jpg', { type: 'image/jpeg' }));
    form.append('photos', 'text');
    expect(sharedPhotos(form).map((f) => f.name)).toEqual(['a.jpg', 'b.HEIC']);
  });

  it('keeps the photos in order and redirects to /create with the share and its count', async () => {
    const res = await receiveShare(
      shareRequest([photo('one.jpg'), photo('two.png', 'image/png')]),
      db,
      'https://drape.test',
    );
    expect(res.status).toBe(303);
    const to = new URL(res.headers.get('location') ?? '');
    expect(to.pathname).toBe('/create');
    expect(to.searchParams.get('photos')).toBe('2');
    const shareId = to.searchParams.get('shared') ?? '';
    const files = await sharedFiles(shareId, db);
    expect(files.map((f) => [f.name, f.type])).toEqual([
      ['one.jpg', 'image/jpeg'],
      ['two.png', 'image/png'],
    ]);
    expect(await files[0].text()).toBe('bytes of one.jpg');

    await dropShared(shareId, db);
    expect(await sharedFiles(shareId, db)).toEqual([]);
  });

  it('a share without a photo keeps nothing and says 0 photos', async () => {
    const res = await receiveShare(
      shareRequest([photo('notes.pdf', 'application/pdf')]),
      db,
      'https://drape.test',
    );
    expect(new URL(res.headers.get('location') ?? '').searchParams.get('photos')).toBe('0');
    expect(await db.shared.count()).toBe(0);
  });

  it('drops shares older than a week when one is taken', async () => {
    const week = 7 * 24 * 60 * 60 * 1000;
    await db.shared.bulkAdd([
      { shareId: 'old', name: 'o.jpg', type: 'image/jpeg', blob: photo('o.jpg'), createdAt: 0 },
      { shareId: 'new', name: 'n.jpg', type: 'image/jpeg', blob: photo('n.jpg'), createdAt: week },
      { shareId: 'taken', name: 't.jpg', type: 'image/jpeg', blob: photo('t.jpg'), createdAt: week },
    ]);
    await dropShared('taken', db, week + 1);
    expect((await db.shared.toArray()).map((r) => r.shareId)).toEqual(['new']);
  });
});
