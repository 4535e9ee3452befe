// The figure a garment is put on. A catalogue model image (/catalogue/models/<slug>/0N.webp)
// maps to the illustrated figure drawn by supabase/local/catalogue-art (rasterised once and
// kept); any other model image is used as it is: fitted to the output frame, its subject
// cut out by colour key where the backdrop is plain, the anchor boxes estimated from the
// silhouette's proportions.
import sharp from 'sharp';
import { figureLayer, FIGURE_HEIGHT, FIGURE_WIDTH, type PoseSlug } from '../../catalogue-art/index.ts';
import { lookFor } from '../../catalogue-art/models.ts';
import { paletteFor } from '../../catalogue-art/palette.ts';
import { hex } from '../../catalogue-art/svg.ts';
import { boxBlur, cutout } from './cutout.ts';
import { OUTPUT_HEIGHT, OUTPUT_WIDTH, type Box, type Rgba } from './raster.ts';

export interface FigureAnchors {
  top: Box;
  bottom: Box;
  full: Box;
}

export interface Figure {
  /** OUTPUT_WIDTH x OUTPUT_HEIGHT, straight alpha; never modify (shared by the cache) */
  image: Rgba;
  /** the figure's alpha plane (body silhouette) */
  alpha: Uint8Array;
  /**
   * what a garment may cover: the silhouette with its enclosed holes filled (the gap between
   * an arm and the body), blurred by 16 px (a garment stands a little off the body)
   */
  grown: Uint8Array;
  /** pixels drawn over a garment (hair falling over the shoulders) */
  overlay: Uint8Array | null;
  /** the figure's neutral basics (1 = top, 2 = bottom): a worn garment covers them across its rows */
  basics: Uint8Array | null;
  anchors: FigureAnchors;
  /** catalogue: drawn by code on transparency; photo-keyed: cut out of a plain backdrop; photo: used whole */
  kind: 'catalogue' | 'photo-keyed' | 'photo';
  /** lowest row of the figure (where its feet are), for the contact shadow */
  feetY: number;
  centreX: number;
}

const POSE_BY_NUMBER: Record<string, PoseSlug> = { '1': 'front-view', '2': 'back-view', '3': 'side-view' };

/** `/catalogue/models/<slug>/0N[.w480|.w768].webp` (any host) → slug and pose. */
export function parseCatalogueModel(url: string): { slug: string; pose: PoseSlug } | null {
  let pathname: string;
  try {
    pathname = new URL(url, 'http://x').pathname;
  } catch {
    return null;
  }
  const m = /\/catalogue\/models\/([a-z0-9-]+)\/0([123])(?:\.w\d+)?\.(?:webp|png|jpe?g)$/.exec(pathname);
  if (!m || !lookFor(m[1])) return null;
  return { slug: m[1], pose: POSE_BY_NUMBER[m[2]] };
}

/** Rasterised figures, most recently used last: ~9 MB each, so a bounded few stay. */
const catalogueCache = new Map<string, Promise<Figure>>();
const FIGURE_CACHE_LIMIT = Number(process.env.LOCAL_FASHN_FIGURE_CACHE ?? 12);

export function catalogueFigure(slug: string, pose: PoseSlug): Promise<Figure> {
  const key = `${slug}/${pose}`;
  let hit = catalogueCache.get(key);
  if (hit) {
    catalogueCache.delete(key);
  } else {
    hit = rasteriseCatalogueFigure(slug, pose);
    hit.catch(() => catalogueCache.delete(key));
  }
  catalogueCache.set(key, hit);
  while (catalogueCache.size > FIGURE_CACHE_LIMIT) catalogueCache.delete(catalogueCache.keys().next().value!);
  return hit;
}

async function rasteriseCatalogueFigure(slug: string, pose: PoseSlug): Promise<Figure> {
  const layer = figureLayer(slug, pose);
  let img = sharp(Buffer.from(layer.svg), { density: 72 });
  if (FIGURE_WIDTH !== OUTPUT_WIDTH || FIGURE_HEIGHT !== OUTPUT_HEIGHT)
    img = img.resize(OUTPUT_WIDTH, OUTPUT_HEIGHT);
  const data = await img.ensureAlpha().raw().toBuffer();
  const image: Rgba = { data, width: OUTPUT_WIDTH, height: OUTPUT_HEIGHT };
  const sx = OUTPUT_WIDTH / FIGURE_WIDTH,
    sy = OUTPUT_HEIGHT / FIGURE_HEIGHT;
  const scale = (b: Box): Box => ({
    x: Math.round(b.x * sx),
    y: Math.round(b.y * sy),
    w: Math.round(b.w * sx),
    h: Math.round(b.h * sy),
  });
  const look = lookFor(slug)!;
  const pal = paletteFor(look);
  const anchors = {
    top: scale(layer.anchors.top),
    bottom: scale(layer.anchors.bottom),
    full: scale(layer.anchors.full),
  };
  // in front of a garment: the hair, and the arms below the elbows (from the shoulder in profile)
  const overlay = colourMask(image, [pal.hair, pal.hairShade, pal.hairShine].map(hex), 30);
  const armsFrom = Math.round(anchors.top.y + anchors.top.h * (pose === 'side-view' ? 0.25 : 0.5));
  const skin = colourMask(image, [pal.skin, pal.skinShade, pal.skinDeep].map(hex), 22);
  for (let i = armsFrom * OUTPUT_WIDTH; i < skin.length; i++) overlay[i] |= skin[i];
  const basics = colourMask(image, [pal.top, pal.topShade, pal.seam].map(hex), 16);
  const lower = colourMask(image, [pal.bottom, pal.bottomShade].map(hex), 16);
  for (let i = 0; i < basics.length; i++) if (lower[i] && !basics[i]) basics[i] = 2;
  const alpha = alphaPlane(image);
  return {
    image,
    alpha,
    grown: boxBlur(fillHoles(alpha, OUTPUT_WIDTH, OUTPUT_HEIGHT), OUTPUT_WIDTH, OUTPUT_HEIGHT, 16),
    overlay,
    basics,
    anchors,
    kind: 'catalogue',
    ...feet(alpha, OUTPUT_WIDTH, OUTPUT_HEIGHT),
  };
}

/** Alpha with every transparent region not connected to the image's border made opaque. */
export function fillHoles(alpha: Uint8Array, width: number, height: number): Uint8Array {
  const total = width * height;
  const outside = new Uint8Array(total);
  const queue = new Int32Array(total);
  let head = 0,
    tail = 0;
  const push = (i: number) => {
    if (!outside[i] && alpha[i] < 128) {
      outside[i] = 1;
      queue[tail++] = i;
    }
  };
  for (let x = 0; x < width; x++) {
    push(x);
    push((height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    push(y * width);
    push(y * width + width - 1);
  }
  while (head < tail) {
    const i = queue[head++];
    const x = i % width;
    if (x > 0) push(i - 1);
    if (x < width - 1) push(i + 1);
    if (i >= width) push(i - width);
    if (i < total - width) push(i + width);
  }
  const out = Uint8Array.from(alpha);
  for (let i = 0; i < total; i++) if (!outside[i] && out[i] < 255) out[i] = 255;
  return out;
}

function alphaPlane(img: Rgba): Uint8Array {
  const out = new Uint8Array(img.width * img.height);
  for (let i = 0; i < out.length; i++) out[i] = img.data[i * 4 + 3];
  return out;
}

/** Opaque pixels whose colour is within `tol` of one of `colours`. */
function colourMask(img: Rgba, colours: [number, number, number][], tol: number): Uint8Array {
  const out = new Uint8Array(img.width * img.height);
  const t2 = tol * tol;
  for (let i = 0; i < out.length; i++) {
    const p = i * 4;
    if (img.data[p + 3] < 200) continue;
    for (const [r, g, b] of colours) {
      const dr = img.data[p] - r,
        dg = img.data[p + 1] - g,
        db = img.data[p + 2] - b;
      if (dr * dr + dg * dg + db * db <= t2) {
        out[i] = 1;
        break;
      }
    }
  }
  return out;
}

function feet(alpha: Uint8Array, width: number, height: number): { feetY: number; centreX: number } {
  let feetY = height - 1;
  while (feetY > 0) {
    let any = false;
    for (let x = 0; x < width; x += 2)
      if (alpha[feetY * width + x] > 64) {
        any = true;
        break;
      }
    if (any) break;
    feetY--;
  }
  let sx = 0,
    n = 0;
  for (let y = Math.max(0, feetY - 40); y <= feetY; y++) {
    for (let x = 0; x < width; x++)
      if (alpha[y * width + x] > 64) {
        sx += x;
        n++;
      }
  }
  return { feetY, centreX: n ? sx / n : width / 2 };
}

/**
 * A model photo that is not one of the catalogue's: fitted inside the output frame; where
 * its backdrop is plain the person is keyed out (and later placed on the studio backdrop),
 * otherwise the whole photo is the figure.
 */
export async function photoFigure(bytes: Buffer): Promise<Figure> {
  const { data, info } = await sharp(bytes, { failOn: 'error', limitInputPixels: 64_000_000 })
    .rotate()
    .resize(OUTPUT_WIDTH, OUTPUT_HEIGHT, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const fitted: Rgba = { data, width: info.width, height: info.height };
  // key the photo's own area only (contain may have added transparent bars)
  const keyed = cutout(fitted);
  const usable = keyed.coverage > 0.04 && keyed.coverage < 0.8;
  const image = usable ? keyed.image : opaque(fitted);
  const alpha = alphaPlane(image);
  const box = usable ? keyed.box : { x: 0, y: 0, w: OUTPUT_WIDTH, h: OUTPUT_HEIGHT };
  return {
    image,
    alpha,
    grown: boxBlur(fillHoles(alpha, OUTPUT_WIDTH, OUTPUT_HEIGHT), OUTPUT_WIDTH, OUTPUT_HEIGHT, 16),
    overlay: null,
    basics: null,
    anchors: estimateAnchors(alpha, box),
    kind: usable ? 'photo-keyed' : 'photo',
    ...feet(alpha, OUTPUT_WIDTH, OUTPUT_HEIGHT),
  };
}

function opaque(img: Rgba): Rgba {
  const data = Buffer.from(img.data);
  for (let i = 3; i < data.length; i += 4) data[i] = 255;
  return { data, width: img.width, height: img.height };
}

/**
 * Anchor boxes from a standing person's silhouette (about eight heads tall): shoulders at
 * ~17 % of the height, waist ~40 %, ankles ~96 %; widths from the silhouette's rows.
 */
export function estimateAnchors(alpha: Uint8Array, box: Box): FigureAnchors {
  const W = OUTPUT_WIDTH;
  const at = (f: number) => Math.round(box.y + box.h * f);
  const rowWidth = (y: number) => {
    let first = -1,
      last = -1;
    for (let x = box.x; x < box.x + box.w; x++) {
      if (alpha[y * W + x] > 127) {
        if (first < 0) first = x;
        last = x;
      }
    }
    return first < 0 ? null : { first, last };
  };
  const span = (from: number, to: number) => {
    let lo = Infinity,
      hi = -Infinity;
    for (let y = at(from); y <= at(to); y += 4) {
      const r = rowWidth(Math.min(OUTPUT_HEIGHT - 1, y));
      if (r) {
        lo = Math.min(lo, r.first);
        hi = Math.max(hi, r.last);
      }
    }
    return Number.isFinite(lo) ? { x: lo, w: hi - lo + 1 } : { x: box.x + box.w * 0.25, w: box.w * 0.5 };
  };
  const upper = span(0.18, 0.45);
  const lower = span(0.5, 0.6);
  const mk = (s: { x: number; w: number }, y0: number, y1: number, grow: number): Box => ({
    x: Math.round(s.x - (s.w * grow) / 2),
    y: at(y0),
    w: Math.round(s.w * (1 + grow)),
    h: at(y1) - at(y0),
  });
  return {
    top: mk(upper, 0.16, 0.52, 0.02),
    bottom: mk(lower, 0.4, 0.97, 0.1),
    full: mk(upper, 0.16, 0.97, 0.02),
  };
}
