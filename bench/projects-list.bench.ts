// /projects with 300 projects: how soon a seller sees the first card and can use the screen on
// a phone (CPU 4× slower), the image bytes the first screen loads (target: thumbnails only,
// ≤ 600 KB), how long the search takes to filter 300 projects, and how smoothly the list
// scrolls to the 300th project (frame times in Chromium, phone and desktop).
//
// A bench-owned in-memory stack and build (bench/support/app-under-test.ts); one seller on
// the Pro plan (clean images) with 300 finished projects made through the service role:
// rows spread over 120 days and, for each, a product photo and 1024×1536 PNG results in
// Storage (a catalogue scene with a figure drawn over it: real image content, not a flat
// colour). Each figure is the median of RUNS runs (default 3).
//
//   npx tsx bench/projects-list.bench.ts        (or: npm run bench projects-list)
//
// Limits: no network throttling (the stack is on this machine: the times are the app's work,
// not the link's); CPU throttling is CDP's emulation. Frame times are requestAnimationFrame
// intervals while the page scrolls itself (phone 120 px, desktop 80 px a frame), so they
// include the list growing by 24 cards as the seller nears its end.
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { kib, machineLine, startAppUnderTest } from './support/app-under-test.ts';
import { sellerWithProjects } from './support/seller-with-projects.ts';

const API_PORT = 55471;
const APP_PORT = 3171;
const PROJECTS = Number(process.env.PROJECTS ?? 300);
const RUNS = Number(process.env.RUNS ?? 3);
const CPU_SLOWDOWN = 4;
const TARGET_IMAGE_BYTES = 600 * 1024;

interface Device {
  name: string;
  options: BrowserContextOptions;
  slowdown: number;
  scrollStep: number;
}
const PHONE: Device = {
  name: `phone 390×844, CPU ${CPU_SLOWDOWN}× slower`,
  options: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
  slowdown: CPU_SLOWDOWN,
  scrollStep: 120,
};
const DESKTOP: Device = {
  name: 'desktop 1440×900',
  options: { viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 },
  slowdown: 1,
  scrollStep: 80,
};

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const median = (xs: number[]) => sorted(xs)[Math.floor((xs.length - 1) / 2)] ?? Number.NaN;
const pct = (xs: number[], p: number) =>
  sorted(xs)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? Number.NaN;
const ms = (n: number) => `${Math.round(n)} ms`;

/** Recorded from the page's start: first card in the DOM, first card picture shown, long tasks. */
function probe() {
  const w = window as unknown as {
    __probe: { firstCard?: number; firstPicture?: number; longTaskEnds: number[] };
  };
  w.__probe = { longTaskEnds: [] };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__probe.longTaskEnds.push(e.startTime + e.duration);
  }).observe({ type: 'longtask', buffered: true });
  new MutationObserver(() => {
    if (w.__probe.firstCard === undefined && document.querySelector('article'))
      w.__probe.firstCard = performance.now();
    if (w.__probe.firstPicture === undefined && document.querySelector('article img[data-loaded="true"]'))
      w.__probe.firstPicture = performance.now();
  }).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['data-loaded'],
  });
}

interface Visit {
  firstCardMs: number;
  firstPictureMs: number;
  interactiveMs: number;
  imageRequests: number;
  imageBytes: number;
  largestImage: number;
  listJsonBytes: number;
  searchMs: number;
  frames: number[];
  cardsAtEnd: number;
}

/** Types into the search box and waits for the filtered list (times the app's filtering and render). */
async function timeSearch(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const input = document.querySelector<HTMLInputElement>('input[type="search"]');
    if (!input) throw new Error('no search box');
    const before = document.querySelectorAll('article').length;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    const t0 = performance.now();
    setValue?.call(input, 'denim jacket 1');
    input.dispatchEvent(new Event('input', { bubbles: true }));
    for (;;) {
      await new Promise(requestAnimationFrame);
      const n = document.querySelectorAll('article').length;
      if (n !== before) break;
      if (performance.now() - t0 > 10_000) throw new Error('search did not filter');
    }
    const took = performance.now() - t0;
    setValue?.call(input, '');
    input.dispatchEvent(new Event('input', { bubbles: true }));
    return took;
  });
}

/** Scrolls to the end of the list one frame at a time; the frame intervals and the cards shown. */
async function scrollToEnd(page: Page, step: number, total: number) {
  return page.evaluate(
    async ({ step, total }) => {
      const frames: number[] = [];
      let prev = await new Promise<number>(requestAnimationFrame);
      let atEnd = 0;
      while (frames.length < 6000) {
        window.scrollBy(0, step);
        const now = await new Promise<number>(requestAnimationFrame);
        frames.push(now - prev);
        prev = now;
        const bottom = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
        atEnd = bottom && document.querySelectorAll('article').length >= total ? atEnd + 1 : 0;
        if (atEnd > 30) break;
      }
      return { frames, cards: document.querySelectorAll('article').length };
    },
    { step, total },
  );
}

async function visit(
  browser: Browser,
  appUrl: string,
  session: { key: string; value: string },
  device: Device,
): Promise<Visit> {
  const context = await browser.newContext(device.options);
  await context.addInitScript(
    ([k, v]) => {
      localStorage.setItem(k, v);
      sessionStorage.setItem('drape.splashSeen', '1');
    },
    [session.key, session.value],
  );
  await context.addInitScript(probe);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (device.slowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: device.slowdown });
  const kinds = new Map<string, 'image' | 'list'>();
  const images: number[] = [];
  let listJsonBytes = 0;
  cdp.on('Network.responseReceived', (e) => {
    if (e.type === 'Image') kinds.set(e.requestId, 'image');
    // the first read is the projects-first-screen function (the list with its first pictures signed)
    if (
      (e.response.url.includes('/rest/v1/projects?') && e.response.url.includes('neq.archived')) ||
      e.response.url.includes('/functions/v1/projects-first-screen')
    )
      kinds.set(e.requestId, 'list');
  });
  cdp.on('Network.loadingFinished', (e) => {
    const kind = kinds.get(e.requestId);
    if (kind === 'image') images.push(e.encodedDataLength);
    if (kind === 'list') listJsonBytes = e.encodedDataLength;
  });

  await page.goto(`${appUrl}/projects`);
  await page.waitForSelector('article img[data-loaded="true"]', { timeout: 180_000 });
  // the first screen settles: no new image for 2 s
  for (let quiet = 0, last = -1; quiet < 2000; ) {
    await page.waitForTimeout(250);
    quiet = images.length === last ? quiet + 250 : 0;
    last = images.length;
  }
  const p = await page.evaluate(
    () =>
      (window as unknown as { __probe: { firstCard: number; firstPicture: number; longTaskEnds: number[] } })
        .__probe,
  );
  const firstScreenImages = [...images];
  const searchMs = await timeSearch(page);
  await page.waitForTimeout(500);
  const scrolled = await scrollToEnd(page, device.scrollStep, PROJECTS);
  await context.close();
  return {
    firstCardMs: p.firstCard,
    firstPictureMs: p.firstPicture,
    interactiveMs: Math.max(p.firstCard, ...p.longTaskEnds),
    imageRequests: firstScreenImages.length,
    imageBytes: firstScreenImages.reduce((a, b) => a + b, 0),
    largestImage: Math.max(0, ...firstScreenImages),
    listJsonBytes,
    searchMs,
    frames: scrolled.frames,
    cardsAtEnd: scrolled.cards,
  };
}

function report(device: Device, visits: Visit[]) {
  const m = (f: (v: Visit) => number) => median(visits.map(f));
  const frames = visits.flatMap((v) => v.frames);
  const over = (limit: number) => ((frames.filter((f) => f > limit).length / frames.length) * 100).toFixed(1);
  const imageBytes = m((v) => v.imageBytes);
  console.log(`\n${device.name} — median of ${visits.length}`);
  console.log(`  first card             ${ms(m((v) => v.firstCardMs))}`);
  console.log(`  first card picture     ${ms(m((v) => v.firstPictureMs))}`);
  console.log(
    `  interactive            ${ms(m((v) => v.interactiveMs))}   (first card, and no long task after it)`,
  );
  console.log(
    `  search over ${PROJECTS}        ${ms(m((v) => v.searchMs))}   (typed → filtered list on screen)`,
  );
  console.log(
    `  first-screen images    ${m((v) => v.imageRequests)} requests, ${kib(imageBytes)} (largest ${kib(m((v) => v.largestImage))}); ` +
      `target ≤ ${kib(TARGET_IMAGE_BYTES)}: ${imageBytes <= TARGET_IMAGE_BYTES ? 'met' : 'MISSED'}`,
  );
  console.log(
    `  projects list JSON     ${kib(m((v) => v.listJsonBytes))} (all ${PROJECTS} with their images, on the wire)`,
  );
  console.log(
    `  scroll to the ${PROJECTS}th    ${frames.length} frames: p50 ${ms(pct(frames, 50))}, p95 ${ms(pct(frames, 95))}, ` +
      `p99 ${ms(pct(frames, 99))}, max ${ms(Math.max(...frames))}; over 16.7 ms ${over(16.7)} %, over 50 ms ${over(50)} %; ` +
      `cards at the end ${Math.min(...visits.map((v) => v.cardsAtEnd))}`,
  );
}

async function main() {
  const app = await startAppUnderTest({ apiPort: API_PORT, appPort: APP_PORT, name: 'projects' });
  try {
    const { session, seedMs } = await sellerWithProjects(app, PROJECTS, { spreadDays: 120 });
    console.log(`seeded ${PROJECTS} projects (rows and ${PROJECTS * 3} files) in ${ms(seedMs)}`);
    console.log(machineLine());
    for (const device of [PHONE, DESKTOP]) {
      const visits: Visit[] = [];
      for (let i = 0; i < RUNS; i++) visits.push(await visit(app.browser, app.appUrl, session, device));
      report(device, visits);
    }
  } finally {
    await app.close();
  }
}

await main();
