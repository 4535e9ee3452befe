// The Batch Processor, end to end on the local stack (the local preview renderer):
//
// 1. A seller on a phone (Debian's Chromium, 390×844, the bench's phone link: 1.6 Mbps down /
//    750 kbps up, 150 ms RTT, as app-first-screen.bench.ts) chooses 20 photos of 12 MP (phone
//    JPEGs of knit and denim, bench/support/phone-photos.ts) on /tools/batch: seconds from the
//    selection until every photo is prepared and stored (three uploads at a time) and the bytes
//    stored, then from Start until the batch page shows all 20 results; the tab's peak JS heap
//    (CDP Runtime.getHeapUsage, sampled every 250 ms). Then, after the browser is done, how
//    alike the stored photos are to today's reference (2048 px, quality 0.9, made from the
//    same camera files) and the local renderer's results made from each
//    (bench/support/upload-similarity.ts), for the first BENCH_SIMILAR photos.
// 2. Fairness: another seller's single generation, alone and then started just after a
//    50-photo batch of a first seller — seconds until it is claimed (processing) and done.
//
//   npx tsx bench/batch.bench.ts      BENCH_PHOTOS=20  BENCH_BATCH=50  BENCH_SIMILAR=4
//                                     BENCH_PARTS=browser,fairness
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { machineLine, startAppUnderTest, type AppUnderTest } from './support/app-under-test.ts';
import { makePhonePhotos, PHONE_HEIGHT, PHONE_WIDTH } from './support/phone-photos.ts';
import { referenceUpload, similarityTo } from './support/upload-similarity.ts';

const API_PORT = 55497;
const APP_PORT = 3197;
const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 20);
const BATCH = Number(process.env.BENCH_BATCH ?? 50);
const SIMILAR = Number(process.env.BENCH_SIMILAR ?? 4);
const PARTS = (process.env.BENCH_PARTS ?? 'browser,fairness').split(',');
const LINK = { latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
    `/rest/v1/uploaded_files?user_id=eq.${userId}&select=file_name,file_path,file_size`,
  )) as {
    file_name: string;
    file_path: string;
    file_size: number;
  }[];
  const bytes = rows.reduce((n, r) => n + r.file_size, 0);
  const sourceBytes = files.reduce((n, f) => n + readFileSync(f).length, 0);
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
    `\n${PHOTOS} photos of 12 MP (${PHONE_WIDTH}×${PHONE_HEIGHT} JPEG, ${(sourceBytes / 1e6).toFixed(1)} MB) on the phone link, three uploads at a time:` +
      `\n  selection → all prepared and listed   ${s(t0, prepared)} s` +
      `\n  selection → all stored                ${s(t0, stored)} s  (${(bytes / 1e6).toFixed(1)} MB stored, ${((bytes * 8) / ((stored - t0) / 1000) / 1e3).toFixed(0)} kbps of the link's 750)` +
      `\n  Start → batch page                    ${s(t1, started)} s` +
      `\n  Start → all ${PHOTOS} results shown          ${s(t1, results)} s  (local preview renderer)` +
      `\n  peak JS heap of the tab               ${(peak / 1e6).toFixed(1)} MB (${(heapAtStored / 1e6).toFixed(1)} MB until all stored)`,
  );
  console.log(machineLine());
  await context.close();
  await similarityPart(app, files, rows);
}

/** A stored upload, asked again after a reset connection (one ended a run's similarity part). */
async function download(app: AppUnderTest, filePath: string, attempts = 3): Promise<Response> {
  try {
    const res = await fetch(`${app.stack.url}/storage/v1/object/uploads/${filePath}`, {
      headers: { apikey: app.stack.keys.serviceRole, Authorization: `Bearer ${app.stack.keys.serviceRole}` },
    });
    if (!res.ok) throw new Error(`download ${res.status} ${await res.text()}`);
    return res;
  } catch (err) {
    if (attempts <= 1) throw err;
    await sleep(500);
    return download(app, filePath, attempts - 1);
  }
}

/** Stored photos against today's reference made from the same camera files (Node, sharp). */
async function similarityPart(
  app: AppUnderTest,
  files: string[],
  rows: { file_name: string; file_path: string; file_size: number }[],
) {
  const sum = { up: [0, 0], res: [0, 0], n: 0, bytes: 0, refBytes: 0 };
  for (const file of files.slice(0, SIMILAR)) {
    // stored as <item id's first 8>-<prepared name>
    const row = rows.find((r) => r.file_name.endsWith(`-${path.basename(file)}`));
    if (!row) throw new Error(`no stored photo for ${path.basename(file)}`);
    const res = await download(app, row.file_path);
    const stored = Buffer.from(await res.arrayBuffer());
    const reference = await referenceUpload(readFileSync(file));
    const m = await (await similarityTo(reference))(stored);
    sum.up = [sum.up[0] + m.upload.psnr, sum.up[1] + m.upload.ssim];
    sum.res = [sum.res[0] + m.result.psnr, sum.res[1] + m.result.ssim];
    sum.bytes += stored.length;
    sum.refBytes += reference.length;
    sum.n++;
  }
  const n = sum.n;
  console.log(
    `\nThe first ${n} stored photos against today's (2048 px, quality 0.9 from the same files: ${(sum.refBytes / n / 1e3).toFixed(0)} kB each, stored ${(sum.bytes / n / 1e3).toFixed(0)} kB):` +
      `\n  photo                                 PSNR ${(sum.up[0] / n).toFixed(1)} dB, SSIM ${(sum.up[1] / n).toFixed(4)}` +
      `\n  local preview result made from it     PSNR ${Number.isFinite(sum.res[0]) ? (sum.res[0] / n).toFixed(1) : '∞'} dB, SSIM ${(sum.res[1] / n).toFixed(4)}`,
  );
  console.log(machineLine());
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
  if (PARTS.includes('browser')) await browserPart(app, await makePhonePhotos(dir, PHOTOS));
  if (PARTS.includes('fairness')) await fairnessPart(app);
} finally {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
}
