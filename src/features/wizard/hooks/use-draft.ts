import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useUser } from '../../auth/index.ts';
import { emptyDraft, type Draft } from '../model/draft.ts';
import type { WizardAction } from '../model/reducer.ts';
import type { Flow } from '../model/steps.ts';
import { draftStore } from '../store/draft-store.ts';
import { uploadManager } from '../store/upload-manager.ts';

const EMPTY: Record<Flow, Draft> = { 'on-model': emptyDraft('on-model'), 'flat-lay': emptyDraft('flat-lay') };

/** The flow's draft (loaded by the route before the page shows) and its dispatch. */
export function useDraft(flow: Flow): [Draft, (action: WizardAction) => void] {
  const user = useUser();
  const draft = useSyncExternalStore(
    draftStore.subscribe,
    () => draftStore.peek(user.id, flow) ?? EMPTY[flow],
  );
  const dispatch = useCallback(
    (action: WizardAction) => draftStore.dispatch(user.id, flow, action),
    [user.id, flow],
  );
  return [draft, dispatch];
}

/** Bytes sent of a photo's upload in flight. */
export function useUploadProgress(photoId: string) {
  return useSyncExternalStore(uploadManager.subscribe, () => uploadManager.progressOf(photoId));
}

/** How often a wizard tries queued uploads again: the 'online' event is not always told
 *  (a page loaded offline, a connection that comes back without the browser noticing). */
export const UPLOAD_RETRY_MS = 5000;

/** Queued uploads and removals go out while a wizard is open: at once, whenever the browser
 *  says it is back online, and every few seconds while something waits. */
export function useUploadPump() {
  const user = useUser();
  useEffect(() => {
    const pump = () => uploadManager.pump(user.id);
    pump();
    window.addEventListener('online', pump);
    const timer = window.setInterval(pump, UPLOAD_RETRY_MS);
    return () => {
      window.removeEventListener('online', pump);
      window.clearInterval(timer);
    };
  }, [user.id]);
}

/** An object URL for a stored photo's bytes, revoked when no longer shown. */
export function usePhotoUrl(photoId: string | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!photoId) return;
    let made: string | null = null;
    let cancelled = false;
    void draftStore.getPhoto(photoId).then((blob) => {
      if (cancelled || !blob) return;
      made = URL.createObjectURL(blob);
      setUrl(made);
    });
    return () => {
      cancelled = true;
      if (made) URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [photoId]);
  return url;
}
