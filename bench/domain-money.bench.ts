// The money path in SQL: what one call of each credit-moving function costs, run as the
// REST layer runs it (one transaction, SET LOCAL ROLE, JWT claims; no HTTP):
//
//   start_generation      validate, lock the balance, charge, create project + 1 image +
//                         notification + activity
//   charge_tool_use       lock, charge 0.15, activity
//   report_image_outcome  (service role) an image completes; the project follows
//   report failed         (service role) an image fails: refund + project failed
//
// Calls/s, p50 and p99, sequentially and (PostgreSQL) with 20 concurrent callers, each a
// different user; plus 20 concurrent callers all on ONE user (they queue on its balance
// row). On a fresh database with the product's migrations, on PGlite and PostgreSQL.
//
//   npx tsx bench/domain-money.bench.ts        (or: npm run bench domain-money)
//   BENCH_DATABASE_URL=postgres://… (default: the local server; "" skips PostgreSQL)
//   BENCH_CALLS=400
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { ROOT } from '../supabase/local/config.ts';
import { openDatabase, type Database, type Queryable } from '../supabase/local/db/database.ts';
import { migrate } from '../supabase/local/db/migrate.ts';
import { openScratchDatabase } from '../supabase/local/db/scratch.ts';

const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const CALLS = Number(process.env.BENCH_CALLS ?? 400);

async function as<T>(db: Database, who: string | null, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const role = who ? 'authenticated' : 'service_role';
    await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify(who ? { sub: who, role } : { role }),
    ]);
    await tx.query(`set local role ${role}`);
    return fn(tx);
  });
}

async function user(db: Database, credits: number): Promise<{ id: string; product: string }> {
  const id = randomUUID();
  await db.query(`insert into auth.users (id, email) values ($1::uuid, $2)`, [
    id,
    `bench-${id}@example.test`,
  ]);
  await db.query(`select public.grant_purchased_credits($1::uuid, $2::numeric, $3)`, [
    id,
    String(credits),
    `bench-${id}`,
  ]);
  const product = `${id}/1-shirt.png`;
  await db.query(
    `insert into public.uploaded_files (user_id, file_name, file_path, mime_type) values ($1::uuid, 'shirt.png', $2, 'image/png')`,
    [id, product],
  );
  return { id, product };
}

const START = `select public.start_generation(project_type => 'on-model', product_paths => array[$1::text],
  pose_ids => array[1], model_id => 1, background_id => 2) ->> 'id' as id`;

function stats(ms: number[], wallMs: number) {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return `${((ms.length / wallMs) * 1000).toFixed(0).padStart(6)} calls/s   p50 ${q(0.5).toFixed(2).padStart(6)} ms   p99 ${q(0.99).toFixed(2).padStart(6)} ms`;
}

async function timed(n: number, concurrency: number, call: (i: number) => Promise<unknown>) {
  const lat: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        const i = next++;
        const t = performance.now();
        await call(i);
        lat.push(performance.now() - t);
      }
    }),
  );
  return stats(lat, performance.now() - t0);
}

async function run(kind: 'pglite' | 'postgres', db: Database) {
  await migrate(db, {
    migrationsDir: path.join(ROOT, 'supabase/migrations'),
    seedFile: path.join(ROOT, 'supabase/seed.sql'),
  });
  console.log(`\n${kind}`);
  const concurrencies = kind === 'postgres' ? [1, 20] : [1];
  for (const c of concurrencies) {
    const users = await Promise.all(Array.from({ length: c }, () => user(db, CALLS * 2)));
    const projects: string[][] = users.map(() => []);
    const images: string[] = [];
    const label = (s: string) => `  ${s.padEnd(22)} x${String(c).padEnd(3)}`;

    console.log(
      label('start_generation'),
      await timed(CALLS, c, async (i) => {
        const u = users[i % c];
        const r = await as(db, u.id, (tx) => tx.query<{ id: string }>(START, [u.product]));
        projects[i % c].push(r.rows[0].id);
      }),
    );
    const all = projects.flat();
    const imageRows = await db.query<{ id: string }>(
      `select id::text from public.images where project_id = any ($1::uuid[])`,
      [`{${all.join(',')}}`],
    );
    images.push(...imageRows.rows.map((r) => r.id));

    console.log(
      label('charge_tool_use'),
      await timed(CALLS, c, (i) =>
        as(db, users[i % c].id, (tx) => tx.query(`select public.charge_tool_use('photo-combiner')`)),
      ),
    );

    const half = Math.floor(images.length / 2);
    console.log(
      label('report completed'),
      await timed(half, c, (i) =>
        as(db, null, (tx) =>
          tx.query(`select public.report_image_outcome($1::uuid, 'completed', 'x.png')`, [images[i]]),
        ),
      ),
    );
    console.log(
      label('report failed+refund'),
      await timed(images.length - half, c, (i) =>
        as(db, null, (tx) =>
          tx.query(`select public.report_image_outcome($1::uuid, 'failed', error => 'bench')`, [
            images[half + i],
          ]),
        ),
      ),
    );
  }
  if (kind === 'postgres') {
    const one = await user(db, CALLS * 2);
    console.log(
      `  ${'start_generation'.padEnd(22)} x20 on ONE user`,
      await timed(CALLS, 20, () => as(db, one.id, (tx) => tx.query(START, [one.product]))),
    );
  }
}

async function main() {
  const lite = await openDatabase({ dataDir: null });
  await run('pglite', lite);
  await lite.close();

  if (PG_URL) {
    let scratch: Awaited<ReturnType<typeof openScratchDatabase>>;
    try {
      scratch = await openScratchDatabase(PG_URL, 'bench_money', { poolSize: 24 });
    } catch (err: any) {
      console.log(`\npostgres: skipped (${err.message})`);
      return;
    }
    try {
      await run('postgres', scratch.db);
    } finally {
      await scratch.drop();
    }
  }
}

await main();
