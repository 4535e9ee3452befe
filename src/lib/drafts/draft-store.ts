// Drafts the seller puts together on the device (a wizard run, a batch), in memory for the
// screens (read synchronously through useSyncExternalStore) and in Dexie for the next visit:
// every change is written through, in order, so a reload or a killed app finds the draft as it
// was left. A draft's photos keep their bytes in the app database's `photos` table, keyed by the
// photo's id; the bytes go when the photo goes, and a photo whose bytes are gone (and that is
// not stored on the server yet) is dropped when the draft is read again.
//
// What differs between kinds of draft is said once, in a DraftKind: where its rows live, how a
// stored record is read (versioned, with a schema: ./versioned.ts), its reducer, its photos.
import type { Table } from 'dexie';
import type { AppDb } from '../db/index.ts';

/** What the store needs to know of a draft's photo. */
export interface DraftPhoto {
  id: string;
  upload: { state: string };
}

export interface DraftKind<D, A, S extends string> {
  /** the Dexie table of this kind's drafts */
  table: (db: AppDb) => Table;
  /** a draft's primary key in that table */
  key: (userId: string, slot: S) => string | string[];
  /** the row written for a draft */
  row: (userId: string, slot: S, draft: D) => object;
  /** a stored record as a draft of this build, or null (a future version, or damaged) */
  read: (raw: unknown) => D | null;
  /** a fresh draft; after a clear, `previous` is the draft that ended */
  empty: (slot: S, previous?: D) => D;
  reduce: (draft: D, action: A) => D;
  photos: (draft: D) => readonly DraftPhoto[];
  removePhoto: (draft: D, photoId: string) => D;
  /** told of every draft in memory as it changes (the uploads-waiting marks) */
  changed?: (userId: string, slot: S, draft: D) => void;
}

type Listener = () => void;

const waitsForUpload = (p: DraftPhoto) => p.upload.state === 'queued' || p.upload.state === 'uploading';

/** Whether any photo of the draft still has to go to the server. */
export const hasWaitingUpload = (photos: readonly DraftPhoto[]) => photos.some(waitsForUpload);

export class DraftStore<D extends { updatedAt: number }, A, S extends string> {
  private drafts = new Map<string, D>();
  private listeners = new Set<Listener>();
  private writes: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly kind: DraftKind<D, A, S>,
    private readonly db: () => AppDb,
  ) {}

  /** The draft from Dexie (or `fresh`); later calls answer from memory. */
  async load(userId: string, slot: S, fresh: () => D = () => this.kind.empty(slot)): Promise<D> {
    const key = `${userId}:${slot}`;
    const known = this.drafts.get(key);
    if (known) return known;
    await this.writes;
    let draft: D | null = null;
    try {
      const db = this.db();
      const row = (await this.kind.table(db).get(this.kind.key(userId, slot))) as
        | { draft: unknown }
        | undefined;
      draft = row ? this.kind.read(row.draft) : null;
      // a photo whose bytes are gone cannot be uploaded any more
      if (draft) {
        const ids = this.kind.photos(draft).map((p) => p.id);
        const present = new Set((await db.photos.bulkGet(ids)).flatMap((r) => (r ? [r.id] : [])));
        for (const p of this.kind.photos(draft))
          if (!present.has(p.id) && p.upload.state !== 'uploaded') draft = this.kind.removePhoto(draft, p.id);
      }
    } catch {
      // IndexedDB unavailable (private mode in some browsers): the draft lives for this page only
    }
    // another load may have finished first
    const raced = this.drafts.get(key);
    if (raced) return raced;
    const result = draft ?? fresh();
    this.set(userId, slot, result);
    this.emit();
    return result;
  }

  /** The draft in memory, if loaded. */
  peek(userId: string, slot: S): D | undefined {
    return this.drafts.get(`${userId}:${slot}`);
  }

  dispatch(userId: string, slot: S, action: A): D {
    const before = this.peek(userId, slot) ?? this.kind.empty(slot);
    const reduced = this.kind.reduce(before, action);
    if (reduced === before) return before;
    const after = { ...reduced, updatedAt: Date.now() };
    this.set(userId, slot, after);
    const kept = new Set(this.kind.photos(after).map((p) => p.id));
    const gone = this.kind
      .photos(before)
      .map((p) => p.id)
      .filter((id) => !kept.has(id));
    this.persist(async (db) => {
      const table = this.kind.table(db);
      await db.transaction('rw', table, db.photos, async () => {
        await table.put(this.kind.row(userId, slot, after));
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

  /** Ends the draft: it and its photo bytes are removed; a fresh one takes its place. */
  async clear(userId: string, slot: S): Promise<void> {
    const draft = this.peek(userId, slot);
    this.set(userId, slot, this.kind.empty(slot, draft));
    this.emit();
    await this.persist(async (db) => {
      const table = this.kind.table(db);
      await db.transaction('rw', table, db.photos, async () => {
        const key = this.kind.key(userId, slot);
        const row = (await table.get(key)) as { draft: unknown } | undefined;
        const stored = row ? this.kind.read(row.draft) : null;
        const photos = [
          ...(draft ? this.kind.photos(draft) : []),
          ...(stored ? this.kind.photos(stored) : []),
        ];
        await table.delete(key);
        if (photos.length) await db.photos.bulkDelete([...new Set(photos.map((p) => p.id))]);
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

  private set(userId: string, slot: S, draft: D) {
    this.drafts.set(`${userId}:${slot}`, draft);
    this.kind.changed?.(userId, slot, draft);
  }

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
