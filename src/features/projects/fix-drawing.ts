// The fix dialog's drawing (spec 1 §8): a canvas of 449.61×678.97 CSS px (300×450 on screens
// up to 768 px), the image fitted inside it, red strokes of size 3. Strokes are kept in canvas
// coordinates; the annotated image sent with the fix is drawn at the image's own size, the
// strokes scaled to match, so the marks sit where the seller drew them.

export const FIX_CANVAS = { width: 449.61, height: 678.97 } as const;
export const FIX_CANVAS_PHONE = { width: 300, height: 450 } as const;
export const BRUSH = { colour: '#ff0000', size: 3 } as const;

export type Point = readonly [number, number];
export type Stroke = readonly Point[];

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where an image of w×h is drawn inside a box, fitted whole and centred. */
export function containRect(w: number, h: number, boxW: number, boxH: number): Rect {
  const scale = Math.min(boxW / w, boxH / h);
  const width = w * scale;
  const height = h * scale;
  return { x: (boxW - width) / 2, y: (boxH - height) / 2, width, height };
}

/** A canvas point in the image's own pixels (the drawn rectangle maps onto the whole image). */
export function toImagePoint([x, y]: Point, drawn: Rect, imageW: number): Point {
  const scale = imageW / drawn.width;
  return [(x - drawn.x) * scale, (y - drawn.y) * scale];
}

export function drawStrokes(
  ctx: CanvasRenderingContext2D,
  strokes: readonly Stroke[],
  lineWidth: number,
  map: (p: Point) => Point = (p) => p,
) {
  ctx.save();
  ctx.strokeStyle = BRUSH.colour;
  ctx.fillStyle = BRUSH.colour;
  ctx.lineWidth = lineWidth;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const stroke of strokes) {
    if (stroke.length === 0) continue;
    const [x0, y0] = map(stroke[0]);
    if (stroke.length === 1) {
      ctx.beginPath();
      ctx.arc(x0, y0, lineWidth / 2, 0, Math.PI * 2);
      ctx.fill();
      continue;
    }
    ctx.beginPath();
    ctx.moveTo(x0, y0);
    for (let i = 1; i < stroke.length; i++) {
      const [x, y] = map(stroke[i]);
      ctx.lineTo(x, y);
    }
    ctx.stroke();
  }
  ctx.restore();
}

/** The annotated image: the picture at its own size with the strokes over it, as a PNG. */
export async function exportAnnotated(
  image: HTMLImageElement,
  strokes: readonly Stroke[],
  box: { width: number; height: number },
): Promise<Blob> {
  const w = image.naturalWidth;
  const h = image.naturalHeight;
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d canvas');
  ctx.drawImage(image, 0, 0, w, h);
  const drawn = containRect(w, h, box.width, box.height);
  drawStrokes(ctx, strokes, BRUSH.size * (w / drawn.width), (p) => toImagePoint(p, drawn, w));
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('the drawing could not be exported');
  return blob;
}
