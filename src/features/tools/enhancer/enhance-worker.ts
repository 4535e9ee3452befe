// The Image Enhancer's worker: decodes the prepared photo, runs the model tile by tile and
// encodes the PNG, so the page keeps answering (and can cancel) throughout. Loaded only by the
// enhancer's page; TensorFlow.js and the model come with it, never with the rest of the app.
import type { EnhanceReply, EnhanceRequest } from './protocol.ts';
import { loadModel } from './model.ts';
import type { Rgba } from './tiling.ts';
import { EnhancerError, createEnhancer } from './worker-core.ts';

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<EnhanceRequest>) => void) | null;
  postMessage: (reply: EnhanceReply) => void;
};

function canvas(width: number, height: number) {
  if (typeof OffscreenCanvas === 'undefined') throw new EnhancerError('unsupported', 'no OffscreenCanvas');
  const c = new OffscreenCanvas(width, height);
  const ctx = c.getContext('2d');
  if (!ctx) throw new EnhancerError('unsupported', 'no 2d context');
  return { c, ctx };
}

async function decode(photo: Blob): Promise<Rgba> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(photo);
  } catch {
    throw new EnhancerError('unreadable');
  }
  try {
    const { ctx } = canvas(bitmap.width, bitmap.height);
    ctx.drawImage(bitmap, 0, 0);
    return ctx.getImageData(0, 0, bitmap.width, bitmap.height);
  } finally {
    bitmap.close();
  }
}

async function encode(image: Rgba): Promise<Blob> {
  const { c, ctx } = canvas(image.width, image.height);
  ctx.putImageData(
    new ImageData(image.data as Uint8ClampedArray<ArrayBuffer>, image.width, image.height),
    0,
    0,
  );
  return c.convertToBlob({ type: 'image/png' });
}

const handle = createEnhancer({
  decode,
  encode,
  loadModel: (factor) => loadModel(factor),
  post: (reply) => scope.postMessage(reply),
});

scope.onmessage = (e) => handle(e.data);
