// Marketplace sizes (docs/marketplace-sizes.md has the guidelines behind each target): the
// result kept whole and centred on a canvas of the marketplace's shape — never cropped —
// padded with the image's own background colour. The canvas is the smallest of that exact
// shape that holds the image at its own size, brought down to the marketplace's target when
// larger; never enlarged beyond the image's own pixels (an HD 1024×1536 result is 1536×1536 as
// a square, not 2048×2048).

export const FRAME_SIZES = ['original', 'square', 'portrait', 'story', 'tall'] as const;
export type FrameSize = (typeof FRAME_SIZES)[number];
export type MarketplaceFrame = Exclude<FrameSize, 'original'>;

export interface FrameShape {
  /** the shape, as whole numbers: width : height */
  ratio: readonly [number, number];
  /** the largest canvas the marketplaces ask for */
  target: { width: number; height: number };
}

export const FRAMES: Record<MarketplaceFrame, FrameShape> = {
  // Shopify's recommended square; Etsy asks 2000 px, Amazon zooms from 1600 px
  square: { ratio: [1, 1], target: { width: 2048, height: 2048 } },
  // Instagram feed portrait: shown 1080 px wide, larger uploads are scaled down
  portrait: { ratio: [4, 5], target: { width: 1080, height: 1350 } },
  // Instagram and Facebook Stories, Reels, TikTok
  story: { ratio: [9, 16], target: { width: 1080, height: 1920 } },
  // second-hand marketplaces (Vinted, Depop): no published size found, see docs/marketplace-sizes.md
  tall: { ratio: [3, 4], target: { width: 1536, height: 2048 } },
};

export interface FrameLayout {
  /** the canvas */
  width: number;
  height: number;
  /** where the whole image is drawn on it */
  x: number;
  y: number;
  drawWidth: number;
  drawHeight: number;
  /** the image's scale (1 at its own size, below 1 when brought down to the target) */
  scale: number;
}

const positive = (n: number) => Number.isFinite(n) && n > 0;

/** The canvas and the image's place on it for one marketplace shape. */
export function frameLayout(image: { width: number; height: number }, frame: FrameShape): FrameLayout {
  const { width, height } = image;
  if (!positive(width) || !positive(height)) throw new RangeError(`invalid image size ${width}×${height}`);
  const [rw, rh] = frame.ratio;
  // canvas = k × (rw, rh): the exact shape; the smallest k that holds the image unscaled,
  // at most the target's k
  const natural = Math.ceil(Math.max(width / rw, height / rh) - 1e-9);
  const k = Math.max(1, Math.min(natural, Math.floor(frame.target.width / rw)));
  const canvasWidth = k * rw;
  const canvasHeight = k * rh;
  const scale = Math.min(1, canvasWidth / width, canvasHeight / height);
  const drawWidth = Math.min(canvasWidth, Math.max(1, Math.round(width * scale)));
  const drawHeight = Math.min(canvasHeight, Math.max(1, Math.round(height * scale)));
  return {
    width: canvasWidth,
    height: canvasHeight,
    x: Math.floor((canvasWidth - drawWidth) / 2),
    y: Math.floor((canvasHeight - drawHeight) / 2),
    drawWidth,
    drawHeight,
    scale,
  };
}

/** "2048×2048": the size a download in this shape will have, or null when the image's size is not known. */
export function frameSizeLabel(
  image: { width: number | null; height: number | null } | undefined,
  size: FrameSize,
): string | null {
  if (!image?.width || !image.height) {
    if (size === 'original') return null;
    const { width, height } = FRAMES[size].target;
    return `${width}×${height}`;
  }
  if (size === 'original') return `${image.width}×${image.height}`;
  const layout = frameLayout({ width: image.width, height: image.height }, FRAMES[size]);
  return `${layout.width}×${layout.height}`;
}
