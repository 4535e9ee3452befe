// The tools in Debian's Chromium against the local stack, as a seller uses them:
// - photo combiner: two 12 MP phone photos chosen on /tools/photo-combiner → ms until the
//   combined PNG is shown (500 ms of it is the spec's auto-combine delay; then decode, draw and
//   PNG encode in a worker, and the charge), the longest main-thread task meanwhile (the worker
//   keeps the page answering), the PNG's size and pixels (each photo at most 2048 px wide);
// - background remover: a 12 MP photo → ms from Remove Background until the transparent PNG is
//   shown (prepare in a worker, upload, start_background_removal, the engine's job through the
//   local renderer, live update, download of the result).
//
//   npx tsx bench/tools.bench.ts   (BENCH_RUNS=3)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { kib, machineLine, startAppUnderTest } from './support/app-under-test.ts';

const API_PORT = 55497;
const APP_PORT = 3197;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

/** A 12 MP phone photo: a garment on a backdrop, with a camera's sensor grain (flat colours
 * would make a PNG unrealistically small). */
async function phonePhoto(file: string, colour: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="3024" height="4032" viewBox="0 0 300 400">
    <rect width="300" height="400" fill="#efebe5"/>
    <path d="M100 60 L70 75 L40 140 L68 154 L82 126 L82 340 L218 340 L218 126 L232 154 L260 140 L230 75 L200 60 Q150 90 100 60Z" fill="${colour}"/>
  </svg>`;
  const grain = await sharp({
    create: {
      width: 3024,
      height: 4032,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 12 },
    },
  })
    .png()
    .toBuffer();
  await sharp(Buffer.from(svg))
    .composite([{ input: grain, blend: 'soft-light' }])
    .jpeg({ quality: 90 })
    .toFile(file);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const dir = mkdtempSync(path.join(os.tmpdir(), 'drape-tools-bench-'));
const top = path.join(dir, 'top.jpg');
const bottom = path.join(dir, 'bottom.jpg');
await phonePhoto(top, '#2c3e50');
await phonePhoto(bottom, '#b08d57');
const app = await startAppUnderTest({ apiPort: API_PORT, appPort: APP_PORT, name: 'tools' });
console.log(machineLine());
try {
  const combine: number[] = [];
  const longest: number[] = [];
  const remove: number[] = [];
  let png = { bytes: 0, width: 0, height: 0 };
  for (let run = 0; run < RUNS; run++) {
    const session = await app.signedInStorage('Bench Seller');
    const context = await app.browser.newContext({
      viewport: { width: 1440, height: 900 },
      acceptDownloads: true,
    });
    await context.addInitScript(
      ([key, value]) => {
        sessionStorage.setItem('drape.splashSeen', '1');
        localStorage.setItem(key, value);
      },
      [session.key, session.value] as const,
    );
    const page = await context.newPage();
    await page.goto(`${app.appUrl}/tools/photo-combiner`);
    await page.getByTestId('combiner-input').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => {
      const w = window as unknown as { longest: number };
      w.longest = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.longest = Math.max(w.longest, e.duration);
      }).observe({ type: 'longtask', buffered: false });
    });
    const download = page.waitForEvent('download');
    const t0 = Date.now();
    await page.getByTestId('combiner-input').setInputFiles([top, bottom]);
    await page.getByTestId('combined-result').waitFor();
    combine.push(Date.now() - t0);
    longest.push(await page.evaluate(() => (window as unknown as { longest: number }).longest));
    const file = readFileSync((await (await download).path())!);
    const meta = await sharp(file).metadata();
    png = { bytes: file.length, width: meta.width ?? 0, height: meta.height ?? 0 };

    await page.goto(`${app.appUrl}/tools/background-remover`);
    await page.getByTestId('remover-input').setInputFiles(top);
    const button = page.getByRole('button', { name: 'Remove Background' });
    await button.waitFor();
    const t1 = Date.now();
    await button.click();
    await page.getByTestId('remover-result').waitFor({ timeout: 120_000 });
    remove.push(Date.now() - t1);
    await context.close();
  }
  console.log(
    `photo combiner, two 12 MP JPEGs: ${median(combine)} ms to the shown PNG (median of ${RUNS}; 500 ms is the auto-combine delay) · longest main-thread task ${Math.round(median(longest))} ms · PNG ${png.width}×${png.height} (${((png.width * png.height) / 1e6).toFixed(1)} MP), ${kib(png.bytes)} · load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `background remover, a 12 MP JPEG: ${median(remove)} ms from Remove Background to the shown cut-out (median of ${RUNS})`,
  );
} finally {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
}
