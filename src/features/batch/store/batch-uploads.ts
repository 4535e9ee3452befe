// Sends a batch's photos to storage, UPLOAD_CONCURRENCY at a time, with byte progress per
// photo. A photo chosen offline waits as 'queued' and goes out when the connection returns
// (pump() runs on 'online', every few seconds while the page is open, and when the shell's
// background uploads wake it); an upload cut by a lost connection is queued again. A photo
// removed after it was stored is removed from storage (best effort).
import { isNetworkError } from '../../../lib/errors/index.ts';
import { UploadRefusedError } from '../../../lib/signed-upload.ts';
import { supabase, type AppSupabaseClient } from '../../../lib/supabase.ts';
import {
  removeUploadedFile,
  requestUploadSync,
  uploadPhotoFile,
  type UploadProgress,
} from '../../wizard/components.ts';
import { UPLOAD_CONCURRENCY } from '../model/batch-draft.ts';
import { batchStore, type BatchStore } from './batch-store.ts';

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** Why an upload failed (the wizard's words for each). */
export type UploadErrorCode = 'too-large' | 'type' | 'missing' | 'failed';

function errorCode(err: unknown): UploadErrorCode {
  if (err instanceof UploadRefusedError) {
    if (err.statusCode === '413') return 'too-large';
    if (err.statusCode === '415') return 'type';
  }
  return 'failed';
}

export class BatchUploads {
  private progress = new Map<string, UploadProgress>();
  private running = new Map<string, AbortController>();
  private listeners = new Set<() => void>();

  constructor(
    private readonly client: () => Promise<AppSupabaseClient>,
    private readonly store: BatchStore,
    private readonly concurrency = UPLOAD_CONCURRENCY,
  ) {}

  progressOf = (itemId: string): UploadProgress | undefined => this.progress.get(itemId);

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

  /** Starts waiting uploads, oldest first, up to the concurrency. */
  pump(userId: string) {
    const draft = this.store.peek(userId);
    if (!draft) return;
    if (isOffline()) {
      if (draft.items.some((i) => i.upload.state === 'queued' || i.upload.state === 'uploading'))
        void requestUploadSync();
      return;
    }
    for (const item of draft.items) {
      if (this.running.size >= this.concurrency) break;
      if ((item.upload.state === 'queued' || item.upload.state === 'uploading') && !this.running.has(item.id))
        void this.upload(userId, item.id);
    }
  }

  /** A failed upload, tried again. */
  retry(userId: string, itemId: string) {
    this.store.dispatch(userId, { type: 'updateUpload', itemId, upload: { state: 'queued', error: null } });
    this.pump(userId);
  }

  private async upload(userId: string, itemId: string): Promise<void> {
    const item = this.store.peek(userId)?.items.find((i) => i.id === itemId);
    if (!item || this.running.has(itemId) || item.upload.state === 'uploaded') return;
    const controller = new AbortController();
    this.running.set(itemId, controller);
    this.progress.set(itemId, { loaded: 0, total: item.bytes });
    this.store.dispatch(userId, {
      type: 'updateUpload',
      itemId,
      upload: { state: 'uploading', error: null },
    });
    this.emit();
    try {
      const blob = await this.store.getPhoto(itemId);
      if (!blob) {
        this.store.dispatch(userId, {
          type: 'updateUpload',
          itemId,
          upload: { state: 'failed', error: 'missing' },
        });
        return;
      }
      const client = await this.client();
      const path = await uploadPhotoFile(
        client,
        // the item's id keeps two photos of the same name apart in one millisecond
        { userId, blob, fileName: `${itemId.slice(0, 8)}-${item.fileName}`, mimeType: item.mimeType },
        (p) => {
          this.progress.set(itemId, p);
          this.emit();
        },
        controller.signal,
      );
      if (!this.store.peek(userId)?.items.some((i) => i.id === itemId)) {
        await removeUploadedFile(client, path).catch(() => {});
        return;
      }
      this.store.dispatch(userId, {
        type: 'updateUpload',
        itemId,
        upload: { state: 'uploaded', path, error: null },
      });
    } catch (err) {
      if ((err as { name?: string }).name === 'AbortError') return;
      const offline = isOffline() || isNetworkError(err);
      if (offline) void requestUploadSync();
      this.store.dispatch(userId, {
        type: 'updateUpload',
        itemId,
        upload: offline ? { state: 'queued', error: null } : { state: 'failed', error: errorCode(err) },
      });
    } finally {
      this.running.delete(itemId);
      this.progress.delete(itemId);
      this.emit();
      // the next waiting photo takes the freed place
      if (!isOffline()) this.pump(userId);
    }
  }

  /** Stops an upload in flight, or removes a stored photo (the item was removed). */
  async remove(userId: string, itemId: string, path: string | null) {
    this.running.get(itemId)?.abort();
    if (path) await removeUploadedFile(await this.client(), path).catch(() => {});
    this.pump(userId);
  }
}

export const batchUploads = new BatchUploads(async () => supabase, batchStore);
