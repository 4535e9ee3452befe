// Background Sync: when the browser sees the connection back it wakes the worker with the
// tag the app registered while a photo waited; the worker asks open pages to send their
// queued uploads (they hold the session; see src/features/wizard/background-uploads.ts).
import { UPLOAD_SYNC_MESSAGE, UPLOAD_SYNC_TAG } from '../lib/uploads/upload-sync-tags.ts';

interface SyncEventLike extends Event {
  tag: string;
  waitUntil(p: Promise<unknown>): void;
}

interface ClientLike {
  postMessage(message: unknown): void;
}

interface ServiceWorkerScopeLike {
  clients: { matchAll(options: { type: 'window' }): Promise<ClientLike[]> };
  addEventListener(type: 'sync', listener: (event: SyncEventLike) => void): void;
}

declare const self: ServiceWorkerScopeLike;

if (typeof window === 'undefined' && typeof self !== 'undefined' && 'clients' in self) {
  self.addEventListener('sync', (event) => {
    if (event.tag !== UPLOAD_SYNC_TAG) return;
    event.waitUntil(
      self.clients.matchAll({ type: 'window' }).then((clients) => {
        for (const c of clients) c.postMessage({ type: UPLOAD_SYNC_MESSAGE });
      }),
    );
  });
}
