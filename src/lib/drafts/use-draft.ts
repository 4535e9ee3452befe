// A screen's view of a draft kept by a DraftStore: the draft (re-read on every change) and its
// dispatch, and object URLs for its photos' stored bytes.
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { DraftStore } from './draft-store.ts';

/** The draft in memory (`fallback` until loaded) and its dispatch. */
export function useStoredDraft<D extends { updatedAt: number }, A, S extends string>(
  store: DraftStore<D, A, S>,
  userId: string,
  slot: S,
  fallback: D,
): [D, (action: A) => void] {
  const draft = useSyncExternalStore(store.subscribe, () => store.peek(userId, slot) ?? fallback);
  const dispatch = useCallback((action: A) => store.dispatch(userId, slot, action), [store, userId, slot]);
  return [draft, dispatch];
}

/** An object URL for a stored photo's bytes, revoked when no longer shown. */
export function useStoredPhotoUrl(
  store: Pick<DraftStore<{ updatedAt: number }, unknown, string>, 'getPhoto'>,
  photoId: string | undefined,
): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!photoId) return;
    let made: string | null = null;
    let cancelled = false;
    void store.getPhoto(photoId).then((blob) => {
      if (cancelled || !blob) return;
      made = URL.createObjectURL(blob);
      setUrl(made);
    });
    return () => {
      cancelled = true;
      if (made) URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [store, photoId]);
  return url;
}
