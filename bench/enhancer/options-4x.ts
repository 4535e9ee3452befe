// Which way of enlarging 4× beats Lanczos plus sharpening on every bench photo (issue 36)?
// Not part of `npm run bench`: it compares candidates the app does not ship, to decide what it
// should. Each option runs on TensorFlow.js's WebAssembly backend with the app's own tiling;
// the photos, the shrink (Lanczos) and the scores (luma PSNR / SSIM, border left out) are
// enhancer.bench.ts's. Per photo, each option's score is printed with "win" when it beats
// Lanczos plus sharpening on both PSNR and SSIM, and again after a light sharpening of its own
// (σ 0.5, the cheap post step tried). Then the time of each option for one 384×576 → 4× run.
//
//   npx tsx bench/enhancer/options-4x.ts
//   ENHANCER_MEDIUM_MODELS=<dir>  the `models` folder of @upscalerjs/esrgan-medium 1.0.0 (MIT,
//                                 `npm pack` it anywhere); without it only slim's options run
//   OPTIONS=slim4,slim2x2,…       a subset (slim4, slim2x2, med4, med2x2, slim4-flip, med4-flip)
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { loadModel } from '../../src/features/tools/enhancer/model.ts';
import { modelFromFiles } from '../../src/features/tools/enhancer/model-files.ts';
import { type Rgba, enhanceTiled } from '../../src/features/tools/enhancer/tiling.ts';
import type { LoadedModel } from '../../src/features/tools/enhancer/worker-core.ts';
import { luma, psnr, ssim } from '../support/similarity.ts';
import { lanczosBaseline } from './baseline.ts';
import { benchPhotos } from './photos.ts';

const SLIM = path.resolve(import.meta.dirname, '../../node_modules/@upscalerjs/esrgan-slim/models');
const MEDIUM = process.env.ENHANCER_MEDIUM_MODELS;
/** medium's convolutions reach 17.5 input pixels (slim's 10): its tiles need a wider margin */
const MEDIUM_MARGIN = 18;

const loaded = new Map<string, Promise<LoadedModel>>();
const model = (name: 'slim' | 'medium', factor: 2 | 4) => {
  const key = `${name}${factor}`;
  if (!loaded.has(key)) {
    const dir = name === 'slim' ? SLIM : (MEDIUM ?? '');
    loaded.set(key, loadModel(factor, modelFromFiles(path.join(dir, `x${factor}`)), 'wasm'));
  }
  return loaded.get(key) as Promise<LoadedModel>;
};

async function once(image: Rgba, name: 'slim' | 'medium', factor: 2 | 4) {
  const margin = name === 'medium' ? MEDIUM_MARGIN : undefined;
  return enhanceTiled(image, (await model(name, factor)).run, { factor, margin });
}

function mirrored(image: Rgba): Rgba {
  const data = new Uint8ClampedArray(image.data.length);
  for (let y = 0; y < image.height; y++)
    for (let x = 0; x < image.width; x++) {
      const from = (y * image.width + (image.width - 1 - x)) * 4;
      data.set(image.data.subarray(from, from + 4), (y * image.width + x) * 4);
    }
  return { ...image, data };
}

/** The mean of the model's result and of its result on the mirrored photo, mirrored back. */
async function withFlip(image: Rgba, name: 'slim' | 'medium') {
  const a = await once(image, name, 4);
  const b = mirrored(await once(mirrored(image), name, 4));
  return { ...a, data: a.data.map((v, i) => Math.round((v + b.data[i]) / 2)) };
}

const OPTIONS: Record<string, { medium: boolean; run: (image: Rgba) => Promise<Rgba> }> = {
  slim4: { medium: false, run: (image) => once(image, 'slim', 4) },
  slim2x2: { medium: false, run: async (image) => once(await once(image, 'slim', 2), 'slim', 2) },
  med4: { medium: true, run: (image) => once(image, 'medium', 4) },
  med2x2: { medium: true, run: async (image) => once(await once(image, 'medium', 2), 'medium', 2) },
  'slim4-flip': { medium: false, run: (image) => withFlip(image, 'slim') },
  'med4-flip': { medium: true, run: (image) => withFlip(image, 'medium') },
};
const chosen = (process.env.OPTIONS?.split(',') ?? ['slim4', 'slim2x2', 'med4', 'med2x2']).filter((name) => {
  if (!OPTIONS[name]) throw new Error(`no option ${name}; known: ${Object.keys(OPTIONS).join(', ')}`);
  return MEDIUM || !OPTIONS[name].medium;
});

const FACTOR = 4;
const score = (
  ref: ReturnType<typeof luma>,
  data: ArrayLike<number>,
  w: number,
  h: number,
  channels: number,
) => {
  const plane = luma(data as Uint8Array, w, h, channels, FACTOR);
  return [psnr(ref, plane), ssim(ref, plane)] as const;
};
const show = ([p, s]: readonly number[]) => `${p.toFixed(2)} dB / ${s.toFixed(4)}`;

console.log(
  `4× options against Lanczos+sharpen (${MEDIUM ? 'slim and medium' : 'slim only'}; load ${os.loadavg()[0].toFixed(2)})`,
);
for (const photo of await benchPhotos()) {
  const { width, height } = photo;
  const [w, h] = [width / FACTOR, height / FACTOR];
  const small = await sharp(photo.rgb, { raw: { width, height, channels: 3 } })
    .resize(w, h, { kernel: 'lanczos3' })
    .ensureAlpha()
    .raw()
    .toBuffer();
  const image: Rgba = { width: w, height: h, data: new Uint8ClampedArray(small) };
  const { lanczos, sharpened } = await lanczosBaseline(
    small,
    { width: w, height: h, channels: 4 },
    { width, height },
  );
  const ref = luma(photo.rgb, width, height, 3, FACTOR);
  const base = score(ref, sharpened, width, height, 3);
  console.log(
    `\n${photo.name}: Lanczos+sharpen ${show(base)} · Lanczos ${show(score(ref, lanczos, width, height, 3))}`,
  );
  for (const name of chosen) {
    const out = await OPTIONS[name].run(image);
    const post = await sharp(Buffer.from(out.data), { raw: { width, height, channels: 4 } })
      .removeAlpha()
      .sharpen({ sigma: 0.5 })
      .raw()
      .toBuffer();
    const row = score(ref, out.data, width, height, 4);
    const posted = score(ref, post, width, height, 3);
    const verdict = (r: readonly number[]) => (r[0] > base[0] && r[1] > base[1] ? 'win ' : 'lose');
    console.log(
      `  ${name.padEnd(11)} ${show(row)} ${verdict(row)} (${(row[0] - base[0]).toFixed(2)} dB, ${(row[1] - base[1]).toFixed(4)}) · sharpened σ0.5 ${show(posted)} ${verdict(posted)}`,
    );
  }
}

const linen = (await benchPhotos()).find((p) => p.name.startsWith('linen')) ?? (await benchPhotos())[0];
const small = await sharp(linen.rgb, { raw: { width: linen.width, height: linen.height, channels: 3 } })
  .resize(384, 576, { kernel: 'lanczos3' })
  .ensureAlpha()
  .raw()
  .toBuffer();
const image: Rgba = { width: 384, height: 576, data: new Uint8ClampedArray(small) };
console.log(`\ntime, ${linen.name} at 384×576 → 1536×2304 (models loaded and warmed first)`);
const warm: Rgba = { width: 32, height: 32, data: new Uint8ClampedArray(32 * 32 * 4).fill(128) };
for (const name of chosen) await OPTIONS[name].run(warm);
let slimMs = 0;
for (const name of chosen) {
  const t0 = performance.now();
  await OPTIONS[name].run(image);
  const ms = performance.now() - t0;
  if (name === 'slim4') slimMs = ms;
  const ratio = slimMs ? ` (${(ms / slimMs).toFixed(2)}× slim4)` : '';
  console.log(
    `  ${name.padEnd(11)} ${(ms / 1000).toFixed(1)} s${ratio} · load ${os.loadavg()[0].toFixed(2)}`,
  );
}
