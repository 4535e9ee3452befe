// Asks the browser to wake the service worker when the connection returns (Background Sync,
// Chromium): it then tells the open pages to send their queued uploads (src/sw/upload-sync.ts).
import { UPLOAD_SYNC_TAG } from './upload-sync-tags.ts';

interface SyncManagerLike {
  register(tag: string): Promise<void>;
}

export async function requestUploadSync(): Promise<void> {
  try {
    if (typeof navigator === 'undefined' || !navigator.serviceWorker) return;
    const registration = await navigator.serviceWorker.getRegistration();
    await (
      registration as (ServiceWorkerRegistration & { sync?: SyncManagerLike }) | undefined
    )?.sync?.register(UPLOAD_SYNC_TAG);
  } catch {
    // no Background Sync here: the app's own retries do the job
  }
}
