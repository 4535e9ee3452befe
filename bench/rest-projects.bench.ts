// The REST hot path: the list the app runs most — a user's projects, newest first, each
// with its images (50 projects × 4 images) — through the local stack, against the same
// result computed by SQL run directly on the same database.
//
//   direct SQL     one hand-written statement building the same JSON, as the superuser
//                  with an explicit user filter (no RLS, no transaction, no HTTP)
//   stack SQL      the statement the REST service generates, run by its own executor:
//                  transaction, role, claims, row-level security — everything but HTTP
//   stack HTTP     GET /rest/v1/projects?select=…,images(…)&order=… with the headers
//                  supabase-js sends, from a load generator in a worker thread
//
// Requests/s, p50 and p99 at 1 and 50 concurrent clients, on PGlite and PostgreSQL, in a
// fresh database holding only this bench's tables (shaped like the product's).
//
//   npx tsx bench/rest-projects.bench.ts        (or: npm run bench rest-projects)
//   BENCH_DATABASE_URL=postgres://… (default: the local server; "" skips PostgreSQL)
//   BENCH_SECONDS=5  BENCH_CONCURRENCY=1,50  BENCH_USERS=200  BENCH_DBS=pglite,postgres
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { PG_URL, withScratchDatabase } from './support/scratch-database.ts';
import { startStack, type Stack } from '../supabase/local/server.ts';
import { createExecutor, type RequestSettings } from '../supabase/local/rest/execute.ts';
import { parseQuery, applyFilters } from '../supabase/local/rest/parse/query.ts';
import { planRead } from '../supabase/local/rest/plan/read-plan.ts';
import { createSchemaCache } from '../supabase/local/rest/schema/cache.ts';
import { Params } from '../supabase/local/rest/sql/fragments.ts';
import { readStatement } from '../supabase/local/rest/sql/read-sql.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = (process.env.BENCH_CONCURRENCY ?? '1,50').split(',').map(Number);
const USERS = Number(process.env.BENCH_USERS ?? 200);
const DBS = (process.env.BENCH_DBS ?? 'pglite,postgres').split(',').filter((k) => k !== 'postgres' || PG_URL);
const PROJECTS_PER_USER = 50;
const IMAGES_PER_PROJECT = 4;

const MIGRATION = `
create table public.projects (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  name text not null,
  type text not null check (type in ('on-model', 'flat-lay')),
  status text not null default 'draft',
  metadata jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index projects_user_created_idx on public.projects (user_id, created_at desc);

create table public.images (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references public.projects (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  position integer not null default 0,
  status text not null default 'pending',
  original_url text,
  generated_url text,
  created_at timestamptz not null default now()
);
create index images_project_idx on public.images (project_id, position);

alter table public.projects enable row level security;
alter table public.images enable row level security;
create policy "own projects" on public.projects for select to authenticated using (user_id = (select auth.uid()));
create policy "own images" on public.images for select to authenticated using (user_id = (select auth.uid()));
`;

const SEED = `
insert into auth.users (email, email_confirmed_at)
  select 'bench-' || g || '@example.test', now() from generate_series(1, ${USERS}) g;
insert into public.projects (user_id, name, type, status, metadata, created_at)
  select u.id, 'Project ' || g, case when g % 2 = 0 then 'on-model' else 'flat-lay' end,
         (array['draft', 'processing', 'completed'])[1 + g % 3], jsonb_build_object('poses', g % 5, 'model', 'm' || g),
         now() - make_interval(mins => g)
  from auth.users u, generate_series(1, ${PROJECTS_PER_USER}) g;
insert into public.images (project_id, user_id, position, status, original_url, generated_url, created_at)
  select p.id, p.user_id, k, 'completed',
         'https://cdn.example.test/uploads/' || p.id || '/' || k || '.jpg',
         'https://cdn.example.test/generated/' || p.id || '/' || k || '.webp', p.created_at
  from public.projects p, generate_series(0, ${IMAGES_PER_PROJECT - 1}) k;
analyze;
`;

const PROJECT_COLS = 'id,name,type,status,metadata,created_at,updated_at';
const IMAGE_COLS = 'id,position,status,original_url,generated_url,created_at';

/** What supabase-js sends for .from('projects').select(…).order('created_at',{ascending:false}).order('position',{referencedTable:'images'}) */
const QUERY = new URLSearchParams({
  select: `${PROJECT_COLS},images(${IMAGE_COLS})`,
  order: 'created_at.desc',
  'images.order': 'position.asc',
}).toString();

const DIRECT_SQL = `
select coalesce(json_agg(p), '[]')::text as body from (
  select ${PROJECT_COLS.split(',')
    .map((c) => `p.${c}`)
    .join(', ')},
         coalesce((select json_agg(i) from (
           select ${IMAGE_COLS.split(',')
             .map((c) => `i.${c}`)
             .join(', ')}
           from public.images i where i.project_id = p.id order by i.position) i), '[]') as images
  from public.projects p
  where p.user_id = $1
  order by p.created_at desc
  limit 1000
) p`;

interface Run {
  latencies: number[];
  elapsedMs: number;
}

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { url, headers, concurrency, seconds } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const u = new URL(url);
function once() {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request({ host: u.hostname, port: u.port, path: u.pathname + u.search, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => res.statusCode === 200 ? resolve(performance.now() - t0)
        : reject(new Error('HTTP ' + res.statusCode + ' ' + Buffer.concat(chunks).toString())));
    });
    req.on('error', reject);
    req.end();
  });
}
async function loop(until, out) { while (performance.now() < until) out.push(await once()); }
(async () => {
  const warm = performance.now() + 1000;
  await Promise.all(Array.from({ length: concurrency }, () => loop(warm, [])));
  const latencies = [];
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, () => loop(t0 + seconds * 1000, latencies)));
  parentPort.postMessage({ latencies, elapsedMs: performance.now() - t0 });
  agent.destroy();
})().catch((e) => parentPort.postMessage({ error: String(e && e.stack || e) }));
`;

function overHttp(url: string, headers: Record<string, string>, concurrency: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: { url, headers, concurrency, seconds: SECONDS },
    });
    worker.once('message', (m) => {
      void worker.terminate();
      if (m.error) reject(new Error(m.error));
      else resolve(m as Run);
    });
    worker.once('error', reject);
  });
}

async function inProcess(fn: () => Promise<void>, concurrency: number): Promise<Run> {
  const loop = async (until: number, out: number[]) => {
    while (performance.now() < until) {
      const t0 = performance.now();
      await fn();
      out.push(performance.now() - t0);
    }
  };
  const warm = performance.now() + 1000;
  await Promise.all(Array.from({ length: concurrency }, () => loop(warm, [])));
  const latencies: number[] = [];
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, () => loop(t0 + SECONDS * 1000, latencies)));
  return { latencies, elapsedMs: performance.now() - t0 };
}

function stats(r: Run) {
  const xs = [...r.latencies].sort((a, b) => a - b);
  const at = (q: number) => xs[Math.min(xs.length - 1, Math.floor(q * xs.length))];
  return { rps: (xs.length / r.elapsedMs) * 1000, p50: at(0.5), p99: at(0.99), n: xs.length };
}

async function bench(kind: 'pglite' | 'postgres') {
  const root = mkdtempSync(path.join(os.tmpdir(), 'drape-bench-rest-'));
  const migrations = path.join(root, 'migrations');
  mkdirSync(migrations);
  writeFileSync(path.join(migrations, '0001_bench_projects.sql'), MIGRATION);
  process.env.DATA_DIR = path.join(root, 'data');

  await withScratchDatabase(kind, 'rest', async (db, databaseUrl) => {
    const stack: Stack = await startStack({
      db,
      port: 0,
      quiet: true,
      config: { appPort: 0, databaseUrl, migrationsDir: migrations, extraMigrationsDirs: [], seedFile: '' },
    });
    try {
      const t0 = performance.now();
      await db.exec(SEED);
      const seeded = ((performance.now() - t0) / 1000).toFixed(1);
      const { rows } = await db.query<{ id: string }>(
        `select id::text from auth.users where email = 'bench-1@example.test'`,
      );
      const userId = rows[0].id;
      const claims = {
        sub: userId,
        role: 'authenticated',
        aud: 'authenticated',
        email: 'bench-1@example.test',
        session_id: randomUUID(),
      };
      const token = await stack.context.jwt.sign(claims, { expiresIn: 3600 });
      const url = `${stack.url}/rest/v1/projects?${QUERY}`;
      const headers = {
        apikey: stack.keys.anon,
        authorization: `Bearer ${token}`,
        'accept-profile': 'public',
        'x-client-info': 'supabase-js-node/2.109.0',
      };

      // the statement the service generates for this URL, run by the service's executor
      const cache = await createSchemaCache(db, ['public'], () => {});
      const query = parseQuery(QUERY);
      applyFilters(query, query.rest);
      const node = planRead(
        { cache: cache.current, query },
        cache.current.tables.get('public.projects')!,
        cache.current.tables.get('public.projects')!,
      );
      node.offset = 0;
      node.limit = stack.config.maxRows;
      const params = new Params();
      const stackSql = readStatement({ node, shape: 'array', stripNulls: false, count: false, params });
      const executor = createExecutor(db);
      const settings: RequestSettings = {
        role: 'authenticated',
        claims: JSON.stringify({ ...claims, exp: Math.floor(Date.now() / 1000) + 3600 }),
        method: 'GET',
        path: '/projects',
        headers: JSON.stringify(headers),
        cookies: '{}',
        readOnly: true,
        roleSettings: cache.current.roleSettings.get('authenticated') ?? [],
      };

      // all three give the same bytes' worth of JSON
      const direct = JSON.parse((await db.query<{ body: string }>(DIRECT_SQL, [userId])).rows[0].body);
      const viaExecutor = JSON.parse((await executor.run(settings, stackSql, params.values)).body!);
      const res = await fetch(url, { headers });
      const viaHttp = await res.json();
      assert.equal(res.status, 200);
      assert.equal(direct.length, PROJECTS_PER_USER);
      assert.equal(direct[0].images.length, IMAGES_PER_PROJECT);
      assert.deepEqual(viaExecutor, direct);
      assert.deepEqual(viaHttp, direct);
      const kb = (Buffer.byteLength(JSON.stringify(viaHttp)) / 1024).toFixed(1);

      console.log(
        `\n${kind}: ${USERS} users × ${PROJECTS_PER_USER} projects × ${IMAGES_PER_PROJECT} images (seeded in ${seeded}s); ` +
          `the list is ${PROJECTS_PER_USER} projects × ${IMAGES_PER_PROJECT} images, ${kb} KB of JSON; ${SECONDS}s per run after 1s warm-up`,
      );
      console.log(
        `  ${os.cpus().length} CPUs, load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')} (other work on the machine skews every number)`,
      );
      console.log(
        `  ${'variant'.padEnd(46)} ${'clients'.padStart(7)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`,
      );
      const row = (label: string, c: number, s: ReturnType<typeof stats>) =>
        console.log(
          `  ${label.padEnd(46)} ${String(c).padStart(7)} ${s.rps.toFixed(0).padStart(8)} ${s.p50.toFixed(2).padStart(8)} ${s.p99.toFixed(2).padStart(8)}`,
        );

      for (const c of CONCURRENCY) {
        const d = stats(await inProcess(async () => void (await db.query(DIRECT_SQL, [userId])), c));
        row('direct SQL (superuser, explicit user filter)', c, d);
        const e = stats(
          await inProcess(async () => void (await executor.run(settings, stackSql, params.values)), c),
        );
        row('stack SQL (its transaction, role, RLS; no HTTP)', c, e);
        const h = stats(await overHttp(url, headers, c));
        row('stack over HTTP (GET /rest/v1/projects)', c, h);
        console.log(
          `  ${''.padEnd(46)} ${''.padStart(7)} stack/direct: p50 ${(h.p50 / d.p50).toFixed(2)}×, req/s ${(h.rps / d.rps).toFixed(2)}×`,
        );
      }
    } finally {
      await stack.close();
    }
  });
  rmSync(root, { recursive: true, force: true });
}

for (const kind of DBS as ('pglite' | 'postgres')[]) await bench(kind);
