// What the enhancer is measured against: the small picture enlarged by Lanczos, as is and then
// sharpened (sharp's default unsharp mask), as any image editor would do it.
import sharp from 'sharp';

/** `small` is raw RGB or RGBA pixels; both answers are raw RGB of the large size. */
export async function lanczosBaseline(
  small: Buffer,
  from: { width: number; height: number; channels: 3 | 4 },
  to: { width: number; height: number },
): Promise<{ lanczos: Buffer; sharpened: Buffer }> {
  const lanczos = await sharp(small, { raw: from })
    .removeAlpha()
    .resize(to.width, to.height, { kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  const sharpened = await sharp(lanczos, { raw: { ...to, channels: 3 } })
    .sharpen()
    .raw()
    .toBuffer();
  return { lanczos, sharpened };
}
