// The photo combiner's layout (spec 2 §9): the photos stacked vertically, each centred, on a
// white canvas as wide as the widest photo and as tall as all of them together. Each photo is
// first brought down to at most MAX_PHOTO_WIDTH (2048 px) wide, proportions kept: two 12 MP
// camera photos made a 3669×4572 PNG of 23 MB, more than a shop or a chat accepts. A canvas
// the browser cannot allocate (iPhones stop at 16.7 megapixels, every browser at 16,384 px a
// side) would fail, so a larger composition is scaled down as a whole — layout kept.

export interface Size {
  width: number;
  height: number;
}

export interface Placement {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** No photo is drawn wider than this. */
export const MAX_PHOTO_WIDTH = 2048;

export interface CombinedLayout {
  width: number;
  height: number;
  /** 1 when every photo is at its natural size; else the largest scale any photo was drawn at */
  scale: number;
  placements: Placement[];
}

export interface CanvasLimits {
  maxSide: number;
  maxPixels: number;
}

/** What every current browser can draw into (Safari on iOS is the tightest). */
export const CANVAS_LIMITS: CanvasLimits = { maxSide: 16_384, maxPixels: 16_777_216 };

const positive = (n: number) => Number.isFinite(n) && n > 0;

export function combineLayout(
  sizes: readonly Size[],
  limits: CanvasLimits = CANVAS_LIMITS,
  maxPhotoWidth = MAX_PHOTO_WIDTH,
): CombinedLayout {
  if (sizes.length === 0) throw new RangeError('nothing to combine');
  for (const s of sizes) {
    if (!positive(s.width) || !positive(s.height))
      throw new RangeError(`invalid photo size ${s.width}×${s.height}`);
  }
  // each photo at most maxPhotoWidth wide, then the whole within the canvas limits
  const own = sizes.map((s) => Math.min(1, maxPhotoWidth / s.width));
  const naturalWidth = Math.max(...sizes.map((s, i) => s.width * own[i]));
  const naturalHeight = sizes.reduce((sum, s, i) => sum + s.height * own[i], 0);
  const whole = Math.min(
    1,
    limits.maxSide / naturalWidth,
    limits.maxSide / naturalHeight,
    Math.sqrt(limits.maxPixels / (naturalWidth * naturalHeight)),
  );
  const scales = own.map((o) => o * whole);
  const scale = Math.max(...scales);
  // Each photo's drawn size, rounded; the canvas is made of exactly these.
  const drawn = sizes.map((s, i) => ({
    width: Math.max(1, Math.floor(s.width * scales[i])),
    height: Math.max(1, Math.floor(s.height * scales[i])),
  }));
  const width = Math.max(...drawn.map((d) => d.width));
  let y = 0;
  const placements = drawn.map((d) => {
    const placement = { x: Math.floor((width - d.width) / 2), y, width: d.width, height: d.height };
    y += d.height;
    return placement;
  });
  return { width, height: y, scale, placements };
}
