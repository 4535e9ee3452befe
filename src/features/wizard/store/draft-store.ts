// The wizard's drafts in memory for the screens (one per user and flow, read synchronously
// through useSyncExternalStore) and in Dexie for the next visit: every change is written
// through, in order, so a reload or a killed app finds the draft as it was left. The photo's
// bytes sit in their own table, keyed by the photo's id, and go when the photo goes.
import { appDb, type AppDb } from '../../../lib/db/index.ts';
import { emptyDraft, readStoredDraft, type Draft, type Gender } from '../model/draft.ts';
import { wizardReducer, type WizardAction } from '../model/reducer.ts';
import type { Flow } from '../model/steps.ts';
import { markUploadsWaiting } from './upload-hint.ts';

type Listener = () => void;
const keyOf = (userId: string, flow: Flow) => `${userId}:${flow}`;
const hasWaitingUpload = (draft: Draft) =>
  draft.photos.some((p) => p.upload.state === 'queued' || p.upload.state === 'uploading');

export class DraftStore {
  private drafts = new Map<string, Draft>();
  private listeners = new Set<Listener>();
  private writes: Promise<unknown> = Promise.resolve();

  constructor(private readonly db: () => AppDb) {}

  /** The draft from Dexie (or a fresh one); later calls answer from memory. */
  async load(userId: string, flow: Flow, defaultGender: Gender = 'women'): Promise<Draft> {
    const key = keyOf(userId, flow);
    const known = this.drafts.get(key);
    if (known) return known;
    await this.writes;
    let draft: Draft | null = null;
    try {
      const row = await this.db().drafts.get({ userId, flow });
      draft = row ? readStoredDraft(row.draft) : null;
      // a draft whose photo bytes are gone cannot resume its photo
      if (draft) {
        const ids = draft.photos.map((p) => p.id);
        const present = new Set((await this.db().photos.bulkGet(ids)).filter(Boolean).map((r) => r?.id));
        for (const p of draft.photos)
          if (!present.has(p.id) && p.upload.state !== 'uploaded')
            draft = wizardReducer(draft, { type: 'removePhoto', photoId: p.id });
      }
    } catch {
      // IndexedDB unavailable (private mode in some browsers): the draft lives for this page only
    }
    // another load may have finished first
    const raced = this.drafts.get(key);
    if (raced) return raced;
    const result = draft ?? emptyDraft(flow, defaultGender);
    this.drafts.set(key, result);
    markUploadsWaiting(userId, flow, hasWaitingUpload(result));
    return result;
  }

  /** The draft in memory, if loaded. */
  peek(userId: string, flow: Flow): Draft | undefined {
    return this.drafts.get(keyOf(userId, flow));
  }

  dispatch(userId: string, flow: Flow, action: WizardAction): Draft {
    const key = keyOf(userId, flow);
    const before = this.drafts.get(key) ?? emptyDraft(flow);
    const reduced = wizardReducer(before, action);
    if (reduced === before) return before;
    const after = { ...reduced, updatedAt: Date.now() };
    this.drafts.set(key, after);
    markUploadsWaiting(userId, flow, hasWaitingUpload(after));
    const gone = before.photos.filter((p) => !after.photos.some((q) => q.id === p.id)).map((p) => p.id);
    this.persist(async (db) => {
      await db.transaction('rw', db.drafts, db.photos, async () => {
        await db.drafts.put({ userId, flow, draft: after, updatedAt: after.updatedAt });
        if (gone.length) await db.photos.bulkDelete(gone);
      });
    });
    this.emit();
    return after;
  }

  /** Keeps a photo's bytes (before the photo is added to the draft). */
  async putPhoto(userId: string, photoId: string, blob: Blob): Promise<void> {
    await this.persist((db) => db.photos.put({ id: photoId, userId, blob }));
  }

  async getPhoto(photoId: string): Promise<Blob | undefined> {
    await this.writes;
    try {
      return (await this.db().photos.get(photoId))?.blob;
    } catch {
      return undefined;
    }
  }

  /** Ends the run: the draft and its photo bytes are removed. */
  async clear(userId: string, flow: Flow): Promise<void> {
    const key = keyOf(userId, flow);
    const draft = this.drafts.get(key);
    this.drafts.set(key, emptyDraft(flow, draft?.gender));
    markUploadsWaiting(userId, flow, false);
    this.emit();
    await this.persist(async (db) => {
      await db.transaction('rw', db.drafts, db.photos, async () => {
        const row = await db.drafts.get({ userId, flow });
        const stored = row ? readStoredDraft(row.draft) : null;
        const ids = new Set([...(draft?.photos ?? []), ...(stored?.photos ?? [])].map((p) => p.id));
        await db.drafts.delete([userId, flow]);
        if (ids.size) await db.photos.bulkDelete([...ids]);
      });
    });
  }

  /** Waits for every write made so far (tests; before a navigation that reloads). */
  flushed(): Promise<unknown> {
    return this.writes;
  }

  /** Forgets what is in memory (tests: a "reload"). */
  forgetMemory() {
    this.drafts.clear();
  }

  subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  private emit() {
    for (const l of this.listeners) l();
  }

  private persist(write: (db: AppDb) => Promise<unknown>): Promise<unknown> {
    this.writes = this.writes
      .then(() => write(this.db()))
      .catch(() => {
        // a failed write leaves the draft in memory; the next change writes it again
      });
    return this.writes;
  }
}

export const draftStore = new DraftStore(appDb);
