// The garment: which kind it is (when the caller says "auto"), and how it is worn on a
// figure — fitted into the figure's anchor box for that kind, made to follow the body's
// silhouette, shaded like cloth over a body and casting a soft shadow on the figure.
import { boxBlur } from './cutout.ts';
import type { Box, Rgba } from './raster.ts';
import { resizeRgba } from './raster.ts';

export type GarmentCategory = 'tops' | 'bottoms' | 'one-pieces';

interface RowStats {
  width: number;
  runs: number;
}

/** Opaque extent and number of separate opaque runs (≥ 4 % of the width) in one row. */
function rowStats(img: Rgba, y: number): RowStats {
  const { data, width } = img;
  const minRun = Math.max(2, Math.round(width * 0.04));
  let first = -1,
    last = -1,
    runs = 0,
    run = 0;
  for (let x = 0; x < width; x++) {
    if (data[(y * width + x) * 4 + 3] > 127) {
      if (first < 0) first = x;
      last = x;
      run++;
    } else {
      if (run >= minRun) runs++;
      run = 0;
    }
  }
  if (run >= minRun) runs++;
  return { width: first < 0 ? 0 : last - first + 1, runs };
}

function band(img: Rgba, from: number, to: number): { width: number; multiRun: number } {
  const y0 = Math.floor(img.height * from),
    y1 = Math.max(y0 + 1, Math.floor(img.height * to));
  let w = 0,
    multi = 0,
    n = 0;
  for (let y = y0; y < y1; y++) {
    const s = rowStats(img, y);
    w += s.width;
    if (s.runs >= 2) multi++;
    n++;
  }
  return { width: w / n / img.width, multiRun: multi / n };
}

/**
 * Garment kind from the cut-out's shape (trimmed to its box): trousers and shorts have a
 * gap between the legs at the bottom; tops are widest at the shoulders/sleeves and not
 * much taller than wide; dresses and jumpsuits are long; skirts widen downwards.
 */
export function classifyGarment(garment: Rgba): GarmentCategory {
  const aspect = garment.height / garment.width;
  const topBand = band(garment, 0.04, 0.18);
  const midBand = band(garment, 0.4, 0.5);
  const bottomBand = band(garment, 0.8, 0.96);
  const legs = band(garment, 0.72, 0.97);
  const straps = topBand.multiRun > 0.6;
  if (legs.multiRun > 0.6) {
    // trousers start with a straight waistband; a jumpsuit starts with straps, a neckline
    // or shoulders and sleeves wider than its waist
    const bodice = straps || topBand.width > midBand.width * 1.15;
    return bodice && aspect > 2 ? 'one-pieces' : 'bottoms';
  }
  if (straps) return aspect >= 1.7 ? 'one-pieces' : 'tops';
  if (topBand.width >= bottomBand.width * 1.05) return aspect > 1.45 ? 'one-pieces' : 'tops';
  return aspect > 1.2 ? 'one-pieces' : 'bottoms';
}

export interface PlacedGarment {
  /** the garment scaled for the figure, straight alpha */
  layer: Rgba;
  x: number;
  y: number;
}

export interface GarmentAnchors {
  top: Box;
  bottom: Box;
  full: Box;
}

/** Width of the opaque run through the garment's centre at a row (its body, not its sleeves). */
function centralRun(img: Rgba, frac: number): number {
  const { data, width } = img;
  const y = Math.min(img.height - 1, Math.max(0, Math.round(img.height * frac)));
  const cx = width >> 1;
  const on = (x: number) => data[(y * width + x) * 4 + 3] > 127;
  if (!on(cx)) return rowStats(img, y).width; // a gap in the middle (between legs): the whole extent
  let l = cx,
    r = cx;
  while (l > 0 && on(l - 1)) l--;
  while (r < width - 1 && on(r + 1)) r++;
  return r - l + 1;
}

function medianOf(values: number[]): number {
  const s = values.filter((v) => v > 0).sort((a, b) => a - b);
  return s.length ? s[s.length >> 1] : 0;
}

/**
 * Scales the garment for the figure. A flat garment and a stylised figure never share
 * proportions, so width and length are fitted separately (like a pattern graded to a
 * size): the width from the garment's body against the figure's torso (tops, dresses) or
 * its waistband against the hips (bottoms); the length in proportion to that, stretched a
 * little for the figure's long lines and never past the anchor box. Hung from the box's top
 * edge, centred on it.
 */
export async function fitToAnchor(
  garment: Rgba,
  anchors: GarmentAnchors,
  category: GarmentCategory,
): Promise<PlacedGarment> {
  const gw = garment.width,
    gh = garment.height;
  let box: Box, sx: number, sy: number;
  if (category === 'bottoms') {
    box = anchors.bottom;
    const waist = Math.max(1, rowStats(garment, Math.round(gh * 0.04)).width);
    sx = (box.w * 0.98) / waist;
    sy = Math.min(sx * 1.5, (box.h * 1.0) / gh);
  } else {
    box = category === 'tops' ? anchors.top : anchors.full;
    const torso = anchors.top.w * 0.72; // the top box spans the arms; the torso is about 72 % of it
    if (category === 'tops') {
      const body = Math.max(1, centralRun(garment, 0.72));
      sx = (torso * 1.08) / body;
      sy = Math.min(sx * 1.15, (box.h * 1.05) / gh);
    } else {
      const bodice = Math.max(1, medianOf([0.18, 0.24, 0.3, 0.36].map((f) => centralRun(garment, f))));
      sx = torso / bodice;
      sy = Math.min(sx * 1.25, (box.h * 1.0) / gh);
    }
  }
  // keep the garment recognisable: at most a 1.7x stretch between the axes
  if (sy > sx * 1.7) sy = sx * 1.7;
  if (sx > sy * 1.7) sx = sy * 1.7;
  const w = Math.max(1, Math.round(gw * sx));
  const h = Math.max(1, Math.round(gh * sy));
  const layer = await resizeRgba(garment, w, h);
  return { layer, x: Math.round(box.x + (box.w - w) / 2), y: Math.round(box.y) };
}

export interface WearOptions {
  /** figure pixels that stay in front of the garment (hair over the shoulders) */
  overlay?: Uint8Array | null;
  /**
   * rows above this follow the body's silhouette (sleeves fold onto the arms); below it
   * the garment hangs free (hems, skirts, trouser legs). Infinity: everywhere; -Infinity: nowhere.
   */
  followBodyUntil: number;
  /**
   * the figure's basics (1 top, 2 bottom) and which of them this garment covers: on each of
   * its rows the garment is widened over those pixels, so no underlayer peeks out at its sides
   */
  basics?: Uint8Array | null;
  covers?: readonly number[];
}

/**
 * Puts the placed garment on the figure, writing into `subject` (the figure, straight RGBA,
 * same size): the garment is limited to the grown body silhouette (`grownBody`, a blurred
 * silhouette: a garment may stand ~10 px off the body and spans narrow gaps), shaded
 * (darker towards its edges and sides, a little darker downwards), and drops a soft
 * shadow onto the figure just below its edges. Returns the garment's box on the subject.
 */
export function wearGarment(
  subject: Rgba,
  grownBody: Uint8Array,
  placed: PlacedGarment,
  opts: WearOptions,
): Box {
  const { width: W, height: H } = subject;
  const { layer } = placed;
  // the working region: the garment's box plus room for its shadow, clipped to the image
  const pad = 12;
  const rx0 = Math.max(0, placed.x - pad),
    ry0 = Math.max(0, placed.y - pad);
  const rx1 = Math.min(W, placed.x + layer.width + pad),
    ry1 = Math.min(H, placed.y + layer.height + pad);
  const rw = rx1 - rx0,
    rh = ry1 - ry0;
  if (rw <= 0 || rh <= 0) return { x: 0, y: 0, w: 0, h: 0 };

  // garment alpha on the region, limited to the grown silhouette (the figure's, blurred: see
  // Figure.grown)
  const ga = new Uint8Array(rw * rh);
  for (let y = 0; y < rh; y++) {
    const ly = ry0 + y - placed.y;
    if (ly < 0 || ly >= layer.height) continue;
    for (let x = 0; x < rw; x++) {
      const lx = rx0 + x - placed.x;
      if (lx < 0 || lx >= layer.width) continue;
      if (opts.overlay?.[(ry0 + y) * W + rx0 + x]) continue;
      const a = layer.data[(ly * layer.width + lx) * 4 + 3];
      // inside the grown silhouette (a sharp ramp on the blurred body), fading out below the line
      const inside = Math.min(255, Math.max(0, (grownBody[(ry0 + y) * W + rx0 + x] - 8) * 6));
      const free = Math.min(1, Math.max(0, (ry0 + y - opts.followBodyUntil) / 40));
      const g = inside + (255 - inside) * free;
      ga[y * rw + x] = (a * g + 127) / 255;
    }
  }

  // shading: distance-to-edge (a blurred alpha), a cylinder across the garment, a vertical falloff
  const soft = boxBlur(boxBlur(ga, rw, rh, 7), rw, rh, 7);
  const shadow = boxBlur(boxBlur(ga, rw, rh, 4), rw, rh, 4);
  const cx = placed.x + layer.width / 2 - rx0;
  const half = Math.max(1, layer.width / 2);
  const shadowDrop = 6;

  const out = subject.data;
  for (let y = 0; y < rh; y++) {
    const ly = ry0 + y - placed.y;
    const vertical = 1.03 - 0.09 * Math.min(1, Math.max(0, ly / Math.max(1, layer.height)));
    for (let x = 0; x < rw; x++) {
      const i = y * rw + x;
      const p = ((ry0 + y) * W + rx0 + x) * 4;
      const a = ga[i];
      // shadow the garment casts on the figure (offset downwards), outside the garment only
      const sy = y - shadowDrop;
      const s = sy >= 0 ? shadow[sy * rw + x] : 0;
      if (s > 0 && out[p + 3] > 0) {
        const k = 1 - 0.32 * (s / 255) * (1 - a / 255);
        out[p] *= k;
        out[p + 1] *= k;
        out[p + 2] *= k;
      }
      if (a === 0) continue;
      const lx = rx0 + x - placed.x,
        lyy = ly;
      const q = (lyy * layer.width + lx) * 4;
      const edge = 1 - soft[i] / 255; // 0 inside, → 1 at the edge
      const side = (x - cx) / half;
      const shade = vertical * (1 - 0.2 * edge * edge) * (1 - 0.1 * side * side);
      const af = a / 255;
      const oa = out[p + 3] / 255;
      // garment over figure ("over" with straight alpha)
      const na = af + oa * (1 - af);
      for (let c = 0; c < 3; c++) {
        const gc = Math.min(255, layer.data[q + c] * shade);
        out[p + c] = na > 0 ? (gc * af + out[p + c] * oa * (1 - af)) / na : 0;
      }
      out[p + 3] = Math.round(na * 255);
    }
  }
  if (opts.basics && opts.covers?.length)
    coverBasics(subject, ga, { x: rx0, y: ry0, w: rw, h: rh }, opts.basics, opts.covers);
  return { x: rx0, y: ry0, w: rw, h: rh };
}

/** Widens the worn garment, row by row, over the basics beside it (up to 80 px each side). */
function coverBasics(
  subject: Rgba,
  ga: Uint8Array,
  region: Box,
  basics: Uint8Array,
  covers: readonly number[],
) {
  const W = subject.width;
  const out = subject.data;
  const reach = 80;
  for (let y = 0; y < region.h; y++) {
    let l = -1,
      r = -1;
    for (let x = 0; x < region.w; x++) {
      if (ga[y * region.w + x] > 200) {
        if (l < 0) l = x;
        r = x;
      }
    }
    if (l < 0) continue;
    const row = region.y + y;
    for (const [from, step] of [
      [l, -1],
      [r, 1],
    ] as const) {
      for (let k = 1; k <= reach; k++) {
        const x = region.x + from + step * k;
        if (x < 0 || x >= W) break;
        const i = row * W + x;
        if (!covers.includes(basics[i])) {
          if (out[i * 4 + 3] > 0 && basics[i] === 0) break; // skin, hair: the garment stops
          continue;
        }
        // the garment continues as its mirror image across the edge (its print goes on, no streaks)
        let inside = Math.min(r, Math.max(l, from - step * (k - 1)));
        if (ga[y * region.w + inside] <= 200) inside = from;
        const src = (row * W + region.x + inside) * 4;
        const shade = 1 - 0.12 * Math.min(1, k / 30);
        out[i * 4] = out[src] * shade;
        out[i * 4 + 1] = out[src + 1] * shade;
        out[i * 4 + 2] = out[src + 2] * shade;
        out[i * 4 + 3] = 255;
      }
    }
  }
}
