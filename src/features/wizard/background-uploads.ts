// Queued photos go out wherever the seller is in the app, not only in the wizard: loaded on
// demand by the signed-in shell, it reads the user's drafts from Dexie and sends what waits at
// once, when the browser says it is back online, when the backend answers again, when the
// service worker relays a Background Sync ('drape:uploads', where the browser has it), and
// every few seconds while something waits. A service worker cannot upload by itself: the
// session lives in the page's storage, so a closed app sends its photos on the next open.
import { connectivity } from '../../lib/connectivity.ts';
import { UPLOAD_SYNC_MESSAGE } from '../../lib/uploads/upload-sync-tags.ts';
import { storedGender } from './local-choices.ts';
import { emptyDraft } from './model/draft.ts';
import { FLOWS } from './model/steps.ts';
import { draftStore } from './store/draft-store.ts';
import { uploadManager } from './store/upload-manager.ts';
import { uploadMarksKept } from '../../lib/uploads/upload-hint.ts';
import { requestUploadSync } from '../../lib/uploads/upload-sync.ts';

const RETRY_MS = 5000;

const waiting = (userId: string) =>
  FLOWS.some((flow) =>
    (draftStore.peek(userId, flow)?.photos ?? []).some(
      (p) => p.upload.state === 'queued' || p.upload.state === 'uploading',
    ),
  );

/** Starts sending the user's queued uploads from any screen; returns the stop. */
export function startBackgroundUploads(userId: string): () => void {
  let stopped = false;
  // the connection is back: everything waiting goes now
  const resume = () => {
    if (!stopped) uploadManager.resume(userId);
  };
  const onMessage = (event: MessageEvent) => {
    if ((event.data as { type?: string } | null)?.type === UPLOAD_SYNC_MESSAGE) resume();
  };
  void Promise.all(
    FLOWS.map((flow) => draftStore.load(userId, flow, () => emptyDraft(flow, storedGender()))),
  ).then(() => {
    uploadMarksKept();
    resume();
    if (waiting(userId)) void requestUploadSync();
  });
  window.addEventListener('online', resume);
  navigator.serviceWorker?.addEventListener('message', onMessage);
  const unsubscribe = connectivity.subscribe(() => {
    if (!connectivity.isUnreachable()) resume();
  });
  const timer = window.setInterval(() => {
    if (!stopped && waiting(userId)) uploadManager.pump(userId);
  }, RETRY_MS);
  return () => {
    stopped = true;
    window.removeEventListener('online', resume);
    navigator.serviceWorker?.removeEventListener('message', onMessage);
    unsubscribe();
    window.clearInterval(timer);
  };
}
