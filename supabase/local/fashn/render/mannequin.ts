// The garment lifted off a mannequin or dress form, for the preview renderer: the photo's
// subject (garment + mannequin) is keyed off its plain background as any product photo is
// (cutout.ts), then the mannequin is taken away so only the garment is worn by the figure.
//
// A mannequin shows where the garment does not cover it: the neck (and a head or cap) above,
// the pole and its base below, and often bare torso or hips beside a short top. Without a
// model the renderer tells them apart by shape and colour:
//   1. rows: the garment's body is the run of wide rows (at least 30 % of the widest row)
//      holding the most subject pixels; the narrow rows above it (the neck) and everything
//      below the next narrow rows (the pole, and the base under it) are the mannequin;
//   2. colour: the mannequin's colours are read from those rows next to the body, and inside
//      the body every subject pixel of those colours connected to the body's first or last
//      row or to its outline (4-connected, through pixels of those colours) is mannequin too
//      — bare shoulders above a strapless dress, the form's hips under a short top, a sliver
//      of the form beside the garment;
//   3. the mannequin's soft edge (pixels blended towards its colour) goes with it, and of what
//      remains the largest connected part, trimmed to its box, is the garment.
// The colours are read as one or two clusters (a form and its pole, a neck and its cap); one
// that would take most of the body (a white shirt on a white form: the colours cannot tell them
// apart) is not used, and then only the rows decide.
import { cutout } from './cutout.ts';
import { type Box, cropRgba, type Rgba } from './raster.ts';

export interface MannequinLift {
  /** the garment alone, straight alpha, trimmed to its box */
  garment: Rgba;
  /** in the cut-out subject's pixels: the rows kept as the garment's body */
  body: { top: number; bottom: number };
  /** subject pixels taken away as mannequin (neck, stand, bare form) */
  removed: number;
  /** the mannequin colours used (RGB means), empty when there was no neck or stand */
  mannequinColours: [number, number, number][];
}

const OPAQUE = 127;
const WIDE = 0.3;

/** Subject pixels per row. */
function rowCounts(img: Rgba): number[] {
  const counts = new Array<number>(img.height).fill(0);
  for (let y = 0; y < img.height; y++) {
    let n = 0;
    for (let x = 0; x < img.width; x++) if (img.data[(y * img.width + x) * 4 + 3] > OPAQUE) n++;
    counts[y] = n;
  }
  return counts;
}

/** The run of wide rows with the most subject pixels: the garment's body. */
function bodyRows(counts: number[]): { top: number; bottom: number } | null {
  const widest = Math.max(...counts);
  if (widest === 0) return null;
  let best: { top: number; bottom: number; sum: number } | null = null;
  let start = -1;
  let sum = 0;
  for (let y = 0; y <= counts.length; y++) {
    const wide = y < counts.length && counts[y] >= widest * WIDE;
    if (wide) {
      if (start < 0) {
        start = y;
        sum = 0;
      }
      sum += counts[y];
    } else if (start >= 0) {
      if (!best || sum > best.sum) best = { top: start, bottom: y - 1, sum };
      start = -1;
    }
  }
  return best && { top: best.top, bottom: best.bottom };
}

interface ColourModel {
  mean: [number, number, number];
  tolerance: number;
}

/**
 * The colours of the subject pixels in rows [from, to]: one or two (a form and its pole, a neck
 * and its cap), split by 2-means, each with a tolerance from its own spread; none when too few.
 */
function coloursOf(img: Rgba, from: number, to: number): ColourModel[] {
  const px: number[] = [];
  for (let y = Math.max(0, from); y <= Math.min(img.height - 1, to); y++) {
    for (let x = 0; x < img.width; x++) {
      const i = (y * img.width + x) * 4;
      // the solid inside, not the keyed edge
      if (img.data[i + 3] > 200) px.push(img.data[i], img.data[i + 1], img.data[i + 2]);
    }
  }
  const n = px.length / 3;
  if (n < 12) return [];
  const lum = (k: number) => px[k * 3] + px[k * 3 + 1] + px[k * 3 + 2];
  // start from the darkest and the lightest pixel
  let lo = 0,
    hi = 0;
  for (let k = 1; k < n; k++) {
    if (lum(k) < lum(lo)) lo = k;
    if (lum(k) > lum(hi)) hi = k;
  }
  let centres = [
    [px[lo * 3], px[lo * 3 + 1], px[lo * 3 + 2]],
    [px[hi * 3], px[hi * 3 + 1], px[hi * 3 + 2]],
  ];
  const owner = new Uint8Array(n);
  for (let round = 0; round < 8; round++) {
    const sum = [
      [0, 0, 0, 0],
      [0, 0, 0, 0],
    ];
    for (let k = 0; k < n; k++) {
      const d = centres.map(
        (c) => (px[k * 3] - c[0]) ** 2 + (px[k * 3 + 1] - c[1]) ** 2 + (px[k * 3 + 2] - c[2]) ** 2,
      );
      const o = d[1] < d[0] ? 1 : 0;
      owner[k] = o;
      for (let c = 0; c < 3; c++) sum[o][c] += px[k * 3 + c];
      sum[o][3]++;
    }
    centres = sum.map((s0, o) => (s0[3] ? [s0[0] / s0[3], s0[1] / s0[3], s0[2] / s0[3]] : centres[o]));
  }
  // one colour when the two are close
  if (
    Math.hypot(centres[0][0] - centres[1][0], centres[0][1] - centres[1][1], centres[0][2] - centres[1][2]) <
    40
  )
    owner.fill(0);
  const models: ColourModel[] = [];
  for (const o of [0, 1]) {
    const mean = [0, 0, 0];
    let m = 0;
    for (let k = 0; k < n; k++) if (owner[k] === o) for (let c = 0; c < 3; c++) mean[c] += px[k * 3 + c];
    for (let k = 0; k < n; k++) if (owner[k] === o) m++;
    if (m < 12 || m < n * 0.1) continue;
    for (let c = 0; c < 3; c++) mean[c] /= m;
    let sq = 0;
    for (let k = 0; k < n; k++)
      if (owner[k] === o)
        sq += (px[k * 3] - mean[0]) ** 2 + (px[k * 3 + 1] - mean[1]) ** 2 + (px[k * 3 + 2] - mean[2]) ** 2;
    const spread = Math.sqrt(sq / m);
    models.push({
      mean: mean as [number, number, number],
      tolerance: Math.min(60, Math.max(28, spread * 2.5)),
    });
  }
  return models;
}

const near = (img: Rgba, i: number, m: ColourModel) =>
  Math.hypot(img.data[i] - m.mean[0], img.data[i + 1] - m.mean[1], img.data[i + 2] - m.mean[2]) <=
  m.tolerance;

/**
 * Marks, inside the body rows, subject pixels of the mannequin's colour connected to the seeds
 * (the body's first and last rows, next to the neck and the pole, and its outline, where a
 * sliver of the form shows beside the garment). Returns the marked pixels.
 */
function floodMannequin(
  img: Rgba,
  body: { top: number; bottom: number },
  seeds: number[],
  model: ColourModel,
  mark: Uint8Array,
): number {
  const { width } = img;
  const stack: number[] = [];
  for (const p of seeds) {
    if (!mark[p] && img.data[p * 4 + 3] > OPAQUE && near(img, p * 4, model)) {
      mark[p] = 1;
      stack.push(p);
    }
  }
  let marked = stack.length;
  while (stack.length) {
    const p = stack.pop()!;
    const x = p % width;
    const y = (p - x) / width;
    for (const [nx, ny] of [
      [x - 1, y],
      [x + 1, y],
      [x, y - 1],
      [x, y + 1],
    ]) {
      if (nx < 0 || nx >= width || ny < body.top || ny > body.bottom) continue;
      const q = ny * width + nx;
      if (mark[q] || img.data[q * 4 + 3] <= OPAQUE || !near(img, q * 4, model)) continue;
      mark[q] = 1;
      marked++;
      stack.push(q);
    }
  }
  return marked;
}

/**
 * The mannequin's edge, in `rounds` steps of one pixel: unmarked pixels next to marked ones that
 * are soft (keyed edge) or of a colour blended towards the mannequin's (anti-aliasing, JPEG), and
 * pixels of that colour on the subject's outline (a sliver of the form beside the garment).
 */
function growMark(
  img: Rgba,
  mark: Uint8Array,
  models: ColourModel[],
  body: { top: number; bottom: number },
  rounds: number,
) {
  const { width } = img;
  const loose = models.map((m) => ({ ...m, tolerance: m.tolerance * 1.8 }));
  for (let r = 0; r < rounds; r++) {
    const add: number[] = [];
    for (let y = body.top; y <= body.bottom; y++)
      for (let x = 0; x < width; x++) {
        const p = y * width + x;
        if (mark[p]) continue;
        const gone = (q: number) => mark[q] === 1 || img.data[q * 4 + 3] <= OPAQUE;
        const byMark =
          (x > 0 && mark[p - 1]) || (x < width - 1 && mark[p + 1]) || mark[p - width] || mark[p + width];
        const byEdge =
          (x > 0 && gone(p - 1)) || (x < width - 1 && gone(p + 1)) || gone(p - width) || gone(p + width);
        const blend = loose.some((m) => near(img, p * 4, m));
        // beside the mannequin: its soft edge or its colour; on the outline: its colour only
        // (a sliver of the form showing beside the garment)
        if ((byMark && (img.data[p * 4 + 3] <= 200 || blend)) || (byEdge && blend)) add.push(p);
      }
    for (const p of add) mark[p] = 1;
  }
}

/**
 * Keeps the largest connected part (alpha > 127) and its soft edge within 2 px; clears the rest
 * (a bit of the base beside the hem, the keyed ring of a removed part).
 */
function keepLargestPart(img: Rgba): void {
  const { width, height } = img;
  const label = new Int32Array(width * height);
  let best = 0;
  let bestSize = 0;
  let next = 0;
  const stack: number[] = [];
  for (let p0 = 0; p0 < label.length; p0++) {
    if (label[p0] || img.data[p0 * 4 + 3] <= OPAQUE) continue;
    next++;
    label[p0] = next;
    stack.push(p0);
    let size = 0;
    while (stack.length) {
      const p = stack.pop()!;
      size++;
      const x = p % width;
      for (const q of [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width]) {
        if (q < 0 || q >= label.length || label[q] || img.data[q * 4 + 3] <= OPAQUE) continue;
        label[q] = next;
        stack.push(q);
      }
    }
    if (size > bestSize) {
      bestSize = size;
      best = next;
    }
  }
  if (!best) return;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      if (label[p] === best || img.data[p * 4 + 3] === 0) continue;
      let close = false;
      for (let dy = -2; dy <= 2 && !close; dy++)
        for (let dx = -2; dx <= 2 && !close; dx++) {
          const nx = x + dx,
            ny = y + dy;
          if (nx >= 0 && nx < width && ny >= 0 && ny < height && label[ny * width + nx] === best)
            close = true;
        }
      // another opaque part goes whole; a soft edge pixel stays only beside the garment
      if (label[p] || !close) img.data[p * 4 + 3] = 0;
    }
}

/** Bounding box of alpha > 24, or null when nothing is left. */
function opaqueBox(img: Rgba): Box | null {
  let x0 = img.width,
    y0 = img.height,
    x1 = -1,
    y1 = -1;
  for (let y = 0; y < img.height; y++)
    for (let x = 0; x < img.width; x++)
      if (img.data[(y * img.width + x) * 4 + 3] > 24) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
  return x1 < 0 ? null : { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 };
}

/** The garment of a subject already keyed off its background (garment + mannequin, trimmed). */
export function liftFromMannequin(subject: Rgba): MannequinLift {
  const img: Rgba = { data: Buffer.from(subject.data), width: subject.width, height: subject.height };
  const { width, height } = img;
  const counts = rowCounts(img);
  const body = bodyRows(counts) ?? { top: 0, bottom: height - 1 };
  const total = counts.reduce((a, b) => a + b, 0);
  const mark = new Uint8Array(width * height);

  // 1. the neck above the body, the pole (and its base) below it
  for (let y = 0; y < height; y++) {
    if (y >= body.top && y <= body.bottom) continue;
    for (let x = 0; x < width; x++) mark[y * width + x] = 1;
  }

  // 2. the mannequin's colours next to the body, followed into it
  const band = Math.max(3, Math.round(height * 0.04));
  const neck = body.top > 0 ? coloursOf(img, body.top - band, body.top - 1) : [];
  const stand = body.bottom < height - 1 ? coloursOf(img, body.bottom + 1, body.bottom + band) : [];
  const bodyPixels = counts.slice(body.top, body.bottom + 1).reduce((a, b) => a + b, 0);
  // the seeds: the body's first and last rows and its outline
  const seeds: number[] = [];
  const outside = (q: number) => img.data[q * 4 + 3] <= OPAQUE;
  for (let y = body.top; y <= body.bottom; y++)
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      if (outside(p)) continue;
      if (
        y === body.top ||
        y === body.bottom ||
        x === 0 ||
        x === width - 1 ||
        outside(p - 1) ||
        outside(p + 1) ||
        outside(p - width) ||
        outside(p + width)
      )
        seeds.push(p);
    }
  // each colour on its own: one that would take most of the body is the garment's too (a beige
  // dress on a beige form, a black skirt over a black pole) and decides nothing
  const used: ColourModel[] = [];
  for (const model of [...neck, ...stand]) {
    const own = new Uint8Array(width * height);
    if (floodMannequin(img, body, seeds, model, own) >= bodyPixels * 0.6) continue;
    used.push(model);
    for (let p = 0; p < mark.length; p++) if (own[p]) mark[p] = 1;
  }
  growMark(img, mark, used, body, used.length ? 3 : 1);

  let removed = 0;
  for (let p = 0; p < mark.length; p++) {
    if (!mark[p]) continue;
    if (img.data[p * 4 + 3] > OPAQUE) removed++;
    img.data[p * 4 + 3] = 0;
  }
  keepLargestPart(img);
  const box = opaqueBox(img) ?? { x: 0, y: 0, w: width, h: height };
  return {
    garment: cropRgba(img, box),
    body,
    removed: Math.min(removed, total),
    mannequinColours: used.map((m) => m.mean),
  };
}

/** A mannequin photo's garment: keyed off the background, then lifted off the mannequin. */
export function mannequinGarment(photo: Rgba): MannequinLift | null {
  const cut = cutout(photo);
  if (cut.coverage < 0.01) return null;
  return liftFromMannequin(cropRgba(cut.image, cut.box));
}
