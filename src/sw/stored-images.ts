// The service worker's copy of the stored images a seller has seen (src/lib/stored-image-keys.ts says
// how they are filed). A screen used to sign and download every picture again on every opening
// of the app; now a screen the worker controls first asks for its copy without signing, and
// signs (the worker then files what comes) only when there is none. Offline it takes any copy
// of the object. Cleared when the seller signs out.
import {
  matchCopy,
  STORED_IMAGES_CACHE,
  type StoredImageRead,
  storedImageRead,
} from '../lib/stored-image-keys.ts';

/** About 15 MB of thumbnails and panes; the oldest copies go first. */
export const STORED_IMAGES_MAX = 200;

interface FetchEventLike extends Event {
  request: Request;
  respondWith(response: Promise<Response>): void;
  waitUntil(work: Promise<unknown>): void;
}

export interface StoredImagesDeps {
  caches: Pick<CacheStorage, 'open'>;
  fetch: (request: Request) => Promise<Response>;
  /** keeps the worker alive for the filing, which goes on after the page has its answer */
  waitUntil: (work: Promise<unknown>) => void;
}

async function keepAtMost(cache: Cache, max: number) {
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - max))) await cache.delete(old);
}

/** What the worker answers: an image read of a stored object (null for anything else). */
function imageReadOf(request: Request): StoredImageRead | null {
  if (request.method !== 'GET' || request.destination !== 'image') return null;
  return storedImageRead(new URL(request.url));
}

export const isStoredImageRequest = (request: Request) => imageReadOf(request) !== null;

/** What the worker says when it has no copy for a read without a token: Storage could not answer
 *  it either. The app asks only for copies it saw (src/lib/stored-images.ts): one gone since. */
const NO_COPY = () => new Response(null, { status: 404, statusText: 'No copy on this device' });

export async function answerStoredImage(
  request: Request,
  deps: StoredImagesDeps,
  read = storedImageRead(new URL(request.url)),
): Promise<Response> {
  if (!read) return deps.fetch(request);
  const cache = await deps.caches.open(STORED_IMAGES_CACHE);
  if (!read.signed) {
    return (await matchCopy((key, options) => cache.match(key, options), read)) ?? NO_COPY();
  }
  const filed = await cache.match(read.key, { ignoreVary: true });
  if (filed) return filed;
  const response = await deps.fetch(request);
  if (response.status === 200 && (response.type === 'cors' || response.type === 'basic')) {
    const key = read.key;
    const copy = response.clone();
    deps.waitUntil(
      (async () => {
        try {
          await cache.put(key, copy);
          await keepAtMost(cache, STORED_IMAGES_MAX);
        } catch {
          // storage full or refused: the picture was shown all the same
        }
      })(),
    );
  }
  return response;
}

if (typeof self !== 'undefined' && 'addEventListener' in self && typeof window === 'undefined') {
  const scope = self as unknown as {
    addEventListener(type: 'fetch', listener: (event: FetchEventLike) => void): void;
  };
  scope.addEventListener('fetch', (event) => {
    const read = imageReadOf(event.request);
    if (!read) return;
    event.respondWith(
      answerStoredImage(
        event.request,
        { caches, fetch: (r) => fetch(r), waitUntil: (work) => event.waitUntil(work) },
        read,
      ),
    );
  });
}
