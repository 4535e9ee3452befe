// A result framed for a marketplace (sizes.ts) and encoded: decoded, its border sampled for the
// padding colour, drawn whole and centred, encoded in the chosen format. Runs in the frame
// worker, or on the page where a browser has no OffscreenCanvas in workers.
import { cssColour, edgeStrips, medianColour, type Rgba } from './edge-colour.ts';
import { FRAMES, frameLayout, type MarketplaceFrame } from './sizes.ts';

export interface FramedImage {
  blob: Blob;
  width: number;
  height: number;
}

/** The browser could not encode the chosen type (Safari and WebP): the page names the format. */
export class UnsupportedFormatError extends Error {
  constructor(readonly mime: string) {
    super(`this browser cannot encode ${mime}`);
    this.name = 'UnsupportedFormatError';
  }
}

type Context2D = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;

function canvasOf(width: number, height: number) {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d', { willReadFrequently: false });
    if (!ctx) throw new Error('no 2d context');
    return {
      ctx: ctx as Context2D,
      encode: (type: string, quality: number) => canvas.convertToBlob({ type, quality }),
    };
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d context');
  return {
    ctx: ctx as Context2D,
    encode: (type: string, quality: number) =>
      new Promise<Blob>((resolve, reject) =>
        canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the canvas gave no image'))), type, quality),
      ),
  };
}

/** The image's background colour: the median of its border pixels. */
function sampleEdges(bitmap: ImageBitmap): Rgba {
  const { ctx } = canvasOf(bitmap.width, bitmap.height);
  ctx.drawImage(bitmap, 0, 0);
  const runs = edgeStrips(bitmap.width, bitmap.height).map(
    (s) => ctx.getImageData(s.x, s.y, s.width, s.height).data,
  );
  return medianColour(runs);
}

export async function frameImage(
  file: Blob,
  frame: MarketplaceFrame,
  mime: string,
  quality: number,
): Promise<FramedImage> {
  const bitmap = await createImageBitmap(file);
  try {
    const layout = frameLayout(bitmap, FRAMES[frame]);
    const colour = sampleEdges(bitmap);
    const { ctx, encode } = canvasOf(layout.width, layout.height);
    const jpeg = mime === 'image/jpeg';
    // JPG has no transparency: a see-through border (a cut-out) pads white, as a plain conversion does
    if (jpeg) {
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, layout.width, layout.height);
    }
    ctx.fillStyle = cssColour(colour);
    ctx.fillRect(0, 0, layout.width, layout.height);
    // PNG and WebP keep the image's own transparency where it is drawn
    if (!jpeg) ctx.clearRect(layout.x, layout.y, layout.drawWidth, layout.drawHeight);
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(bitmap, layout.x, layout.y, layout.drawWidth, layout.drawHeight);
    const blob = await encode(mime, quality);
    // browsers that cannot encode a type silently answer PNG instead
    if (blob.type !== mime) throw new UnsupportedFormatError(mime);
    return { blob, width: layout.width, height: layout.height };
  } finally {
    bitmap.close();
  }
}
