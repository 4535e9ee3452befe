// Where the catalogue files live and how an image set is written: every image is a 1024 x 1536
// WebP with two smaller responsive sizes next to it (<name>.w480.webp, <name>.w768.webp).
// Shared by generate.ts (the drawn demo catalogue) and import.ts (real photos).

import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const CATALOGUE_DIR = path.join(ROOT, 'public', 'catalogue');

export const IMAGE_WIDTH = 1024;
export const IMAGE_HEIGHT = 1536;
export const RESPONSIVE_WIDTHS = [480, 768] as const;
export const WEBP_QUALITY = 78;
/** How much the "blurred" variant of a background is blurred (sharp sigma, at 1024 px wide). */
export const BACKGROUND_BLUR_SIGMA = 12;

export const GENDERS = ['women', 'men'] as const;
export const POSE_SLUGS = ['front-view', 'back-view', 'side-view'] as const;
export const BACKGROUND_SLUGS = [
  'studio-white',
  'urban-street',
  'beach',
  'santorini',
  'villa-pool',
  'spain',
  'beverly-hills',
  'loft',
] as const;
export const VIDEO_STYLE_IDS = [
  'zoom-in',
  'object-cinematic',
  'casual',
  '360-motion',
  'runway-walk',
] as const;

/** The camera move of each video style's preview clip. */
export const VIDEO_STYLE_MOVES = {
  'zoom-in': 'zoom-in',
  'object-cinematic': 'pan',
  casual: 'sway',
  '360-motion': 'turn',
  'runway-walk': 'push-in',
} as const;

/** The catalogue's short clips: small enough to ship, long enough to loop gracefully. */
export const CLIP_OPTIONS = { width: 480, height: 720, seconds: 2.5, fps: 10, quality: 40 } as const;

export const sizedName = (file: string, width: number) => file.replace(/\.webp$/, `.w${width}.webp`);

/**
 * Writes `<file>` (a path ending .webp under the catalogue) at 1024 x 1536 and its responsive
 * sizes, from any image sharp reads. The picture is cropped to 2:3 around its most interesting
 * part when its shape differs. Returns the bytes written.
 */
export async function writeImageSet(
  input: Buffer,
  file: string,
  opts: { blur?: number } = {},
): Promise<number> {
  await mkdir(path.dirname(file), { recursive: true });
  let full = sharp(input)
    .rotate()
    .resize(IMAGE_WIDTH, IMAGE_HEIGHT, { fit: 'cover', position: 'attention' })
    .flatten({ background: '#ffffff' });
  if (opts.blur) full = full.blur(opts.blur);
  const pixels = await full.removeAlpha().png().toBuffer();
  let total = 0;
  const big = await sharp(pixels).webp({ quality: WEBP_QUALITY, effort: 4 }).toBuffer();
  await writeFile(file, big);
  total += big.length;
  for (const w of RESPONSIVE_WIDTHS) {
    const small = await sharp(pixels)
      .resize(w, Math.round((w * IMAGE_HEIGHT) / IMAGE_WIDTH))
      .webp({ quality: WEBP_QUALITY, effort: 4 })
      .toBuffer();
    await writeFile(sizedName(file, w), small);
    total += small.length;
  }
  return total;
}
