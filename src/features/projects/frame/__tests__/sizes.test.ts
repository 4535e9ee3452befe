import { describe, expect, it } from 'vitest';
import { FRAMES, type FrameLayout, frameLayout, frameSizeLabel, type MarketplaceFrame } from '../sizes.ts';

const shapes = Object.keys(FRAMES) as MarketplaceFrame[];

/** The layout's invariants: exact shape, image whole inside, centred, never enlarged. */
function expectSound(image: { width: number; height: number }, frame: MarketplaceFrame, l: FrameLayout) {
  const [rw, rh] = FRAMES[frame].ratio;
  expect(l.width * rh).toBe(l.height * rw);
  expect(l.width).toBeLessThanOrEqual(FRAMES[frame].target.width);
  expect(l.height).toBeLessThanOrEqual(FRAMES[frame].target.height);
  expect(l.scale).toBeLessThanOrEqual(1);
  expect(l.x).toBeGreaterThanOrEqual(0);
  expect(l.y).toBeGreaterThanOrEqual(0);
  expect(l.x + l.drawWidth).toBeLessThanOrEqual(l.width);
  expect(l.y + l.drawHeight).toBeLessThanOrEqual(l.height);
  // centred to the pixel
  expect(Math.abs(l.width - l.drawWidth - 2 * l.x)).toBeLessThanOrEqual(1);
  expect(Math.abs(l.height - l.drawHeight - 2 * l.y)).toBeLessThanOrEqual(1);
  // the whole image, its proportions kept (within a rounding pixel), touching two opposite
  // sides (at its own size: within the few pixels that make the shape exact)
  expect(Math.abs(l.drawWidth - Math.max(1, image.width * l.scale))).toBeLessThanOrEqual(1);
  expect(Math.abs(l.drawHeight - Math.max(1, image.height * l.scale))).toBeLessThanOrEqual(1);
  if (l.scale < 1) expect(l.drawWidth === l.width || l.drawHeight === l.height).toBe(true);
  else expect(Math.min(l.width - l.drawWidth, l.height - l.drawHeight)).toBeLessThan(Math.max(rw, rh));
}

describe('frameLayout', () => {
  it('pads a Free/Lite HD 1024×1536 result to 1536×1536 as a square, never enlarging it to 2048', () => {
    const l = frameLayout({ width: 1024, height: 1536 }, FRAMES.square);
    expect(l).toEqual({
      width: 1536,
      height: 1536,
      x: 256,
      y: 0,
      drawWidth: 1024,
      drawHeight: 1536,
      scale: 1,
    });
  });

  it('brings a 4K 2731×4096 result down to the marketplace’s target', () => {
    expect(frameLayout({ width: 2731, height: 4096 }, FRAMES.square)).toMatchObject({
      width: 2048,
      height: 2048,
      drawWidth: 1366,
      drawHeight: 2048,
      x: 341,
      y: 0,
    });
    expect(frameLayout({ width: 2731, height: 4096 }, FRAMES.portrait)).toMatchObject({
      width: 1080,
      height: 1350,
      drawWidth: 900,
      drawHeight: 1350,
    });
    expect(frameLayout({ width: 2731, height: 4096 }, FRAMES.story)).toMatchObject({
      width: 1080,
      height: 1920,
      drawWidth: 1080,
      drawHeight: 1620,
      x: 0,
      y: 150,
    });
    expect(frameLayout({ width: 2731, height: 4096 }, FRAMES.tall)).toMatchObject({
      width: 1536,
      height: 2048,
      drawWidth: 1366,
      drawHeight: 2048,
    });
  });

  it('keeps a small image at its own size, on the smallest canvas of the exact shape', () => {
    // 9:16 of a 1024 px wide image: 1026×1824 (114 × 9:16) holds it; 1024×1820 would not be 9:16
    expect(frameLayout({ width: 1024, height: 1536 }, FRAMES.story)).toMatchObject({
      width: 1026,
      height: 1824,
      drawWidth: 1024,
      drawHeight: 1536,
      scale: 1,
    });
    expect(frameLayout({ width: 10, height: 10 }, FRAMES.square)).toMatchObject({
      width: 10,
      height: 10,
      x: 0,
      y: 0,
    });
  });

  it('holds for every shape and many image sizes', () => {
    const sizes = [
      [1, 1],
      [1, 5000],
      [5000, 1],
      [1024, 1536],
      [1536, 2048],
      [2731, 4096],
      [4096, 2731],
      [3669, 4572],
      [1080, 1350],
      [1081, 1921],
      [997, 1499],
    ];
    for (const [width, height] of sizes) {
      for (const frame of shapes)
        expectSound({ width, height }, frame, frameLayout({ width, height }, FRAMES[frame]));
    }
  });

  it('refuses a size that is not an image', () => {
    expect(() => frameLayout({ width: 0, height: 10 }, FRAMES.square)).toThrow(RangeError);
    expect(() => frameLayout({ width: Number.NaN, height: 10 }, FRAMES.square)).toThrow(RangeError);
  });
});

describe('frameSizeLabel', () => {
  it('states the size the download will have', () => {
    const image = { width: 1024, height: 1536 };
    expect(frameSizeLabel(image, 'original')).toBe('1024×1536');
    expect(frameSizeLabel(image, 'square')).toBe('1536×1536');
    expect(frameSizeLabel(image, 'portrait')).toBe('1080×1350');
    expect(frameSizeLabel(image, 'story')).toBe('1026×1824');
    expect(frameSizeLabel(image, 'tall')).toBe('1152×1536');
  });

  it('states the target when the image’s size was not recorded', () => {
    expect(frameSizeLabel({ width: null, height: null }, 'square')).toBe('2048×2048');
    expect(frameSizeLabel({ width: null, height: null }, 'original')).toBeNull();
  });
});
