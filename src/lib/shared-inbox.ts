// Photos shared into the app from the phone's share sheet: the service worker keeps them in
// Dexie (src/sw/share-target.ts) and a wizard takes them when the seller has chosen the shoot.
// A share left untaken for a week is dropped.
import { appDb, type AppDb } from './db/index.ts';

const KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/** The photos of one share, in the order they were shared (none when already taken or gone). */
export async function sharedFiles(shareId: string, db: AppDb = appDb()): Promise<File[]> {
  try {
    const rows = await db.shared.where('shareId').equals(shareId).sortBy('seq');
    return rows.map((r) => new File([r.blob], r.name, { type: r.type }));
  } catch {
    return [];
  }
}

/** Forgets a share once a wizard has its photo, and any share older than a week. */
export async function dropShared(shareId: string, db: AppDb = appDb(), now = Date.now()): Promise<void> {
  try {
    await db.transaction('rw', db.shared, async () => {
      await db.shared.where('shareId').equals(shareId).delete();
      await db.shared
        .where('createdAt')
        .below(now - KEEP_MS)
        .delete();
    });
  } catch {
    // IndexedDB unavailable: nothing was kept either
  }
}
