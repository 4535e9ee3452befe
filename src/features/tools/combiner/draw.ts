// Draws the combination (layout.ts) and encodes it as PNG. Runs in the combiner's worker, or
// on the page where a browser has no OffscreenCanvas in workers.
import { combineLayout, type CombinedLayout } from './layout.ts';

export interface CombinedImage {
  blob: Blob;
  width: number;
  height: number;
  scale: number;
}

type Context2D = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;

function canvasOf(width: number, height: number): { ctx: Context2D; toPng: () => Promise<Blob> } {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    return { ctx, toPng: () => canvas.convertToBlob({ type: 'image/png' }) };
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d context');
  return {
    ctx,
    toPng: () =>
      new Promise((resolve, reject) =>
        canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the canvas gave no PNG'))), 'image/png'),
      ),
  };
}

export function paint(ctx: Context2D, layout: CombinedLayout, images: readonly CanvasImageSource[]) {
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, layout.width, layout.height);
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  layout.placements.forEach((p, i) => {
    ctx.drawImage(images[i], p.x, p.y, p.width, p.height);
  });
}

/** The photos (decoded with their camera orientation), combined into one PNG. */
export async function combinePhotos(files: readonly Blob[]): Promise<CombinedImage> {
  const bitmaps = await Promise.all(
    files.map((f) => createImageBitmap(f, { imageOrientation: 'from-image' })),
  );
  try {
    const layout = combineLayout(bitmaps.map((b) => ({ width: b.width, height: b.height })));
    const { ctx, toPng } = canvasOf(layout.width, layout.height);
    paint(ctx, layout, bitmaps);
    const blob = await toPng();
    return { blob, width: layout.width, height: layout.height, scale: layout.scale };
  } finally {
    for (const b of bitmaps) b.close();
  }
}
