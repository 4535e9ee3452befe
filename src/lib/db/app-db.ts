// The browser's own database (IndexedDB through Dexie): what must survive a reload, a closed
// tab or a phone that kills the app — wizard drafts, the photo bytes they point to, and an
// outbox of server calls that wait for the connection. Everything is kept per user.
//
// Schema versions: add a new `this.version(n)` below the last one (never edit an old one),
// with an `.upgrade()` when existing rows must change, and a test in __tests__/app-db.test.ts.
import Dexie, { type EntityTable, type Table } from 'dexie';
import { DB_NAME } from './name.ts';

export interface DraftRow {
  userId: string;
  flow: string;
  /** the wizard's draft; read through readStoredDraft (it has a version of its own) */
  draft: unknown;
  updatedAt: number;
}

export interface PhotoRow {
  /** the draft photo's id */
  id: string;
  userId: string;
  blob: Blob;
}

export interface OutboxRow {
  seq?: number;
  userId: string;
  kind: 'remove-upload';
  /** object name in bucket 'uploads' (and the uploaded_files row with that file_path) */
  path: string;
  createdAt: number;
}

/** Photos shared into the app (the share sheet), kept by the service worker until a wizard takes them. */
export interface SharedRow {
  seq?: number;
  /** one share (the photos of one share sheet action) */
  shareId: string;
  name: string;
  type: string;
  blob: Blob;
  createdAt: number;
}

/** The Batch Processor's batch being put together (one per user): its photos' bytes are in `photos`. */
export interface BatchDraftRow {
  userId: string;
  /** the batch draft; read through readBatchDraft (it has a version of its own) */
  draft: unknown;
  updatedAt: number;
}

export class AppDb extends Dexie {
  drafts!: Table<DraftRow, [string, string]>;
  photos!: EntityTable<PhotoRow, 'id'>;
  outbox!: EntityTable<OutboxRow, 'seq'>;
  shared!: EntityTable<SharedRow, 'seq'>;
  batchDrafts!: EntityTable<BatchDraftRow, 'userId'>;

  constructor(name = DB_NAME, options?: ConstructorParameters<typeof Dexie>[1]) {
    super(name, options);
    // v1: drafts by user and flow, photo blobs by id, the outbox in order
    this.version(1).stores({
      drafts: '[userId+flow], userId',
      photos: 'id, userId',
      outbox: '++seq, userId',
    });
    // v2: photos shared into the app, written by the service worker (no user yet), by share
    this.version(2).stores({
      shared: '++seq, shareId, createdAt',
    });
    // v3: the Batch Processor's batch being put together, one per user
    this.version(3).stores({
      batchDrafts: 'userId',
    });
  }
}

let shared: AppDb | null = null;

/** The app's one database connection, opened on first use. */
export function appDb(): AppDb {
  shared ??= new AppDb();
  return shared;
}

/** Tests: use another database (fake-indexeddb). */
export function setAppDbForTests(db: AppDb | null) {
  shared = db;
}
