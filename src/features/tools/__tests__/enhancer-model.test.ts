// The shipped model itself, on the WebAssembly backend in Node (the one a device without a real
// GPU uses) and on small crops:
// the package's files load into tfjs-layers 4.22, a 2× enhancement beats Lanczos plus
// sharpening on a photo's detail, and tiling with the default margin changes no pixel of the
// result (the margin covers the network's reach). bench/enhancer.bench.ts measures real sizes.
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { backendOrder, isSoftwareRenderer, loadModel } from '../enhancer/model.ts';
import { slimModelFiles } from '../enhancer/model-files.ts';
import { DEFAULT_MARGIN, MODEL_REACH, type Rgba, enhanceTiled } from '../enhancer/tiling.ts';
import type { LoadedModel } from '../enhancer/worker-core.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

const psnr = (a: Uint8Array | Uint8ClampedArray, b: Uint8Array | Uint8ClampedArray) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i] - b[i]) ** 2;
  return 10 * Math.log10((255 * 255) / (sum / a.length));
};

const rgb = (image: Rgba) => image.data.filter((_, i) => i % 4 !== 3);

/** A 96×96 crop of the catalogue's drawn model (fabric edges, a face, hair) and its half. */
async function crop() {
  const source = sharp('public/catalogue/models/zoe/01.webp').extract({
    left: 400,
    top: 500,
    width: 96,
    height: 96,
  });
  const original = await source.clone().removeAlpha().raw().toBuffer();
  const half = await sharp(await source.clone().png().toBuffer())
    .resize(48, 48, { kernel: 'lanczos3' })
    .ensureAlpha()
    .raw()
    .toBuffer();
  return { original, half: { width: 48, height: 48, data: new Uint8ClampedArray(half) } satisfies Rgba };
}

let x2: LoadedModel;
beforeAll(async () => {
  x2 = await loadModel(2, slimModelFiles(ROOT, 2));
}, 60_000);

describe('the shipped ESRGAN model (WebAssembly backend)', () => {
  it('loads both factors and enlarges 2× better than Lanczos plus sharpening', {
    timeout: 60_000,
  }, async () => {
    expect(x2.backend).toBe('wasm');
    const { original, half } = await crop();
    const enhanced = await enhanceTiled(half, x2.run, { factor: 2 });
    const lanczos = await sharp(Buffer.from(rgb(half)), { raw: { width: 48, height: 48, channels: 3 } })
      .resize(96, 96, { kernel: 'lanczos3' })
      .sharpen()
      .raw()
      .toBuffer();
    const model = psnr(original, rgb(enhanced));
    const resize = psnr(original, lanczos);
    expect(model).toBeGreaterThan(resize + 0.5);

    const x4 = await loadModel(4, slimModelFiles(ROOT, 4));
    const tiny = { width: 8, height: 8, data: new Uint8ClampedArray(8 * 8 * 4).fill(128) };
    const four = await enhanceTiled(tiny, x4.run, { factor: 4 });
    expect([four.width, four.height]).toEqual([32, 32]);
  });

  it('gives the same pixels tiled with the default margin as in one run', { timeout: 60_000 }, async () => {
    expect(DEFAULT_MARGIN).toBeGreaterThanOrEqual(MODEL_REACH);
    const { half } = await crop();
    const photo = {
      width: 32,
      height: 32,
      data: half.data.slice(0, 48 * 32 * 4).filter((_, i) => Math.floor(i / 4) % 48 < 32),
    };
    const whole = await enhanceTiled(photo, x2.run, { factor: 2, tile: 64 });
    const tiled = await enhanceTiled(photo, x2.run, { factor: 2, tile: 16, margin: DEFAULT_MARGIN });
    let worst = 0;
    for (let i = 0; i < whole.data.length; i++)
      worst = Math.max(worst, Math.abs(whole.data[i] - tiled.data[i]));
    // float rounding may move a value by one step, a seam would by many
    expect(worst).toBeLessThanOrEqual(1);
  });
});

describe('backendOrder', () => {
  it('puts WebGL first only on a real GPU', () => {
    expect(backendOrder('ANGLE (Qualcomm, Adreno (TM) 740, OpenGL ES 3.2)')).toEqual([
      'webgl',
      'wasm',
      'cpu',
    ]);
    expect(backendOrder('Apple GPU')).toEqual(['webgl', 'wasm', 'cpu']);
    for (const soft of [
      'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)',
      'llvmpipe (LLVM 15.0.6, 256 bits)',
    ]) {
      expect(isSoftwareRenderer(soft)).toBe(true);
      expect(backendOrder(soft)).toEqual(['wasm', 'cpu']);
    }
    expect(backendOrder(null)).toEqual(['wasm', 'cpu']);
    expect(backendOrder(null, 'webgl')).toEqual(['webgl', 'wasm', 'cpu']);
  });
});
