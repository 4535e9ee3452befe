// Sends draft photos to storage, one upload per photo at a time, with byte progress for the
// screen. A photo chosen offline waits as 'queued' and goes out when the connection returns
// (pump() is called on 'online' and when a wizard opens); an upload cut by a lost connection
// is queued again. A photo removed while it uploads is removed from storage once stored.
import { isNetworkError } from '../../../lib/errors/index.ts';
import { supabase, type AppSupabaseClient } from '../../../lib/supabase.ts';
import type { Flow } from '../model/steps.ts';
import { FLOWS } from '../model/steps.ts';
import { removeUploadedFile, uploadPhotoFile, UploadRefusedError, type UploadProgress } from '../upload.ts';
import { draftStore, type DraftStore } from './draft-store.ts';
import { outbox, type Outbox } from './outbox.ts';
import { requestUploadSync } from './upload-sync.ts';

/** Why an upload failed, for the screen's words. */
export type UploadErrorCode = 'too-large' | 'type' | 'missing' | 'failed';

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

function errorCode(err: unknown): UploadErrorCode {
  if (err instanceof UploadRefusedError) {
    if (err.statusCode === '413') return 'too-large';
    if (err.statusCode === '415') return 'type';
  }
  return 'failed';
}

export class UploadManager {
  private progress = new Map<string, UploadProgress>();
  private running = new Map<string, AbortController>();
  private listeners = new Set<() => void>();

  constructor(
    private readonly client: () => Promise<AppSupabaseClient>,
    private readonly store: DraftStore,
    private readonly box: Outbox,
  ) {}

  progressOf = (photoId: string): UploadProgress | undefined => this.progress.get(photoId);

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  private emit() {
    for (const l of this.listeners) l();
  }

  /** Uploads whatever waits in the user's drafts, and sends the outbox. */
  pump(userId: string) {
    if (isOffline()) return;
    void this.client().then((client) =>
      this.box.flush(userId, { removeUpload: (path) => removeUploadedFile(client, path) }),
    );
    for (const flow of FLOWS) {
      const draft = this.store.peek(userId, flow);
      for (const photo of draft?.photos ?? []) {
        if (
          (photo.upload.state === 'queued' || photo.upload.state === 'uploading') &&
          !this.running.has(photo.id)
        ) {
          void this.upload(userId, flow, photo.id);
        }
      }
    }
  }

  /** Uploads one photo of a draft now (or queues it while offline). */
  async upload(userId: string, flow: Flow, photoId: string): Promise<void> {
    const photo = this.store.peek(userId, flow)?.photos.find((p) => p.id === photoId);
    if (!photo || this.running.has(photoId) || photo.upload.state === 'uploaded') return;
    if (isOffline()) {
      this.store.dispatch(userId, flow, {
        type: 'updateUpload',
        photoId,
        upload: { state: 'queued', error: null },
      });
      void requestUploadSync();
      return;
    }
    const controller = new AbortController();
    this.running.set(photoId, controller);
    this.progress.set(photoId, { loaded: 0, total: photo.bytes });
    this.store.dispatch(userId, flow, {
      type: 'updateUpload',
      photoId,
      upload: { state: 'uploading', error: null },
    });
    this.emit();
    try {
      const blob = await this.store.getPhoto(photoId);
      if (!blob) {
        this.store.dispatch(userId, flow, {
          type: 'updateUpload',
          photoId,
          upload: { state: 'failed', error: 'missing' },
        });
        return;
      }
      const client = await this.client();
      const path = await uploadPhotoFile(
        client,
        { userId, blob, fileName: photo.fileName, mimeType: photo.mimeType },
        (p) => {
          this.progress.set(photoId, p);
          this.emit();
        },
        controller.signal,
      );
      const stillWanted = this.store.peek(userId, flow)?.photos.some((p) => p.id === photoId);
      if (!stillWanted) {
        await this.discard(userId, path);
        return;
      }
      this.store.dispatch(userId, flow, {
        type: 'updateUpload',
        photoId,
        upload: { state: 'uploaded', path, error: null },
      });
    } catch (err) {
      if ((err as { name?: string }).name === 'AbortError') return;
      const offline = isOffline() || isNetworkError(err);
      if (offline) void requestUploadSync();
      this.store.dispatch(userId, flow, {
        type: 'updateUpload',
        photoId,
        upload: offline ? { state: 'queued', error: null } : { state: 'failed', error: errorCode(err) },
      });
    } finally {
      this.running.delete(photoId);
      this.progress.delete(photoId);
      this.emit();
    }
  }

  /** Stops an upload in flight (the photo was removed). */
  cancel(photoId: string) {
    this.running.get(photoId)?.abort();
  }

  /** Removes a stored photo now, or when the connection returns. */
  async discard(userId: string, path: string): Promise<void> {
    if (isOffline()) {
      await this.box.enqueueRemoval(userId, path);
      return;
    }
    try {
      await removeUploadedFile(await this.client(), path);
    } catch (err) {
      if (isOffline() || isNetworkError(err)) await this.box.enqueueRemoval(userId, path);
      else throw err;
    }
  }
}

export const uploadManager = new UploadManager(async () => supabase, draftStore, outbox);
