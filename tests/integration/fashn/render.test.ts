// What the local preview renderer makes, checked on the pixels: real PNGs of the promised
// size, a subject that is really there (the result differs from the background alone where
// the figure stands and matches it elsewhere), transparent backgrounds, playable clips.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWebmInfo } from '../../../supabase/local/media/webm-info.ts';
import {
  beachBackground,
  fetchBytes,
  rawRgba,
  run,
  settle,
  startHarness,
  teeOnWhite,
  type Harness,
} from './support.ts';

type Raw = Awaited<ReturnType<typeof rawRgba>>;

/** Mean absolute RGB difference between two same-size images inside a box. */
function meanDiff(a: Raw, b: Raw, x0: number, y0: number, w: number, h: number): number {
  let sum = 0,
    n = 0;
  for (let y = y0; y < y0 + h; y++) {
    for (let x = x0; x < x0 + w; x++) {
      const p = (y * a.width + x) * 4;
      sum +=
        Math.abs(a.data[p] - b.data[p]) +
        Math.abs(a.data[p + 1] - b.data[p + 1]) +
        Math.abs(a.data[p + 2] - b.data[p + 2]);
      n += 3;
    }
  }
  return sum / n;
}

const px = (img: Raw, x: number, y: number) => [
  ...img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 4),
];

describe('local preview renderer (through the endpoint)', () => {
  let h: Harness;
  let tryonUrl: string;
  const model = () => `${h.url}/catalogue/models/nikos/01.webp`;

  async function complete(modelName: string, inputs: Record<string, unknown>): Promise<string> {
    const r = await run(h.api, modelName, inputs);
    expect(r.status).toBe(200);
    const { final } = await settle(h.api, r.body.id, 60_000);
    expect(final.error).toBeNull();
    expect(final.status).toBe('completed');
    return final.output[0];
  }

  beforeAll(async () => {
    h = await startHarness();
    h.files.set('tee.jpg', { bytes: await teeOnWhite('#c0392b'), type: 'image/jpeg' });
    h.files.set('beach.webp', { bytes: await beachBackground(), type: 'image/webp' });
    tryonUrl = await complete('tryon-v1.6', {
      model_image: model(),
      garment_image: `${h.url}/files/tee.jpg`,
      category: 'tops',
    });
  });
  afterAll(() => h?.close());

  it('try-on: a 1024x1536 PNG, the garment on the figure', async () => {
    const { bytes } = await fetchBytes(tryonUrl);
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1024, 1536]);
    const img = await rawRgba(bytes);
    // the chest of the figure (anchor box of a top) is the garment's red
    const [r, g, b] = px(img, 512, 480);
    expect(r).toBeGreaterThan(140);
    expect(g).toBeLessThan(90);
    expect(b).toBeLessThan(90);
  });

  it('background-change of a try-on result: the figure on the background, the rest is the background', async () => {
    const out = await complete('background-change', {
      image: tryonUrl,
      background_image: `${h.url}/files/beach.webp`,
    });
    const result = await rawRgba((await fetchBytes(out)).bytes);
    expect([result.width, result.height]).toEqual([1024, 1536]);
    const background = await rawRgba(
      await sharp(await beachBackground())
        .resize(1024, 1536)
        .png()
        .toBuffer(),
    );
    // where the figure stands (torso and legs) the result is far from the background alone
    expect(meanDiff(result, background, 440, 420, 144, 700)).toBeGreaterThan(40);
    // away from it (top corners, the sides) it is the background
    expect(meanDiff(result, background, 0, 0, 200, 300)).toBeLessThan(3);
    expect(meanDiff(result, background, 824, 600, 200, 300)).toBeLessThan(3);
  });

  it('blur: true softens the background', async () => {
    const sharpOut = await complete('background-change', {
      image: tryonUrl,
      background_image: `${h.url}/files/beach.webp`,
      blur: false,
    });
    const blurOut = await complete('background-change', {
      image: tryonUrl,
      background_image: `${h.url}/files/beach.webp`,
      blur: true,
    });
    const a = await rawRgba((await fetchBytes(sharpOut)).bytes);
    const b = await rawRgba((await fetchBytes(blurOut)).bytes);
    // the horizon (a hard edge at 60 % height) becomes a gradient
    const edge = (img: Raw) => Math.abs(px(img, 100, 917)[2] - px(img, 100, 926)[2]);
    expect(edge(a)).toBeGreaterThan(60);
    expect(edge(b)).toBeLessThan(edge(a) / 2);
  });

  it('a described background (no image): a backdrop in the colours its words name', async () => {
    const warm = await rawRgba(
      (
        await fetchBytes(
          await complete('background-change', {
            image: tryonUrl,
            background_prompt: 'golden sunset terrace',
          }),
        )
      ).bytes,
    );
    const green = await rawRgba(
      (await fetchBytes(await complete('background-change', { image: tryonUrl, prompt: 'a green garden' })))
        .bytes,
    );
    const [wr, , wb] = px(warm, 20, 1400);
    const [gr, gg] = px(green, 20, 1400);
    expect(wr).toBeGreaterThan(wb + 40);
    expect(gg).toBeGreaterThan(gr + 20);
  });

  it('flat-lay: a product photo laid on the background, centred, ≥ 1024x1536', async () => {
    const out = await complete('background-change', {
      image: `${h.url}/files/tee.jpg`,
      background_image: `${h.url}/files/beach.webp`,
    });
    const img = await rawRgba((await fetchBytes(out)).bytes);
    expect(img.width).toBeGreaterThanOrEqual(1024);
    expect(img.height).toBeGreaterThanOrEqual(1536);
    const [r, g, b] = px(img, 512, 760);
    expect(r).toBeGreaterThan(150);
    expect(g).toBeLessThan(90);
    expect(b).toBeLessThan(90);
    const background = await rawRgba(
      await sharp(await beachBackground())
        .resize(1024, 1536)
        .png()
        .toBuffer(),
    );
    expect(meanDiff(img, background, 0, 0, 120, 120)).toBeLessThan(3);
    // a soft shadow just below the garment's hem darkens the sand
    const hemShadow = meanDiff(img, background, 400, 1060, 200, 30);
    expect(hemShadow).toBeGreaterThan(2);
  });

  it('background-remove of a garment photo: transparent corners, opaque garment', async () => {
    const out = await complete('background-remove', { image: `${h.url}/files/tee.jpg` });
    const img = await rawRgba((await fetchBytes(out)).bytes);
    expect([img.width, img.height]).toEqual([800, 800]);
    for (const [x, y] of [
      [0, 0],
      [799, 0],
      [0, 799],
      [799, 799],
      [60, 400],
    ])
      expect(px(img, x, y)[3]).toBeLessThan(255);
    for (const [x, y] of [
      [0, 0],
      [799, 799],
    ])
      expect(px(img, x, y)[3]).toBe(0);
    expect(px(img, 400, 450)[3]).toBe(255);
    expect(px(img, 400, 450)[0]).toBeGreaterThan(150);
  });

  it('background-remove of a try-on result uses its saved alpha', async () => {
    const out = await complete('background-remove', { image: tryonUrl });
    const img = await rawRgba((await fetchBytes(out)).bytes);
    expect([img.width, img.height]).toEqual([1024, 1536]);
    expect(px(img, 5, 5)[3]).toBe(0);
    expect(px(img, 512, 480)[3]).toBe(255);
  });

  it('image-to-video: a WebM/VP8 clip of 5 or 10 s, 720x1080', async () => {
    const out = await complete('image-to-video', { image: tryonUrl, prompt: 'runway walk', duration: 5 });
    expect(out).toMatch(/\/0\.webm$/);
    const { bytes, headers } = await fetchBytes(out);
    expect(headers.get('content-type')).toBe('video/webm');
    expect(headers.get('x-drape-renderer')).toBe('drape-local-preview');
    const info = await readWebmInfo(bytes);
    expect(info).toMatchObject({
      container: 'webm',
      codec: 'vp8',
      width: 720,
      height: 1080,
      durationMs: 5000,
      frameCount: 120,
    });
  });
});
