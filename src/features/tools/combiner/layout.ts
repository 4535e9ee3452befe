// The photo combiner's layout (spec 2 §9): the photos stacked vertically, each centred, on a
// white canvas as wide as the widest photo and as tall as all of them together. A canvas the
// browser cannot allocate (iPhones stop at 16.7 megapixels, every browser at 16,384 px a side)
// would fail, so a larger composition is scaled down as a whole — proportions and layout kept.

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

export interface CombinedLayout {
  width: number;
  height: number;
  /** 1 at natural size; below 1 when the composition had to be scaled down */
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

export function combineLayout(sizes: readonly Size[], limits: CanvasLimits = CANVAS_LIMITS): CombinedLayout {
  if (sizes.length === 0) throw new RangeError('nothing to combine');
  for (const s of sizes) {
    if (!positive(s.width) || !positive(s.height))
      throw new RangeError(`invalid photo size ${s.width}×${s.height}`);
  }
  const naturalWidth = Math.max(...sizes.map((s) => s.width));
  const naturalHeight = sizes.reduce((sum, s) => sum + s.height, 0);
  const scale = Math.min(
    1,
    limits.maxSide / naturalWidth,
    limits.maxSide / naturalHeight,
    Math.sqrt(limits.maxPixels / (naturalWidth * naturalHeight)),
  );
  // Each photo's drawn size, rounded; the canvas is made of exactly these.
  const drawn = sizes.map((s) => ({
    width: Math.max(1, Math.floor(s.width * scale)),
    height: Math.max(1, Math.floor(s.height * scale)),
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
