import { describe, expect, it } from 'vitest';
import type { Rgba } from '../engine/png.ts';
import { dilate, fillEnclosed, isBrushRed, maskFromDrawing, paintedPixels } from './fix-mask.ts';

function image(w: number, h: number, colour: [number, number, number]): Rgba {
  const data = new Uint8Array(w * h * 4);
  for (let i = 0; i < w * h; i++) data.set([...colour, 255], i * 4);
  return { width: w, height: h, data };
}

function paint(img: Rgba, x: number, y: number, colour: [number, number, number] = [255, 0, 0]) {
  img.data.set([...colour, 255], (y * img.width + x) * 4);
}

const white = (m: Rgba, x: number, y: number) => m.data[(y * m.width + x) * 4] === 255;

describe('the AI fix mask from the seller’s drawing', () => {
  it('takes the brush’s red, anti-aliased edges included, and not other colours', () => {
    expect(isBrushRed(255, 0, 0)).toBe(true);
    expect(isBrushRed(230, 60, 55)).toBe(true);
    expect(isBrushRed(200, 120, 110)).toBe(false);
    expect(isBrushRed(120, 10, 10)).toBe(false);
    expect(isBrushRed(255, 255, 255)).toBe(false);
  });

  it('ignores red that is in the picture itself', () => {
    const under = image(10, 10, [40, 40, 40]);
    for (let x = 0; x < 10; x++) paint(under, x, 0); // a red band in the photo
    const drawing = image(10, 10, [40, 40, 40]);
    for (let x = 0; x < 10; x++) paint(drawing, x, 0);
    paint(drawing, 5, 5); // the seller's mark
    const painted = paintedPixels(drawing, under);
    expect(Array.from(painted).reduce((a, b) => a + b, 0)).toBe(1);
    expect(painted[5 * 10 + 5]).toBe(1);
  });

  it('widens strokes by the radius and fills what a loop encloses', () => {
    const w = 9;
    const mark = new Uint8Array(w * w);
    mark[4 * w + 4] = 1;
    const wide = dilate(mark, w, w, 2);
    expect(wide[2 * w + 2]).toBe(1);
    expect(wide[6 * w + 6]).toBe(1);
    expect(wide[1 * w + 4]).toBe(0);
    const ring = new Uint8Array(w * w);
    for (let i = 2; i <= 6; i++) {
      ring[2 * w + i] = ring[6 * w + i] = ring[i * w + 2] = ring[i * w + 6] = 1;
    }
    const filled = fillEnclosed(ring, w, w);
    expect(filled[4 * w + 4]).toBe(1);
    expect(filled[0]).toBe(0);
    expect(filled[8 * w + 8]).toBe(0);
  });

  it('is white over a circled region, black elsewhere, at the original’s size', () => {
    // the drawing is the picture at 100×150, the original 200×300
    const drawing = image(100, 150, [200, 200, 220]);
    for (let i = 30; i <= 70; i++) {
      paint(drawing, i, 40);
      paint(drawing, i, 80);
    }
    for (let j = 40; j <= 80; j++) {
      paint(drawing, 30, j);
      paint(drawing, 70, j);
    }
    const original = image(200, 300, [200, 200, 220]);
    const m = maskFromDrawing(drawing, original, original);
    expect([m.mask.width, m.mask.height]).toEqual([200, 300]);
    expect(m.painted).toBeGreaterThan(150);
    expect(white(m.mask, 100, 120)).toBe(true); // the middle of the loop, filled
    expect(white(m.mask, 60, 80)).toBe(true); // on the stroke
    expect(white(m.mask, 10, 10)).toBe(false);
    expect(white(m.mask, 190, 290)).toBe(false);
    expect(m.coverage).toBeGreaterThan(0.12); // (45×45 of 100×150)
    expect(m.coverage).toBeLessThan(0.15);
  });

  it('finds nothing in a drawing without marks', () => {
    const d = image(20, 20, [10, 200, 10]);
    const m = maskFromDrawing(d, null, { width: 40, height: 40 });
    expect(m.painted).toBe(0);
    expect(m.coverage).toBe(0);
  });
});
