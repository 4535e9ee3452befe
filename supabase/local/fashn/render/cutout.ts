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
    let r = 0,
      g = 0,
      b = 0;
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
    const lo = Math.max(0, i - r),
      hi = Math.min(n - 1, i + r);
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
  let dev = 0,
    devN = 0;
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

  // squared distance of each pixel (3x3 mean: grain and JPEG noise must not open paths for
  // the fill into a light garment) to the background model (capped): the fill only compares
  const tol2 = tol * tol;
  const smooth = smooth3(data, width, height);
  const dist = scratch.u16('dist', total);
  for (let y = 0; y < height; y++) {
    const ly = y * 3;
    const ty = height > 1 ? y / (height - 1) : 0;
    // the row's model: a blend of the left→right and top→bottom interpolations
    const lr = left[ly],
      lg = left[ly + 1],
      lb = left[ly + 2];
    const dR = right[ly] - lr,
      dG = right[ly + 1] - lg,
      dB = right[ly + 2] - lb;
    const inv = width > 1 ? 1 / (width - 1) : 0;
    let i = y * width;
    for (let x = 0; x < width; x++, i++) {
      const tx = x * inv;
      const c = x * 3;
      const br = 0.5 * (lr + dR * tx + top[c] + (bottom[c] - top[c]) * ty);
      const bg = 0.5 * (lg + dG * tx + top[c + 1] + (bottom[c + 1] - top[c + 1]) * ty);
      const bb = 0.5 * (lb + dB * tx + top[c + 2] + (bottom[c + 2] - top[c + 2]) * ty);
      const q = i * 3;
      const dr = smooth[q] - br,
        dg = smooth[q + 1] - bg,
        db = smooth[q + 2] - bb;
      const d2 = dr * dr + dg * dg + db * db;
      dist[i] = Math.min(d2, 65535);
    }
  }

  // --- flood fill from the border through pixels close to the model (an explicit queue,
  // no recursion and no closures: this loop runs over every background pixel)
  const bgMask = scratch.u8('bg', total);
  bgMask.fill(0);
  const queue = scratch.i32('queue', total);
  let head = 0,
    tail = 0;
  const edges: number[] = [];
  for (let x = 0; x < width; x++) edges.push(x, (height - 1) * width + x);
  for (let y = 0; y < height; y++) edges.push(y * width, y * width + width - 1);
  for (const i of edges) {
    if (!bgMask[i] && dist[i] < tol2) {
      bgMask[i] = 1;
      queue[tail++] = i;
    }
  }
  while (head < tail) {
    const i = queue[head++];
    const x = i % width;
    let j = i - 1;
    if (x > 0 && !bgMask[j] && dist[j] < tol2) {
      bgMask[j] = 1;
      queue[tail++] = j;
    }
    j = i + 1;
    if (x < width - 1 && !bgMask[j] && dist[j] < tol2) {
      bgMask[j] = 1;
      queue[tail++] = j;
    }
    j = i - width;
    if (j >= 0 && !bgMask[j] && dist[j] < tol2) {
      bgMask[j] = 1;
      queue[tail++] = j;
    }
    j = i + width;
    if (j < total && !bgMask[j] && dist[j] < tol2) {
      bgMask[j] = 1;
      queue[tail++] = j;
    }
  }

  // everything after works inside the subject's box (+ a margin): outside it all is background
  let minX = width,
    minY = height,
    maxX = -1,
    maxY = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (!bgMask[row + x]) {
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
    }
  }
  if (maxX < 0) {
    for (let i = 3; i < data.length; i += 4) data[i] = 0;
    return finish({ data, width, height }, 'key', ref);
  }
  const m = 4;
  const x0 = Math.max(0, minX - m),
    x1 = Math.min(width - 1, maxX + m);
  const y0 = Math.max(0, minY - m),
    y1 = Math.min(height - 1, maxY + m);

  const bgAt = (i: number, out: Float64Array) => {
    const x = i % width,
      y = (i - x) / width;
    const tx = width > 1 ? x / (width - 1) : 0,
      ty = height > 1 ? y / (height - 1) : 0;
    for (let c = 0; c < 3; c++)
      out[c] =
        0.5 *
        (left[y * 3 + c] +
          (right[y * 3 + c] - left[y * 3 + c]) * tx +
          top[x * 3 + c] +
          (bottom[x * 3 + c] - top[x * 3 + c]) * ty);
  };
  const B = new Float64Array(3);
  const touchesBg = (i: number, x: number) =>
    (x > 0 && bgMask[i - 1]) ||
    (x < width - 1 && bgMask[i + 1]) ||
    (i >= width && bgMask[i - width]) ||
    (i < total - width && bgMask[i + width]);

  // The fill ran on the smoothed image, which blurs the border by a pixel: two passes with
  // the pixels' own colours give back to the background what touches it and is close to it.
  for (let pass = 0; pass < 2; pass++) {
    const back: number[] = [];
    for (let y = y0; y <= y1; y++) {
      for (let x = x0, i = y * width + x0; x <= x1; x++, i++) {
        if (bgMask[i] || !touchesBg(i, x)) continue;
        bgAt(i, B);
        const p = i * 4;
        const dr = data[p] - B[0],
          dg = data[p + 1] - B[1],
          db = data[p + 2] - B[2];
        if (dr * dr + dg * dg + db * db < tol2) back.push(i);
      }
    }
    for (const i of back) bgMask[i] = 1;
  }

  // --- alpha: subject 255, background 0, and the edge band in between. Pixels on either
  // side of the subject's border (the subject's outermost ring, and background pixels next
  // to it that are not quite the background colour) are mixes of the two: each takes the
  // colour F of the solid subject just inside, and the alpha of how far it lies from the
  // background colour B towards F.
  const alpha = scratch.u8('alpha', total);
  const solid = scratch.u8('solid', total);
  alpha.fill(0);
  solid.fill(0);
  for (let y = y0; y <= y1; y++) {
    for (let x = x0, i = y * width + x0; x <= x1; x++, i++) {
      if (!bgMask[i]) {
        alpha[i] = 255;
        solid[i] = 1;
      }
    }
  }
  const lo2 = (tol * 0.35) ** 2;
  const band: number[] = [];
  for (let y = y0; y <= y1; y++) {
    for (let x = x0, i = y * width + x0; x <= x1; x++, i++) {
      const l = x > 0 ? alpha[i - 1] : alpha[i],
        r = x < width - 1 ? alpha[i + 1] : alpha[i];
      const u = i >= width ? alpha[i - width] : alpha[i],
        d = i < total - width ? alpha[i + width] : alpha[i];
      if (alpha[i] === 255) {
        if (l === 0 || r === 0 || u === 0 || d === 0) {
          band.push(i);
          solid[i] = 0;
        }
      } else if (dist[i] > lo2 && (l === 255 || r === 255 || u === 255 || d === 255)) {
        band.push(i);
      }
    }
  }
  const bandAlpha = new Uint8Array(band.length);
  for (let k = 0; k < band.length; k++) {
    const i = band[k];
    const p = i * 4;
    const cr = data[p],
      cg = data[p + 1],
      cb = data[p + 2];
    if (!bleed(data, solid, width, height, i)) {
      bandAlpha[k] = alpha[i]; // a hair-thin part of the subject: no solid inside to learn from
      continue;
    }
    bgAt(i, B);
    const fr = data[p] - B[0],
      fg = data[p + 1] - B[1],
      fb = data[p + 2] - B[2];
    const num = (cr - B[0]) * fr + (cg - B[1]) * fg + (cb - B[2]) * fb;
    const den = fr * fr + fg * fg + fb * fb;
    // a subject pixel stays at least half opaque: the ring must not eat into the garment
    const a = den > 64 ? Math.min(1, Math.max(0, num / den)) : alpha[i] / 255;
    bandAlpha[k] = Math.round(255 * (alpha[i] === 255 ? Math.max(0.5, a) : a));
  }
  for (let k = 0; k < band.length; k++) alpha[band[k]] = bandAlpha[k];

  // a light feather outside the edge against stair steps (inside the box); those pixels take
  // the subject's colour
  const bw = x1 - x0 + 1,
    bh = y1 - y0 + 1;
  const region = new Uint8Array(bw * bh);
  for (let y = 0; y < bh; y++)
    region.set(alpha.subarray((y0 + y) * width + x0, (y0 + y) * width + x0 + bw), y * bw);
  const feathered = boxBlur(region, bw, bh, opts.feather ?? 1);
  for (let i = 3; i < data.length; i += 4) data[i] = 0;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0, i = y * width + x0; x <= x1; x++, i++) {
      const p = i * 4;
      if (alpha[i] === 255) {
        data[p + 3] = 255;
        continue;
      }
      const a = Math.max(alpha[i], feathered[(y - y0) * bw + (x - x0)] >> 1);
      if (a > 0 && alpha[i] === 0) bleed(data, solid, width, height, i);
      data[p + 3] = a;
    }
  }
  return finish({ data, width, height }, 'key', ref);
}

/** Scratch buffers reused between calls (cutout is synchronous, so never shared mid-use). */
const scratch = (() => {
  const bufs = new Map<string, Uint8Array | Uint16Array | Int32Array>();
  function get<T extends Uint8Array | Uint16Array | Int32Array>(
    key: string,
    n: number,
    make: (n: number) => T,
  ): T {
    let b = bufs.get(key) as T | undefined;
    if (!b || b.length < n) {
      b = make(Math.ceil(n * 1.1));
      bufs.set(key, b);
    }
    return b.subarray(0, n) as T;
  }
  return {
    u8: (k: string, n: number) => get(k, n, (m) => new Uint8Array(m)),
    u16: (k: string, n: number) => get(k, n, (m) => new Uint16Array(m)),
    i32: (k: string, n: number) => get(k, n, (m) => new Int32Array(m)),
  };
})();

/** Colour of pixel i := mean colour of the solid pixels near it (3x3, 5x5, 7x7); false if none. */
function bleed(data: Buffer, solid: Uint8Array, width: number, height: number, i: number): boolean {
  const x0 = i % width,
    y0 = (i - x0) / width;
  for (const r of [1, 2, 3]) {
    let sr = 0,
      sg = 0,
      sb = 0,
      n = 0;
    for (let y = Math.max(0, y0 - r); y <= Math.min(height - 1, y0 + r); y++) {
      for (let x = Math.max(0, x0 - r); x <= Math.min(width - 1, x0 + r); x++) {
        const j = y * width + x;
        if (solid[j]) {
          sr += data[j * 4];
          sg += data[j * 4 + 1];
          sb += data[j * 4 + 2];
          n++;
        }
      }
    }
    if (n) {
      data[i * 4] = sr / n;
      data[i * 4 + 1] = sg / n;
      data[i * 4 + 2] = sb / n;
      return true;
    }
  }
  return false;
}

function finish(image: Rgba, method: 'alpha' | 'key', background: [number, number, number]): CutoutResult {
  const { data, width, height } = image;
  let minX = width,
    minY = height,
    maxX = -1,
    maxY = -1,
    opaque = 0;
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
  const box =
    maxX < 0
      ? { x: 0, y: 0, w: width, h: height }
      : { x: minX, y: minY, w: maxX - minX + 1, h: maxY - minY + 1 };
  return { image, box, coverage: opaque / (width * height), method, background };
}

/** 3x3 mean of the RGB channels of an RGBA image, as packed RGB. */
function smooth3(data: Buffer, width: number, height: number): Uint8Array {
  const tmp = scratch.u16('smooth-tmp', width * height * 3);
  const out = scratch.u8('smooth', width * height * 3);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      // the row's ends repeat their edge pixel; the interior reads both neighbours
      const b = (row + x) * 4;
      const a = x > 0 ? b - 4 : b,
        c = x < width - 1 ? b + 4 : b;
      const o = (row + x) * 3;
      tmp[o] = data[a] + data[b] + data[c];
      tmp[o + 1] = data[a + 1] + data[b + 1] + data[c + 1];
      tmp[o + 2] = data[a + 2] + data[b + 2] + data[c + 2];
    }
  }
  for (let y = 0; y < height; y++) {
    const yu = y > 0 ? y - 1 : y,
      yd = y < height - 1 ? y + 1 : y;
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 3,
        u = (yu * width + x) * 3,
        d = (yd * width + x) * 3;
      out[o] = (tmp[u] + tmp[o] + tmp[d]) / 9;
      out[o + 1] = (tmp[u + 1] + tmp[o + 1] + tmp[d + 1]) / 9;
      out[o + 2] = (tmp[u + 2] + tmp[o + 2] + tmp[d + 2]) / 9;
    }
  }
  return out;
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
