// A clip from makeCameraClip plays in a real browser: Debian's Chromium loads it in a
// <video>, reaches HAVE_CURRENT_DATA, reports the clip's size and duration, plays forward
// and paints non-blank frames.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCameraClip } from '../../../supabase/local/media/clip.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

describe.skipIf(!existsSync(CHROMIUM))('camera clip in Chromium', () => {
  let server: http.Server;
  let base = '';
  let browser: Browser;
  let clip: Buffer;

  beforeAll(async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="768">
      <rect width="100%" height="100%" fill="#e9dfd0"/><rect x="150" y="250" width="212" height="400" rx="30" fill="#2f5d8a"/>
      <circle cx="256" cy="170" r="70" fill="#6b4a3a"/></svg>`;
    clip = await makeCameraClip(await sharp(Buffer.from(svg)).png().toBuffer(), 'push-in', {
      width: 360,
      height: 540,
      seconds: 2,
      fps: 24,
    });
    server = http.createServer((req, res) => {
      if (req.url === '/clip.webm') {
        res.writeHead(200, { 'Content-Type': 'video/webm', 'Content-Length': clip.length });
        res.end(clip);
      } else {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        res.end(
          '<!doctype html><video id="v" muted playsinline src="/clip.webm"></video><canvas id="c"></canvas>',
        );
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--autoplay-policy=no-user-gesture-required'],
    });
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((r) => server?.close(() => r()));
  });

  it('loads, plays and paints', async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/`);
    await page.waitForFunction(
      () => (document.getElementById('v') as HTMLVideoElement).readyState >= 2,
      null,
      { timeout: 15_000 },
    );
    const meta = await page.evaluate(() => {
      const v = document.getElementById('v') as HTMLVideoElement;
      return {
        readyState: v.readyState,
        width: v.videoWidth,
        height: v.videoHeight,
        duration: v.duration,
        error: v.error?.code ?? null,
      };
    });
    expect(meta.error).toBeNull();
    expect(meta.readyState).toBeGreaterThanOrEqual(2);
    expect([meta.width, meta.height]).toEqual([360, 540]);
    expect(meta.duration).toBeCloseTo(2, 1);

    await page.evaluate(() => (document.getElementById('v') as HTMLVideoElement).play());
    await page.waitForFunction(
      () => (document.getElementById('v') as HTMLVideoElement).currentTime > 0.5,
      null,
      { timeout: 15_000 },
    );
    const pixel = await page.evaluate(() => {
      const v = document.getElementById('v') as HTMLVideoElement;
      const c = document.getElementById('c') as HTMLCanvasElement;
      c.width = v.videoWidth;
      c.height = v.videoHeight;
      const g = c.getContext('2d')!;
      g.drawImage(v, 0, 0);
      const centre = g.getImageData(180, 380, 1, 1).data; // inside the blue body
      const corner = g.getImageData(5, 5, 1, 1).data; // the light backdrop
      return { centre: [...centre], corner: [...corner] };
    });
    expect(pixel.centre[2]).toBeGreaterThan(pixel.centre[0] + 40); // blue
    expect(pixel.corner[0]).toBeGreaterThan(180); // light
    await page.close();
  });
});
