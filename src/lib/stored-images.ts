// The service worker's copies of the seller's stored images (src/sw/stored-images.ts): the app
// removes them when the seller signs out, so the next person on the device finds none.
import { STORED_IMAGES_CACHE } from '../sw/stored-image-keys.ts';

export async function forgetStoredImages(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(STORED_IMAGES_CACHE).catch(() => false);
}
