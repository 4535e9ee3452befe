// Web Push: how long from a project finishing (the UPDATE that completes it commits) until
// every device of the seller has its push, encrypted (RFC 8291) and signed (VAPID) by the
// send-push function and decrypted by a stand-in push service over HTTPS on this machine
// (tests/support/push-service.ts) — with 1 and with 10 devices. Also the cost of making one
// push (encrypt + sign) alone. PGlite, in this process (the stack's sender trusts the
// stand-in's self-signed certificate through NODE_TLS_REJECT_UNAUTHORIZED, set here).
//
//   npx tsx bench/web-push.bench.ts      BENCH_DEVICES=1,10  BENCH_ROUNDS=20
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';
import { buildPushPayload } from '@block65/webcrypto-web-push';
import { makeVapidKeys } from '../supabase/local/push/vapid-keys.ts';
import { startStack } from '../supabase/local/server.ts';
import { startPushService } from '../tests/support/push-service.ts';
import { withScratchDatabase } from './support/scratch-database.ts';

const DEVICES = (process.env.BENCH_DEVICES ?? '1,10').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);

const vapid = makeVapidKeys();
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
process.env.VAPID_PUBLIC_KEY = vapid.publicKey;
process.env.VAPID_PRIVATE_KEY = vapid.privateKey;
process.env.VAPID_SUBJECT = 'mailto:bench@drape.test';
process.env.GENERATION_DISPATCH = 'off';
process.env.SCHEDULED_JOBS_INTERVAL_MS = '0';

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

async function main() {
  console.log(
    `machine: ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const push = await startPushService();
  // the stand-in is on 127.0.0.1: the stack pushes there only when told its origin
  process.env.LOCAL_PUSH_SERVICE_ORIGIN = push.origin;
  try {
    // one push made alone
    const sub = push.subscription();
    const payload = {
      title: 'Project completed',
      body: 'Your project "Linen dress" is ready.',
      url: '/projects/x',
      unread: 3,
    };
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t = performance.now();
      await buildPushPayload(
        { data: payload, options: { ttl: 86400 } },
        { endpoint: sub.endpoint, expirationTime: null, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        { subject: 'mailto:bench@drape.test', publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      );
      if (i >= 20) times.push(performance.now() - t);
    }
    console.log(`one push encrypted and signed: median ${fmt(pct(times, 50))}, p95 ${fmt(pct(times, 95))}`);

    await withScratchDatabase('pglite', 'push', async (db) => {
      const stack = await startStack({ db, port: 0, quiet: !process.env.STACK_LOG, config: { appPort: 0 } });
      try {
        const opts = {
          auth: { persistSession: false, autoRefreshToken: false },
          realtime: { transport: ws as never },
        };
        const admin = createClient(stack.url, stack.keys.serviceRole, opts);
        for (const devices of DEVICES) {
          const email = `bench-${randomUUID().slice(0, 8)}@example.test`;
          const created = await admin.auth.admin.createUser({
            email,
            password: 'secret-pw-1',
            email_confirm: true,
          });
          const userId = created.data.user!.id;
          const seller = createClient(stack.url, stack.keys.anon, opts);
          await seller.auth.signInWithPassword({ email, password: 'secret-pw-1' });
          const endpoints: string[] = [];
          for (let d = 0; d < devices; d++) {
            const s = push.subscription();
            endpoints.push(new URL(s.endpoint).pathname);
            const r = await seller.rpc('save_push_subscription', {
              endpoint: s.endpoint,
              p256dh: s.p256dh,
              auth: s.auth,
            });
            if (r.error) throw new Error(r.error.message);
          }
          const latencies: number[] = [];
          for (let round = 0; round < ROUNDS + 2; round++) {
            const before = push.received.length;
            const { rows } = await db.query<{ id: string }>(
              `insert into public.projects (user_id, name, type, status) values ($1, $2, 'on-model', 'processing') returning id`,
              [userId, `Shoot ${round}`],
            );
            const t = performance.now();
            await db.query(`update public.projects set status = 'completed' where id = $1`, [rows[0].id]);
            while (push.received.length - before < devices) {
              if (performance.now() - t > 30_000) {
                const q = await db.query('select status, attempts, last_error from public.push_deliveries');
                throw new Error(
                  `round ${round}: no push after 30 s: ${JSON.stringify(q.rows.slice(-3))} ${push.rejected.join('; ')}`,
                );
              }
              await new Promise((r) => setTimeout(r, 1));
            }
            if (round >= 2) latencies.push(performance.now() - t);
          }
          if (push.rejected.length) throw new Error(`the push service refused: ${push.rejected[0]}`);
          console.log(
            `${devices} device(s): project completed → every push received and decrypted: median ${fmt(
              pct(latencies, 50),
            )}, p95 ${fmt(pct(latencies, 95))} (${ROUNDS} rounds)`,
          );
        }
      } finally {
        await stack.close();
      }
    });
  } finally {
    await push.close();
  }
  console.log(
    `load average after: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
