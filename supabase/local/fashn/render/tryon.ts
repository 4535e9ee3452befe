// tryon-v1.6, locally: the garment cut out of its photo, fitted to the figure's anchor box
// for its kind, worn (follows the silhouette, shaded, casting a soft shadow), on a neutral
// studio backdrop, 1024 x 1536 PNG. The figure + garment with its alpha is returned too,
// so a following background-change reuses it instead of cutting the result out again.
import { createHash } from 'node:crypto';
import { cutout } from './cutout.ts';
import type { Figure } from './figures.ts';
import { classifyGarment, fitToAnchor, wearGarment, type GarmentCategory } from './garment.ts';
import { mannequinGarment } from './mannequin.ts';
import { cropRgba, decodeRgba, encodePng, OUTPUT_HEIGHT, OUTPUT_WIDTH, type Rgba } from './raster.ts';
import { composeOver, contactShadow, copyRgb, studioBackdrop } from './scene.ts';
import { PredictionError } from '../errors.ts';

export interface TryonInput {
  figure: Figure;
  garment: Buffer;
  category: GarmentCategory | 'auto';
  /** the garment is photographed on a mannequin or dress form: lifted off it (mannequin.ts) */
  onMannequin?: boolean;
}

export interface TryonResult {
  png: Buffer;
  /** figure wearing the garment, straight alpha, output size */
  subject: Rgba;
  category: GarmentCategory;
}

/**
 * The garment photo's subject, trimmed to its box, keyed at ≤ 768 px on its long side (a top
 * is worn at ~500 px, a maxi dress at ~1080: a little upscaling is fine for a preview).
 */
export async function garmentCutout(bytes: Buffer, onMannequin = false): Promise<Rgba> {
  const img = await decodeRgba(bytes, 768);
  if (onMannequin) {
    const lift = mannequinGarment(img);
    if (!lift) throw new PredictionError('ImageLoadError', 'Unable to find a garment in the garment image');
    return lift.garment;
  }
  const cut = cutout(img);
  if (cut.coverage < 0.01)
    throw new PredictionError('ImageLoadError', 'Unable to find a garment in the garment image');
  return cropRgba(cut.image, cut.box);
}

/**
 * Cut-outs by the photo's content hash: a generation puts one product photo on several poses
 * (and the signed URL differs each time), so the same garment is keyed once.
 */
const cutoutCache = new Map<string, Promise<Rgba>>();
const CUTOUT_CACHE_LIMIT = 16;

export function cachedGarmentCutout(bytes: Buffer, onMannequin = false): Promise<Rgba> {
  const key = `${createHash('sha1').update(bytes).digest('hex')}${onMannequin ? ':mannequin' : ''}`;
  let hit = cutoutCache.get(key);
  if (hit) {
    cutoutCache.delete(key);
  } else {
    hit = garmentCutout(bytes, onMannequin);
    hit.catch(() => cutoutCache.delete(key));
  }
  cutoutCache.set(key, hit);
  while (cutoutCache.size > CUTOUT_CACHE_LIMIT) cutoutCache.delete(cutoutCache.keys().next().value!);
  return hit;
}

/** The figure wearing the garment (straight alpha, output size), not yet on a backdrop. */
export async function wornSubject(input: TryonInput): Promise<{ subject: Rgba; category: GarmentCategory }> {
  const { figure } = input;
  const garment = await cachedGarmentCutout(input.garment, input.onMannequin ?? false);
  const category = input.category === 'auto' ? classifyGarment(garment) : input.category;
  const placed = await fitToAnchor(garment, figure.anchors, category);

  const subject: Rgba = {
    data: Buffer.from(figure.image.data),
    width: figure.image.width,
    height: figure.image.height,
  };
  const hipLine = figure.anchors.bottom.y + figure.anchors.bottom.h * 0.18;
  wearGarment(subject, figure.grown, placed, {
    overlay: figure.overlay,
    followBodyUntil: category === 'bottoms' ? -Infinity : hipLine,
    basics: figure.basics,
    covers: category === 'tops' ? [1] : category === 'bottoms' ? [2] : [1, 2],
  });
  return { subject, category };
}

export async function renderTryon(input: TryonInput): Promise<TryonResult> {
  const { figure } = input;
  const { subject, category } = await wornSubject(input);
  if (figure.kind === 'photo') {
    // a photo whose backdrop could not be keyed is the picture itself
    const rgb = Buffer.alloc(OUTPUT_WIDTH * OUTPUT_HEIGHT * 3);
    for (let i = 0, j = 0; i < subject.data.length; i += 4, j += 3) {
      rgb[j] = subject.data[i];
      rgb[j + 1] = subject.data[i + 1];
      rgb[j + 2] = subject.data[i + 2];
    }
    return {
      png: await encodePng({ data: rgb, width: OUTPUT_WIDTH, height: OUTPUT_HEIGHT }, 3),
      subject,
      category,
    };
  }
  const canvas = copyRgb(await studioBackdrop());
  contactShadow(canvas, figure.centreX, figure.feetY + 6, 120, 18, 0.3);
  composeOver(canvas, subject);
  return { png: await encodePng(canvas, 3), subject, category };
}
