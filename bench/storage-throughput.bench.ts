// Storage throughput: uploading and downloading a 5 MB image through the local stack with
// the official client (multipart Blob upload as browsers send it, raw-body upload as
// server code sends it, download as a Blob) against writing and reading the same bytes to
// and from a file directly, reported as MB/s and as the stack/direct ratio; a bare
// node:http server streaming the same bytes to and from a file shows what HTTP on this
// machine costs by itself (client and server share one process here). Also the time
// to render a 400 px WebP thumbnail, first (sharp) and again (cached). A user with an
// owner policy does the work, so row-level security is on the measured path. Runs on
// PGlite and, when reachable, on PostgreSQL.
//
//   npx tsx bench/storage-throughput.bench.ts
//   BENCH_DATABASE_URL=postgres://… (default: the local server; set to "" to skip it)
//   BENCH_ROUNDS=20
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, promises as fs, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { pipeline } from 'node:stream/promises';
import { createReadStream, createWriteStream } from 'node:fs';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import pg from 'pg';
import sharp from 'sharp';
import ws from 'ws';
import { PG_URL, withScratchDatabase } from './support/scratch-database.ts';
import { startStack } from '../supabase/local/server.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const WARMUP = 3;

const MIGRATION = `
insert into storage.buckets (id, name, public) values ('bench-images', 'bench-images', false);
create policy bench_images_own on storage.objects for all to authenticated
  using (bucket_id = 'bench-images' and (storage.foldername(name))[1] = auth.uid()::text)
  with check (bucket_id = 'bench-images' and (storage.foldername(name))[1] = auth.uid()::text);
`;

/** A ~5 MB PNG: incompressible noise, so the bytes on the wire are the bytes on disk. */
async function makeImage(): Promise<Buffer> {
  const side = 1300;
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

const mb = (bytes: number) => bytes / 1_000_000;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function timeRounds(fn: (i: number) => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < WARMUP + ROUNDS; i++) {
    const t0 = performance.now();
    await fn(i);
    if (i >= WARMUP) times.push(performance.now() - t0);
  }
  return times;
}

/** PUT streams the body to a file, GET streams it back: HTTP and nothing else. */
async function bareHttpServer(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(async (req, res) => {
    const file = path.join(dir, path.basename(req.url ?? 'x'));
    try {
      if (req.method === 'PUT') {
        await pipeline(req, createWriteStream(file));
        res.end('{}');
      } else {
        const { size } = await fs.stat(file);
        res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': size });
        await pipeline(createReadStream(file), res);
      }
    } catch {
      res.destroy();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function line(label: string, times: number[], bytes: number, baseline?: number[]) {
  const ms = median(times);
  const rate = mb(bytes) / (ms / 1000);
  const ratio = baseline ? `  ratio to direct ${(ms / median(baseline)).toFixed(1)}×` : '';
  console.log(
    `  ${label.padEnd(36)} median ${ms.toFixed(1).padStart(7)} ms  ${rate.toFixed(0).padStart(5)} MB/s${ratio}`,
  );
}

async function bench(kind: 'pglite' | 'postgres', image: Buffer) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'drape-bench-storage-'));
  const migrations = path.join(root, 'migrations');
  mkdirSync(migrations);
  writeFileSync(path.join(migrations, '9900_bench_storage.sql'), MIGRATION);
  const direct = path.join(root, 'direct');
  mkdirSync(direct);
  process.env.DATA_DIR = path.join(root, 'data');

  await withScratchDatabase(kind, 'storage', async (db) => {
    const stack = await startStack({
      db,
      port: 0,
      quiet: true,
      config: { appPort: 0, extraMigrationsDirs: [migrations] },
    });
    try {
      const userId = randomUUID();
      const token = await new SignJWT({ sub: userId, role: 'authenticated', aud: 'authenticated' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt()
        .setExpirationTime('2h')
        .sign(new TextEncoder().encode(stack.config.jwtSecret));
      const client: SupabaseClient = createClient(stack.url, stack.keys.anon, {
        accessToken: async () => token,
        realtime: { transport: ws as any },
      });
      const files = client.storage.from('bench-images');
      const blob = new Blob([new Uint8Array(image)], { type: 'image/png' });

      const directWrite = await timeRounds((i) => fs.writeFile(path.join(direct, `w${i}.png`), image));
      const directRead = await timeRounds(async (i) => {
        await fs.readFile(path.join(direct, `w${i}.png`));
      });
      const bare = await bareHttpServer(direct);
      const bareUpload = await timeRounds(async (i) => {
        const res = await fetch(`${bare.url}/b${i}.png`, { method: 'PUT', body: blob });
        await res.arrayBuffer();
      });
      const bareDownload = await timeRounds(async (i) => {
        const res = await fetch(`${bare.url}/b${i}.png`);
        if ((await res.blob()).size !== image.length) throw new Error('short download');
      });
      await bare.close();
      const uploadBlob = await timeRounds(async (i) => {
        const { error } = await files.upload(`${userId}/blob-${i}.png`, blob);
        if (error) throw error;
      });
      const uploadRaw = await timeRounds(async (i) => {
        const { error } = await files.upload(`${userId}/raw-${i}.png`, image, { contentType: 'image/png' });
        if (error) throw error;
      });
      const download = await timeRounds(async (i) => {
        const { data, error } = await files.download(`${userId}/blob-${i}.png`);
        if (error) throw error;
        if (data!.size !== image.length) throw new Error('short download');
      });
      const thumbFirst = await timeRounds(async (i) => {
        const { error } = await files.download(`${userId}/raw-${i}.png`, {
          transform: { width: 400, height: 400 },
        });
        if (error) throw error;
      });
      const thumbCached = await timeRounds(async (i) => {
        const { error } = await files.download(`${userId}/raw-${i}.png`, {
          transform: { width: 400, height: 400 },
        });
        if (error) throw error;
      });

      console.log(
        `\n${kind}: ${mb(image.length).toFixed(2)} MB PNG, ${ROUNDS} rounds after ${WARMUP} warm-up`,
      );
      line('direct write (fs.writeFile)', directWrite, image.length);
      line('direct read (fs.readFile)', directRead, image.length);
      line('bare node:http upload (fetch PUT)', bareUpload, image.length, directWrite);
      line('bare node:http download (fetch GET)', bareDownload, image.length, directRead);
      line('upload, multipart Blob (browser)', uploadBlob, image.length, directWrite);
      line('upload, raw body (server code)', uploadRaw, image.length, directWrite);
      line('download as Blob', download, image.length, directRead);
      console.log(
        `  ${'thumbnail 400px, first render'.padEnd(36)} median ${median(thumbFirst).toFixed(1).padStart(7)} ms`,
      );
      console.log(
        `  ${'thumbnail 400px, cached'.padEnd(36)} median ${median(thumbCached).toFixed(1).padStart(7)} ms`,
      );
    } finally {
      await stack.close();
    }
  });
  rmSync(root, { recursive: true, force: true });
}

const image = await makeImage();
await bench('pglite', image);
if (PG_URL) {
  try {
    const probe = new pg.Client({ connectionString: PG_URL });
    await probe.connect();
    await probe.end();
  } catch {
    console.log(`\n(PostgreSQL at ${PG_URL} not reachable: skipped)`);
    process.exit(0);
  }
  await bench('postgres', image);
}
