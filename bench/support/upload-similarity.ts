// How much a prepared product photo differs from today's reference (2048 px, JPEG quality 0.9,
// as the app's worker made it until the byte budget was lowered), for the benches:
//   upload  PSNR / SSIM (luma) of the photo against the reference; a smaller photo is enlarged
//           back to the reference's size (Lanczos) first, so lost detail counts
//   result  PSNR / SSIM of the local preview renderer's product-to-model (1k: Sofia, front view,
//           Santorini; supabase/local/fashn/render) made from the photo against the one made
//           from the reference. The preview renderer reads at most 768 px of the product photo,
//           so this figure barely moves; the upload one is the stricter of the two.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { catalogueFigure } from '../../supabase/local/fashn/render/figures.ts';
import { renderProductToModel } from '../../supabase/local/fashn/render/product-to-model.ts';
import { decodeCoverRgb, OUTPUT_HEIGHT, OUTPUT_WIDTH } from '../../supabase/local/fashn/render/raster.ts';
import { luma, type Plane, psnr, ssim } from './similarity.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A JPEG as Chromium's canvas encoder makes it (libjpeg-turbo, 4:2:0, no optimised tables). */
export const canvasJpeg = (rgb: Buffer, width: number, height: number, quality: number) =>
  sharp(rgb, { raw: { width, height, channels: 3 } })
    .jpeg({ quality, chromaSubsampling: '4:2:0', optimiseCoding: false })
    .toBuffer();

/** The photo as raw RGB with its long edge brought down to longEdge (Lanczos, never enlarged). */
export async function resized(photo: Buffer, longEdge: number) {
  const { data, info } = await sharp(photo)
    .rotate()
    .resize(longEdge, longEdge, { fit: 'inside', withoutEnlargement: true, kernel: 'lanczos3' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { rgb: data, width: info.width, height: info.height };
}

/** Today's reference upload of a camera photo: 2048 px, quality 0.9. */
export async function referenceUpload(photo: Buffer): Promise<Buffer> {
  const r = await resized(photo, 2048);
  return canvasJpeg(r.rgb, r.width, r.height, 90);
}

/** The photo's luma at width × height (enlarged with Lanczos when smaller). */
async function planeAt(bytes: Buffer, width: number, height: number): Promise<Plane> {
  const data = await sharp(bytes)
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .removeAlpha()
    .raw()
    .toBuffer();
  return luma(data, width, height, 3, 0);
}

let scene: Promise<
  [Awaited<ReturnType<typeof catalogueFigure>>, Awaited<ReturnType<typeof decodeCoverRgb>>]
> | null = null;

/** The local preview renderer's picture (1k) of Sofia wearing the product on Santorini. */
async function previewResult(product: Buffer): Promise<Plane> {
  scene ??= Promise.all([
    catalogueFigure('sofia', 'front-view'),
    decodeCoverRgb(
      readFileSync(path.join(ROOT, 'public/catalogue/backgrounds/santorini.webp')),
      OUTPUT_WIDTH,
      OUTPUT_HEIGHT,
    ),
  ]);
  const [figure, background] = await scene;
  const r = await renderProductToModel({
    figure,
    product,
    prompt: 'wearing the top (upper-body garment) from the flat-lay product photo; background: Santorini',
    background,
    customDescription: null,
    resolution: '1k',
  });
  return planeAt(r.png, r.width, r.height);
}

export interface Similarity {
  upload: { psnr: number; ssim: number };
  result: { psnr: number; ssim: number };
}

/** A comparer against one reference upload (its planes made once). */
export async function similarityTo(reference: Buffer): Promise<(candidate: Buffer) => Promise<Similarity>> {
  const meta = await sharp(reference).metadata();
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  const refUpload = await planeAt(reference, width, height);
  const refResult = await previewResult(reference);
  return async (candidate) => {
    const up = await planeAt(candidate, width, height);
    const res = await previewResult(candidate);
    return {
      upload: { psnr: psnr(refUpload, up), ssim: ssim(refUpload, up) },
      result: { psnr: psnr(refResult, res), ssim: ssim(refResult, res) },
    };
  };
}
