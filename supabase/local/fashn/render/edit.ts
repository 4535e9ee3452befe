// The edit model's stand-in: no generative model, so it makes the edit visible instead of
// plausible. The masked region (mask luminance ≥ 128) is refilled from its surroundings — the
// mean colour of a ring of pixels just outside it, keeping a little of the original's shading
// so shapes stay readable — and a thin diagonal hatch marks it as a preview. Every pixel
// outside the mask is the input's, byte for byte. Without a mask, FASHN edits where the prompt
// says; a renderer cannot read a prompt, so the whole picture is tinted (and says so).
import { PredictionError } from '../errors.ts';
import type { Rgba } from './raster.ts';

export interface EditResult {
  image: Rgba;
  /** pixels changed */
  changed: number;
  region: 'mask' | 'whole';
  fill: [number, number, number];
}

const luma = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b;

export function renderEdit(image: Rgba, mask: Rgba | null): EditResult {
  const { width: w, height: h } = image;
  if (mask && (mask.width !== w || mask.height !== h)) {
    throw new PredictionError(
      'InputValidationError',
      `The mask (${mask.width}x${mask.height}) must have the same dimensions as the image (${w}x${h})`,
    );
  }
  const inside = new Uint8Array(w * h);
  if (mask) {
    for (let i = 0; i < w * h; i++) {
      const j = i * 4;
      inside[i] = luma(mask.data[j], mask.data[j + 1], mask.data[j + 2]) >= 128 ? 1 : 0;
    }
  } else {
    inside.fill(1);
  }

  // the ring: outside pixels within `ring` px of the region (a square neighbourhood)
  const ring = Math.max(3, Math.round(Math.max(w, h) * 0.01));
  let sr = 0;
  let sg = 0;
  let sb = 0;
  let n = 0;
  if (mask) {
    const near = new Uint8Array(w * h);
    for (let y = 0; y < h; y++) {
      let last = -Infinity;
      for (let x = 0; x < w; x++) {
        if (inside[y * w + x]) last = x;
        if (x - last <= ring) near[y * w + x] = 1;
      }
      let next = Infinity;
      for (let x = w - 1; x >= 0; x--) {
        if (inside[y * w + x]) next = x;
        if (next - x <= ring) near[y * w + x] = 1;
      }
    }
    for (let x = 0; x < w; x++) {
      let last = -Infinity;
      let next = Infinity;
      const col = new Uint8Array(h);
      for (let y = 0; y < h; y++) {
        if (near[y * w + x]) last = y;
        if (y - last <= ring) col[y] = 1;
      }
      for (let y = h - 1; y >= 0; y--) {
        if (near[y * w + x]) next = y;
        if (next - y <= ring) col[y] = 1;
      }
      for (let y = 0; y < h; y++) {
        const i = y * w + x;
        if (col[y] && !inside[i]) {
          sr += image.data[i * 4];
          sg += image.data[i * 4 + 1];
          sb += image.data[i * 4 + 2];
          n++;
        }
      }
    }
  }
  // a region with no surroundings (all masked), or no mask: a cool tint
  const fill: [number, number, number] = n
    ? [Math.round(sr / n), Math.round(sg / n), Math.round(sb / n)]
    : [96, 140, 200];
  const fillLuma = luma(...fill);

  const out = Buffer.from(image.data);
  let changed = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!inside[i]) continue;
      const j = i * 4;
      const shade = (luma(image.data[j], image.data[j + 1], image.data[j + 2]) - fillLuma) * 0.25;
      const hatch = (x + y) % 24 < 2 ? -40 : 0;
      const mix = mask ? 1 : 0.35;
      for (let c = 0; c < 3; c++) {
        const target = fill[c] + shade + hatch;
        const v = Math.round(image.data[j + c] * (1 - mix) + target * mix);
        out[j + c] = Math.max(0, Math.min(255, v));
      }
      if (out[j] !== image.data[j] || out[j + 1] !== image.data[j + 1] || out[j + 2] !== image.data[j + 2])
        changed++;
    }
  }
  return { image: { data: out, width: w, height: h }, changed, region: mask ? 'mask' : 'whole', fill };
}
