// The photo pipeline as it runs inside a worker: inspect, decode with the camera's
// orientation applied, bring the long edge down to 2048 px, encode at the highest quality that
// fits the byte budget (limits.ts).
// The page never freezes on a 12 MP photo because none of this runs on the main thread.
import type { Pixels } from './heic.ts';
import { inspectBytes, type PhotoProblem } from './inspect.ts';
import {
  BYTE_BUDGET,
  encodeWithinBudget,
  MAX_INPUT_BYTES,
  QUALITY_LADDER,
  preparedFileName,
  targetSize,
} from './limits.ts';

export interface PrepareRequest {
  id: number;
  file: Blob;
  name: string;
  byteBudget: number;
}

export interface PreparedPhoto {
  blob: Blob;
  mimeType: 'image/jpeg' | 'image/webp';
  fileName: string;
  width: number;
  height: number;
  /** the photo as taken, after orientation */
  sourceWidth: number;
  sourceHeight: number;
  sourceBytes: number;
  sourceKind: string;
  /** time spent in the worker */
  ms: number;
  quality: number;
}

export type PrepareResponse =
  | { id: number; ok: true; photo: PreparedPhoto }
  | { id: number; ok: false; problem: PhotoProblem; width?: number; height?: number };

export class PrepareError extends Error {
  constructor(
    readonly problem: PhotoProblem,
    readonly size?: { width: number; height: number },
  ) {
    super(problem);
  }
}

type HeicDecoder = (bytes: Uint8Array) => Promise<Pixels>;

async function decode(
  file: Blob,
  bytes: Uint8Array,
  kind: string,
  decodeHeic: HeicDecoder | null,
): Promise<{ bitmap: ImageBitmap; alphaPossible: boolean }> {
  // Browsers that read HEIC themselves (Safari) need no libheif.
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    return { bitmap, alphaPossible: kind !== 'jpeg' };
  } catch (err) {
    if (kind !== 'heic') throw new PrepareError('unreadable', undefined);
    if (!decodeHeic) throw err;
  }
  let pixels: Pixels;
  try {
    pixels = await decodeHeic(bytes);
  } catch (err) {
    const problem = (err as { problem?: PhotoProblem }).problem;
    throw new PrepareError(problem === 'too-many-pixels' ? 'too-many-pixels' : 'unreadable');
  }
  const bitmap = await createImageBitmap(
    new ImageData(pixels.data as Uint8ClampedArray<ArrayBuffer>, pixels.width, pixels.height),
  );
  return { bitmap, alphaPossible: pixels.hasAlpha };
}

function hasTransparency(ctx: OffscreenCanvasRenderingContext2D, width: number, height: number): boolean {
  const { data } = ctx.getImageData(0, 0, width, height);
  for (let i = 3; i < data.length; i += 4) if (data[i] < 255) return true;
  return false;
}

export async function preparePhotoBlob(
  file: Blob,
  name: string,
  decodeHeic: HeicDecoder | null,
  byteBudget = BYTE_BUDGET,
): Promise<PreparedPhoto> {
  const started = performance.now();
  if (file.size > MAX_INPUT_BYTES) throw new PrepareError('file-too-large');
  const bytes = new Uint8Array(await file.arrayBuffer());
  const inspection = inspectBytes(bytes);
  if (!inspection.ok) throw new PrepareError(inspection.problem, inspection.size);

  const { bitmap, alphaPossible } = await decode(file, bytes, inspection.kind, decodeHeic);
  try {
    const source = { width: bitmap.width, height: bitmap.height };
    const target = targetSize(source);
    const canvas = new OffscreenCanvas(target.width, target.height);
    const ctx = canvas.getContext('2d', { willReadFrequently: alphaPossible });
    if (!ctx) throw new PrepareError('unreadable');
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(bitmap, 0, 0, target.width, target.height);

    // Transparent cut-outs stay transparent (WebP); everything else becomes a JPEG.
    const mimeType =
      alphaPossible && hasTransparency(ctx, target.width, target.height) ? 'image/webp' : 'image/jpeg';
    const { encoded: blob, quality } = await encodeWithinBudget(QUALITY_LADDER, byteBudget, (q) =>
      canvas.convertToBlob({ type: mimeType, quality: q }),
    );
    return {
      blob,
      mimeType,
      fileName: preparedFileName(name, mimeType),
      width: target.width,
      height: target.height,
      sourceWidth: source.width,
      sourceHeight: source.height,
      sourceBytes: file.size,
      sourceKind: inspection.kind,
      ms: Math.round(performance.now() - started),
      quality,
    };
  } finally {
    bitmap.close();
  }
}

/** The worker's message handler, shared by the plain and the HEIC worker. */
export function servePrepareRequests(
  scope: { onmessage: unknown; postMessage: (m: PrepareResponse) => void },
  decodeHeic: HeicDecoder | null,
) {
  scope.onmessage = async (event: MessageEvent<PrepareRequest>) => {
    const { id, file, name, byteBudget } = event.data;
    try {
      const photo = await preparePhotoBlob(file, name, decodeHeic, byteBudget);
      scope.postMessage({ id, ok: true, photo });
    } catch (err) {
      if (err instanceof PrepareError) {
        scope.postMessage({
          id,
          ok: false,
          problem: err.problem,
          width: err.size?.width,
          height: err.size?.height,
        });
      } else {
        scope.postMessage({ id, ok: false, problem: 'unreadable' });
      }
    }
  };
}
