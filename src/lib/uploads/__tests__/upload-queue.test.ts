// The upload queue the wizard and the Batch Processor share: three at a time, oldest first;
// after a lost connection a photo waits a pause that doubles, unless the connection is said to
// be back; a refusal waits for the seller; a photo left 'uploading' by a closed page goes again;
// a removed photo's upload stops and its stored file is removed; offline, nothing is sent.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UploadRefusedError } from '../../signed-upload.ts';
import type { AppSupabaseClient } from '../../supabase.ts';
import type { Outbox } from '../outbox.ts';
import { RETRY_BASE_MS, UploadQueue, type QueuedPhoto, type UploadState } from '../upload-queue.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const lost = () => new TypeError('Failed to fetch');

function photo(id: string, upload: UploadState = { state: 'queued', path: null, error: null }): QueuedPhoto {
  return { id, fileName: `${id}.jpg`, mimeType: 'image/jpeg', bytes: 10, upload };
}

/** A queue over photos in memory, with uploads the test answers one by one. */
function setup(photos: QueuedPhoto[]) {
  let now = 0;
  const timers: { at: number; fn: () => void }[] = [];
  const sends: { id: string; name: string; resolve: (path: string) => void; reject: (e: unknown) => void }[] =
    [];
  const removed: string[] = [];
  const upload = vi.fn(
    (_c: unknown, input: { fileName: string }, _p: unknown, signal?: AbortSignal) =>
      new Promise<string>((resolve, reject) => {
        const id = input.fileName.replace(/\.jpg$/, '');
        sends.push({ id, name: input.fileName, resolve, reject });
        signal?.addEventListener('abort', () => reject(new DOMException('stopped', 'AbortError')));
      }),
  );
  const outbox = { flush: async () => 0, enqueueRemoval: vi.fn(async () => {}) };
  const queue = new UploadQueue({
    client: async () => ({}) as AppSupabaseClient,
    source: {
      photos: () => photos,
      update: (_u, id, next) => {
        const p = photos.find((x) => x.id === id);
        if (p) p.upload = { ...p.upload, ...next };
      },
      bytes: async (id) => (id === 'gone' ? undefined : new Blob([id])),
    },
    outbox: outbox as unknown as Outbox,
    transfer: {
      upload,
      remove: async (_c, path) => {
        removed.push(path);
      },
    },
    now: () => now,
    setTimer: (fn, ms) => timers.push({ at: now + ms, fn }),
  });
  const settle = () => new Promise((r) => setTimeout(r, 0));
  const state = () => Object.fromEntries(photos.map((p) => [p.id, p.upload.state]));
  /** the clock moves on; timers due by then fire */
  const wait = async (ms: number) => {
    now += ms;
    for (const t of timers.splice(0).filter((t) => t.at <= now || !timers.push(t))) t.fn();
    await settle();
  };
  return { queue, sends, removed, upload, outbox, settle, state, wait };
}

describe('UploadQueue', () => {
  it('sends three at a time, oldest first; a finished one makes room for the next', async () => {
    const photos = ['a', 'b', 'c', 'd', 'e'].map((id) => photo(id));
    const { queue, sends, settle, state } = setup(photos);
    queue.pump('u1');
    await settle();
    expect(sends.map((s) => s.id)).toEqual(['a', 'b', 'c']);
    expect(queue.inFlight).toBe(3);
    expect(state()).toEqual({ a: 'uploading', b: 'uploading', c: 'uploading', d: 'queued', e: 'queued' });
    queue.pump('u1');
    await settle();
    expect(sends).toHaveLength(3);

    sends[1].resolve('u1/1-b.jpg');
    await settle();
    expect(sends.map((s) => s.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(photos[1].upload).toMatchObject({ state: 'uploaded', path: 'u1/1-b.jpg' });
    for (const s of sends.slice()) s.resolve(`u1/${s.id}.jpg`);
    await settle();
    for (const s of sends.slice(4)) s.resolve(`u1/${s.id}.jpg`);
    await settle();
    expect(Object.values(state())).toEqual(['uploaded', 'uploaded', 'uploaded', 'uploaded', 'uploaded']);
    expect(queue.inFlight).toBe(0);
  });

  it('after a lost connection waits a pause that doubles, and goes at once when told the connection is back', async () => {
    const photos = [photo('a')];
    const { queue, sends, settle, state, wait } = setup(photos);
    queue.pump('u1');
    await settle();
    sends[0].reject(lost());
    await settle();
    expect(state()).toEqual({ a: 'queued' });

    queue.pump('u1');
    await wait(RETRY_BASE_MS - 1);
    expect(sends).toHaveLength(1);
    await wait(1);
    expect(sends).toHaveLength(2);

    sends[1].reject(lost());
    await settle();
    await wait(RETRY_BASE_MS);
    queue.pump('u1');
    await settle();
    expect(sends).toHaveLength(2);
    await wait(RETRY_BASE_MS);
    expect(sends).toHaveLength(3);

    sends[2].reject(lost());
    await settle();
    queue.resume('u1');
    await settle();
    expect(sends).toHaveLength(4);
    sends[3].resolve('u1/a.jpg');
    await settle();
    expect(state()).toEqual({ a: 'uploaded' });
  });

  it('a refusal fails with its reason until the seller retries', async () => {
    const photos = [photo('a'), photo('gone')];
    const { queue, sends, settle, wait } = setup(photos);
    queue.pump('u1');
    await settle();
    sends[0].reject(new UploadRefusedError(413, '413', 'Payload too large'));
    await settle();
    expect(photos[0].upload).toMatchObject({ state: 'failed', error: 'too-large' });
    expect(photos[1].upload).toMatchObject({ state: 'failed', error: 'missing' });
    queue.pump('u1');
    await wait(60_000);
    expect(sends).toHaveLength(1);

    queue.retry('u1', 'a');
    await settle();
    expect(sends).toHaveLength(2);
    expect(photos[0].upload.state).toBe('uploading');
  });

  it("sends again a photo a closed page left 'uploading'", async () => {
    const photos = [
      photo('a', { state: 'uploading', path: null, error: null }),
      photo('b', { state: 'uploaded', path: 'u1/b.jpg', error: null }),
    ];
    const { queue, sends, settle } = setup(photos);
    queue.pump('u1');
    await settle();
    expect(sends.map((s) => s.id)).toEqual(['a']);
  });

  it('a removed photo stops uploading and its stored file is removed; a stored one removed later too', async () => {
    const photos = [photo('a'), photo('b')];
    const { queue, sends, settle, state, removed } = setup(photos);
    queue.pump('u1');
    await settle();
    photos.shift();
    await queue.remove('u1', 'a', null);
    await settle();
    expect(state()).toEqual({ b: 'uploading' });
    expect(queue.inFlight).toBe(1);

    // b is removed while its bytes travel: once stored, the file goes
    const b = photos.shift();
    sends[1].resolve('u1/b.jpg');
    await settle();
    expect(b?.upload.state).toBe('uploading');
    expect(removed).toEqual(['u1/b.jpg']);
  });

  it('sends nothing offline, and queues a removal for when the connection returns', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const photos = [photo('a')];
    const { queue, sends, settle, outbox, removed } = setup(photos);
    queue.pump('u1');
    await settle();
    expect(sends).toHaveLength(0);
    await queue.discard('u1', 'u1/old.jpg');
    expect(outbox.enqueueRemoval).toHaveBeenCalledWith('u1', 'u1/old.jpg');
    expect(removed).toEqual([]);
  });
});
