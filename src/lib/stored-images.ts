// The service worker's copies of the seller's stored images (src/sw/stored-images.ts): the app
// removes them when the seller signs out, so the next person on the device finds none.
import { matchCopy, STORED_IMAGES_CACHE, storedImageRead } from './stored-image-keys.ts';

export async function forgetStoredImages(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(STORED_IMAGES_CACHE).catch(() => false);
}

/**
 * Whether the service worker holds the copy an unsigned address asks for (unsignedImageUrl):
 * the app looks in Cache Storage itself before it asks the worker, which answers a copy it does
 * not hold with a 404 and a console error. Never creates the cache (after sign-out there is none).
 */
export async function holdsStoredCopy(url: string): Promise<boolean> {
  if (typeof caches === 'undefined') return false;
  const read = storedImageRead(new URL(url));
  if (!read || read.signed) return false;
  try {
    return (await matchCopy((key, options) => caches.match(key, options), read)) !== undefined;
  } catch {
    return false;
  }
}
