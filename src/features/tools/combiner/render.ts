// The page's side of combining: in the worker where the browser has OffscreenCanvas there,
// else on the page. Rejects when a photo cannot be decoded or the canvas cannot be made.
import type { CombineReply, CombineRequest } from './combine-worker.ts';
import { type CombinedImage, combinePhotos } from './draw.ts';

let worker: Worker | null = null;
let seq = 0;
const pending = new Map<number, { resolve: (i: CombinedImage) => void; reject: (e: Error) => void }>();

function combiner(): Worker | null {
  if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') return null;
  if (!worker) {
    const w = new Worker(new URL('./combine-worker.ts', import.meta.url), { type: 'module' });
    w.onmessage = (e: MessageEvent<CombineReply>) => {
      const reply = e.data;
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      if (reply.ok)
        waiting.resolve({ blob: reply.blob, width: reply.width, height: reply.height, scale: reply.scale });
      else waiting.reject(new Error(reply.message));
    };
    w.onerror = () => {
      // a crashed worker (out of memory): fail what it held, start afresh next time
      for (const p of pending.values()) p.reject(new Error('the combiner stopped'));
      pending.clear();
      w.terminate();
      worker = null;
    };
    worker = w;
  }
  return worker;
}

export function renderCombination(files: readonly Blob[]): Promise<CombinedImage> {
  const w = combiner();
  if (!w) return combinePhotos(files);
  const id = ++seq;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.postMessage({ id, files: [...files] } satisfies CombineRequest);
  });
}

export type { CombinedImage };
