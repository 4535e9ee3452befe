// Realtime latency: from a committed UPDATE to the official client's postgres_changes
// callback, with 1 and with 200 subscribed clients of different users, each allowed by
// row-level security to see only its own row (so every change is checked against every
// subscriber's policy). Runs on PGlite and, when reachable, on PostgreSQL.
//
//   npx tsx bench/realtime-latency.bench.ts
//   BENCH_DATABASE_URL=postgres://… (default: the local server; set to "" to skip it)
//   BENCH_CLIENTS=1,200  BENCH_UPDATES=300
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import pg from 'pg';
import ws from 'ws';
import type { Database } from '../supabase/local/db/database.ts';
import { PG_URL, withScratchDatabase } from './support/scratch-database.ts';
import { startStack, type Stack } from '../supabase/local/server.ts';

const CLIENT_COUNTS = (process.env.BENCH_CLIENTS ?? '1,200').split(',').map(Number);
const UPDATES = Number(process.env.BENCH_UPDATES ?? 300);
const WARMUP = 20;

const SCHEMA = `
create table public.bench_rt_rows (
  id integer primary key,
  owner_id uuid not null references auth.users (id) on delete cascade,
  value integer not null default 0,
  note text
);
alter table public.bench_rt_rows enable row level security;
create policy bench_rt_rows_own on public.bench_rt_rows for select to authenticated using (owner_id = auth.uid());
alter publication supabase_realtime add table public.bench_rt_rows;
`;

interface Subscriber {
  client: SupabaseClient;
  received: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function pct(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

async function token(secret: string, sub: string) {
  return new SignJWT({ sub, role: 'authenticated', aud: 'authenticated', session_id: randomUUID() })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(new TextEncoder().encode(secret));
}

async function run(stack: Stack, db: Database, clients: number) {
  await db.query(`delete from public.bench_rt_rows`);
  const users: string[] = [];
  for (let i = 0; i < clients; i++) users.push(randomUUID());
  await db.query(
    `insert into auth.users (id, email) select u, 'bench-' || u || '@example.test' from unnest($1::uuid[]) u`,
    [`{${users.join(',')}}`],
  );
  await db.query(
    `insert into public.bench_rt_rows (id, owner_id) select i, (($1::uuid[])[i]) from generate_series(1, $2::int) i`,
    [`{${users.join(',')}}`, String(clients)],
  );

  // who is waiting for which value (resolved with the time the callback ran)
  const waiting = new Map<number, (at: number) => void>();
  let misdelivered = 0;
  const subs: Subscriber[] = [];
  const ready: Promise<void>[] = [];
  for (let i = 0; i < clients; i++) {
    const jwt = await token(stack.config.jwtSecret, users[i]);
    const client = createClient(stack.url, stack.keys.anon, {
      accessToken: async () => jwt,
      realtime: { transport: ws as any },
    });
    await client.realtime.setAuth(jwt);
    const sub: Subscriber = { client, received: 0 };
    const rowId = i + 1;
    ready.push(
      new Promise<void>((resolve, reject) => {
        client
          .channel(`bench-${i}`)
          .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'bench_rt_rows' }, (p: any) => {
            const now = performance.now();
            sub.received++;
            if (p.new.id !== rowId) misdelivered++;
            const resolveAt = waiting.get(p.new.value);
            if (resolveAt) {
              waiting.delete(p.new.value);
              resolveAt(now);
            }
          })
          .on('system', {}, (s: any) => (s.status === 'ok' ? resolve() : reject(new Error(s.message))))
          .subscribe((status, err) => {
            if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(err ?? new Error(status));
          });
      }),
    );
    subs.push(sub);
  }
  await Promise.all(ready);

  const latencies: number[] = [];
  const writes: number[] = [];
  for (let n = 1; n <= WARMUP + UPDATES; n++) {
    const row = ((n - 1) % clients) + 1;
    const delivered = new Promise<number>((resolve) => waiting.set(n, resolve));
    const t0 = performance.now();
    await db.query(`update public.bench_rt_rows set value = $1::int where id = $2::int`, [
      String(n),
      String(row),
    ]);
    const committed = performance.now();
    const at = await Promise.race([delivered, sleep(5000).then(() => -1)]);
    if (at < 0) throw new Error(`update ${n} not delivered within 5 s`);
    if (n > WARMUP) {
      // (on PGlite the callback may even run before the query's promise settles: 0 then)
      latencies.push(Math.max(0, at - committed));
      writes.push(committed - t0);
    }
  }
  await sleep(200);
  const extra = subs.reduce((a, s) => a + s.received, 0) - (WARMUP + UPDATES);

  // A burst: one statement updates every row; time until every client has its own change.
  const burstValue = 1_000_000;
  const burst = Array.from(
    { length: clients },
    (_, i) => new Promise<number>((resolve) => waiting.set(burstValue + i + 1, resolve)),
  );
  await db.query(`update public.bench_rt_rows set value = $1::int + id`, [String(burstValue)]);
  const burstStart = performance.now();
  const burstDone = await Promise.race([
    Promise.all(burst).then((t) => Math.max(...t)),
    sleep(60_000).then(() => -1),
  ]);
  if (burstDone < 0) throw new Error('burst not delivered within 60 s');

  for (const s of subs) await s.client.removeAllChannels();
  latencies.sort((a, b) => a - b);
  writes.sort((a, b) => a - b);
  return {
    clients,
    updates: UPDATES,
    p50: pct(latencies, 50),
    p95: pct(latencies, 95),
    p99: pct(latencies, 99),
    max: latencies[latencies.length - 1],
    writeP50: pct(writes, 50),
    burstMs: Math.max(0, burstDone - burstStart),
    wrongRecipients: misdelivered + Math.max(0, extra),
  };
}

async function main() {
  const kinds: ('pglite' | 'postgres')[] = ['pglite'];
  if (PG_URL) {
    try {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.end();
      kinds.push('postgres');
    } catch {
      console.log(`(PostgreSQL at ${PG_URL} not reachable: skipped)`);
    }
  }
  console.log(
    `realtime latency: committed UPDATE → postgres_changes callback (${UPDATES} updates after ${WARMUP} warm-up, one at a time)`,
  );
  console.log(
    `machine: ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  for (const kind of kinds) {
    await withScratchDatabase(kind, 'rt', async (db, databaseUrl) => {
      const stack = await startStack({ db, port: 0, quiet: true, config: { databaseUrl, appPort: 0 } });
      try {
        await db.exec(SCHEMA);
        for (const n of CLIENT_COUNTS) {
          const r = await run(stack, db, n);
          const f = (x: number) => x.toFixed(1).padStart(6);
          console.log(
            `${kind.padEnd(8)} ${String(r.clients).padStart(4)} clients: p50 ${f(r.p50)} ms  p95 ${f(r.p95)} ms  p99 ${f(r.p99)} ms  max ${f(r.max)} ms` +
              `  (update itself p50 ${r.writeP50.toFixed(1)} ms; wrong recipients: ${r.wrongRecipients}; one UPDATE of all ${r.clients} rows fully delivered in ${r.burstMs.toFixed(0)} ms)`,
          );
        }
      } finally {
        await stack.close();
      }
    });
  }
}

await main();
