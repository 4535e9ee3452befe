// The free plan's watermark (spec 2 §5 "Downloads", §9): the word DRAPE repeated in
// diagonal rows across the whole image at 40 % opacity, white letters with a dark edge so
// it shows on light and dark pictures alike. Drawn from a built-in 5×7 pixel font: no font
// file, no native code (it runs in Deno on hosted Supabase).
import type { Rgba } from './png.ts';

export const WATERMARK_OPACITY = 0.4;
const TEXT = 'DRAPE';

// 5×7 glyphs, one string per row, '#' = ink
const GLYPHS: Record<string, string[]> = {
  D: ['####.', '#...#', '#...#', '#...#', '#...#', '#...#', '####.'],
  R: ['####.', '#...#', '#...#', '####.', '#.#..', '#..#.', '#...#'],
  A: ['.###.', '#...#', '#...#', '#####', '#...#', '#...#', '#...#'],
  P: ['####.', '#...#', '#...#', '####.', '#....', '#....', '#....'],
  E: ['#####', '#....', '#....', '####.', '#....', '#....', '#####'],
};

/** 0 = clear, 1 = edge, 2 = ink, for one repeat of the word (cell units of `scale` px). */
function stamp(scale: number): { mask: Uint8Array; width: number; height: number } {
  const cellsWide = TEXT.length * 6 - 1;
  const cellsHigh = 7;
  const pad = Math.max(1, Math.round(scale * 0.35));
  const width = cellsWide * scale + pad * 2;
  const height = cellsHigh * scale + pad * 2;
  const ink = new Uint8Array(width * height);
  for (let c = 0; c < TEXT.length; c++) {
    const glyph = GLYPHS[TEXT[c]];
    for (let gy = 0; gy < 7; gy++) {
      for (let gx = 0; gx < 5; gx++) {
        if (glyph[gy][gx] !== '#') continue;
        const x0 = pad + (c * 6 + gx) * scale;
        const y0 = pad + gy * scale;
        for (let y = y0; y < y0 + scale; y++) ink.fill(1, y * width + x0, y * width + x0 + scale);
      }
    }
  }
  const mask = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (ink[y * width + x]) {
        mask[y * width + x] = 2;
        continue;
      }
      // edge: ink within `pad` px
      let near = false;
      for (let dy = -pad; dy <= pad && !near; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -pad; dx <= pad; dx++) {
          const xx = x + dx;
          if (xx >= 0 && xx < width && ink[yy * width + xx]) {
            near = true;
            break;
          }
        }
      }
      if (near) mask[y * width + x] = 1;
    }
  }
  return { mask, width, height };
}

/**
 * Draws the watermark over `image` in place (and returns it). The word is about a quarter
 * of the image's width, rows run at -30°, every row shifted by half a word.
 */
export function applyWatermark(image: Rgba, opacity = WATERMARK_OPACITY): Rgba {
  const { width, height, data } = image;
  const scale = Math.max(2, Math.round(width / 4 / (TEXT.length * 6)));
  const s = stamp(scale);
  const gapX = Math.round(s.width * 0.7);
  const gapY = Math.round(s.height * 2.6);
  const tileW = s.width + gapX;
  const tileH = s.height + gapY;
  const angle = (-30 * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const cx = width / 2;
  const cy = height / 2;
  const inkA = opacity;
  const edgeA = opacity * 0.6;
  for (let y = 0; y < height; y++) {
    const dy = y - cy;
    for (let x = 0; x < width; x++) {
      const dx = x - cx;
      // the pixel in the rotated frame of the text rows
      const u = dx * cos + dy * sin + 1e6;
      const v = -dx * sin + dy * cos + 1e6;
      const row = Math.floor(v / tileH);
      const ty = Math.floor(v - row * tileH);
      if (ty >= s.height) continue;
      const shifted = u + (row & 1 ? tileW / 2 : 0);
      const tx = Math.floor(shifted - Math.floor(shifted / tileW) * tileW);
      if (tx >= s.width) continue;
      const m = s.mask[ty * s.width + tx];
      if (!m) continue;
      const o = (y * width + x) * 4;
      if (m === 2) {
        data[o] += (255 - data[o]) * inkA;
        data[o + 1] += (255 - data[o + 1]) * inkA;
        data[o + 2] += (255 - data[o + 2]) * inkA;
      } else {
        data[o] -= data[o] * edgeA;
        data[o + 1] -= data[o + 1] * edgeA;
        data[o + 2] -= data[o + 2] * edgeA;
      }
      // a transparent pixel gets the mark too (an image that is all alpha still shows it)
      if (data[o + 3] < 255) data[o + 3] += (255 - data[o + 3]) * (m === 2 ? inkA : edgeA);
    }
  }
  return image;
}
