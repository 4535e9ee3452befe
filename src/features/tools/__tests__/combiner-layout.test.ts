import { describe, expect, it } from 'vitest';
import { CANVAS_LIMITS, combineLayout, MAX_PHOTO_WIDTH } from '../combiner/layout.ts';

describe('combineLayout', () => {
  it('stacks the photos vertically: widest width by summed height, at natural size', () => {
    const layout = combineLayout([
      { width: 800, height: 1000 },
      { width: 600, height: 900 },
    ]);
    expect(layout).toEqual({
      width: 800,
      height: 1900,
      scale: 1,
      placements: [
        { x: 0, y: 0, width: 800, height: 1000 },
        { x: 100, y: 1000, width: 600, height: 900 },
      ],
    });
  });

  it('centres the narrower photo whichever comes first', () => {
    const layout = combineLayout([
      { width: 300, height: 400 },
      { width: 1000, height: 500 },
    ]);
    expect(layout.width).toBe(1000);
    expect(layout.height).toBe(900);
    expect(layout.placements[0]).toEqual({ x: 350, y: 0, width: 300, height: 400 });
    expect(layout.placements[1]).toEqual({ x: 0, y: 400, width: 1000, height: 500 });
  });

  it('puts an odd leftover pixel on the right (the x offset is rounded down)', () => {
    const layout = combineLayout([
      { width: 101, height: 10 },
      { width: 50, height: 10 },
    ]);
    expect(layout.placements[1].x).toBe(25);
    expect(layout.placements[1].x + layout.placements[1].width).toBeLessThanOrEqual(layout.width);
  });

  it('keeps equal widths edge to edge with no gap or overlap', () => {
    const layout = combineLayout([
      { width: 1200, height: 1600 },
      { width: 1200, height: 800 },
    ]);
    expect(layout.placements.map((p) => p.x)).toEqual([0, 0]);
    expect(layout.placements[1].y).toBe(layout.placements[0].height);
    expect(layout.height).toBe(2400);
  });

  it('scales a composition larger than a phone browser can draw down to fit, proportions kept', () => {
    // two 12 MP phone photos: 3024 × 8064 = 24.4 MP
    const sizes = [
      { width: 3024, height: 4032 },
      { width: 3024, height: 4032 },
    ];
    const layout = combineLayout(sizes);
    expect(layout.scale).toBeLessThan(1);
    expect(layout.width * layout.height).toBeLessThanOrEqual(CANVAS_LIMITS.maxPixels);
    expect(layout.width / layout.height).toBeCloseTo(3024 / 8064, 2);
    expect(layout.height).toBe(layout.placements[0].height + layout.placements[1].height);
    expect(layout.placements[1].y).toBe(layout.placements[0].height);
  });

  it('scales down a composition taller than the longest side a canvas may have', () => {
    const layout = combineLayout(
      [
        { width: 400, height: 12_000 },
        { width: 200, height: 12_000 },
      ],
      { maxSide: 16_384, maxPixels: 1e12 },
    );
    expect(layout.height).toBeLessThanOrEqual(16_384);
    expect(layout.placements[1].x).toBe(Math.floor((layout.width - layout.placements[1].width) / 2));
  });

  it('refuses nothing to combine and sizes that are not positive', () => {
    expect(() => combineLayout([])).toThrow(RangeError);
    expect(() => combineLayout([{ width: 0, height: 10 }])).toThrow(RangeError);
    expect(() => combineLayout([{ width: 10, height: Number.NaN }])).toThrow(RangeError);
  });
});

describe('combineLayout: photos at most 2048 px wide', () => {
  it('brings two 12 MP camera photos down to 2048 px wide before stacking', () => {
    const layout = combineLayout([
      { width: 3024, height: 4032 },
      { width: 3024, height: 4032 },
    ]);
    expect(MAX_PHOTO_WIDTH).toBe(2048);
    expect(layout.width).toBe(2048);
    expect(layout.placements).toEqual([
      { x: 0, y: 0, width: 2048, height: 2730 },
      { x: 0, y: 2730, width: 2048, height: 2730 },
    ]);
    expect(layout.height).toBe(5460);
    expect(layout.width * layout.height).toBeLessThanOrEqual(CANVAS_LIMITS.maxPixels);
  });

  it('a landscape and a portrait camera photo: each within 2048 px', () => {
    const layout = combineLayout([
      { width: 4608, height: 3456 },
      { width: 3024, height: 4032 },
    ]);
    for (const p of layout.placements) expect(p.width).toBeLessThanOrEqual(2048);
    expect(layout.width).toBe(2048);
    expect(layout.placements[0]).toMatchObject({ width: 2048, height: 1536 });
    expect(layout.placements[1]).toMatchObject({ width: 2048, height: 2730 });
    expect(layout.height).toBe(1536 + 2730);
  });

  it('leaves photos already narrower than 2048 px at their own size', () => {
    const layout = combineLayout([
      { width: 2048, height: 100 },
      { width: 1500, height: 2000 },
    ]);
    expect(layout.scale).toBe(1);
    expect(layout.placements[1]).toMatchObject({ width: 1500, height: 2000, x: 274 });
  });

  it('scales each photo by its own width: a narrow photo beside a wide one is not shrunk', () => {
    const layout = combineLayout([
      { width: 4096, height: 1000 },
      { width: 1000, height: 1000 },
    ]);
    expect(layout.placements[0]).toMatchObject({ width: 2048, height: 500 });
    expect(layout.placements[1]).toMatchObject({ width: 1000, height: 1000, x: 524 });
  });
});
