// The Image Enhancer against a plain resize, and what it costs a phone and a desktop.
//
// Quality (Node, the shipped model on TensorFlow.js's WebAssembly backend, the app's own tiling):
// sharp product photos made here or shipped with the repo (bench/enhancer/photos.ts), each
// shrunk by the factor (Lanczos), enlarged back by the model and by Lanczos plus sharpening
// (sharp), PSNR and SSIM (luma, 11×11 Gaussian window) against the original, the border of
// `factor` pixels left out as super-resolution papers do.
//
// Cost (Debian's Chromium, headless, no GPU, so the WebAssembly backend; the real page as a
// Lite seller uses it): a 1024×1536 photo enhanced 2× (to 2048×3072) on /tools/image-enhancer,
// from Enhance to the shown result, on a desktop and on a phone emulation (CPU throttled 4×), and
// the peak memory of the tab's renderer process (the page and its worker) above what it used
// before, sampled from /proc every 100 ms. Chromium's CPU throttling slows the page's main
// thread only, not the worker the model runs in: the phone line shows what the throttled page
// adds, and the line after it the worker's time on a CPU 4× slower, by arithmetic.
//
//   npx tsx bench/enhancer.bench.ts   (BENCH_BROWSER=0: quality only; BENCH_QUALITY=0: cost only)
import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { loadModel } from '../src/features/tools/enhancer/model.ts';
import { slimModelFiles } from '../src/features/tools/enhancer/model-files.ts';
import { enhanceTiled, type Rgba } from '../src/features/tools/enhancer/tiling.ts';
import type { LoadedModel } from '../src/features/tools/enhancer/worker-core.ts';
import { lanczosBaseline } from './enhancer/baseline.ts';
import { benchPhotos } from './enhancer/photos.ts';
import { machineLine, startAppUnderTest } from './support/app-under-test.ts';
import { luma, psnr, ssim } from './support/similarity.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

const API_PORT = 55498;
const APP_PORT = 3198;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

// ---------------------------------------------------------------------------------------------
// quality

async function quality() {
  const models: Record<2 | 4, LoadedModel> = {
    2: await loadModel(2, slimModelFiles(ROOT, 2), 'wasm'),
    4: await loadModel(4, slimModelFiles(ROOT, 4), 'wasm'),
  };
  const photos = await benchPhotos();
  console.log(
    `\nquality: ${photos.length} photos of 1024×1536, shrunk by the factor and enlarged back (model on ${models[2].backend} in Node)`,
  );
  console.log(
    'photo            factor   model PSNR / SSIM     Lanczos+sharpen PSNR / SSIM   Lanczos PSNR / SSIM   model ms',
  );
  const sums: Record<string, number[]> = {};
  const add = (key: string, v: number) => {
    sums[key] ??= [];
    sums[key].push(v);
  };
  for (const factor of [2, 4] as const) {
    for (const photo of photos) {
      const { width, height } = photo;
      const original = await sharp(photo.rgb, { raw: { width, height, channels: 3 } })
        .raw()
        .toBuffer();
      const small = await sharp(original, { raw: { width, height, channels: 3 } })
        .resize(width / factor, height / factor, { kernel: 'lanczos3' })
        .ensureAlpha()
        .raw()
        .toBuffer();
      const smallImage: Rgba = {
        width: width / factor,
        height: height / factor,
        data: new Uint8ClampedArray(small),
      };
      const t0 = performance.now();
      const enhanced = await enhanceTiled(smallImage, models[factor].run, { factor });
      const ms = performance.now() - t0;
      const { lanczos, sharpened } = await lanczosBaseline(
        small,
        { width: width / factor, height: height / factor, channels: 4 },
        { width, height },
      );
      const ref = luma(original, width, height, 3, factor);
      const m = luma(enhanced.data, width, height, 4, factor);
      const ls = luma(sharpened, width, height, 3, factor);
      const l = luma(lanczos, width, height, 3, factor);
      const row = {
        model: [psnr(ref, m), ssim(ref, m)],
        sharpened: [psnr(ref, ls), ssim(ref, ls)],
        lanczos: [psnr(ref, l), ssim(ref, l)],
      };
      for (const [k, [p, s]] of Object.entries(row)) {
        add(`${factor}-${k}-psnr`, p);
        add(`${factor}-${k}-ssim`, s);
      }
      const f = ([p, s]: number[]) => `${p.toFixed(2)} dB / ${s.toFixed(4)}`;
      console.log(
        `${photo.name.padEnd(18)} ${factor}×       ${f(row.model).padEnd(21)} ${f(row.sharpened).padEnd(29)} ${f(row.lanczos).padEnd(21)} ${Math.round(ms)}`,
      );
    }
    const mean = (key: string) => sums[key].reduce((a, b) => a + b, 0) / sums[key].length;
    const f = (k: string) =>
      `${mean(`${factor}-${k}-psnr`).toFixed(2)} dB / ${mean(`${factor}-${k}-ssim`).toFixed(4)}`;
    console.log(
      `${'mean'.padEnd(18)} ${factor}×       ${f('model').padEnd(21)} ${f('sharpened').padEnd(29)} ${f('lanczos').padEnd(21)}`,
    );
  }
  console.log(`load ${load()}`);
}

// ---------------------------------------------------------------------------------------------
// cost in Chromium

/** Resident memory (KiB) of each Chromium renderer process started by this Node process. */
function rendererRss(): number {
  const children = new Map<number, number[]>();
  const renderers = new Set<number>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!pid) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), pid]);
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer')) renderers.add(pid);
    } catch {
      // gone meanwhile
    }
  }
  let total = 0;
  const walk = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      if (renderers.has(child)) {
        try {
          const status = readFileSync(`/proc/${child}/status`, 'utf8');
          total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
        } catch {
          // gone meanwhile
        }
      }
      walk(child);
    }
  };
  walk(process.pid);
  return total;
}

async function timeEnhancement(page: Page, photo: Buffer) {
  await page
    .getByTestId('enhancer-input')
    .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: photo });
  const button = page.getByRole('button', { name: 'Enhance', exact: true });
  await button.waitFor();
  const baseline = rendererRss();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rendererRss());
  }, 100);
  const t0 = Date.now();
  await button.click();
  await page.getByTestId('enhancer-result').waitFor({ timeout: 1_800_000 });
  const ms = Date.now() - t0;
  clearInterval(sampler);
  const size = await page.getByText(/pixels · enhanced/).textContent();
  return { ms, baselineMiB: baseline / 1024, peakMiB: peak / 1024, size };
}

async function cost() {
  const [first] = await benchPhotos();
  const photo = await sharp(first.rgb, { raw: { width: first.width, height: first.height, channels: 3 } })
    .png()
    .toBuffer();
  const app = await startAppUnderTest({ apiPort: API_PORT, appPort: APP_PORT, name: 'enhancer' });
  console.log(`\ncost: a 1024×1536 photo (${first.name}) enhanced 2× in Chromium, ${app.transport}`);
  console.log(machineLine());
  let desktopMs = 0;
  try {
    for (const device of ['desktop', 'phone'] as const) {
      const session = await app.signedInStorage('Bench Seller');
      const userId = JSON.parse(session.value).user.id as string;
      const activated = await fetch(`${app.stack.url}/rest/v1/rpc/activate_plan`, {
        method: 'POST',
        headers: {
          apikey: app.stack.keys.serviceRole,
          Authorization: `Bearer ${app.stack.keys.serviceRole}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({
          user_id: userId,
          plan: 'lite',
          period_start: new Date().toISOString(),
          period_end: new Date(Date.now() + 30 * 86400_000).toISOString(),
        }),
      });
      if (!activated.ok) throw new Error(`activate_plan: ${activated.status} ${await activated.text()}`);
      const context = await app.browser.newContext(
        device === 'phone'
          ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true }
          : { viewport: { width: 1440, height: 900 } },
      );
      await context.addInitScript(
        ([key, value]) => {
          sessionStorage.setItem('drape.splashSeen', '1');
          localStorage.setItem(key, value);
        },
        [session.key, session.value] as const,
      );
      const page = await context.newPage();
      if (device === 'phone') {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      }
      await page.goto(`${app.appUrl}/tools/image-enhancer`);
      await page.getByTestId('enhancer-input').waitFor({ state: 'attached' });
      const run = await timeEnhancement(page, photo);
      console.log(
        `${device.padEnd(8)}${device === 'phone' ? ' (4× CPU)' : '         '}: ${(run.ms / 1000).toFixed(1)} s from Enhance to the shown ${run.size?.split(' pixels')[0]} result · renderer memory ${run.baselineMiB.toFixed(0)} MiB before, peak ${run.peakMiB.toFixed(0)} MiB (+${(run.peakMiB - run.baselineMiB).toFixed(0)} MiB) · load ${load()}`,
      );
      if (device === 'desktop') desktopMs = run.ms;
      else
        console.log(
          `          the model runs in a worker, which CPU throttling does not reach: on a phone CPU 4× slower than this one, about ${((desktopMs * 4) / 1000).toFixed(0)} s (WebAssembly; a phone's GPU through WebGL is not measurable here)`,
        );
      await context.close();
    }
  } finally {
    await app.close();
  }
}

console.log(machineLine());
if (process.env.BENCH_QUALITY !== '0') await quality();
if (process.env.BENCH_BROWSER !== '0') await cost();
