// Whether this browser holds work for the uploader (a queued photo, a removal waiting for the
// connection), readable without opening IndexedDB: the signed-in shell loads the uploader, and
// Dexie with it, only when something may wait, so the first screen of every visit does not pay
// for them. The draft store and the outbox keep the marks in step with what they write.
import { DB_NAME } from '../db/name.ts';

const PREFIX = 'drape.uploadsWaiting:';
/** set once the uploader has run in this browser: before it, marks were not kept yet */
const KEPT = 'drape.uploadMarksKept';

function storage(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

/** Marks (or clears) one source of waiting work: a wizard flow's draft or the outbox. */
export function markUploadsWaiting(userId: string, source: string, waiting: boolean) {
  const store = storage();
  const key = `${PREFIX}${userId}:${source}`;
  try {
    if (waiting) store?.setItem(key, '1');
    else store?.removeItem(key);
  } catch {
    // storage full or blocked: the uploader then runs whenever the wizard is open
  }
}

/** Whether the uploader should load for this user now. */
export async function uploadsMayWait(userId: string): Promise<boolean> {
  const store = storage();
  if (!store) return true;
  if (store.getItem(KEPT) !== '1') {
    // no marks yet in this browser: only a database written before them can hold waiting work
    const databases = await indexedDB.databases?.().catch(() => undefined);
    if (!databases || databases.some((d) => d.name === DB_NAME)) return true;
    uploadMarksKept();
    return false;
  }
  const prefix = `${PREFIX}${userId}:`;
  for (let i = 0; i < store.length; i++) if (store.key(i)?.startsWith(prefix)) return true;
  return false;
}

/** The uploader ran: from now on the marks tell whether it needs to. */
export function uploadMarksKept() {
  try {
    storage()?.setItem(KEPT, '1');
  } catch {
    // as above
  }
}
