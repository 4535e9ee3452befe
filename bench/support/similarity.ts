// How alike two pictures are, for the benches: PSNR and SSIM of their luma (BT.601).
export interface Plane {
  width: number;
  height: number;
  y: Float64Array;
}

/** Luma (BT.601) of RGB(A) pixels, the border cut off. */
export function luma(
  data: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
  channels: number,
  border: number,
) {
  const w = width - 2 * border;
  const h = height - 2 * border;
  const y = new Float64Array(w * h);
  for (let r = 0; r < h; r++)
    for (let c = 0; c < w; c++) {
      const i = ((r + border) * width + c + border) * channels;
      y[r * w + c] = 0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2];
    }
  return { width: w, height: h, y } satisfies Plane;
}

export function psnr(a: Plane, b: Plane): number {
  let sum = 0;
  for (let i = 0; i < a.y.length; i++) sum += (a.y[i] - b.y[i]) ** 2;
  return 10 * Math.log10((255 * 255) / (sum / a.y.length));
}

/** SSIM with an 11×11 Gaussian window (σ 1.5), K1 0.01, K2 0.03, as Wang et al. (2004). */
export function ssim(a: Plane, b: Plane): number {
  const size = 11;
  const half = 5;
  const g: number[] = [];
  let total = 0;
  for (let i = -half; i <= half; i++) {
    const v = Math.exp(-(i * i) / (2 * 1.5 * 1.5));
    g.push(v);
    total += v;
  }
  const k = g.map((v) => v / total);
  const { width: w, height: h } = a;
  // separable blur of x
  const blur = (src: Float64Array) => {
    const tmp = new Float64Array(w * h);
    const out = new Float64Array(w * h);
    for (let r = 0; r < h; r++)
      for (let c = half; c < w - half; c++) {
        let s = 0;
        for (let j = 0; j < size; j++) s += k[j] * src[r * w + c + j - half];
        tmp[r * w + c] = s;
      }
    for (let r = half; r < h - half; r++)
      for (let c = half; c < w - half; c++) {
        let s = 0;
        for (let j = 0; j < size; j++) s += k[j] * tmp[(r + j - half) * w + c];
        out[r * w + c] = s;
      }
    return out;
  };
  const mul = (x: Float64Array, y: Float64Array) => x.map((v, i) => v * y[i]);
  const muA = blur(a.y);
  const muB = blur(b.y);
  const aa = blur(mul(a.y, a.y));
  const bb = blur(mul(b.y, b.y));
  const ab = blur(mul(a.y, b.y));
  const c1 = (0.01 * 255) ** 2;
  const c2 = (0.03 * 255) ** 2;
  let sum = 0;
  let n = 0;
  for (let r = half; r < h - half; r++)
    for (let c = half; c < w - half; c++) {
      const i = r * w + c;
      const va = aa[i] - muA[i] ** 2;
      const vb = bb[i] - muB[i] ** 2;
      const cov = ab[i] - muA[i] * muB[i];
      sum +=
        ((2 * muA[i] * muB[i] + c1) * (2 * cov + c2)) / ((muA[i] ** 2 + muB[i] ** 2 + c1) * (va + vb + c2));
      n++;
    }
  return sum / n;
}
