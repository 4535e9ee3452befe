// The app's initial load: the JavaScript and CSS a browser fetches to show /login (anonymous)
// and /home (signed in), raw and gzip-compressed, and how long until the screen's heading is
// visible. Builds the app for an in-memory local stack and loads it in Debian's Chromium.
//
//   npx tsx bench/app-initial-load.bench.ts
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { kib as kb, startAppUnderTest } from './support/app-under-test.ts';

const API_PORT = 55441;
const APP_PORT = 3141;

interface Asset {
  url: string;
  type: 'js' | 'css';
  raw: number;
  gzip: number;
}

async function measure(page: Page, path: string, ready: RegExp) {
  const assets: Asset[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (res) => {
    const url = res.url();
    const type = /\.js(\?|$)/.test(url) ? 'js' : /\.css(\?|$)/.test(url) ? 'css' : null;
    if (!type || !url.startsWith(`http://localhost:${APP_PORT}/`)) return;
    pending.push(
      res.body().then((body) => {
        assets.push({
          url: url.replace(`http://localhost:${APP_PORT}`, ''),
          type,
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
        });
      }),
    );
  });
  const started = Date.now();
  await page.goto(`http://localhost:${APP_PORT}${path}`);
  await page.getByRole('heading', { name: ready }).waitFor();
  const visibleMs = Date.now() - started;
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  page.removeAllListeners('response');
  const sum = (type: Asset['type'], key: 'raw' | 'gzip') =>
    assets.filter((a) => a.type === type).reduce((n, a) => n + a[key], 0);
  console.log(`\n${path}: heading visible after ${visibleMs} ms (local, warm server)`);
  console.log(
    `  JS : ${assets.filter((a) => a.type === 'js').length} files, ${kb(sum('js', 'raw'))} raw, ${kb(sum('js', 'gzip'))} gzip`,
  );
  console.log(
    `  CSS: ${assets.filter((a) => a.type === 'css').length} files, ${kb(sum('css', 'raw'))} raw, ${kb(sum('css', 'gzip'))} gzip`,
  );
  for (const a of assets.sort((x, y) => y.gzip - x.gzip).slice(0, Number(process.env.BENCH_TOP ?? 6)))
    console.log(`    ${kb(a.gzip).padStart(10)}  ${a.url}`);
}

const app = await startAppUnderTest({ apiPort: API_PORT, appPort: APP_PORT, name: 'initial-load' });
const browser = app.browser;
try {
  // Each page in a fresh context: nothing cached, no service worker yet.
  const anon = await browser.newContext();
  await anon.addInitScript(() => sessionStorage.setItem('drape.splashSeen', '1'));
  await measure(await anon.newPage(), '/login', /Welcome back/);
  await anon.close();

  const session = await app.signedInStorage('Bench Seller');
  const signedIn = await browser.newContext();
  await signedIn.addInitScript(
    ([key, value]) => {
      sessionStorage.setItem('drape.splashSeen', '1');
      localStorage.setItem(key, value);
    },
    [session.key, session.value] as const,
  );
  await measure(await signedIn.newPage(), '/home', /^Welcome( back)?, Bench Seller/);
  await signedIn.close();
} finally {
  await app.close();
}
