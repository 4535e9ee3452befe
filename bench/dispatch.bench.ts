// The generation engine's dispatch path, end to end on the local stack:
//
// 1. Overhead per job, render time excluded: a fake FASHN that answers at once (its
//    prediction is complete when accepted, and it posts its webhook right away) stands in
//    for the renderer. Measured per image from start_generation's commit to the seller's
//    realtime event saying the image completed: NOTIFY → dispatch function → claim (lease)
//    → signed input URL → provider call → handle recorded → webhook → provider-callback →
//    status read → output downloaded and stored → finished → realtime. One image at a time;
//    paid plan (clean copy only) and free plan (plus the 40 % watermark made in JS). The fake
//    counts the provider calls (/v1/run) per image: one product-to-model call each (an
//    on-model image with a background took two before: try-on, then background change).
// 2. Throughput: images per minute through the same path with 4 sellers generating at
//    once, with the real local renderer (/_dev/fashn, the preview renderer).
//
//   npx tsx bench/dispatch.bench.ts
//   BENCH_DATABASE_URL=postgres://… (default: the local server; "" skips PostgreSQL)
//   BENCH_JOBS=40 (overhead samples per plan)   BENCH_SELLERS=4   BENCH_IMAGES=24 (per run, all sellers)
//   BENCH_PARTS=overhead,throughput   ENGINE_TRACE=1 (the functions log each step's time)
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import ws from 'ws';
import type { Database } from '../supabase/local/db/database.ts';
import { startStack, type Stack } from '../supabase/local/server.ts';
import { PG_URL, withScratchDatabase, type DbKind } from './support/scratch-database.ts';

const JOBS = Number(process.env.BENCH_JOBS ?? 40);
const SELLERS = Number(process.env.BENCH_SELLERS ?? 4);
const IMAGES = Number(process.env.BENCH_IMAGES ?? 24);
const WARMUP = 3;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

/** A FASHN API that finishes every prediction the moment it accepts it. */
async function instantFashn(output: Buffer) {
  const ids = new Set<string>();
  const counts = { runs: 0 };
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const json = (status: number, body: unknown) => {
      const b = Buffer.from(JSON.stringify(body));
      res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': b.length });
      res.end(b);
    };
    if (req.method === 'POST' && url.pathname === '/v1/run') {
      for await (const _ of req);
      counts.runs++;
      const id = randomUUID();
      ids.add(id);
      json(200, { id, error: null });
      const hook = url.searchParams.get('webhook_url');
      if (hook) {
        const body = JSON.stringify({
          id,
          status: 'completed',
          output: [`${base}/out/${id}.png`],
          error: null,
        });
        void fetch(hook, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body })
          .then((r) => r.body?.cancel())
          .catch(() => {});
      }
      return;
    }
    const st = /^\/v1\/status\/(.+)$/.exec(url.pathname);
    if (st)
      return json(200, { id: st[1], status: 'completed', output: [`${base}/out/${st[1]}.png`], error: null });
    if (url.pathname.startsWith('/out/')) {
      res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': output.length });
      res.end(output);
      return;
    }
    json(404, { error: 'NotFound' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: base, counts, close: () => new Promise<void>((r) => server.close(() => r())) };
}

interface Seller {
  id: string;
  client: SupabaseClient;
  product: string;
}

async function makeSeller(
  stack: Stack,
  plan: 'free' | 'lite',
  credits: number,
  photo: Buffer,
): Promise<Seller> {
  const opts = {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as any },
  };
  const admin = createClient(stack.url, stack.keys.serviceRole, opts);
  const email = `bench-${randomUUID().slice(0, 10)}@example.test`;
  const password = `pw-${randomUUID()}`;
  const { data, error } = await admin.auth.admin.createUser({ email, password, email_confirm: true });
  if (error) throw error;
  const id = data.user!.id;
  if (plan !== 'free') {
    const r = await admin.rpc('activate_plan', {
      user_id: id,
      plan,
      period_start: new Date().toISOString(),
      period_end: new Date(Date.now() + 30 * 86400_000).toISOString(),
    });
    if (r.error) throw r.error;
  }
  const g = await admin.rpc('grant_purchased_credits', {
    user_id: id,
    credits,
    reference: `bench-${randomUUID()}`,
  });
  if (g.error) throw g.error;
  const client = createClient(stack.url, stack.keys.anon, opts);
  const s = await client.auth.signInWithPassword({ email, password });
  if (s.error) throw s.error;
  const product = `${id}/${Date.now()}-shirt.png`;
  const up = await client.storage.from('uploads').upload(product, photo, { contentType: 'image/png' });
  if (up.error) throw up.error;
  const row = await client.from('uploaded_files').insert({
    user_id: id,
    file_name: 'shirt.png',
    file_path: product,
    file_size: photo.length,
    mime_type: 'image/png',
  });
  if (row.error) throw row.error;
  return { id, client, product };
}

/** Resolves with the time of each image's realtime 'completed' event, by image id. */
async function watchImages(s: Seller) {
  const done = new Map<string, number>();
  const waiters = new Map<string, (t: number) => void>();
  const channel = s.client
    .channel(`bench-${s.id}`)
    .on(
      'postgres_changes',
      { event: 'UPDATE', schema: 'public', table: 'images', filter: `user_id=eq.${s.id}` },
      (p) => {
        const row = p.new as { id: string; status: string };
        if (row.status !== 'completed' && row.status !== 'failed') return;
        const t = performance.now();
        done.set(row.id, t);
        waiters.get(row.id)?.(t);
      },
    );
  await new Promise<void>((resolve, reject) =>
    channel.subscribe((st) =>
      st === 'SUBSCRIBED'
        ? resolve()
        : st === 'CHANNEL_ERROR' || st === 'TIMED_OUT'
          ? reject(new Error(st))
          : undefined,
    ),
  );
  return {
    completion(imageId: string, timeoutMs = 60_000): Promise<number> {
      const seen = done.get(imageId);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`image ${imageId} not completed in ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.set(imageId, (t) => {
          clearTimeout(timer);
          resolve(t);
        });
      });
    },
    close: () => s.client.removeChannel(channel),
  };
}

async function start(s: Seller, poses: number[]) {
  const { data, error } = await s.client.rpc('start_generation', {
    project_type: 'on-model',
    product_paths: [s.product],
    pose_ids: poses,
    model_id: 1,
    // Beach: a background stage of its own in the former two-call FASHN jobs
    background_id: 4,
  });
  if (error) throw error;
  return data as { id: string; images: { id: string }[] };
}

function withEnv(vars: Record<string, string>) {
  for (const [k, v] of Object.entries(vars)) process.env[k] = v;
}

async function overhead(kind: DbKind, db: Database, databaseUrl: string | null, photo: Buffer) {
  const output = await makeOutput();
  const fake = await instantFashn(output);
  withEnv({
    GENERATION_DISPATCH: 'on',
    GENERATION_PROVIDER: 'fashn',
    FASHN_API_URL: fake.url,
    FASHN_API_KEY: 'bench',
    DISPATCH_INTERVAL_MS: '1000',
  });
  const stack = await startStack({ db, port: 0, quiet: true, config: { databaseUrl, appPort: 0 } });
  try {
    for (const plan of ['lite', 'free'] as const) {
      const s = await makeSeller(stack, plan, JOBS + WARMUP + 5, photo);
      const watch = await watchImages(s);
      const samples: number[] = [];
      const runsBefore = fake.counts.runs;
      for (let i = 0; i < JOBS + WARMUP; i++) {
        const t0 = performance.now();
        const project = await start(s, [1]);
        const t1 = await watch.completion(project.images[0].id);
        if (i >= WARMUP) samples.push(t1 - t0);
      }
      await watch.close();
      const callsPerImage = (fake.counts.runs - runsBefore) / (JOBS + WARMUP);
      samples.sort((a, b) => a - b);
      console.log(
        `  ${kind.padEnd(8)} ${plan === 'free' ? 'free plan (+ watermark)' : 'paid plan (clean only) '}  p50 ${pct(samples, 50).toFixed(1)} ms   p95 ${pct(samples, 95).toFixed(1)} ms   max ${samples[samples.length - 1].toFixed(1)} ms   (n=${samples.length}${plan === 'free' ? '; includes the watermark drawn in JS' : ', target p50 ≤ 50 ms'}; provider calls per image ${callsPerImage.toFixed(2)})`,
      );
    }
  } finally {
    await stack.close();
    await fake.close();
  }
}

async function throughput(kind: DbKind, db: Database, databaseUrl: string | null, photo: Buffer) {
  withEnv({ GENERATION_DISPATCH: 'on', GENERATION_PROVIDER: 'local', DISPATCH_INTERVAL_MS: '1000' });
  delete process.env.FASHN_API_URL;
  delete process.env.FASHN_API_KEY;
  const stack = await startStack({ db, port: 0, quiet: true, config: { databaseUrl, appPort: 0 } });
  try {
    const sellers = await Promise.all(
      Array.from({ length: SELLERS }, () => makeSeller(stack, 'lite', IMAGES + 10, photo)),
    );
    const watches = await Promise.all(sellers.map(watchImages));
    // warm the renderer (figure cache, first decode)
    const warm = await start(sellers[0], [1]);
    await watches[0].completion(warm.images[0].id, 120_000);

    const perSeller = Math.ceil(IMAGES / SELLERS);
    const t0 = performance.now();
    const all: Promise<number>[] = [];
    await Promise.all(
      sellers.map(async (s, n) => {
        for (let made = 0; made < perSeller; made += 3) {
          const poses = [1, 2, 3].slice(0, Math.min(3, perSeller - made));
          const p = await start(s, poses);
          for (const img of p.images) all.push(watches[n].completion(img.id, 300_000));
          await sleep(50);
        }
      }),
    );
    const ends = await Promise.all(all);
    const seconds = (Math.max(...ends) - t0) / 1000;
    console.log(
      `  ${kind.padEnd(8)} ${all.length} images from ${SELLERS} sellers in ${seconds.toFixed(1)} s → ${((all.length / seconds) * 60).toFixed(0)} images/min (local preview renderer, ${process.env.LOCAL_FASHN_CONCURRENCY ?? 2} renders at a time)`,
    );
    await Promise.all(watches.map((w) => w.close()));
  } finally {
    await stack.close();
  }
}

async function makeOutput(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1536"><rect width="100%" height="100%" fill="#ddd5c8"/><rect x="360" y="300" width="300" height="900" rx="40" fill="#34567a"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function reachable(url: string) {
  const pg = (await import('pg')).default;
  const c = new pg.Client({ connectionString: url });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

async function main() {
  const photo = await sharp({ create: { width: 800, height: 1000, channels: 3, background: '#f4f4f2' } })
    .composite([
      {
        input: await sharp({ create: { width: 380, height: 620, channels: 3, background: '#c0392b' } })
          .png()
          .toBuffer(),
        top: 200,
        left: 210,
      },
    ])
    .png()
    .toBuffer();
  const kinds: DbKind[] = ['pglite'];
  if (process.env.BENCH_DATABASE_URL !== '' && (await reachable(PG_URL))) kinds.push('postgres');
  else console.log(`(PostgreSQL at ${PG_URL} not reachable or disabled: skipped)`);
  console.log(
    `machine: ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );

  const parts = (process.env.BENCH_PARTS ?? 'overhead,throughput').split(',');
  if (parts.includes('overhead'))
    console.log(
      `\ndispatch overhead per image, render time excluded (instant fake FASHN; start_generation commit → realtime 'completed'; ${JOBS} images one at a time after ${WARMUP} warm-up)`,
    );
  if (parts.includes('overhead'))
    for (const kind of kinds)
      await withScratchDatabase(kind, 'dispatch', (db, url) => overhead(kind, db, url, photo), {
        poolSize: 10,
      });
  if (!parts.includes('throughput')) return;

  console.log(`\nthroughput through the whole dispatch path, ${SELLERS} sellers at once (local renderer)`);
  for (const kind of kinds)
    await withScratchDatabase(kind, 'dispatch', (db, url) => throughput(kind, db, url, photo), {
      poolSize: 10,
    });
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
