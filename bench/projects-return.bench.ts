// A seller coming back to /projects on a phone: how soon the thumbnails on the screen appear
// and how many image bytes come over the network, on the first visit, on a return visit (the
// app opened again: the first visit its service worker answers), on the visit after it, and
// on a return visit offline (how many of the screen's thumbnails show at all).
//
// A bench-owned in-memory stack and build (bench/support/app-under-test.ts); one seller on the
// Pro plan with 30 finished projects (1024×1536 PNG results in Storage). Debian's Chromium at
// 390×844, device scale 3, with CDP emulation: CPU 4× slower, 1.6 Mbps down, 150 ms round trip.
// Each figure is the median of RUNS runs (default 3), each run a fresh browser profile.
//
//   npx tsx bench/projects-return.bench.ts        (or: npm run bench projects-return)
//
// "Thumbnails on screen" are the card images whose frame is in the first viewport; the time is
// from navigation start to the load event of the last of them. Image bytes are the bodies of
// Storage reads that went over the network, the service worker's own included (Playwright
// reports those); answers from a cache count nothing.
// Limits: the link's throttling applies to the page, not to the service worker's own requests
// (Chromium emulates per target), so reads the worker passes to the network are faster here
// than on a phone: compare times only where the bytes match.
import type { BrowserContext, Page } from 'playwright-core';
import { kib, machineLine, startAppUnderTest } from './support/app-under-test.ts';
import { type SignedInSession, sellerWithProjects } from './support/seller-with-projects.ts';

const API_PORT = 55511;
const APP_PORT = 3211;
const RUNS = Number(process.env.RUNS ?? 3);
const PROJECTS = 30;
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
const LINK = { latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const STORAGE_READ = /\/storage\/v1\/(render\/image|object)\/(sign|authenticated|public)\//;

interface VisitResult {
  /** ms from navigation start to the first card image's load, and to the last one on screen */
  firstThumb: number | null;
  screenThumbs: number | null;
  /** card images in the first viewport, and how many of them loaded */
  onScreen: number;
  loaded: number;
  /** whether the service worker answered the page */
  controlled: boolean;
  /** Storage image bytes that came over the network during the visit */
  networkBytes: number;
  networkReads: number;
}

declare global {
  interface Window {
    __thumbs?: { at: number; top: number }[];
  }
}

// Records each card image's load: when, and where its frame is.
const PROBE = `
  window.__thumbs = [];
  document.addEventListener('load', (e) => {
    const img = e.target;
    if (!(img instanceof HTMLImageElement) || !img.closest('article')) return;
    window.__thumbs.push({ at: performance.now(), top: img.getBoundingClientRect().top });
  }, true);
`;

async function throttle(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...LINK });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** Counts the Storage image bytes that go over the network while `body` runs. */
async function counted(context: BrowserContext, body: () => Promise<void>) {
  let bytes = 0;
  let reads = 0;
  const pending: Promise<void>[] = [];
  const onFinished = (request: import('playwright-core').Request) => {
    if (request.method() !== 'GET' || !STORAGE_READ.test(request.url())) return;
    pending.push(
      (async () => {
        const response = await request.response();
        if (!response || response.fromServiceWorker()) return; // the page's side of a worker's answer
        reads++;
        bytes += (await request.sizes()).responseBodySize;
      })(),
    );
  };
  context.on('requestfinished', onFinished);
  try {
    await body();
    await Promise.all(pending);
  } finally {
    context.off('requestfinished', onFinished);
  }
  return { bytes, reads };
}

async function visit(context: BrowserContext, url: string, settleMs: number): Promise<VisitResult> {
  const page = await context.newPage();
  await throttle(page);
  let result: Omit<VisitResult, 'networkBytes' | 'networkReads' | 'controlled'> | null = null;
  const { bytes, reads } = await counted(context, async () => {
    await page.goto(url, { waitUntil: 'commit' });
    await page.locator('article').first().waitFor({ timeout: 60_000 });
    // the screen's thumbnails, or as many as will come in `settleMs`
    const onScreenCount = () =>
      page.evaluate(
        () =>
          [...document.querySelectorAll('article')].filter((a) => a.getBoundingClientRect().top < innerHeight)
            .length,
      );
    const deadline = Date.now() + settleMs;
    for (;;) {
      const onScreen = await onScreenCount();
      const thumbs = await page.evaluate(() => window.__thumbs ?? []);
      const shown = thumbs.filter((t) => t.top < PHONE.viewport.height);
      if (shown.length >= onScreen || Date.now() > deadline) {
        const times = shown.map((t) => t.at).sort((a, b) => a - b);
        result = {
          firstThumb: times[0] ?? null,
          screenThumbs: shown.length >= onScreen ? (times.at(-1) ?? null) : null,
          onScreen,
          loaded: Math.min(shown.length, onScreen),
        };
        break;
      }
      await page.waitForTimeout(250);
    }
    await page.waitForLoadState('networkidle').catch(() => undefined);
  });
  const controlled = await page.evaluate(() => !!navigator.serviceWorker.controller);
  await page.close();
  return { ...result!, controlled, networkBytes: bytes, networkReads: reads };
}

interface Run {
  first: VisitResult;
  back: VisitResult;
  again: VisitResult;
  offline: VisitResult;
}

async function run(
  browser: import('playwright-core').Browser,
  appUrl: string,
  session: SignedInSession,
): Promise<Run> {
  const context = await browser.newContext(PHONE);
  try {
    await context.addInitScript(([k, v]) => localStorage.setItem(k, v), [
      session.key,
      session.value,
    ] as const);
    await context.addInitScript({ content: PROBE });
    const url = `${appUrl}/projects`;
    const first = await visit(context, url, 30_000);
    // the service worker has installed (precached) and is active, as on the app's next opening
    const sw = await context.newPage();
    await sw.goto(`${appUrl}/projects`, { waitUntil: 'commit' });
    await sw.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await sw.close();
    const back = await visit(context, url, 30_000);
    const again = await visit(context, url, 30_000);
    await context.setOffline(true);
    const offline = await visit(context, url, 8_000);
    return { first, back, again, offline };
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : null;
};
const ms = (n: number | null) => (n === null ? '     —' : `${String(Math.round(n)).padStart(5)} ms`);

function report(name: string, visits: VisitResult[]) {
  const pick = (f: (v: VisitResult) => number | null) =>
    median(visits.map(f).filter((x): x is number => x !== null));
  console.log(
    `  ${name.padEnd(16)} first thumbnail ${ms(pick((v) => v.firstThumb))}, screen's thumbnails ${ms(
      pick((v) => v.screenThumbs),
    )} (${pick((v) => v.loaded)}/${pick((v) => v.onScreen)} shown), image bytes over the network ${kib(
      pick((v) => v.networkBytes) ?? 0,
    )} in ${pick((v) => v.networkReads)} reads`,
  );
}

async function main() {
  const app = await startAppUnderTest({ apiPort: API_PORT, appPort: APP_PORT, name: 'projects-return' });
  try {
    const { session } = await sellerWithProjects(app, PROJECTS, { spreadDays: 30 });
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await run(app.browser, app.appUrl, session));
    console.log(
      `/projects on a phone (390×844 ×3, CPU 4×, 1.6 Mbps, 150 ms), ${PROJECTS} projects, median of ${RUNS}`,
    );
    const visits = {
      'first visit': 'first',
      'return visit': 'back',
      'and again': 'again',
      'return, offline': 'offline',
    } as const;
    for (const [name, key] of Object.entries(visits))
      report(
        name,
        runs.map((r) => r[key]),
      );
    console.log(
      `  return visits controlled by the service worker: ${runs.filter((r) => r.back.controlled && r.again.controlled && r.offline.controlled).length}/${RUNS}`,
    );
    console.log(`  ${machineLine()}`);
  } finally {
    await app.close();
  }
}

await main();
