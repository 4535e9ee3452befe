// A screen's hold on an UploadQueue: a photo's bytes sent so far, and the pump that runs while
// the screen is open.
import { useEffect, useSyncExternalStore } from 'react';
import type { UploadQueue } from './upload-queue.ts';

/** Bytes sent of a photo's upload in flight. */
export function useUploadProgress(queue: UploadQueue, photoId: string) {
  return useSyncExternalStore(queue.subscribe, () => queue.progressOf(photoId));
}

/** How often waiting uploads are looked at again: the 'online' event is not always told (a page
 *  loaded offline, a connection that comes back without the browser noticing). */
export const UPLOAD_PUMP_MS = 5000;

/** Waiting uploads go out while the screen is open: at once, whenever the browser says it is
 *  back online (without waiting out a retry's pause), and every few seconds. */
export function useUploadPump(queue: UploadQueue, userId: string) {
  useEffect(() => {
    const resume = () => queue.resume(userId);
    const pump = () => queue.pump(userId);
    resume();
    window.addEventListener('online', resume);
    const timer = window.setInterval(pump, UPLOAD_PUMP_MS);
    return () => {
      window.removeEventListener('online', resume);
      window.clearInterval(timer);
    };
  }, [queue, userId]);
}
