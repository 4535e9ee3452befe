import { describe, expect, it } from 'vitest';
import { chooseFactor, allowedFactors, MAX_ENHANCED_LONG_SIDE } from '../enhancer/rules.ts';
import {
  EnhanceTooLargeError,
  type Rgba,
  type RgbTile,
  type TileModel,
  enhanceTiled,
  planTiles,
} from '../enhancer/tiling.ts';

function image(width: number, height: number, pixel: (x: number, y: number) => [number, number, number]) {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      data.set([r, g, b, 255], (y * width + x) * 4);
    }
  return { width, height, data } satisfies Rgba;
}

/**
 * A stand-in for the network with the same kind of locality: a 5×5 box blur that sees only its
 * own tile (edges clamped, as a convolution's padding does), then each pixel repeated
 * factor × factor. Run on a tile without enough of the photo around it, the blur at the tile's
 * edge differs from the whole photo's: that difference is a seam.
 */
function blurModel(factor: number, calls: RgbTile[] = []): TileModel {
  return async (tile) => {
    calls.push(tile);
    const { width, height, data } = tile;
    const out = new Float32Array(width * factor * height * factor * 3);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++)
        for (let c = 0; c < 3; c++) {
          let sum = 0;
          for (let dy = -2; dy <= 2; dy++)
            for (let dx = -2; dx <= 2; dx++) {
              const sx = Math.min(width - 1, Math.max(0, x + dx));
              const sy = Math.min(height - 1, Math.max(0, y + dy));
              sum += data[(sy * width + sx) * 3 + c];
            }
          const v = sum / 25;
          for (let fy = 0; fy < factor; fy++)
            for (let fx = 0; fx < factor; fx++)
              out[((y * factor + fy) * width * factor + x * factor + fx) * 3 + c] = v;
        }
    return out;
  };
}

const maxDifference = (a: Rgba, b: Rgba) => {
  let max = 0;
  for (let i = 0; i < a.data.length; i++) max = Math.max(max, Math.abs(a.data[i] - b.data[i]));
  return max;
};

/** A texture with detail at every scale: any pixel a tile border changes shows. */
const textured = (w: number, h: number) =>
  image(w, h, (x, y) => [(x * 37 + y * 11) % 256, (x * y * 7) % 256, ((x ^ y) * 13) % 256]);

describe('planTiles', () => {
  it('covers every pixel exactly once with cores, and reads a margin around each within the photo', () => {
    const plans = planTiles(100, 70, 32, 8);
    const covered = new Uint8Array(100 * 70);
    for (const { core, read } of plans) {
      for (let y = core.y; y < core.y + core.height; y++)
        for (let x = core.x; x < core.x + core.width; x++) covered[y * 100 + x]++;
      expect(read.x).toBe(Math.max(0, core.x - 8));
      expect(read.x + read.width).toBe(Math.min(100, core.x + core.width + 8));
      expect(read.y + read.height).toBeLessThanOrEqual(70);
    }
    expect(plans).toHaveLength(4 * 3);
    expect([...covered].every((n) => n === 1)).toBe(true);
  });
});

describe('enhanceTiled', () => {
  it('shows no seam: tiled with a margin at least the model’s reach equals one whole-photo run', async () => {
    const photo = textured(90, 61);
    const whole = await enhanceTiled(photo, blurModel(2), { factor: 2, tile: 512, margin: 0 });
    const tiled = await enhanceTiled(photo, blurModel(2), { factor: 2, tile: 16, margin: 2 });
    expect(tiled.width).toBe(180);
    expect(tiled.height).toBe(122);
    expect(maxDifference(tiled, whole)).toBe(0);
  });

  it('would show seams without the margin (what the margin hides is real)', async () => {
    const photo = textured(90, 61);
    const whole = await enhanceTiled(photo, blurModel(2), { factor: 2, tile: 512, margin: 0 });
    const naive = await enhanceTiled(photo, blurModel(2), { factor: 2, tile: 16, margin: 0 });
    expect(maxDifference(naive, whole)).toBeGreaterThan(20);
  });

  it('keeps a constant photo constant and a smooth gradient smooth across tile borders at 4×', async () => {
    const flat = await enhanceTiled(
      image(50, 40, () => [200, 120, 40]),
      blurModel(4),
      { factor: 4, tile: 16 },
    );
    const colours = new Set<string>();
    for (let i = 0; i < flat.data.length; i += 4) colours.add(flat.data.slice(i, i + 4).join(','));
    expect([...colours]).toEqual(['200,120,40,255']);

    const ramp = await enhanceTiled(
      image(64, 64, (x, y) => [x * 3, y * 3, 128]),
      blurModel(4),
      { factor: 4, tile: 16 },
    );
    // along a row the red channel never steps by more than one input pixel's change (3)
    let largestStep = 0;
    for (let y = 8; y < 248; y++)
      for (let x = 9; x < 248; x++) {
        const i = (y * 256 + x) * 4;
        largestStep = Math.max(largestStep, Math.abs(ramp.data[i] - ramp.data[i - 4]));
      }
    expect(largestStep).toBeLessThanOrEqual(3);
  });

  it('reports progress per tile and stops running tiles once cancelled', async () => {
    const photo = textured(64, 64);
    const calls: RgbTile[] = [];
    const controller = new AbortController();
    const progress: Array<[number, number]> = [];
    const run = enhanceTiled(photo, blurModel(2, calls), {
      factor: 2,
      tile: 16,
      signal: controller.signal,
      onProgress: (done, total) => {
        progress.push([done, total]);
        if (done === 3) controller.abort();
      },
      between: () => new Promise((r) => setTimeout(r, 0)),
    });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(progress).toEqual([
      [0, 16],
      [1, 16],
      [2, 16],
      [3, 16],
    ]);
    expect(calls).toHaveLength(3);
  });

  it('refuses before any tile when the result would pass the 4096 px cap', async () => {
    const calls: RgbTile[] = [];
    const wide = { width: 1025, height: 10, data: new Uint8ClampedArray(1025 * 10 * 4).fill(255) };
    await expect(enhanceTiled(wide, blurModel(4, calls), { factor: 4 })).rejects.toBeInstanceOf(
      EnhanceTooLargeError,
    );
    expect(calls).toHaveLength(0);
  });

  it('enlarges transparency with the colour (a cut-out stays a cut-out)', async () => {
    const cutOut = image(8, 8, () => [10, 20, 30]);
    for (let y = 0; y < 8; y++) for (let x = 0; x < 4; x++) cutOut.data[(y * 8 + x) * 4 + 3] = 0;
    const out = await enhanceTiled(cutOut, blurModel(2), { factor: 2 });
    expect(out.data[3]).toBe(0);
    expect(out.data[(0 * 16 + 15) * 4 + 3]).toBe(255);
  });
});

describe('chooseFactor', () => {
  it('keeps the asked factor when the result fits the cap', () => {
    expect(chooseFactor({ width: 512, height: 768 }, 2)).toEqual({
      ok: true,
      factor: 2,
      width: 1024,
      height: 1536,
      reduced: false,
    });
    expect(chooseFactor({ width: 1024, height: 683 }, 4)).toMatchObject({ ok: true, factor: 4, width: 4096 });
  });

  it('falls back to 2× when 4× would pass 4096 px on the long side', () => {
    expect(chooseFactor({ width: 1536, height: 2048 }, 4)).toEqual({
      ok: true,
      factor: 2,
      width: 3072,
      height: 4096,
      reduced: true,
    });
    expect(allowedFactors({ width: 1536, height: 2048 })).toEqual([2]);
    expect(allowedFactors({ width: 600, height: 800 })).toEqual([2, 4]);
  });

  it('refuses a photo no factor fits', () => {
    expect(chooseFactor({ width: 2049, height: 1000 }, 2)).toEqual({
      ok: false,
      reason: 'too-large',
      longSide: 2049,
    });
    expect(allowedFactors({ width: 2049, height: 1000 })).toEqual([]);
    expect(MAX_ENHANCED_LONG_SIDE).toBe(4096);
  });
});
