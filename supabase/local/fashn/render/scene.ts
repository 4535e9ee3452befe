// What a subject is placed on: the neutral studio backdrop of try-on results, or a
// background image (blurred when asked) — and the few touches that make the subject sit in
// it: a soft contact shadow at the feet, a drop shadow under a garment laid flat, and a
// slight shift of the subject's colour towards the background's light.
import sharp from 'sharp';
import { boxBlur } from './cutout.ts';
import { decodeCoverRgb, OUTPUT_HEIGHT, OUTPUT_WIDTH, type Rgb, type Rgba } from './raster.ts';

const backdropCache = new Map<string, Promise<Rgb>>();

/** A neutral studio sweep: warm light grey, lighter towards the top, a soft floor and vignette. */
export function studioBackdrop(width = OUTPUT_WIDTH, height = OUTPUT_HEIGHT): Promise<Rgb> {
  const key = `${width}x${height}`;
  let hit = backdropCache.get(key);
  if (!hit) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <defs>
        <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stop-color="#f4f2ef"/><stop offset="0.78" stop-color="#e4e0da"/><stop offset="1" stop-color="#d6d0c8"/>
        </linearGradient>
        <radialGradient id="light" cx="0.5" cy="0.38" r="0.75">
          <stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
        </radialGradient>
        <radialGradient id="vignette" cx="0.5" cy="0.5" r="0.85">
          <stop offset="0.6" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.10"/>
        </radialGradient>
      </defs>
      <rect width="100%" height="100%" fill="url(#wall)"/>
      <rect width="100%" height="100%" fill="url(#light)"/>
      <rect width="100%" height="100%" fill="url(#vignette)"/>
    </svg>`;
    hit = sharp(Buffer.from(svg))
      .removeAlpha()
      .raw()
      .toBuffer()
      .then((data) => ({ data, width, height }));
    backdropCache.set(key, hit);
  }
  return hit;
}

const PROMPT_PALETTES: [RegExp, [string, string]][] = [
  [/sunset|golden|dusk|warm/i, ['#f7cf9c', '#d9835c']],
  [/night|evening|dark|neon/i, ['#34405e', '#141824']],
  [/forest|garden|park|green|nature|leaf|jungle/i, ['#d6e8c8', '#6d9860']],
  [/snow|winter|ice|frost/i, ['#f1f5f9', '#c6d3e0']],
  [/caf[eé]|coffee|wood|autumn|library/i, ['#ecdac4', '#9c7652']],
  [/desert|dune|canyon/i, ['#f5e2bd', '#cda06a']],
  [/pink|rose|blush|flower|blossom/i, ['#f8e3e6', '#d9a3ad']],
  [/blue|sky|ocean|sea|lake|pool/i, ['#dbeef9', '#7cb0d5']],
  [/grey|gray|concrete|urban|city|street|office/i, ['#e5e5e3', '#98999c']],
];

/**
 * A backdrop for a described background (a seller's custom one, or an unknown name): the
 * preview renderer cannot paint the scene, so it picks the described light — a soft sweep in
 * the colours its words name (a hash of the text picks a pastel otherwise).
 */
export function promptBackdropSvg(prompt: string, width = OUTPUT_WIDTH, height = OUTPUT_HEIGHT): Buffer {
  let colours = PROMPT_PALETTES.find(([re]) => re.test(prompt))?.[1];
  if (!colours) {
    let h = 2166136261;
    for (const ch of prompt) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
    const hue = (h >>> 0) % 360;
    colours = [`hsl(${hue}, 45%, 92%)`, `hsl(${hue}, 30%, 68%)`];
  }
  const [light, deep] = colours;
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs>
      <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="0.7" stop-color="${light}" stop-opacity="0.9"/><stop offset="1" stop-color="${deep}"/></linearGradient>
      <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${deep}" stop-opacity="0.35"/><stop offset="1" stop-color="${deep}" stop-opacity="0.8"/></linearGradient>
      <radialGradient id="light" cx="0.5" cy="0.35" r="0.7"><stop offset="0" stop-color="#ffffff" stop-opacity="0.45"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
    </defs>
    <rect width="100%" height="100%" fill="${deep}"/><rect width="100%" height="100%" fill="url(#wall)"/>
    <rect y="${Math.round(height * 0.74)}" width="100%" height="${Math.round(height * 0.26)}" fill="url(#floor)"/>
    <rect width="100%" height="100%" fill="url(#light)"/></svg>`);
}

/** Background images by (source key, blur): decoded and covered to the output size once. */
const backgroundCache = new Map<string, Promise<Rgb>>();
const BACKGROUND_CACHE_LIMIT = 24;

export function backgroundRaster(key: string, load: () => Promise<Buffer>, blur: boolean): Promise<Rgb> {
  const cacheKey = `${blur ? 'blur' : 'sharp'}:${key}`;
  let hit = backgroundCache.get(cacheKey);
  if (hit) {
    // refresh its place in the LRU order
    backgroundCache.delete(cacheKey);
    backgroundCache.set(cacheKey, hit);
    return hit;
  }
  hit = load().then((bytes) => decodeCoverRgb(bytes, OUTPUT_WIDTH, OUTPUT_HEIGHT, blur ? 9 : 0));
  hit.catch(() => backgroundCache.delete(cacheKey));
  backgroundCache.set(cacheKey, hit);
  while (backgroundCache.size > BACKGROUND_CACHE_LIMIT)
    backgroundCache.delete(backgroundCache.keys().next().value!);
  return hit;
}

/** Mean colour of an RGB image (every 16th pixel). */
export function meanColour(img: Rgb): [number, number, number] {
  let r = 0,
    g = 0,
    b = 0,
    n = 0;
  for (let i = 0; i < img.data.length; i += 48) {
    r += img.data[i];
    g += img.data[i + 1];
    b += img.data[i + 2];
    n++;
  }
  return [r / n, g / n, b / n];
}

/**
 * Per-channel multipliers that move a subject a little towards a background's light:
 * its colour cast (strength 12 %) and its brightness (a fifth of the difference).
 */
export function lightMatch(bg: [number, number, number], strength = 0.12): [number, number, number] {
  const lum = (bg[0] + bg[1] + bg[2]) / 3 || 1;
  const bright = 1 + 0.2 * (lum / 200 - 1);
  return bg.map((c) => bright * (1 - strength + (strength * c) / lum)) as [number, number, number];
}

/** Darkens the background under an ellipse (soft, gaussian-like): feet on the floor. */
export function contactShadow(bg: Rgb, cx: number, cy: number, rx: number, ry: number, opacity = 0.32): void {
  const { data, width, height } = bg;
  const x0 = Math.max(0, Math.floor(cx - rx * 2)),
    x1 = Math.min(width, Math.ceil(cx + rx * 2));
  const y0 = Math.max(0, Math.floor(cy - ry * 2)),
    y1 = Math.min(height, Math.ceil(cy + ry * 2));
  for (let y = y0; y < y1; y++) {
    const dy = (y - cy) / ry;
    for (let x = x0; x < x1; x++) {
      const dx = (x - cx) / rx;
      const k = 1 - opacity * Math.exp(-(dx * dx + dy * dy) * 1.6);
      const p = (y * width + x) * 3;
      data[p] *= k;
      data[p + 1] *= k;
      data[p + 2] *= k;
    }
  }
}

/** A soft drop shadow of `alpha` (placed at ox,oy on bg), offset by (dx, dy). */
export function dropShadow(
  bg: Rgb,
  alpha: Uint8Array,
  aw: number,
  ah: number,
  ox: number,
  oy: number,
  dx: number,
  dy: number,
  radius: number,
  opacity: number,
): void {
  const pad = radius * 3;
  const w = aw + pad * 2,
    h = ah + pad * 2;
  const plane = new Uint8Array(w * h);
  for (let y = 0; y < ah; y++) plane.set(alpha.subarray(y * aw, y * aw + aw), (y + pad) * w + pad);
  const soft = boxBlur(boxBlur(boxBlur(plane, w, h, radius), w, h, radius), w, h, radius);
  const { data, width, height } = bg;
  for (let y = 0; y < h; y++) {
    const by = oy + dy + y - pad;
    if (by < 0 || by >= height) continue;
    for (let x = 0; x < w; x++) {
      const bx = ox + dx + x - pad;
      if (bx < 0 || bx >= width) continue;
      const s = soft[y * w + x];
      if (s === 0) continue;
      const k = 1 - (opacity * s) / 255;
      const p = (by * width + bx) * 3;
      data[p] *= k;
      data[p + 1] *= k;
      data[p + 2] *= k;
    }
  }
}

/**
 * Composes a subject (straight RGBA) at (ox, oy) over an RGB image in place, its colour
 * multiplied per channel by `tint`.
 */
export function composeOver(
  bg: Rgb,
  subject: Rgba,
  ox = 0,
  oy = 0,
  tint: [number, number, number] = [1, 1, 1],
): void {
  const { data, width, height } = bg;
  const [tr, tg, tb] = tint;
  for (let y = 0; y < subject.height; y++) {
    const by = oy + y;
    if (by < 0 || by >= height) continue;
    for (let x = 0; x < subject.width; x++) {
      const bx = ox + x;
      if (bx < 0 || bx >= width) continue;
      const q = (y * subject.width + x) * 4;
      const a = subject.data[q + 3];
      if (a === 0) continue;
      const p = (by * width + bx) * 3;
      const r = Math.min(255, subject.data[q] * tr),
        g = Math.min(255, subject.data[q + 1] * tg),
        b = Math.min(255, subject.data[q + 2] * tb);
      if (a === 255) {
        data[p] = r;
        data[p + 1] = g;
        data[p + 2] = b;
      } else {
        const af = a / 255;
        data[p] = r * af + data[p] * (1 - af);
        data[p + 1] = g * af + data[p + 1] * (1 - af);
        data[p + 2] = b * af + data[p + 2] * (1 - af);
      }
    }
  }
}

export function copyRgb(img: Rgb): Rgb {
  return { data: Buffer.from(img.data), width: img.width, height: img.height };
}
