// The signed-in shell's hold on queued uploads, light enough for every first screen: the
// uploader (and Dexie with it) loads only when a mark says something may wait, when another
// tab marks something (the storage event), when the connection returns with something marked,
// or when the service worker relays a Background Sync.
import { UPLOAD_SYNC_MESSAGE } from '../../lib/uploads/upload-sync-tags.ts';
import { uploadsMayWait } from '../../lib/uploads/upload-hint.ts';

/** Starts the uploader for this user when there is work for it; returns the stop. */
export function keepUploadsGoing(userId: string): () => void {
  let ended = false;
  let stop: (() => void) | undefined;
  let loading = false;
  const start = () => {
    if (loading) return;
    loading = true;
    void import('./background-uploads.ts').then((m) => {
      if (!ended) stop = m.startBackgroundUploads(userId);
    });
  };
  const startIfWaiting = () => {
    void uploadsMayWait(userId).then((waiting) => {
      if (waiting && !ended) start();
    });
  };
  const onMessage = (event: MessageEvent) => {
    if ((event.data as { type?: string } | null)?.type === UPLOAD_SYNC_MESSAGE) start();
  };
  startIfWaiting();
  window.addEventListener('storage', startIfWaiting);
  window.addEventListener('online', startIfWaiting);
  navigator.serviceWorker?.addEventListener('message', onMessage);
  return () => {
    ended = true;
    window.removeEventListener('storage', startIfWaiting);
    window.removeEventListener('online', startIfWaiting);
    navigator.serviceWorker?.removeEventListener('message', onMessage);
    stop?.();
  };
}
