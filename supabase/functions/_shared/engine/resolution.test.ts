import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodePng, encodePng } from './png.ts';
import { scaleDown, targetSize } from './resolution.ts';
import { storeOutput } from './outputs.ts';
import { engineConfig } from './config.ts';
import { sampleImageJob } from '../providers/testing.ts';
import type { EngineStore } from './store.ts';

// 4K images through sharp: seconds on a busy shared machine, so a timeout that fits that
describe('resolution of a stored result', { timeout: 60_000 }, () => {
  it('a 4K render is kept for 4K, scaled to a 2048 long side for 2K; nothing is scaled up', () => {
    expect(targetSize(2731, 4096, '4K')).toEqual({ width: 2731, height: 4096 });
    expect(targetSize(2731, 4096, '2K')).toEqual({ width: 1365, height: 2048 });
    expect(targetSize(2731, 4096, 'HD')).toEqual({ width: 1024, height: 1536 });
    expect(targetSize(4096, 2731, '2K')).toEqual({ width: 2048, height: 1365 });
    expect(targetSize(1024, 1536, '4K')).toEqual({ width: 1024, height: 1536 });
    expect(targetSize(864, 1296, 'HD')).toEqual({ width: 864, height: 1296 });
  });

  it('scaling down averages areas: halves of a black and white image stay black and white, the edge is grey', () => {
    const w = 9;
    const h = 6;
    const data = new Uint8Array(w * h * 4);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const v = x < 4 ? 0 : x === 4 ? 128 : 255;
        data.set([v, v, v, 255], (y * w + x) * 4);
      }
    const out = scaleDown({ width: w, height: h, data }, 3, 2);
    expect(out.width).toBe(3);
    expect(out.height).toBe(2);
    const grey = (x: number, y: number) => out.data[(y * 3 + x) * 4];
    expect(grey(0, 0)).toBe(0);
    expect(grey(2, 1)).toBe(255);
    expect(grey(1, 0)).toBeGreaterThan(100);
    expect(grey(1, 0)).toBeLessThan(160);
    expect(out.data[3]).toBe(255);
  });

  it('storeOutput stores a 2K plan image and its watermarked copy at 1365×2048 from a 4K render', async () => {
    const render = new Uint8Array(
      await sharp({ create: { width: 2731, height: 4096, channels: 3, background: '#8899aa' } })
        .png({ compressionLevel: 1 })
        .toBuffer(),
    );
    const uploads = new Map<string, Uint8Array>();
    const store = {
      async upload(bucket: string, path: string, bytes: Uint8Array) {
        uploads.set(`${bucket}/${path}`, bytes);
      },
    } as unknown as EngineStore;
    const job = sampleImageJob({ resolution: '2K', watermark: true });
    const stored = await storeOutput(job, ['https://cdn/x.png'], {
      store,
      config: engineConfig(() => undefined, 'local'),
      download: async () => ({ bytes: render, contentType: 'image/png' }),
      now: () => 0,
    });
    expect(stored).toMatchObject({ width: 1365, height: 2048 });
    for (const bucket of ['generated', 'watermarked']) {
      const png = uploads.get(`${bucket}/${stored.resultPath}`)!;
      expect(await sharp(png).metadata()).toMatchObject({ width: 1365, height: 2048 });
    }
    // same picture, smaller: the colour survives the averaging
    const clean = await decodePng(uploads.get(`generated/${stored.resultPath}`)!);
    expect([...clean.data.subarray(0, 4)]).toEqual([0x88, 0x99, 0xaa, 255]);
    expect(await encodePng(clean)).toBeInstanceOf(Uint8Array);
  });
});
