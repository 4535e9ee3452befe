// The batch being put together, in memory for the screen (read synchronously through
// useSyncExternalStore) and in Dexie for the next visit: every change is written through, in
// order, so a reload or a killed app finds it as it was left. Photo bytes sit in the app
// database's photos table, keyed by the item's id, and go when the item goes.
import { appDb, type AppDb } from '../../../lib/db/index.ts';
import { emptyBatchDraft, readBatchDraft, type BatchDraft } from '../model/batch-draft.ts';
import { batchReducer, type BatchAction } from '../model/reducer.ts';

type Listener = () => void;

export class BatchStore {
  private drafts = new Map<string, BatchDraft>();
  private listeners = new Set<Listener>();
  private writes: Promise<unknown> = Promise.resolve();

  constructor(private readonly db: () => AppDb) {}

  /** The user's batch draft from Dexie (or a fresh one); later calls answer from memory. */
  async load(userId: string): Promise<BatchDraft> {
    const known = this.drafts.get(userId);
    if (known) return known;
    await this.writes;
    let draft: BatchDraft | null = null;
    try {
      const row = await this.db().batchDrafts.get(userId);
      draft = row ? readBatchDraft(row.draft) : null;
      // an item whose bytes are gone cannot be uploaded any more
      if (draft) {
        const present = new Set(
          (await this.db().photos.bulkGet(draft.items.map((i) => i.id))).filter(Boolean).map((r) => r?.id),
        );
        for (const item of draft.items)
          if (!present.has(item.id) && item.upload.state !== 'uploaded')
            draft = batchReducer(draft, { type: 'removeItem', itemId: item.id });
      }
    } catch {
      // IndexedDB unavailable: the batch lives for this page only
    }
    const raced = this.drafts.get(userId);
    if (raced) return raced;
    const result = draft ?? emptyBatchDraft();
    this.drafts.set(userId, result);
    this.emit();
    return result;
  }

  peek(userId: string): BatchDraft | undefined {
    return this.drafts.get(userId);
  }

  dispatch(userId: string, action: BatchAction): BatchDraft {
    const before = this.drafts.get(userId) ?? emptyBatchDraft();
    const reduced = batchReducer(before, action);
    if (reduced === before) return before;
    const after = { ...reduced, updatedAt: Date.now() };
    this.drafts.set(userId, after);
    const gone = before.items.filter((i) => !after.items.some((j) => j.id === i.id)).map((i) => i.id);
    this.persist(async (db) => {
      await db.transaction('rw', db.batchDrafts, db.photos, async () => {
        await db.batchDrafts.put({ userId, draft: after, updatedAt: after.updatedAt });
        if (gone.length) await db.photos.bulkDelete(gone);
      });
    });
    this.emit();
    return after;
  }

  /** Keeps an item's bytes (before the item is added). */
  async putPhoto(userId: string, itemId: string, blob: Blob): Promise<void> {
    await this.persist((db) => db.photos.put({ id: itemId, userId, blob }));
  }

  async getPhoto(itemId: string): Promise<Blob | undefined> {
    await this.writes;
    try {
      return (await this.db().photos.get(itemId))?.blob;
    } catch {
      return undefined;
    }
  }

  /** The batch has started: the draft and its photo bytes are removed. */
  async clear(userId: string): Promise<void> {
    const draft = this.drafts.get(userId);
    this.drafts.set(userId, emptyBatchDraft(draft?.choices.flow));
    this.emit();
    await this.persist(async (db) => {
      await db.transaction('rw', db.batchDrafts, db.photos, async () => {
        const row = await db.batchDrafts.get(userId);
        const stored = row ? readBatchDraft(row.draft) : null;
        const ids = new Set([...(draft?.items ?? []), ...(stored?.items ?? [])].map((i) => i.id));
        await db.batchDrafts.delete(userId);
        if (ids.size) await db.photos.bulkDelete([...ids]);
      });
    });
  }

  /** Waits for every write made so far. */
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

export const batchStore = new BatchStore(appDb);
