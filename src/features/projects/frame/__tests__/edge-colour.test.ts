import { describe, expect, it } from 'vitest';
import { edgeColour, edgeStrips, medianColour } from '../edge-colour.ts';

/** A width × height RGBA image filled by `paint(x, y)`. */
function image(
  width: number,
  height: number,
  paint: (x: number, y: number) => [number, number, number, number],
) {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set(paint(x, y), (y * width + x) * 4);
  return data;
}

/** A deterministic pseudo-random sequence (xorshift) for sensor noise. */
function noise(seed: number) {
  let s = seed;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) % 1000) / 1000;
  };
}

describe('edgeColour', () => {
  it('finds a studio grey behind a garment that fills the middle', () => {
    const data = image(200, 300, (x, y) =>
      x > 20 && x < 180 && y > 20 && y < 280 ? [150, 20, 30, 255] : [232, 230, 228, 255],
    );
    expect(edgeColour(data, 200, 300)).toEqual({ r: 232, g: 230, b: 228, a: 255 });
  });

  it('is not tinted by a garment touching the edge or a dark corner shadow', () => {
    // a dark blue dress running off the bottom edge (a third of its width) and a black corner
    const data = image(300, 400, (x, y) => {
      if (x >= 100 && x < 200 && y > 50) return [20, 30, 120, 255];
      if (x < 30 && y < 30) return [0, 0, 0, 255];
      return [245, 244, 240, 255];
    });
    expect(edgeColour(data, 300, 400)).toEqual({ r: 245, g: 244, b: 240, a: 255 });
  });

  it('takes the middle of a noisy background', () => {
    const rand = noise(7);
    const data = image(256, 256, () => {
      const n = Math.round((rand() - 0.5) * 20);
      return [200 + n, 180 + n, 160 + n, 255];
    });
    const c = edgeColour(data, 256, 256);
    for (const [got, want] of [
      [c.r, 200],
      [c.g, 180],
      [c.b, 160],
    ])
      expect(Math.abs(got - want)).toBeLessThanOrEqual(2);
  });

  it('gives a transparent padding to a cut-out', () => {
    const data = image(50, 50, (x, y) =>
      x > 10 && x < 40 && y > 10 && y < 40 ? [90, 60, 30, 255] : [0, 0, 0, 0],
    );
    expect(edgeColour(data, 50, 50).a).toBe(0);
  });

  it('reads only the border (no pixel twice) and works on tiny images', () => {
    const strips = edgeStrips(10, 8, 2);
    expect(strips.reduce((n, s) => n + s.width * s.height, 0)).toBe(10 * 8 - 6 * 4);
    expect(
      edgeColour(
        image(1, 1, () => [1, 2, 3, 4]),
        1,
        1,
      ),
    ).toEqual({ r: 1, g: 2, b: 3, a: 4 });
    expect(
      edgeColour(
        image(3, 1, () => [9, 9, 9, 255]),
        3,
        1,
      ),
    ).toEqual({ r: 9, g: 9, b: 9, a: 255 });
  });

  it('refuses data that is not the image it claims', () => {
    expect(() => edgeColour(new Uint8ClampedArray(10), 4, 4)).toThrow(RangeError);
    expect(() => medianColour([])).toThrow(RangeError);
  });
});
