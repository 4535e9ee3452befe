// The Batch Processor, end to end on the local stack (the local preview renderer):
//
// 1. A seller on a phone (Debian's Chromium, 390×844, the bench's phone link: 1.6 Mbps down /
//    750 kbps up, 150 ms RTT, as app-first-screen.bench.ts) chooses 20 photos of 12 MP (JPEG,
//    made here) on /tools/batch: seconds from the selection until every photo is prepared and
//    stored (three uploads at a time), then from Start until the batch page shows all 20
//    results; the tab's peak JS heap (CDP Runtime.getHeapUsage, sampled every 250 ms).
// 2. Fairness: another seller's single generation, alone and then started just after a
//    50-photo batch of a first seller — seconds until it is claimed (processing) and done.
//
//   npx tsx bench/batch.bench.ts      BENCH_PHOTOS=20  BENCH_BATCH=50  BENCH_PARTS=browser,fairness
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { machineLine, startAppUnderTest, type AppUnderTest } from './support/app-under-test.ts';

const API_PORT = 55497;
const APP_PORT = 3197;
const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 20);
const BATCH = Number(process.env.BENCH_BATCH ?? 50);
const PARTS = (process.env.BENCH_PARTS ?? 'browser,fairness').split(',');
const LINK = { latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const WIDTH = 4032;
const HEIGHT = 3024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** n 12 MP phone JPEGs: a garment of its own colour on a backdrop, with sensor grain. */
async function makePhotos(dir: string, n: number): Promise<string[]> {
  const grain = await sharp({
    create: {
      width: WIDTH,
      height: HEIGHT,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 12 },
    },
  })
    .raw()
    .toBuffer();
  const files: string[] = [];
  for (let i = 0; i < n; i++) {
    const colour = `hsl(${(i * 37) % 360}, 45%, 45%)`;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 400 300">
      <rect width="400" height="300" fill="#ebe5dc"/>
      <path d="M150 40 L120 52 L90 110 L118 124 L132 96 L132 270 L268 270 L268 96 L282 124 L310 110 L280 52 L250 40 Q200 70 150 40Z" fill="${colour}"/>
    </svg>`;
    const base = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
    const pixels = Buffer.alloc(base.length);
    for (let p = 0; p < pixels.length; p++) pixels[p] = Math.max(0, Math.min(255, base[p] + grain[p] - 128));
    const file = path.join(dir, `collection_piece_${String(i + 1).padStart(2, '0')}.jpg`);
    await sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
      .jpeg({ quality: 90 })
      .toFile(file);
    files.push(file);
  }
  return files;
}

async function service(app: AppUnderTest, method: string, pathAndQuery: string, body?: unknown) {
  const res = await fetch(`${app.stack.url}${pathAndQuery}`, {
    method,
    headers: {
      apikey: app.stack.keys.serviceRole,
      Authorization: `Bearer ${app.stack.keys.serviceRole}`,
      'Content-Type': 'application/json',
      Prefer: 'return=representation',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${pathAndQuery}: ${res.status} ${await res.text()}`);
  return res.json();
}

const setPlan = (app: AppUnderTest, userId: string, plan: string, credits: number) =>
  service(app, 'PATCH', `/rest/v1/subscriptions?user_id=eq.${userId}`, {
    plan,
    credits_remaining: credits,
    plan_credits: credits,
    purchased_credits: 0,
  });

async function browserPart(app: AppUnderTest, files: string[]) {
  const session = await app.signedInStorage('Batch Bench Seller');
  const userId = (JSON.parse(session.value) as { user: { id: string } }).user.id;
  await setPlan(app, userId, 'advanced', PHOTOS + 5);
  const context = await app.browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  await context.addInitScript(
    ([key, value]) => {
      sessionStorage.setItem('drape.splashSeen', '1');
      localStorage.setItem(key, value);
    },
    [session.key, session.value] as const,
  );
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.goto(`${app.appUrl}/tools/batch`);
  await page.getByTestId('batch-file-input').waitFor({ state: 'attached' });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...LINK });
  let peak = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const h = (await cdp.send('Runtime.getHeapUsage').catch(() => null)) as { usedSize: number } | null;
      if (h) peak = Math.max(peak, h.usedSize);
      await sleep(250);
    }
  })();

  const t0 = performance.now();
  await page.getByTestId('batch-file-input').setInputFiles(files);
  await page
    .locator('[data-testid="batch-photo"]')
    .nth(PHOTOS - 1)
    .waitFor({ timeout: 600_000 });
  const prepared = performance.now();
  await page
    .locator('[data-upload="uploaded"]')
    .nth(PHOTOS - 1)
    .waitFor({ timeout: 1_800_000 });
  const stored = performance.now();
  const rows = (await service(
    app,
    'GET',
    `/rest/v1/uploaded_files?user_id=eq.${userId}&select=file_size`,
  )) as {
    file_size: number;
  }[];
  const bytes = rows.reduce((n, r) => n + r.file_size, 0);
  const heapAtStored = peak;

  await page
    .getByRole('dialog', { name: 'Who will wear your garment?' })
    .getByRole('button', { name: 'Women', exact: true })
    .click();
  await page.getByRole('button', { name: 'Choose Sofia' }).click();
  await page.getByRole('radio', { name: 'Front View' }).click();
  await page.getByRole('radio', { name: 'Santorini' }).click();
  const t1 = performance.now();
  await page.getByRole('button', { name: 'Start batch' }).click();
  await page.waitForURL(/\/tools\/batch\/[0-9a-f-]{36}$/, { timeout: 120_000 });
  const started = performance.now();
  await page
    .locator('[data-testid="batch-item"][data-status="done"]')
    .nth(PHOTOS - 1)
    .waitFor({ timeout: 1_800_000 });
  const results = performance.now();
  sampling = false;
  await sampler;
  const s = (a: number, b: number) => ((b - a) / 1000).toFixed(1);
  console.log(
    `\n${PHOTOS} photos of 12 MP (${WIDTH}×${HEIGHT} JPEG) on the phone link, three uploads at a time:` +
      `\n  selection → all prepared and listed   ${s(t0, prepared)} s` +
      `\n  selection → all stored                ${s(t0, stored)} s  (${(bytes / 1e6).toFixed(1)} MB stored, ${((bytes * 8) / ((stored - t0) / 1000) / 1e3).toFixed(0)} kbps of the link's 750)` +
      `\n  Start → batch page                    ${s(t1, started)} s` +
      `\n  Start → all ${PHOTOS} results shown          ${s(t1, results)} s  (local preview renderer)` +
      `\n  peak JS heap of the tab               ${(peak / 1e6).toFixed(1)} MB (${(heapAtStored / 1e6).toFixed(1)} MB until all stored)`,
  );
  console.log(machineLine());
  await context.close();
}

/** A seller with `photos` stored uploads and a signed-in access token. */
async function apiSeller(app: AppUnderTest, plan: string, credits: number, photos: number, photo: Buffer) {
  const session = await app.signedInStorage('Fairness Seller');
  const { access_token: token, user } = JSON.parse(session.value) as {
    access_token: string;
    user: { id: string };
  };
  await setPlan(app, user.id, plan, credits);
  const headers = { apikey: app.stack.keys.anon, Authorization: `Bearer ${token}` };
  const paths: string[] = [];
  for (let i = 0; i < photos; i++) {
    const p = `${user.id}/${Date.now()}-${i}-piece.jpg`;
    const up = await fetch(`${app.stack.url}/storage/v1/object/uploads/${p}`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'image/jpeg' },
      body: new Uint8Array(photo),
    });
    if (!up.ok) throw new Error(`upload ${up.status} ${await up.text()}`);
    const row = await fetch(`${app.stack.url}/rest/v1/uploaded_files`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        user_id: user.id,
        file_name: 'piece.jpg',
        file_path: p,
        file_size: photo.length,
        mime_type: 'image/jpeg',
      }),
    });
    if (!row.ok) throw new Error(`row ${row.status} ${await row.text()}`);
    paths.push(p);
  }
  const rpc = async (fn: string, args: unknown) => {
    const res = await fetch(`${app.stack.url}/rest/v1/rpc/${fn}`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify(args),
    });
    if (!res.ok) throw new Error(`${fn} ${res.status} ${await res.text()}`);
    return res.json();
  };
  return { id: user.id, paths, rpc };
}

async function imageTimes(app: AppUnderTest, imageId: string, t0: number) {
  let claimed = 0;
  for (;;) {
    const [row] = (await service(app, 'GET', `/rest/v1/images?id=eq.${imageId}&select=status`)) as {
      status: string;
    }[];
    if (!claimed && row.status !== 'pending') claimed = performance.now() - t0;
    if (row.status === 'completed' || row.status === 'failed')
      return { claimed, done: performance.now() - t0 };
    await sleep(100);
  }
}

async function fairnessPart(app: AppUnderTest) {
  const photo = await sharp({ create: { width: 800, height: 1000, channels: 3, background: '#e9e2d8' } })
    .composite([
      {
        input: await sharp({ create: { width: 380, height: 620, channels: 3, background: '#2f5d8a' } })
          .png()
          .toBuffer(),
        top: 200,
        left: 210,
      },
    ])
    .jpeg()
    .toBuffer();
  const single = await apiSeller(app, 'lite', 5, 2, photo);
  const start = (n: number) =>
    single.rpc('start_generation', {
      project_type: 'on-model',
      product_paths: [single.paths[n]],
      pose_ids: [1],
      model_id: 1,
      background_id: 2,
      request_id: randomUUID(),
    }) as Promise<{ images: { id: string }[] }>;
  // alone (the renderer warmed by part 1 or by this run)
  let t = performance.now();
  const alone = await imageTimes(app, (await start(0)).images[0].id, t);

  const big = await apiSeller(app, 'advanced', BATCH + 5, BATCH, photo);
  t = performance.now();
  const batch = (await big.rpc('start_batch', {
    request_id: randomUUID(),
    project_type: 'on-model',
    items: big.paths.map((p, i) => ({ path: p, garment_type: 'top', name: `Piece ${i + 1}` })),
    pose_id: 1,
    model_id: 1,
    background_id: 2,
  })) as { projects: { images: { id: string }[] }[] };
  const afterBatch = performance.now();
  const withBatch = await imageTimes(app, (await start(1)).images[0].id, afterBatch);
  const batchIds = batch.projects.map((p) => p.images[0].id);
  let batchDone = 0;
  for (;;) {
    const rows = (await service(
      app,
      'GET',
      `/rest/v1/images?user_id=eq.${big.id}&status=in.(completed,failed)&select=id`,
    )) as unknown[];
    if (rows.length >= batchIds.length) {
      batchDone = performance.now() - t;
      break;
    }
    await sleep(500);
  }
  console.log(
    `\nFairness (local preview renderer, at most 4 images of one seller in flight):` +
      `\n  another seller's single image alone:                 claimed ${(alone.claimed / 1000).toFixed(2)} s, done ${(alone.done / 1000).toFixed(1)} s` +
      `\n  the same, started right after a ${BATCH}-photo batch:     claimed ${(withBatch.claimed / 1000).toFixed(2)} s, done ${(withBatch.done / 1000).toFixed(1)} s` +
      `\n  start_batch of ${BATCH} photos answered in ${((afterBatch - t) / 1000).toFixed(2)} s; the whole batch done in ${(batchDone / 1000).toFixed(1)} s`,
  );
  console.log(machineLine());
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'drape-batch-bench-'));
const app = await startAppUnderTest({ apiPort: API_PORT, appPort: APP_PORT, name: 'batch' });
console.log(machineLine());
try {
  if (PARTS.includes('browser')) await browserPart(app, await makePhotos(dir, PHOTOS));
  if (PARTS.includes('fairness')) await fairnessPart(app);
} finally {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
}
