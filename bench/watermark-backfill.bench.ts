// Watermarked copies for a seller whose paid plan became free (20261123002400):
//
// 1. The copy itself, in process: download from the store (in memory here), decode the
//    1024×1536 PNG, draw the watermark, encode, upload — the CPU one copy costs a dispatch run
//    (hosted Edge Functions allow ~2 s of CPU per request).
// 2. End to end on the local stack: a Lite seller with BENCH_IMAGES finished images (clean
//    only), the plan ends on free, then dispatch runs back to back (as the local dispatcher's
//    loop and, on hosted Supabase, the run a full batch asks for) until every image has its
//    copy: the time from the switch to the last copy, copies per second, per-run times.
//
//   npx tsx bench/watermark-backfill.bench.ts
//   BENCH_DATABASE_URL=postgres://… (default: the local server; "" skips PostgreSQL)
//   BENCH_IMAGES=24   BENCH_COPIES=10 (part 1 samples)
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { createClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import ws from 'ws';
import { engineConfig } from '../supabase/functions/_shared/engine/config.ts';
import type { EngineStore } from '../supabase/functions/_shared/engine/store.ts';
import { makeWatermarkCopy } from '../supabase/functions/_shared/engine/watermark-copies.ts';
import type { Database } from '../supabase/local/db/database.ts';
import { startStack } from '../supabase/local/server.ts';
import { type DbKind, PG_URL, withScratchDatabase } from './support/scratch-database.ts';

const IMAGES = Number(process.env.BENCH_IMAGES ?? 24);
const COPIES = Number(process.env.BENCH_COPIES ?? 10);

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const ms = (n: number) => `${n.toFixed(0)} ms`;

/** A result-like picture: a figure-ish shape on a textured backdrop, 1024×1536 PNG. */
async function resultPng(): Promise<Buffer> {
  const noise = Buffer.alloc(256 * 384 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = 150 + ((i * 2654435761) % 90);
  const backdrop = await sharp(noise, { raw: { width: 256, height: 384, channels: 3 } })
    .resize(1024, 1536)
    .png()
    .toBuffer();
  const figure = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1536"><ellipse cx="512" cy="300" rx="110" ry="140" fill="#d9a384"/><rect x="330" y="450" width="364" height="700" rx="60" fill="#2c3e50"/><rect x="380" y="1150" width="110" height="360" fill="#34495e"/><rect x="534" y="1150" width="110" height="360" fill="#34495e"/></svg>`,
  );
  return sharp(backdrop)
    .composite([{ input: figure }])
    .png()
    .toBuffer();
}

async function inProcess(png: Buffer) {
  const objects = new Map<string, Uint8Array>([['generated/u/p/i.png', new Uint8Array(png)]]);
  const store = {
    download: async (bucket: string, path: string) => objects.get(`${bucket}/${path}`) as Uint8Array,
    upload: async (bucket: string, path: string, bytes: Uint8Array) => {
      objects.set(`${bucket}/${path}`, bytes);
    },
  } as unknown as EngineStore;
  const config = engineConfig((n) => ({ SUPABASE_URL: 'https://ref.supabase.co' })[n], 'fashn');
  const job = {
    kind: 'watermark' as const,
    image_id: 'i',
    user_id: 'u',
    project_id: 'p',
    generated_path: 'u/p/i.png',
    attempt: 1,
  };
  await makeWatermarkCopy(job, { store, config }); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < COPIES; i++) {
    const t0 = performance.now();
    await makeWatermarkCopy(job, { store, config });
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  const out = objects.get('watermarked/u/p/i.png') as Uint8Array;
  console.log(
    `one copy of a 1024×1536 PNG (${(png.length / 1024).toFixed(0)} KiB → ${(out.length / 1024).toFixed(0)} KiB), ${COPIES} samples: p50 ${ms(pct(samples, 50))}, p95 ${ms(pct(samples, 95))}, max ${ms(samples[samples.length - 1])}`,
  );
}

async function endToEnd(kind: DbKind, db: Database, databaseUrl: string | null, png: Buffer) {
  process.env.GENERATION_DISPATCH = 'off'; // the bench runs dispatch itself, back to back
  const stack = await startStack({ db, port: 0, quiet: true, config: { databaseUrl, appPort: 0 } });
  try {
    const opts = {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: ws as never },
    };
    const admin = createClient(stack.url, stack.keys.serviceRole, opts);
    const email = `bench-${randomUUID().slice(0, 10)}@example.test`;
    const password = `pw-${randomUUID()}`;
    const created = await admin.auth.admin.createUser({ email, password, email_confirm: true });
    if (created.error) throw created.error;
    const id = created.data.user!.id;
    const must = <T>(r: { data: T; error: unknown }) => {
      if (r.error) throw r.error;
      return r.data;
    };
    must(
      await admin.rpc('activate_plan', {
        user_id: id,
        plan: 'lite',
        period_start: new Date().toISOString(),
        period_end: new Date(Date.now() + 30 * 86400_000).toISOString(),
      }),
    );
    must(
      await admin.rpc('grant_purchased_credits', { user_id: id, credits: IMAGES, reference: randomUUID() }),
    );
    const client = createClient(stack.url, stack.keys.anon, opts);
    const signedIn = await client.auth.signInWithPassword({ email, password });
    if (signedIn.error) throw signedIn.error;
    const product = `${id}/shirt.png`;
    must(await client.storage.from('uploads').upload(product, png, { contentType: 'image/png' }));
    must(
      await client.from('uploaded_files').insert({
        user_id: id,
        file_name: 'shirt.png',
        file_path: product,
        file_size: png.length,
        mime_type: 'image/png',
      }),
    );
    // IMAGES finished images, clean only (as rendered on Lite)
    for (let i = 0; i < IMAGES; i++) {
      const project = must(
        await client.rpc('start_generation', {
          project_type: 'on-model',
          product_paths: [product],
          pose_ids: [1],
          model_id: 1,
          background_id: 2,
        }),
      ) as { id: string; images: { id: string }[] };
      const image = project.images[0].id;
      const path = `${id}/${project.id}/${image}.png`;
      must(await admin.storage.from('generated').upload(path, png, { contentType: 'image/png' }));
      must(
        await admin.rpc('report_image_outcome', {
          image_id: image,
          status: 'completed',
          generated_path: path,
        }),
      );
    }
    // the plan ends on free
    must(await admin.rpc('set_subscription_cancellation', { user_id: id, cancel: true }));
    const t0 = performance.now();
    must(
      await admin.rpc('renew_due_subscriptions', {
        p_now: new Date(Date.now() + 31 * 86400_000).toISOString(),
        only_user: id,
      }),
    );
    const runs: number[] = [];
    let copies = 0;
    for (let round = 0; round < 200 && copies < IMAGES; round++) {
      const r0 = performance.now();
      const res = await fetch(`${stack.url}/functions/v1/dispatch`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${stack.keys.serviceRole}`, apikey: stack.keys.serviceRole },
        body: '{}',
      });
      const report = (await res.json()) as { watermarked: number; errors: string[] };
      if (!res.ok || report.errors?.length) throw new Error(`dispatch: ${JSON.stringify(report)}`);
      runs.push(performance.now() - r0);
      copies += report.watermarked;
    }
    const total = performance.now() - t0;
    runs.sort((a, b) => a - b);
    console.log(
      `${kind}: ${copies}/${IMAGES} copies in ${ms(total)} (${((copies / total) * 1000).toFixed(1)} copies/s), ${runs.length} dispatch runs: p50 ${ms(pct(runs, 50))}, max ${ms(runs[runs.length - 1])}`,
    );
  } finally {
    await stack.close();
  }
}

async function reachable(url: string): Promise<boolean> {
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function main() {
  console.log(`node ${process.version}, ${os.cpus().length} CPUs, load avg ${os.loadavg()[0].toFixed(1)}`);
  const png = await resultPng();
  await inProcess(png);
  const kinds: DbKind[] = ['pglite'];
  if (process.env.BENCH_DATABASE_URL !== '' && (await reachable(PG_URL))) kinds.push('postgres');
  else console.log(`(PostgreSQL at ${PG_URL} not reachable or disabled: skipped)`);
  console.log(`\nfrom the switch to free to the last copy, ${IMAGES} images (dispatch runs back to back)`);
  for (const kind of kinds)
    await withScratchDatabase(kind, 'watermarks', (db, url) => endToEnd(kind, db, url, png), {
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
