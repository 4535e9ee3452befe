// Sends the photos of drafts kept on the device (./../drafts) to storage, CONCURRENCY at a
// time, oldest first, with byte progress per photo. A photo chosen offline waits as 'queued'
// and goes out when the connection returns (`resume()` on 'online', when the service worker
// relays a Background Sync, or when a screen opens; `pump()` every few seconds while a screen
// is open); an upload cut by a lost connection is queued again and tried after a pause that
// doubles each time (RETRY_BASE_MS up to RETRY_MAX_MS). A refusal (too large, wrong type) is
// 'failed' until the seller retries. A photo removed while it uploads is removed from storage
// once stored; a removal that meets no connection waits in the outbox.
//
// What the queue sends comes from an UploadSource: the wizard and the Batch Processor each
// have a small adapter over their draft store.
import { isNetworkError } from '../errors/index.ts';
import type { AppSupabaseClient } from '../supabase.ts';
import type { Outbox } from './outbox.ts';
import {
  removeUploadedFile,
  uploadPhotoFile,
  UploadRefusedError,
  type UploadProgress,
} from './upload-file.ts';
import { requestUploadSync } from './upload-sync.ts';

/** Why an upload failed, for the screen's words (photos/messages.ts). */
export type UploadErrorCode = 'too-large' | 'type' | 'missing' | 'failed';

/** Photos uploading at once. */
export const CONCURRENCY = 3;
/** The pause before the first retry after a lost connection; it doubles up to RETRY_MAX_MS. */
export const RETRY_BASE_MS = 1000;
export const RETRY_MAX_MS = 30_000;

export interface UploadState {
  state: 'queued' | 'uploading' | 'uploaded' | 'failed';
  path?: string | null;
  error?: string | null;
}

/** A photo as the queue sees it. */
export interface QueuedPhoto {
  id: string;
  /** the prepared file's name */
  fileName: string;
  mimeType: string;
  bytes: number;
  upload: UploadState;
}

export interface UploadSource {
  /** the user's photos that may upload, oldest first */
  photos(userId: string): readonly QueuedPhoto[];
  /** records a photo's new upload state in its draft */
  update(userId: string, photoId: string, upload: UploadState): void;
  /** the photo's bytes on the device */
  bytes(photoId: string): Promise<Blob | undefined>;
  /** the file name stored ({userId}/{timestamp}-{name}); the photo's fileName unless said */
  objectName?(photo: QueuedPhoto): string;
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;
const waits = (p: QueuedPhoto) => p.upload.state === 'queued' || p.upload.state === 'uploading';

function errorCode(err: unknown): UploadErrorCode {
  if (err instanceof UploadRefusedError) {
    if (err.statusCode === '413') return 'too-large';
    if (err.statusCode === '415') return 'type';
  }
  return 'failed';
}

export interface UploadQueueOptions {
  client: () => Promise<AppSupabaseClient>;
  source: UploadSource;
  outbox: Outbox;
  concurrency?: number;
  /** how a photo is stored and a stored one removed (tests put stand-ins here) */
  transfer?: { upload: typeof uploadPhotoFile; remove: typeof removeUploadedFile };
  /** the clock and timer (tests) */
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
}

export class UploadQueue {
  private progress = new Map<string, UploadProgress>();
  private running = new Map<string, AbortController>();
  /** photo id → lost connections in a row and when it may be tried again */
  private backoff = new Map<string, { failures: number; notBefore: number }>();
  private timers = new Set<string>();
  private listeners = new Set<() => void>();
  private readonly concurrency: number;
  private readonly transfer: { upload: typeof uploadPhotoFile; remove: typeof removeUploadedFile };
  private readonly now: () => number;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;

  constructor(private readonly options: UploadQueueOptions) {
    this.concurrency = options.concurrency ?? CONCURRENCY;
    this.transfer = options.transfer ?? { upload: uploadPhotoFile, remove: removeUploadedFile };
    this.now = options.now ?? Date.now;
    this.setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  }

  progressOf = (photoId: string): UploadProgress | undefined => this.progress.get(photoId);

  /** How many uploads are in flight now. */
  get inFlight(): number {
    return this.running.size;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  private emit() {
    for (const l of this.listeners) l();
  }

  /** Starts waiting uploads, oldest first, up to the concurrency (those pausing after a lost
   *  connection wait for their turn), and sends the outbox. */
  pump(userId: string) {
    const photos = this.options.source.photos(userId);
    if (isOffline()) {
      if (photos.some(waits)) void requestUploadSync();
      return;
    }
    void this.options
      .client()
      .then((client) =>
        this.options.outbox.flush(userId, { removeUpload: (path) => this.transfer.remove(client, path) }),
      );
    const now = this.now();
    for (const photo of photos) {
      if (this.running.size >= this.concurrency) break;
      if (!waits(photo) || this.running.has(photo.id)) continue;
      const pause = this.backoff.get(photo.id);
      if (pause && pause.notBefore > now) {
        this.wake(userId, photo.id, pause.notBefore - now);
        continue;
      }
      void this.send(userId, photo);
    }
  }

  /** The connection is back: every waiting photo goes now, without its pause. */
  resume(userId: string) {
    this.backoff.clear();
    this.pump(userId);
  }

  /** Queues one photo (a new one, or a failed one the seller tries again) and starts what may start. */
  retry(userId: string, photoId: string) {
    const photo = this.options.source.photos(userId).find((p) => p.id === photoId);
    if (!photo || this.running.has(photoId) || photo.upload.state === 'uploaded') return;
    this.backoff.delete(photoId);
    if (photo.upload.state !== 'queued')
      this.options.source.update(userId, photoId, { state: 'queued', error: null });
    this.pump(userId);
  }

  /** Stops an upload in flight (its photo was removed). */
  cancel(photoId: string) {
    this.running.get(photoId)?.abort();
    this.backoff.delete(photoId);
  }

  /** Removes a stored photo now, or when the connection returns. */
  async discard(userId: string, path: string): Promise<void> {
    if (isOffline()) {
      await this.options.outbox.enqueueRemoval(userId, path);
      return;
    }
    try {
      await this.transfer.remove(await this.options.client(), path);
    } catch (err) {
      if (isOffline() || isNetworkError(err)) await this.options.outbox.enqueueRemoval(userId, path);
      else throw err;
    }
  }

  /** A removed photo: its upload stops, its stored file goes (now or when back online). */
  async remove(userId: string, photoId: string, path: string | null): Promise<void> {
    this.cancel(photoId);
    // best effort: a refusal leaves the file to the storage clean-up
    if (path) await this.discard(userId, path).catch(() => {});
    this.pump(userId);
  }

  private wake(userId: string, photoId: string, ms: number) {
    if (this.timers.has(photoId)) return;
    this.timers.add(photoId);
    this.setTimer(() => {
      this.timers.delete(photoId);
      this.pump(userId);
    }, ms);
  }

  private async send(userId: string, photo: QueuedPhoto): Promise<void> {
    const { source } = this.options;
    const controller = new AbortController();
    this.running.set(photo.id, controller);
    this.progress.set(photo.id, { loaded: 0, total: photo.bytes });
    source.update(userId, photo.id, { state: 'uploading', error: null });
    this.emit();
    try {
      const blob = await source.bytes(photo.id);
      if (!blob) {
        source.update(userId, photo.id, { state: 'failed', error: 'missing' });
        return;
      }
      const client = await this.options.client();
      const path = await this.transfer.upload(
        client,
        { userId, blob, fileName: source.objectName?.(photo) ?? photo.fileName, mimeType: photo.mimeType },
        (p) => {
          this.progress.set(photo.id, p);
          this.emit();
        },
        controller.signal,
      );
      this.backoff.delete(photo.id);
      if (!source.photos(userId).some((p) => p.id === photo.id)) {
        await this.discard(userId, path).catch(() => {});
        return;
      }
      source.update(userId, photo.id, { state: 'uploaded', path, error: null });
    } catch (err) {
      if ((err as { name?: string }).name === 'AbortError') return;
      const offline = isOffline() || isNetworkError(err);
      if (offline) {
        void requestUploadSync();
        const failures = (this.backoff.get(photo.id)?.failures ?? 0) + 1;
        const pause = Math.min(RETRY_BASE_MS * 2 ** (failures - 1), RETRY_MAX_MS);
        this.backoff.set(photo.id, { failures, notBefore: this.now() + pause });
      }
      source.update(
        userId,
        photo.id,
        offline ? { state: 'queued', error: null } : { state: 'failed', error: errorCode(err) },
      );
    } finally {
      this.running.delete(photo.id);
      this.progress.delete(photo.id);
      this.emit();
      // the next waiting photo takes the freed place
      this.pump(userId);
    }
  }
}
