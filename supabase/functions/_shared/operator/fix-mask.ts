// The mask of an AI fix, from the seller's drawing. The fix screen stores the drawing as one
// PNG: the result as the seller saw it (at most 1024 px wide), with their strokes over it in
// the brush's pure red (#ff0000, src/features/projects/fix-drawing.ts). So the painted pixels
// are the brush's red where the original result is not itself that red; the strokes are
// widened by a brush radius, a region the seller circled is filled, and the mask is scaled to
// the original's size (FASHN wants the mask at the picture's size): white = change, black =
// keep.
import type { Rgba } from '../engine/png.ts';

/** The brush's red, allowing for the anti-aliased edge of a stroke. */
export function isBrushRed(r: number, g: number, b: number): boolean {
  return r >= 180 && g <= 90 && b <= 90 && r - Math.max(g, b) >= 120;
}

/** 1 where the seller painted: brush red in the drawing and not red in the picture under it. */
export function paintedPixels(drawing: Rgba, under: Rgba | null): Uint8Array {
  const { width: w, height: h, data } = drawing;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const uy = under ? Math.min(under.height - 1, Math.floor(((y + 0.5) * under.height) / h)) : 0;
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      if (data[i + 3] < 128 || !isBrushRed(data[i], data[i + 1], data[i + 2])) continue;
      if (under) {
        const ux = Math.min(under.width - 1, Math.floor(((x + 0.5) * under.width) / w));
        const j = (uy * under.width + ux) * 4;
        if (isBrushRed(under.data[j], under.data[j + 1], under.data[j + 2])) continue;
      }
      out[y * w + x] = 1;
    }
  }
  return out;
}

/** Every pixel within `radius` (a square) of a set one. */
export function dilate(mask: Uint8Array, w: number, h: number, radius: number): Uint8Array {
  const across = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    let last = -Infinity;
    // forwards: the last set pixel to the left; backwards: the next to the right
    for (let x = 0; x < w; x++) {
      if (mask[y * w + x]) last = x;
      if (x - last <= radius) across[y * w + x] = 1;
    }
    let next = Infinity;
    for (let x = w - 1; x >= 0; x--) {
      if (mask[y * w + x]) next = x;
      if (next - x <= radius) across[y * w + x] = 1;
    }
  }
  const out = new Uint8Array(w * h);
  for (let x = 0; x < w; x++) {
    let last = -Infinity;
    for (let y = 0; y < h; y++) {
      if (across[y * w + x]) last = y;
      if (y - last <= radius) out[y * w + x] = 1;
    }
    let next = Infinity;
    for (let y = h - 1; y >= 0; y--) {
      if (across[y * w + x]) next = y;
      if (next - y <= radius) out[y * w + x] = 1;
    }
  }
  return out;
}

/** Sets every unset pixel the picture's border cannot reach: what a closed stroke encircles. */
export function fillEnclosed(mask: Uint8Array, w: number, h: number): Uint8Array {
  const reached = new Uint8Array(w * h);
  const stack: number[] = [];
  const push = (i: number) => {
    if (!mask[i] && !reached[i]) {
      reached[i] = 1;
      stack.push(i);
    }
  };
  for (let x = 0; x < w; x++) {
    push(x);
    push((h - 1) * w + x);
  }
  for (let y = 0; y < h; y++) {
    push(y * w);
    push(y * w + w - 1);
  }
  while (stack.length) {
    const i = stack.pop() as number;
    const x = i % w;
    if (x > 0) push(i - 1);
    if (x < w - 1) push(i + 1);
    if (i >= w) push(i - w);
    if (i < w * (h - 1)) push(i + w);
  }
  const out = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) out[i] = reached[i] ? 0 : 1;
  return out;
}

export interface FixMask {
  /** white where the picture may change, black elsewhere, at the target's size */
  mask: Rgba;
  /** painted pixels found in the drawing (0: the seller drew nothing usable) */
  painted: number;
  /** the share of the picture the mask covers, 0…1 */
  coverage: number;
}

/**
 * The mask for a picture of `target` size from the seller's drawing (`under`: the picture
 * itself, at any size, to tell the brush from red in the picture; null to trust the colour).
 */
export function maskFromDrawing(
  drawing: Rgba,
  under: Rgba | null,
  target: { width: number; height: number },
): FixMask {
  const { width: w, height: h } = drawing;
  const painted = paintedPixels(drawing, under);
  let count = 0;
  for (let i = 0; i < painted.length; i++) count += painted[i];
  const radius = Math.max(2, Math.round(Math.max(w, h) * 0.015));
  const region = count ? fillEnclosed(dilate(painted, w, h, radius), w, h) : painted;

  const tw = target.width;
  const th = target.height;
  const data = new Uint8Array(tw * th * 4);
  let covered = 0;
  const xs = new Uint32Array(tw);
  for (let x = 0; x < tw; x++) xs[x] = Math.min(w - 1, Math.floor(((x + 0.5) * w) / tw));
  for (let y = 0; y < th; y++) {
    const row = Math.min(h - 1, Math.floor(((y + 0.5) * h) / th)) * w;
    for (let x = 0; x < tw; x++) {
      const v = region[row + xs[x]] ? 255 : 0;
      covered += v ? 1 : 0;
      const i = (y * tw + x) * 4;
      data[i] = v;
      data[i + 1] = v;
      data[i + 2] = v;
      data[i + 3] = 255;
    }
  }
  return { mask: { width: tw, height: th, data }, painted: count, coverage: covered / (tw * th) };
}
