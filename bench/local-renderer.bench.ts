// Local preview renderer (supabase/local/fashn): milliseconds per result, as the endpoint
// makes them — inputs fetched over loopback HTTP like signed storage URLs, rendered, encoded
// and saved under the output folder:
//   plan sizes product-to-model (what the fashn adapter sends for on-model and flat-lay
//              images) at each plan's size: HD 1024x1536 ('1k'), 4K 2731x4096 ('4k'), and 2K
//              = the 4K render plus the engine's scaling to 1365x2048 (decode, scale, encode)
//   on-model   tryon-v1.6 then background-change of its result (the adapter's former two
//              calls, still served), 1024x1536 PNG each — with a new
//              product photo each time, and with one product on its poses (the cut-out of
//              a photo is kept by content, as a generation puts one photo on several poses)
//   flat-lay   background-change of the product photo
//   remove     background-remove of the product photo
//   clip       image-to-video, 5 s (720x1080 WebM/VP8, 24 fps)
// plus the on-model path through the HTTP API (run + status polled every 25 ms), rendered on
// the main thread and on a worker thread (bench/local-renderer-responsiveness.bench.ts measures
// what the worker thread is for: the stack answering other requests meanwhile).
// Wall time depends on what else the machine runs (its load is printed); the CPU time of the
// process (JS and sharp's threads) beside it depends much less on that.
// Inputs look like photos (textured garment on a light, noisy backdrop; a noisy scene as the
// background), so encoding costs what it costs on real pictures. Target: on-model ≤ 400 ms p50.
//
//   npx tsx bench/local-renderer.bench.ts
//   BENCH_ROUNDS=20 BENCH_CLIP_ROUNDS=4
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { knownModelSlugs } from '../supabase/local/catalogue-art/index.ts';
import { createFashnEndpoint, FASHN_MOUNT } from '../supabase/local/fashn/index.ts';
import { render, type RenderEnv } from '../supabase/local/fashn/models.ts';
import { OutputStore } from '../supabase/local/fashn/outputs.ts';
import { catalogueFigure } from '../supabase/local/fashn/render/figures.ts';
import { decodePng, encodePng } from '../supabase/functions/_shared/engine/png.ts';
import { scaleDown, targetSize } from '../supabase/functions/_shared/engine/resolution.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const CLIP_ROUNDS = Number(process.env.BENCH_CLIP_ROUNDS ?? 4);
const UHD_ROUNDS = Number(process.env.BENCH_4K_ROUNDS ?? 6);
const WARMUP = 3;
const TARGET_MS = 400;

/** Deterministic noise, as a photo's grain. */
function grain(width: number, height: number, amount: number, seed = 7): Buffer {
  const out = Buffer.alloc(width * height * 3);
  let s = seed;
  for (let i = 0; i < out.length; i++) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    out[i] = 128 + ((s >> 16) % (amount * 2 + 1)) - amount;
  }
  return out;
}

async function photo(svg: string, width: number, height: number, noise: number, seed = 7): Promise<Buffer> {
  const base = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
  const n = grain(width, height, noise, seed);
  for (let i = 0; i < base.length; i++) base[i] = Math.max(0, Math.min(255, base[i] + n[i] - 128));
  return sharp(base, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 88 })
    .toBuffer();
}

const garmentSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1200">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f7f6f4"/><stop offset="1" stop-color="#ecebe8"/></linearGradient>
  <pattern id="knit" width="6" height="6" patternUnits="userSpaceOnUse"><rect width="6" height="6" fill="#2f6f8f"/><path d="M0 3h6" stroke="#2a6482" stroke-width="1.2"/></pattern>
  <radialGradient id="fold" cx="0.5" cy="0.45" r="0.6"><stop offset="0.5" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.18"/></radialGradient></defs>
  <rect width="1200" height="1200" fill="url(#bg)"/>
  <g transform="translate(-0,40) scale(1.5)"><path d="M270 120 L330 100 Q400 150 470 100 L530 120 L690 220 L630 330 L560 290 L560 690 L240 690 L240 290 L170 330 L110 220 Z" fill="url(#knit)"/>
  <path d="M270 120 L330 100 Q400 150 470 100 L530 120 L690 220 L630 330 L560 290 L560 690 L240 690 L240 290 L170 330 L110 220 Z" fill="url(#fold)"/>
  <path d="M330 100 Q400 150 470 100" stroke="#1d4a60" stroke-width="10" fill="none"/></g></svg>`;

const sceneSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1536">
  <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5d9fcf"/><stop offset="0.55" stop-color="#cfe6f3"/>
  <stop offset="0.56" stop-color="#3c7fa8"/><stop offset="0.64" stop-color="#78b2c9"/><stop offset="0.65" stop-color="#e6cf9f"/><stop offset="1" stop-color="#c7a46a"/></linearGradient></defs>
  <rect width="1024" height="1536" fill="url(#s)"/><circle cx="800" cy="260" r="80" fill="#fff4c4"/>
  ${Array.from({ length: 40 }, (_, i) => `<ellipse cx="${(i * 97) % 1024}" cy="${1050 + ((i * 53) % 450)}" rx="${20 + (i % 5) * 8}" ry="6" fill="#b8935a" opacity="0.5"/>`).join('')}</svg>`;

/** CPU time (this process, all threads: JS and sharp's) of each call, next to its wall time. */
const cpu: number[] = [];

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { p50: q(0.5), p95: q(0.95), min: s[0], n: s.length };
}

function line(label: string, ms: number[], target?: number, cpuMs?: number[]) {
  const { p50, p95, min, n } = stats(ms);
  const c = cpuMs?.length ? `  cpu p50 ${stats(cpuMs).p50.toFixed(0).padStart(4)} ms` : '';
  const ratio = target
    ? `  p50/target ${(p50 / target).toFixed(2)} (${p50 <= target ? 'meets' : 'misses'} ≤ ${target} ms)`
    : '';
  console.log(
    `${label.padEnd(40)} p50 ${p50.toFixed(0).padStart(5)} ms  p95 ${p95.toFixed(0).padStart(5)} ms  min ${min.toFixed(0).padStart(5)} ms${c}  (n=${n})${ratio}`,
  );
}

async function time(rounds: number, fn: (i: number) => Promise<void>): Promise<number[]> {
  const out: number[] = [];
  cpu.length = 0;
  for (let i = 0; i < WARMUP + rounds; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await fn(i);
    const c1 = process.cpuUsage(c0);
    if (i >= WARMUP) {
      out.push(performance.now() - t0);
      cpu.push((c1.user + c1.system) / 1000);
    }
  }
  return out;
}

/** Runs, then prints with its CPU times. */
async function measure(label: string, rounds: number, fn: (i: number) => Promise<void>, target?: number) {
  const ms = await time(rounds, fn);
  line(label, ms, target, [...cpu]);
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'drape-bench-fashn-'));
  const files = new Map<string, Buffer>([
    ['garment.jpg', await photo(garmentSvg, 1200, 1200, 6)],
    ['scene.jpg', await photo(sceneSvg, 1024, 1536, 5)],
  ]);
  // the same photo with other grain: other bytes, so nothing is reused between rounds
  for (let i = 0; i < WARMUP + ROUNDS; i++)
    files.set(`garment-${i}.jpg`, await photo(garmentSvg, 1200, 1200, 6, 100 + i));
  // and photos only the plan-size rounds use (a garment's cut-out is kept by content)
  for (let i = 0; i < 3 * (WARMUP + Math.max(ROUNDS, UHD_ROUNDS)); i++)
    files.set(`garment-p2m-${i}.jpg`, await photo(garmentSvg, 1200, 1200, 6, 5000 + i));
  // the HTTP part mounts two endpoints: /w0/_dev/fashn renders on the main thread, /w1/… on a worker
  const endpoints: ReturnType<typeof createFashnEndpoint>[] = [];
  const server = http.createServer(async (req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    const mount = /^\/w(\d)(\/_dev\/fashn)\//.exec(u.pathname);
    const endpoint = mount ? endpoints[Number(mount[1])] : undefined;
    if (mount && endpoint) {
      await endpoint.handle({
        req,
        res,
        method: req.method ?? 'GET',
        path: u.pathname.slice(mount[0].length - 1),
        search: u.search.slice(1),
        url: u,
      });
      return;
    }
    const f = files.get(u.pathname.slice(1));
    if (!f) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': 'image/jpeg', 'Content-Length': f.length }).end(f);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const base = `${url}${FASHN_MOUNT}`;
  const store = new OutputStore({
    dir: path.join(dataDir, 'direct'),
    ttlSeconds: 3600,
    budgetBytes: 2 * 1024 ** 3,
  });
  const env: RenderEnv = {
    selfUrl: url,
    publicDir: path.resolve(import.meta.dirname, '../public'),
    store,
    readOutput: async (id, file) => (await store.read(id, file))?.bytes ?? null,
  };
  // four sellers' models, three poses each: twelve figures, as many as the renderer keeps
  const slugs = knownModelSlugs()
    .filter((_, i) => i % 4 === 0)
    .slice(0, 4);
  const POSES = ['front-view', 'back-view', 'side-view'] as const;
  const garment = `${url}/garment.jpg`;
  // a catalogue background when the catalogue is generated (read from public/, as the
  // endpoint reads /catalogue/ URLs of this machine), else the drawn scene above
  const catalogueScene = path.resolve(import.meta.dirname, '../public/catalogue/backgrounds/santorini.webp');
  const scene = existsSync(catalogueScene)
    ? `${url}/catalogue/backgrounds/santorini.webp`
    : `${url}/scene.jpg`;
  let n = 0;
  const save = async (model: string, out: Awaited<ReturnType<typeof render>>) => {
    const id = `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
    const names = await store.save(id, model, out.files, { subject: out.subject, details: out.details });
    return `${base}/outputs/${id}/${names[0]}`;
  };

  console.log(
    `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(`background: ${scene.replace(url, '')}`);
  const firstUse: number[] = [];
  for (const slug of slugs) {
    for (const pose of POSES) {
      const t0 = performance.now();
      await catalogueFigure(slug, pose);
      firstUse.push(performance.now() - t0);
    }
  }
  line('figure first use (SVG → pixels)', firstUse);
  console.log('(figures are kept after first use, 12 at most; backgrounds are decoded once per URL)\n');

  // each plan's size, as the adapter asks for it (a flat-lay top on the chosen model)
  let fresh = 0;
  const productToModel = (resolution: '1k' | '4k') => async (i: number) => {
    const out = await render(
      'product-to-model',
      {
        product_image: `${url}/garment-p2m-${fresh++}.jpg`,
        model_image: `${url}/catalogue/models/${slugs[i % slugs.length]}/0${(i % 3) + 1}.webp`,
        image_prompt: scene,
        prompt: 'wearing the top (upper-body garment) from the flat-lay product photo; background: santorini',
        resolution,
      },
      env,
    );
    await save('product-to-model', out);
    return out.files[0].bytes;
  };
  await measure(
    'plan HD: product-to-model 1k 1024x1536',
    ROUNDS,
    async (i) => void (await productToModel('1k')(i)),
  );
  let uhd: Buffer = Buffer.alloc(0);
  await measure('plan 4K: product-to-model 4k 2731x4096', UHD_ROUNDS, async (i) => {
    uhd = await productToModel('4k')(i);
  });
  await measure('plan 2K: + engine 4K → 1365x2048 (JS)', UHD_ROUNDS, async (i) => {
    const image = await decodePng(await productToModel('4k')(i));
    const size = targetSize(image.width, image.height, '2K');
    await encodePng(scaleDown(image, size.width, size.height));
  });
  await measure('  engine scaling alone (decode, scale, encode)', UHD_ROUNDS, async () => {
    const image = await decodePng(uhd);
    await encodePng(scaleDown(image, 1365, 2048));
  });
  console.log('');

  let lastTryon = '';
  const onModel = (fresh: boolean) => async (i: number) => {
    const slug = slugs[Math.floor(i / 3) % slugs.length];
    const pose = (i % 3) + 1;
    const garmentUrl = fresh ? `${url}/garment-${i}.jpg` : garment;
    const tryon = await render(
      'tryon-v1.6',
      {
        model_image: `${url}/catalogue/models/${slug}/0${pose}.webp`,
        garment_image: garmentUrl,
        category: 'auto',
      },
      env,
    );
    lastTryon = await save('tryon-v1.6', tryon);
    await save(
      'background-change',
      await render(
        'background-change',
        { image: lastTryon, background_image: scene, blur: i % 2 === 1 },
        env,
      ),
    );
  };
  await measure('before: on-model in two calls, new photo', ROUNDS, onModel(true), TARGET_MS);
  await measure('before: on-model in two calls, one product', ROUNDS, onModel(false), TARGET_MS);
  await measure('  try-on stage alone (new photo)', ROUNDS, async (i) => {
    await save(
      'tryon-v1.6',
      await render(
        'tryon-v1.6',
        {
          model_image: `${url}/catalogue/models/${slugs[0]}/01.webp`,
          garment_image: `${url}/garment-${i}.jpg`,
        },
        env,
      ),
    );
  });
  await measure('  background-change stage alone', ROUNDS, async (i) => {
    await save(
      'background-change',
      await render(
        'background-change',
        { image: lastTryon, background_image: scene, blur: i % 2 === 1 },
        env,
      ),
    );
  });
  await measure(
    'flat-lay',
    ROUNDS,
    async (i) =>
      void (await save(
        'background-change',
        await render('background-change', { image: `${url}/garment-${i}.jpg`, background_image: scene }, env),
      )),
    TARGET_MS,
  );
  await measure(
    'background-remove',
    ROUNDS,
    async (i) =>
      void (await save(
        'background-remove',
        await render('background-remove', { image: `${url}/garment-${i}.jpg` }, env),
      )),
  );
  await measure(
    'clip, 5 s 720x1080',
    CLIP_ROUNDS,
    async () =>
      void (await save(
        'image-to-video',
        await render('image-to-video', { image: lastTryon, prompt: 'runway walk', duration: 5 }, env),
      )),
  );

  // the same on-model work through the HTTP API, as the fashn adapter drives it: rendered on
  // the main thread (LOCAL_FASHN_WORKERS=0) and on a worker thread (the stack's default), the
  // two taking turns round by round so that both see the same load on the machine
  const call = async (k: number, model_name: string, inputs: Record<string, unknown>): Promise<string> => {
    const api = `${url}/w${k}${FASHN_MOUNT}/v1`;
    const r = await fetch(`${api}/run`, {
      method: 'POST',
      headers: { Authorization: 'Bearer bench', 'Content-Type': 'application/json' },
      body: JSON.stringify({ model_name, inputs }),
    });
    const { id } = (await r.json()) as { id: string };
    for (;;) {
      await new Promise((res) => setTimeout(res, 25));
      const s = (await (
        await fetch(`${api}/status/${id}`, { headers: { Authorization: 'Bearer bench' } })
      ).json()) as any;
      if (s.status === 'completed') return s.output[0];
      if (s.status === 'failed') throw new Error(JSON.stringify(s.error));
    }
  };
  const httpRounds = Math.max(5, ROUNDS >> 1);
  for (const workers of [0, 1]) {
    endpoints[workers] = createFashnEndpoint({
      dataDir: path.join(dataDir, `endpoint-${workers}`),
      selfUrl: `${url}/w${workers}`,
      apiKey: null,
      publicDir: env.publicDir,
      outputTtlSeconds: 3600,
      diskBudgetBytes: 2 * 1024 ** 3,
      concurrency: 1,
      workers,
      stepDelayMs: 0,
      log: () => {},
    });
    // product photos neither renderer has seen (cut-outs are kept by content)
    for (let i = 0; i < WARMUP + httpRounds; i++)
      files.set(
        `garment-http-${workers}-${i}.jpg`,
        await photo(garmentSvg, 1200, 1200, 6, 1000 + 100 * workers + i),
      );
    // a new thread starts cold: its own figure cache, its own JIT (the main thread's are warm)
    for (const slug of [...slugs, ...slugs, ...slugs])
      await call(workers, 'tryon-v1.6', {
        model_image: `${url}/catalogue/models/${slug}/01.webp`,
        garment_image: garment,
      });
  }
  const wall: number[][] = [[], []];
  const cpuOf: number[][] = [[], []];
  for (let i = 0; i < WARMUP + httpRounds; i++) {
    for (const k of [0, 1]) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const out = await call(k, 'tryon-v1.6', {
        model_image: `${url}/catalogue/models/${slugs[i % slugs.length]}/01.webp`,
        garment_image: `${url}/garment-http-${k}-${i}.jpg`,
      });
      await call(k, 'background-change', { image: out, background_image: scene });
      const c1 = process.cpuUsage(c0);
      if (i >= WARMUP) {
        wall[k].push(performance.now() - t0);
        cpuOf[k].push((c1.user + c1.system) / 1000);
      }
    }
  }
  line('on-model via HTTP, main thread', wall[0], TARGET_MS, cpuOf[0]);
  line('on-model via HTTP, worker thread', wall[1], TARGET_MS, cpuOf[1]);
  for (const e of endpoints) await e.close?.();

  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
  rmSync(dataDir, { recursive: true, force: true });
}

await main();
