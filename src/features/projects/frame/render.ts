// The page's side of framing: in the worker where the browser has OffscreenCanvas there, else
// on the page. Rejects when the image cannot be decoded or the format cannot be encoded.
import { type FramedImage, frameImage, UnsupportedFormatError } from './draw.ts';
import type { FrameReply, FrameRequest } from './frame-worker.ts';
import type { MarketplaceFrame } from './sizes.ts';

let worker: Worker | null = null;
let seq = 0;
const pending = new Map<number, { resolve: (i: FramedImage) => void; reject: (e: Error) => void }>();

function framer(): Worker | null {
  if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') return null;
  if (!worker) {
    const w = new Worker(new URL('./frame-worker.ts', import.meta.url), { type: 'module' });
    w.onmessage = (e: MessageEvent<FrameReply>) => {
      const reply = e.data;
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      if (reply.ok) waiting.resolve({ blob: reply.blob, width: reply.width, height: reply.height });
      else
        waiting.reject(
          reply.unsupported ? new UnsupportedFormatError(reply.message) : new Error(reply.message),
        );
    };
    w.onerror = () => {
      // a crashed worker (out of memory): fail what it held, start afresh next time
      for (const p of pending.values()) p.reject(new Error('the framing worker stopped'));
      pending.clear();
      w.terminate();
      worker = null;
    };
    worker = w;
  }
  return worker;
}

/** The image framed for a marketplace and encoded as `mime`. */
export function renderFrame(
  file: Blob,
  frame: MarketplaceFrame,
  mime: string,
  quality: number,
): Promise<FramedImage> {
  const w = framer();
  if (!w) return frameImage(file, frame, mime, quality);
  const id = ++seq;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.postMessage({ id, file, frame, mime, quality } satisfies FrameRequest);
  });
}

export { UnsupportedFormatError };
