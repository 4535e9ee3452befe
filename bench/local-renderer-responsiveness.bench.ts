// How the local stack answers while the preview renderer works (supabase/local/fashn): the
// latency of cheap requests — a REST select (`plans`, as anon) and an auth call (`/auth/v1/user`
// with a seller's token) — first with nothing rendering, then while clips and on-model images
// render through /_dev/fashn, with the renderer on the stack's main thread
// (LOCAL_FASHN_WORKERS=0, how it was) and on worker threads (the default). The probe runs in a
// thread of its own, so its timings do not wait for the stack's main thread themselves.
// Prints p50 / p95 / max per case and the workers ÷ main-thread ratios; no assertions.
//
//   npx tsx bench/local-renderer-responsiveness.bench.ts
//   BENCH_CLIPS=2 BENCH_IMAGES=6 BENCH_DB=postgres (a scratch database on BENCH_DATABASE_URL)
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { knownModelSlugs } from '../supabase/local/catalogue-art/index.ts';
import { startStack } from '../supabase/local/server.ts';
import { type DbKind, withScratchDatabase } from './support/scratch-database.ts';

const CLIPS = Number(process.env.BENCH_CLIPS ?? 2);
const IMAGES = Number(process.env.BENCH_IMAGES ?? 6);
const IDLE_REQUESTS = Number(process.env.BENCH_IDLE_REQUESTS ?? 150);
const DB: DbKind = process.env.BENCH_DB === 'postgres' ? 'postgres' : 'pglite';

/** The probe: sends the requests one after another (a short pause between) until told to stop. */
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const { targets, pauseMs, count } = workerData;
let stop = false;
parentPort.on('message', () => { stop = true; });
(async () => {
  const out = targets.map(() => []);
  for (let i = 0; !stop && (count === 0 || i < count); i++) {
    for (let t = 0; t < targets.length; t++) {
      const t0 = performance.now();
      const res = await fetch(targets[t].url, { headers: targets[t].headers });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(targets[t].url + ' answered ' + res.status);
      out[t].push(performance.now() - t0);
    }
    await new Promise((r) => setTimeout(r, pauseMs));
  }
  parentPort.postMessage(out);
})().catch((e) => { parentPort.postMessage({ error: String(e) }); });
`;

interface Target {
  label: string;
  url: string;
  headers: Record<string, string>;
}

function probe(targets: Target[], count: number) {
  const worker = new Worker(PROBE, {
    eval: true,
    workerData: { targets: targets.map(({ url, headers }) => ({ url, headers })), pauseMs: 10, count },
  });
  const result = new Promise<number[][]>((resolve, reject) => {
    worker.once('message', (m) => (Array.isArray(m) ? resolve(m) : reject(new Error(m.error))));
    worker.once('error', reject);
  }).finally(() => worker.terminate());
  return { result, stop: () => worker.postMessage('stop') };
}

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { p50: q(0.5), p95: q(0.95), max: s[s.length - 1], n: s.length };
}

type Stats = ReturnType<typeof stats>;
const fmt = (v: number) => v.toFixed(1).padStart(7);
function line(label: string, s: Stats) {
  console.log(
    `${label.padEnd(44)} p50 ${fmt(s.p50)} ms  p95 ${fmt(s.p95)} ms  max ${fmt(s.max)} ms  (n=${s.n})`,
  );
}

async function garmentPhoto(seed: number): Promise<Buffer> {
  const hue = (seed * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="900">
    <rect width="100%" height="100%" fill="#f6f5f2"/>
    <g transform="scale(1.1)"><path d="M270 120 L330 100 Q400 150 470 100 L530 120 L690 220 L630 330 L560 290 L560 690 L240 690 L240 290 L170 330 L110 220 Z" fill="hsl(${hue},45%,38%)"/></g></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
}

async function one(mode: 'main thread' | 'workers', kind: DbKind) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'drape-bench-responsive-'));
  process.env.LOCAL_FASHN_WORKERS = mode === 'workers' ? '' : '0';
  try {
    return await withScratchDatabase(kind, 'responsive', async (db, databaseUrl) => {
      const stack = await startStack({
        db,
        port: 0,
        quiet: true,
        config: { appPort: 0, dataDir, databaseUrl },
      });
      try {
        const anon = stack.keys.anon;
        const { rows } = await db.query<{ id: string }>(
          `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data,
             created_at, updated_at)
           values (gen_random_uuid(), 'authenticated', 'authenticated', 'bench-responsive@example.test', now(),
             '{"provider":"email","providers":["email"]}', '{}', now(), now())
           returning id::text`,
        );
        const token = await stack.context.jwt.sign(
          {
            sub: rows[0].id,
            role: 'authenticated',
            aud: 'authenticated',
            email: 'bench-responsive@example.test',
          },
          { expiresIn: 3600 },
        );
        const targets: Target[] = [
          {
            label: 'REST  GET /rest/v1/plans',
            url: `${stack.url}/rest/v1/plans?select=id`,
            headers: { apikey: anon },
          },
          {
            label: 'auth  GET /auth/v1/user',
            url: `${stack.url}/auth/v1/user`,
            headers: { apikey: anon, Authorization: `Bearer ${token}` },
          },
        ];
        const api = `${stack.url}/_dev/fashn/v1`;
        const slugs = knownModelSlugs();
        const garments = await Promise.all(
          Array.from(
            { length: IMAGES + 1 },
            async (_, i) => `data:image/jpeg;base64,${(await garmentPhoto(i)).toString('base64')}`,
          ),
        );
        const submit = async (model_name: string, inputs: Record<string, unknown>) => {
          const r = await fetch(`${api}/run`, {
            method: 'POST',
            headers: { Authorization: 'Bearer bench', 'Content-Type': 'application/json' },
            body: JSON.stringify({ model_name, inputs }),
          });
          return ((await r.json()) as { id: string }).id;
        };
        const finished = async (ids: string[]) => {
          for (;;) {
            let open = 0;
            for (const id of ids) {
              const s = (await (
                await fetch(`${api}/status/${id}`, { headers: { Authorization: 'Bearer bench' } })
              ).json()) as {
                status: string;
                error: unknown;
              };
              if (s.status === 'failed') throw new Error(`prediction failed: ${JSON.stringify(s.error)}`);
              if (s.status !== 'completed') open++;
            }
            if (!open) return;
            await new Promise((r) => setTimeout(r, 100));
          }
        };

        // warm: the stack's first requests, the worker thread's start, a figure rasterised
        await finished([
          await submit('tryon-v1.6', {
            model_image: `${stack.url}/catalogue/models/${slugs[0]}/01.webp`,
            garment_image: garments[IMAGES],
          }),
        ]);
        await probe(targets, 20).result;

        const idle = await probe(targets, IDLE_REQUESTS).result;

        const t0 = performance.now();
        const busy = probe(targets, 0);
        const ids: string[] = [];
        for (let i = 0; i < CLIPS; i++)
          ids.push(
            await submit('image-to-video', {
              image: garments[i],
              prompt: 'runway walk',
              duration: 5,
            }),
          );
        for (let i = 0; i < IMAGES; i++)
          ids.push(
            await submit('tryon-v1.6', {
              model_image: `${stack.url}/catalogue/models/${slugs[i % 3]}/0${(i % 3) + 1}.webp`,
              garment_image: garments[i],
            }),
          );
        await finished(ids);
        const renderMs = performance.now() - t0;
        busy.stop();
        const loaded = await busy.result;
        return { targets, idle: idle.map(stats), loaded: loaded.map(stats), renderMs };
      } finally {
        await stack.close();
      }
    });
  } finally {
    delete process.env.LOCAL_FASHN_WORKERS;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
console.log(
  `machine: ${os.availableParallelism()} × ${os.cpus()[0]?.model ?? 'cpu'}, load ${load()}; database ${DB}; ` +
    `under load: ${CLIPS} clip(s) of 5 s + ${IMAGES} try-on(s) submitted at once`,
);
const results: Record<string, Awaited<ReturnType<typeof one>>> = {};
for (const mode of ['main thread', 'workers'] as const) {
  const r = await one(mode, DB);
  results[mode] = r;
  console.log(
    `\n— renderer on ${mode === 'workers' ? 'worker threads (default)' : 'the main thread (LOCAL_FASHN_WORKERS=0)'}, load ${load()}`,
  );
  r.targets.forEach((t, i) => {
    line(`${t.label}, idle`, r.idle[i]);
    line(`${t.label}, while rendering`, r.loaded[i]);
  });
  console.log(`${'all renders done in'.padEnd(44)} ${(r.renderMs / 1000).toFixed(1)} s`);
}
console.log('\nworkers ÷ main thread, while rendering (lower is better):');
const m = results['main thread'],
  w = results.workers;
m.targets.forEach((t, i) => {
  const r = (k: 'p50' | 'p95' | 'max') => (w.loaded[i][k] / m.loaded[i][k]).toFixed(2);
  console.log(`${t.label.padEnd(44)} p50 ${r('p50')}  p95 ${r('p95')}  max ${r('max')}`);
});
console.log(`${'render time'.padEnd(44)} ${(w.renderMs / m.renderMs).toFixed(2)}`);
