// 12 MP phone photos of garments for the benches that prepare and upload them: the enhancer
// bench's striped knit and denim twill (bench/enhancer/photos.ts: fabric grain, stitching, a
// woven label) drawn at 1512×2016 and enlarged to 3024×4032 (Lanczos; librsvg takes over a
// minute for the fabric grain at full size, and a phone's 12 MP hold about this much detail
// after its lens and demosaicing), each photo in a colour of its own, with moderate sensor
// noise (Gaussian σ 3 per channel), saved as the camera does (JPEG quality 92). Not pure
// noise: an encoder keeps the fabric's texture and cannot simply smooth it away.
import path from 'node:path';
import sharp from 'sharp';
import { denimSvg, knitSvg } from '../enhancer/photos.ts';

export const PHONE_WIDTH = 3024;
export const PHONE_HEIGHT = 4032;

/** n phone JPEGs in dir, named collection_piece_NN.jpg; answers their paths. */
export async function makePhonePhotos(dir: string, n: number): Promise<string[]> {
  const raw = { width: PHONE_WIDTH, height: PHONE_HEIGHT, channels: 3 as const };
  const drawn = await Promise.all(
    [knitSvg, denimSvg].map(async (svg) =>
      sharp(
        await sharp(Buffer.from(svg(PHONE_WIDTH / 2, PHONE_HEIGHT / 2)))
          .png()
          .toBuffer(),
      )
        .removeAlpha()
        .resize(PHONE_WIDTH, PHONE_HEIGHT, { kernel: 'lanczos3' })
        .raw()
        .toBuffer(),
    ),
  );
  const noise = await sharp({
    create: { ...raw, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 3 } },
  })
    .raw()
    .toBuffer();
  const files: string[] = [];
  for (let i = 0; i < n; i++) {
    const tinted = await sharp(drawn[i % 2], { raw })
      .modulate({ hue: (i * 37) % 360 })
      .raw()
      .toBuffer();
    // the same noise field, shifted by a different amount for each photo
    const shift = (i * 7919 * 3) % noise.length;
    const pixels = Buffer.alloc(tinted.length);
    for (let p = 0, q = shift; p < pixels.length; p++, q = q + 1 === noise.length ? 0 : q + 1)
      pixels[p] = Math.max(0, Math.min(255, tinted[p] + noise[q] - 128));
    const file = path.join(dir, `collection_piece_${String(i + 1).padStart(2, '0')}.jpg`);
    await sharp(pixels, { raw }).jpeg({ quality: 92 }).toFile(file);
    files.push(file);
  }
  return files;
}
