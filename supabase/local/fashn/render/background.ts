// background-change and background-remove, locally.
// - On-model: the subject of one of this endpoint's own try-on results (its saved alpha) is
//   put on the background with a contact shadow at the feet and a slight shift towards the
//   background's light.
// - Any other image: its subject is cut out by colour key. A standing person (tall, filling
//   most of the height) keeps its place in the frame; anything else is a garment laid flat:
//   centred, with a soft drop shadow — the flat-lay result.
import { cutout } from './cutout.ts';
import {
  cropRgba,
  decodeRgba,
  encodePng,
  OUTPUT_HEIGHT,
  OUTPUT_WIDTH,
  resizeRgba,
  type Rgb,
  type Rgba,
} from './raster.ts';
import { composeOver, contactShadow, copyRgb, dropShadow, lightMatch, meanColour } from './scene.ts';

export type Placement = 'on-model' | 'flat-lay';

/** Lowest opaque row and the horizontal centre of the pixels near it. */
function feetOf(subject: Rgba): { feetY: number; centreX: number; width: number } {
  const { data, width, height } = subject;
  let feetY = height - 1;
  outer: for (; feetY > 0; feetY--) {
    for (let x = 0; x < width; x += 2) if (data[(feetY * width + x) * 4 + 3] > 64) break outer;
  }
  let lo = width,
    hi = 0;
  for (let y = Math.max(0, feetY - 30); y <= feetY; y++) {
    for (let x = 0; x < width; x++) {
      if (data[(y * width + x) * 4 + 3] > 64) {
        if (x < lo) lo = x;
        if (x > hi) hi = x;
      }
    }
  }
  return hi >= lo
    ? { feetY, centreX: (lo + hi) / 2, width: hi - lo }
    : { feetY, centreX: width / 2, width: width / 4 };
}

/** A full-frame subject (output size, straight alpha) on the background. */
export async function composeOnModel(subject: Rgba, background: Rgb): Promise<Buffer> {
  return encodePng(await composeOnModelCanvas(subject, background), 3);
}

/** composeOnModel's picture, not yet encoded. */
export async function composeOnModelCanvas(subject: Rgba, background: Rgb): Promise<Rgb> {
  const canvas = copyRgb(background);
  const tint = lightMatch(meanColour(background));
  if (subject.width === OUTPUT_WIDTH && subject.height === OUTPUT_HEIGHT) {
    const f = feetOf(subject);
    if (f.feetY < OUTPUT_HEIGHT - 4)
      contactShadow(canvas, f.centreX, f.feetY + 6, Math.max(90, f.width * 1.4), 18, 0.34);
    composeOver(canvas, subject, 0, 0, tint);
  } else {
    // a subject of another size: fitted to the frame, standing on its bottom edge
    const scale = Math.min(OUTPUT_WIDTH / subject.width, OUTPUT_HEIGHT / subject.height);
    const w = Math.round(subject.width * scale),
      h = Math.round(subject.height * scale);
    const fitted = await resizeRgba(subject, w, h);
    composeOver(canvas, fitted, Math.round((OUTPUT_WIDTH - w) / 2), OUTPUT_HEIGHT - h, tint);
  }
  return canvas;
}

/** A garment (trimmed cut-out) laid flat on the background, centred, with a drop shadow. */
export async function composeFlatLay(garment: Rgba, background: Rgb): Promise<Buffer> {
  const canvas = copyRgb(background);
  const scale = Math.min((OUTPUT_WIDTH * 0.7) / garment.width, (OUTPUT_HEIGHT * 0.6) / garment.height);
  const w = Math.max(1, Math.round(garment.width * scale)),
    h = Math.max(1, Math.round(garment.height * scale));
  const laid = await resizeRgba(garment, w, h);
  const ox = Math.round((OUTPUT_WIDTH - w) / 2),
    oy = Math.round(OUTPUT_HEIGHT * 0.48 - h / 2);
  const alpha = new Uint8Array(w * h);
  for (let i = 0; i < alpha.length; i++) alpha[i] = laid.data[i * 4 + 3];
  dropShadow(canvas, alpha, w, h, ox, oy, 10, 16, 9, 0.34);
  composeOver(canvas, laid, ox, oy, lightMatch(meanColour(background), 0.08));
  return encodePng(canvas, 3);
}

export interface ChangeResult {
  png: Buffer;
  placement: Placement;
}

/** background-change of an image that is not one of our own results. */
export async function changeBackgroundOf(image: Buffer, background: Rgb): Promise<ChangeResult> {
  // a garment is laid at most 717 x 922 px: keyed at ≤ 1024 px; a standing person fills the
  // frame's height, so it is keyed again at full size (the rare case here)
  const img = await decodeRgba(image, 1024);
  const cut = cutout(img);
  if (cut.coverage < 0.01) return { png: await composeFlatLay(img, background), placement: 'flat-lay' };
  const standing = cut.box.h >= img.height * 0.8 && cut.box.h / cut.box.w >= 1.6;
  if (standing) {
    const full = cutout(await decodeRgba(image, OUTPUT_HEIGHT));
    return { png: await composeOnModel(full.image, background), placement: 'on-model' };
  }
  return { png: await composeFlatLay(cropRgba(cut.image, cut.box), background), placement: 'flat-lay' };
}

/** background-remove: the same pixels, the background transparent. */
export async function removeBackground(image: Buffer): Promise<Buffer> {
  const img = await decodeRgba(image, 2048);
  return encodePng(cutout(img).image, 4);
}
