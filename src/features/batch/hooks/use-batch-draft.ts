// The seller's batch being put together (loaded from Dexie on first use), its dispatch, each
// photo's upload progress, and the upload pump that runs while the page is open.
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useUser } from '../../auth/index.ts';
import { emptyBatchDraft, type BatchDraft } from '../model/batch-draft.ts';
import type { BatchAction } from '../model/reducer.ts';
import { batchStore } from '../store/batch-store.ts';
import { batchUploads } from '../store/batch-uploads.ts';

const EMPTY = emptyBatchDraft();

/** The batch draft (null until loaded) and its dispatch. */
export function useBatchDraft(): [BatchDraft | null, (action: BatchAction) => void] {
  const user = useUser();
  const [loaded, setLoaded] = useState(() => batchStore.peek(user.id) !== undefined);
  useEffect(() => {
    let live = true;
    void batchStore.load(user.id).then(() => {
      if (live) setLoaded(true);
      batchUploads.pump(user.id);
    });
    return () => {
      live = false;
    };
  }, [user.id]);
  const draft = useSyncExternalStore(batchStore.subscribe, () => batchStore.peek(user.id) ?? EMPTY);
  const dispatch = useCallback((action: BatchAction) => batchStore.dispatch(user.id, action), [user.id]);
  return [loaded ? draft : null, dispatch];
}

export function useBatchUploadProgress(itemId: string) {
  return useSyncExternalStore(batchUploads.subscribe, () => batchUploads.progressOf(itemId));
}

/** How often waiting uploads are tried again ('online' is not always told). */
export const UPLOAD_RETRY_MS = 5000;

/** Waiting uploads go out: at once, when the browser is back online, and every few seconds. */
export function useBatchUploadPump() {
  const user = useUser();
  useEffect(() => {
    const pump = () => batchUploads.pump(user.id);
    pump();
    window.addEventListener('online', pump);
    const timer = window.setInterval(pump, UPLOAD_RETRY_MS);
    return () => {
      window.removeEventListener('online', pump);
      window.clearInterval(timer);
    };
  }, [user.id]);
}

/** An object URL for an item's stored bytes, revoked when no longer shown. */
export function useItemPhotoUrl(itemId: string): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let made: string | null = null;
    let cancelled = false;
    void batchStore.getPhoto(itemId).then((blob) => {
      if (cancelled || !blob) return;
      made = URL.createObjectURL(blob);
      setUrl(made);
    });
    return () => {
      cancelled = true;
      if (made) URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [itemId]);
  return url;
}
