// The batch being put together, one per user, kept by the app's draft store (lib/drafts): rows
// in Dexie's `batchDrafts` table keyed by user, read through readBatchDraft (versioned), changed
// by the batch's reducer; its photos' bytes in the shared `photos` table.
import { appDb } from '../../../lib/db/index.ts';
import { DraftStore, type DraftKind } from '../../../lib/drafts/draft-store.ts';
import { emptyBatchDraft, readBatchDraft, type BatchDraft } from '../model/batch-draft.ts';
import { batchReducer, type BatchAction } from '../model/reducer.ts';

/** A user has one batch draft: its slot in the store. */
export const BATCH = 'batch';

export const batchDrafts: DraftKind<BatchDraft, BatchAction, typeof BATCH> = {
  table: (db) => db.batchDrafts,
  key: (userId) => userId,
  row: (userId, _slot, draft) => ({ userId, draft, updatedAt: draft.updatedAt }),
  read: readBatchDraft,
  // the next batch starts with the project type of the one before
  empty: (_slot, previous) => emptyBatchDraft(previous?.choices.flow),
  reduce: batchReducer,
  photos: (draft) => draft.items,
  removePhoto: (draft, itemId) => batchReducer(draft, { type: 'removeItem', itemId }),
};

export type BatchStore = DraftStore<BatchDraft, BatchAction, typeof BATCH>;

export const batchStore: BatchStore = new DraftStore(batchDrafts, appDb);
