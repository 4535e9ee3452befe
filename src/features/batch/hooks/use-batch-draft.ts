// The seller's batch being put together (loaded from Dexie on first use), its dispatch, each
// photo's upload progress, and the upload pump that runs while the page is open.
import { useEffect, useState } from 'react';
import { useStoredDraft, useStoredPhotoUrl } from '../../../lib/drafts/use-draft.ts';
import { useUploadProgress, useUploadPump } from '../../../lib/uploads/use-upload-queue.ts';
import { useUser } from '../../auth/index.ts';
import { emptyBatchDraft, type BatchDraft } from '../model/batch-draft.ts';
import type { BatchAction } from '../model/reducer.ts';
import { BATCH, batchStore } from '../store/batch-store.ts';
import { batchUploads } from '../store/batch-uploads.ts';

const EMPTY = emptyBatchDraft();

/** The batch draft (null until loaded) and its dispatch. */
export function useBatchDraft(): [BatchDraft | null, (action: BatchAction) => void] {
  const user = useUser();
  const [loaded, setLoaded] = useState(() => batchStore.peek(user.id, BATCH) !== undefined);
  useEffect(() => {
    let live = true;
    void batchStore.load(user.id, BATCH).then(() => {
      if (live) setLoaded(true);
      batchUploads.pump(user.id);
    });
    return () => {
      live = false;
    };
  }, [user.id]);
  const [draft, dispatch] = useStoredDraft(batchStore, user.id, BATCH, EMPTY);
  return [loaded ? draft : null, dispatch];
}

export const useBatchUploadProgress = (itemId: string) => useUploadProgress(batchUploads, itemId);

export const useBatchUploadPump = () => useUploadPump(batchUploads, useUser().id);

/** An object URL for an item's stored bytes, revoked when no longer shown. */
export const useItemPhotoUrl = (itemId: string) => useStoredPhotoUrl(batchStore, itemId);
