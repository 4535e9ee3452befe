// Cutting a subject (a garment, a person) out of a photo with a plain background, without a
// model: the background is modelled from the border pixels (per row, a blend between the
// left and right border colours, so studio gradients and light falloff are followed), a
// flood fill from the edges marks every connected pixel close to that model as background
// (so a white print inside a white shirt stays), the boundary gets a soft alpha from the
// colour distance, the background's colour is taken back out of semi-transparent edge
// pixels, and the mask is feathered a little. Photos that already carry transparency keep
// their own alpha.
import type { Box, Rgba } from './raster.ts';

export interface CutoutResult {
  image: Rgba;
  /** bounding box of the subject (alpha > 24), in image pixels */
  box: Box;
  /** share of pixels that belong to the subject (0..1) */
  coverage: number;
  /** how the mask was made */
  method: 'alpha' | 'key';
  /** the background colour found at the borders */
  background: [number, number, number];
}

const clamp255 = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);

/** True when most border pixels are already transparent (a cut-out PNG). */
function hasOwnAlpha(img: Rgba): boolean {
  const { data, width, height } = img;
  let transparent = 0;
  let total = 0;
  const check = (x: number, y: number) => {
    total++;
    if (data[(y * width + x) * 4 + 3] < 128) transparent++;
  };
  for (let x = 0; x < width; x += 2) {
    check(x, 0);
    check(x, height - 1);
  }
  for (let y = 0; y < height; y += 2) {
    check(0, y);
    check(width - 1, y);
  }
  return transparent > total * 0.6;
}

/** Median of a few values (border cleaning). */
function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[s.length >> 1];
}

/**
 * Colour of the background along one border (a column or row), band-averaged and with
 * stretches where the subject touches the border replaced by the border's median colour.
 */
function borderProfile(img: Rgba, vertical: boolean, at: 'start' | 'end'): Float32Array {
  const { data, width, height } = img;
  const n = vertical ? height : width;
  const band = Math.max(1, Math.min(4, Math.floor((vertical ? width : height) / 64)));
  const out = new Float32Array(n * 3);
  for (let i = 0; i < n; i++) {
    let r = 0, g = 0, b = 0;
    for (let k = 0; k < band; k++) {
      const x = vertical ? (at === 'start' ? k : width - 1 - k) : i;
      const y = vertical ? i : at === 'start' ? k : height - 1 - k;
      const p = (y * width + x) * 4;
      r += data[p];
      g += data[p + 1];
      b += data[p + 2];
    }
    out[i * 3] = r / band;
    out[i * 3 + 1] = g / band;
    out[i * 3 + 2] = b / band;
  }
  return out;
}

/** Replaces outliers (subject on the border) by the nearest trusted sample, smooths a little. */
function cleanProfile(p: Float32Array, ref: [number, number, number], limit: number): void {
  const n = p.length / 3;
  const trusted = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const d = Math.hypot(p[i * 3] - ref[0], p[i * 3 + 1] - ref[1], p[i * 3 + 2] - ref[2]);
    trusted[i] = d <= limit ? 1 : 0;
  }
  let last = -1;
  for (let i = 0; i < n; i++) {
    if (trusted[i]) {
      last = i;
      continue;
    }
    // find the next trusted sample
    let next = i + 1;
    while (next < n && !trusted[next]) next++;
    for (let c = 0; c < 3; c++) {
      const a = last >= 0 ? p[last * 3 + c] : next < n ? p[next * 3 + c] : ref[c];
      const b = next < n ? p[next * 3 + c] : a;
      p[i * 3 + c] = (a + b) / 2;
    }
  }
  // a light running mean against JPEG noise
  const r = 3;
  const copy = Float32Array.from(p);
  for (let i = 0; i < n; i++) {
    const lo = Math.max(0, i - r), hi = Math.min(n - 1, i + r);
    for (let c = 0; c < 3; c++) {
      let s = 0;
      for (let j = lo; j <= hi; j++) s += copy[j * 3 + c];
      p[i * 3 + c] = s / (hi - lo + 1);
    }
  }
}

export interface CutoutOptions {
  /** colour distance below which a pixel connected to the border is background; default adaptive */
  tolerance?: number;
  /** feather radius in px (box blur of the mask); default 1 */
  feather?: number;
}

export function cutout(img: Rgba, opts: CutoutOptions = {}): CutoutResult {
  const { width, height } = img;
  const data = Buffer.from(img.data); // the result is written in place of a copy
  const total = width * height;

  if (hasOwnAlpha(img)) {
    return finish({ data, width, height }, 'alpha', [255, 255, 255]);
  }

  // --- background model from the borders
  const left = borderProfile(img, true, 'start');
  const right = borderProfile(img, true, 'end');
  const top = borderProfile(img, false, 'start');
  const bottom = borderProfile(img, false, 'end');
  const all = [left, right, top, bottom];
  const ref: [number, number, number] = [0, 1, 2].map((c) =>
    median(all.flatMap((p) => Array.from({ length: p.length / 3 }, (_, i) => p[i * 3 + c]))),
  ) as [number, number, number];
  // border noise decides the tolerance
  let dev = 0, devN = 0;
  for (const p of all) {
    for (let i = 0; i < p.length / 3; i++) {
      const d = Math.hypot(p[i * 3] - ref[0], p[i * 3 + 1] - ref[1], p[i * 3 + 2] - ref[2]);
      if (d < 60) {
        dev += d;
        devN++;
      }
    }
  }
  const spread = devN ? dev / devN : 30;
  for (const p of all) cleanProfile(p, ref, Math.max(40, spread * 3));

  const tol = opts.tolerance ?? Math.min(48, Math.max(16, 12 + spread * 0.6));

  // distance of each pixel to the background model, 0..255
  const dist = new Uint8Array(total);
  for (let y = 0; y < height; y++) {
    const ly = y * 3;
    const ty = height > 1 ? y / (height - 1) : 0;
    for (let x = 0; x < width; x++) {
      const tx = width > 1 ? x / (width - 1) : 0;
      // blend of the row model (left→right) and the column model (top→bottom)
      const tx3 = x * 3;
      const br = 0.5 * (left[ly] + (right[ly] - left[ly]) * tx) + 0.5 * (top[tx3] + (bottom[tx3] - top[tx3]) * ty);
      const bg = 0.5 * (left[ly + 1] + (right[ly + 1] - left[ly + 1]) * tx) + 0.5 * (top[tx3 + 1] + (bottom[tx3 + 1] - top[tx3 + 1]) * ty);
      const bb = 0.5 * (left[ly + 2] + (right[ly + 2] - left[ly + 2]) * tx) + 0.5 * (top[tx3 + 2] + (bottom[tx3 + 2] - top[tx3 + 2]) * ty);
      const p = (y * width + x) * 4;
      const dr = data[p] - br, dg = data[p + 1] - bg, db = data[p + 2] - bb;
      const d = Math.sqrt(dr * dr + dg * dg + db * db);
      dist[y * width + x] = d > 255 ? 255 : d;
    }
  }

  // --- flood fill from the border through pixels close to the model (an explicit queue,
  // no recursion and no closures: this loop runs over every background pixel)
  const bgMask = new Uint8Array(total);
  const queue = new Int32Array(total);
  let head = 0, tail = 0;
  for (let x = 0; x < width; x++) {
    for (const i of [x, (height - 1) * width + x]) if (!bgMask[i] && dist[i] < tol) { bgMask[i] = 1; queue[tail++] = i; }
  }
  for (let y = 0; y < height; y++) {
    for (const i of [y * width, y * width + width - 1]) if (!bgMask[i] && dist[i] < tol) { bgMask[i] = 1; queue[tail++] = i; }
  }
  while (head < tail) {
    const i = queue[head++];
    const x = i % width;
    let j = i - 1;
    if (x > 0 && !bgMask[j] && dist[j] < tol) { bgMask[j] = 1; queue[tail++] = j; }
    j = i + 1;
    if (x < width - 1 && !bgMask[j] && dist[j] < tol) { bgMask[j] = 1; queue[tail++] = j; }
    j = i - width;
    if (j >= 0 && !bgMask[j] && dist[j] < tol) { bgMask[j] = 1; queue[tail++] = j; }
    j = i + width;
    if (j < total && !bgMask[j] && dist[j] < tol) { bgMask[j] = 1; queue[tail++] = j; }
  }

  // --- alpha: background 0, subject 255, a soft ramp on background pixels that touch the subject
  const alpha = new Uint8Array(total);
  const lo = tol * 0.45;
  for (let i = 0; i < total; i++) {
    if (!bgMask[i]) {
      alpha[i] = 255;
      continue;
    }
    const d = dist[i];
    if (d <= lo) continue;
    const x = i % width;
    const nearSubject =
      (x > 0 && !bgMask[i - 1]) || (x < width - 1 && !bgMask[i + 1]) || (i >= width && !bgMask[i - width]) || (i < total - width && !bgMask[i + width]);
    if (nearSubject) alpha[i] = Math.round((255 * (d - lo)) / (tol - lo));
  }
  const feathered = boxBlur(alpha, width, height, opts.feather ?? 1);
  for (let i = 0; i < total; i++) {
    // feathering softens the outside of the edge only: the subject keeps its full alpha
    const a = alpha[i] === 255 ? Math.max(feathered[i], 250) : feathered[i];
    const p = i * 4;
    if (a > 0 && a < 250) {
      // take the background colour back out of the edge pixel: C = aF + (1-a)B
      const af = a / 255;
      for (let c = 0; c < 3; c++) data[p + c] = clamp255((data[p + c] - (1 - af) * ref[c]) / af);
    }
    data[p + 3] = alpha[i] === 255 ? 255 : a;
  }
  return finish({ data, width, height }, 'key', ref);
}

function finish(image: Rgba, method: 'alpha' | 'key', background: [number, number, number]): CutoutResult {
  const { data, width, height } = image;
  let minX = width, minY = height, maxX = -1, maxY = -1, opaque = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const a = data[(y * width + x) * 4 + 3];
      if (a > 24) {
        opaque++;
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
    }
  }
  const box = maxX < 0 ? { x: 0, y: 0, w: width, h: height } : { x: minX, y: minY, w: maxX - minX + 1, h: maxY - minY + 1 };
  return { image, box, coverage: opaque / (width * height), method, background };
}

/** Separable box blur of a mask, radius r (r = 0 copies). */
export function boxBlur(src: Uint8Array, width: number, height: number, r: number): Uint8Array {
  if (r <= 0) return Uint8Array.from(src);
  const tmp = new Uint16Array(width * height);
  const out = new Uint8Array(width * height);
  const span = 2 * r + 1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let s = 0;
    for (let k = -r; k <= r; k++) s += src[row + Math.min(width - 1, Math.max(0, k))];
    for (let x = 0; x < width; x++) {
      tmp[row + x] = Math.round(s / span);
      s += src[row + Math.min(width - 1, x + r + 1)] - src[row + Math.max(0, x - r)];
    }
  }
  for (let x = 0; x < width; x++) {
    let s = 0;
    for (let k = -r; k <= r; k++) s += tmp[Math.min(height - 1, Math.max(0, k)) * width + x];
    for (let y = 0; y < height; y++) {
      out[y * width + x] = Math.round(s / span);
      s += tmp[Math.min(height - 1, y + r + 1) * width + x] - tmp[Math.max(0, y - r) * width + x];
    }
  }
  return out;
}
