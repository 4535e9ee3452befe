// A result at the resolution the seller's plan pays for: FASHN renders 1k or 4k, so a 4K
// render is scaled down for a 2K plan here (area averaging: every source pixel counts, no
// aliasing), and nothing is ever scaled up (the size stored is the size the provider made,
// and the seller's screens state it).
import { RESOLUTION_LONG_SIDE, type Resolution } from '../providers/types.ts';
import type { Rgba } from './png.ts';

/** The size to store for a result of `width`×`height` at `resolution` (never larger). */
export function targetSize(
  width: number,
  height: number,
  resolution: Resolution | string,
): { width: number; height: number } {
  const long = RESOLUTION_LONG_SIDE[resolution as Resolution] ?? RESOLUTION_LONG_SIDE.HD;
  const side = Math.max(width, height);
  if (side <= long) return { width, height };
  const scale = long / side;
  return {
    width: width >= height ? long : Math.max(1, Math.floor(width * scale)),
    height: height > width ? long : Math.max(1, Math.floor(height * scale)),
  };
}

/** Scales an image down to width×height by area averaging (alpha-weighted colour). */
export function scaleDown(image: Rgba, width: number, height: number): Rgba {
  if (width >= image.width && height >= image.height) return image;
  const src = image.data;
  const sw = image.width;
  const out = new Uint8Array(width * height * 4);
  const fx = image.width / width;
  const fy = image.height / height;
  // for each output column: the source columns it covers and their weights
  const xs: { from: number; to: number; first: number; last: number }[] = [];
  for (let x = 0; x < width; x++) {
    const a = x * fx;
    const b = (x + 1) * fx;
    const from = Math.floor(a);
    const to = Math.min(sw - 1, Math.ceil(b) - 1);
    xs.push({ from, to, first: from + 1 - a, last: Math.min(1, b - to) });
  }
  const acc = new Float64Array(width * 4);
  for (let y = 0; y < height; y++) {
    const a = y * fy;
    const b = (y + 1) * fy;
    const rowFrom = Math.floor(a);
    const rowTo = Math.min(image.height - 1, Math.ceil(b) - 1);
    acc.fill(0);
    let total = 0;
    for (let sy = rowFrom; sy <= rowTo; sy++) {
      const wy = sy === rowFrom ? Math.min(1, rowFrom + 1 - a) : sy === rowTo ? Math.min(1, b - rowTo) : 1;
      total += wy;
      const row = sy * sw * 4;
      for (let x = 0; x < width; x++) {
        const c = xs[x];
        let r = 0;
        let g = 0;
        let bl = 0;
        let al = 0;
        for (let sx = c.from; sx <= c.to; sx++) {
          const wx = sx === c.from ? Math.min(1, c.first) : sx === c.to ? c.last : 1;
          const i = row + sx * 4;
          const w = wx * src[i + 3];
          r += src[i] * w;
          g += src[i + 1] * w;
          bl += src[i + 2] * w;
          al += w;
        }
        const o = x * 4;
        acc[o] += r * wy;
        acc[o + 1] += g * wy;
        acc[o + 2] += bl * wy;
        acc[o + 3] += al * wy;
      }
    }
    const area = total * fx;
    for (let x = 0; x < width; x++) {
      const o = x * 4;
      const d = (y * width + x) * 4;
      const alphaSum = acc[o + 3];
      if (alphaSum > 0) {
        out[d] = Math.round(acc[o] / alphaSum);
        out[d + 1] = Math.round(acc[o + 1] / alphaSum);
        out[d + 2] = Math.round(acc[o + 2] / alphaSum);
      }
      out[d + 3] = Math.round(alphaSum / area);
    }
  }
  return { width, height, data: out };
}
