// Web Push under abuse, on this machine: (1) one seller tries to save 1,000 devices, then a
// project of theirs finishes — how many devices are kept and how many connections the sender
// opens to the push service; (2) one seller's 8 push services take the push and never answer
// (tests/support/push-service.ts answer 'hang') — how long another seller's push then waits,
// from their project finishing to the push received. PGlite, the stack in this process.
//
//   npx tsx bench/web-push-flood.bench.ts      BENCH_SAVES=1000  BENCH_ROUNDS=3  BENCH_HANGING=8
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import type { Database } from '../supabase/local/db/database.ts';
import { makeVapidKeys } from '../supabase/local/push/vapid-keys.ts';
import { startStack } from '../supabase/local/server.ts';
import { type PushService, startPushService } from '../tests/support/push-service.ts';
import { withScratchDatabase } from './support/scratch-database.ts';

const SAVES = Number(process.env.BENCH_SAVES ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const HANGING = Number(process.env.BENCH_HANGING ?? 8);
/** the longest any wait here may take (the sender before the fix needed 8 × 15 s) */
const DEADLINE_MS = 300_000;

const vapid = makeVapidKeys();
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
process.env.VAPID_PUBLIC_KEY = vapid.publicKey;
process.env.VAPID_PRIVATE_KEY = vapid.privateKey;
process.env.VAPID_SUBJECT = 'mailto:bench@drape.test';
process.env.GENERATION_DISPATCH = 'off';
process.env.SCHEDULED_JOBS_INTERVAL_MS = '0';

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);

async function until(what: string, ok: () => boolean | Promise<boolean>): Promise<void> {
  const t = performance.now();
  while (!(await ok())) {
    if (performance.now() - t > DEADLINE_MS) throw new Error(`${what}: not after ${DEADLINE_MS / 1000} s`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

async function main() {
  console.log(`machine: ${os.cpus().length} cores, load average ${load()}`);
  const push = await startPushService();
  process.env.LOCAL_PUSH_SERVICE_ORIGIN = push.origin;
  try {
    await withScratchDatabase('pglite', 'push-flood', async (db) => {
      const stack = await startStack({ db, port: 0, quiet: !process.env.STACK_LOG, config: { appPort: 0 } });
      try {
        const opts = {
          auth: { persistSession: false, autoRefreshToken: false },
          realtime: { transport: ws as never },
        };
        const admin = createClient(stack.url, stack.keys.serviceRole, opts);
        const seller = async (): Promise<{ id: string; client: SupabaseClient }> => {
          const email = `bench-${randomUUID().slice(0, 8)}@example.test`;
          const created = await admin.auth.admin.createUser({
            email,
            password: 'secret-pw-1',
            email_confirm: true,
          });
          const client = createClient(stack.url, stack.keys.anon, opts);
          await client.auth.signInWithPassword({ email, password: 'secret-pw-1' });
          return { id: created.data.user!.id, client };
        };
        await flood(db, push, await seller());
        await headOfLine(db, push, seller);
      } finally {
        await stack.close();
      }
    });
  } finally {
    await push.close();
  }
  console.log(`load average after: ${load()}`);
}

async function save(push: PushService, client: SupabaseClient) {
  const s = push.subscription();
  const r = await client.rpc('save_push_subscription', {
    endpoint: s.endpoint,
    p256dh: s.p256dh,
    auth: s.auth,
  });
  return { sub: s, error: r.error };
}

async function finishProject(db: Database, userId: string, name: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into public.projects (user_id, name, type, status) values ($1, $2, 'on-model', 'processing') returning id`,
    [userId, name],
  );
  await db.query(`update public.projects set status = 'completed' where id = $1`, [rows[0].id]);
  return rows[0].id;
}

const unsent = async (db: Database, projectId: string) =>
  (
    await db.query<{ n: number }>(
      `select count(*)::int as n from public.push_deliveries d join public.notifications n on n.id = d.notification_id
        where n.project_id = $1 and d.status in ('pending', 'sending') and d.attempts = 0`,
      [projectId],
    )
  ).rows[0].n;

async function flood(db: Database, push: PushService, who: { id: string; client: SupabaseClient }) {
  const t = performance.now();
  let refused = 0;
  for (let i = 0; i < SAVES; i += 20) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(20, SAVES - i) }, () => save(push, who.client)),
    );
    refused += batch.filter((b) => b.error).length;
  }
  const took = performance.now() - t;
  const kept = (
    await db.query<{ n: number }>(
      `select count(*)::int as n from public.push_subscriptions where user_id = $1`,
      [who.id],
    )
  ).rows[0].n;
  const before = push.connections();
  const received = push.received.length;
  const projectId = await finishProject(db, who.id, 'Flood');
  const queued = (
    await db.query<{ n: number }>(
      `select count(*)::int as n from public.push_deliveries d join public.notifications n on n.id = d.notification_id
        where n.project_id = $1`,
      [projectId],
    )
  ).rows[0].n;
  await until('the flood project pushed', async () => (await unsent(db, projectId)) === 0);
  await until('every push answered', async () => {
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from public.push_deliveries d join public.notifications n on n.id = d.notification_id
        where n.project_id = $1 and d.status = 'sending'`,
      [projectId],
    );
    return rows[0].n === 0;
  });
  console.log(
    `${SAVES} saves by one seller in ${fmt(took)} (${refused} refused): ${kept} devices kept; ` +
      `one finished project → ${queued} pushes queued, ${push.received.length - received} received, ` +
      `${push.connections() - before} connections to the push service`,
  );
}

async function headOfLine(
  db: Database,
  push: PushService,
  seller: () => Promise<{ id: string; client: SupabaseClient }>,
) {
  const waits: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const slow = await seller();
    for (let i = 0; i < HANGING; i++) {
      const { sub, error } = await save(push, slow.client);
      if (error) throw new Error(error.message);
      push.answer(sub.endpoint, 'hang');
    }
    const other = await seller();
    const { sub: theirs, error } = await save(push, other.client);
    if (error) throw new Error(error.message);

    const hangingBefore = push.hanging.length;
    await finishProject(db, slow.id, `Slow ${round}`);
    // the slow seller's pushes have reached their push services, which keep them waiting
    await until('the slow pushes started', () => push.hanging.length > hangingBefore);
    const t = performance.now();
    await finishProject(db, other.id, `Other ${round}`);
    const path = new URL(theirs.endpoint).pathname;
    await until("the other seller's push", () => push.received.some((r) => r.path === path));
    waits.push(performance.now() - t);
    console.log(`  round ${round + 1}: the other seller's push after ${fmt(waits.at(-1)!)}, load ${load()}`);
  }
  const sorted = [...waits].sort((a, b) => a - b);
  console.log(
    `${HANGING} hanging push services of one seller → another seller's push waits: ` +
      `median ${fmt(sorted[Math.floor(sorted.length / 2)])}, max ${fmt(sorted.at(-1)!)} (${ROUNDS} rounds)`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
