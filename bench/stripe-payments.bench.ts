// Paying on the local stack, end to end through the real functions and the Stripe stand-in:
//
//   checkout      POST /functions/v1/create-credit-checkout (quote, customer, session, log)
//   paid→credits  the checkout page's form post with 4242… until the credits are in the
//                 database (stand-in → signed webhook → stripe-webhook → apply_payment_event)
//   webhook new   a signed checkout.session.completed for a new pack (verify, apply, grant)
//   webhook dup   the same event again (verify, recorded before: nothing applied)
//
// p50 / p95 / max in ms, on a fresh in-memory PGlite (BENCH_DATABASE_URL=postgres://… for
// PostgreSQL). BENCH_N (default 30) of each.
//
//   npx tsx bench/stripe-payments.bench.ts        (or: npm run bench stripe-payments)
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { openScratchDatabase } from '../supabase/local/db/scratch.ts';
import { localWebhookSecret } from '../supabase/local/stripe/defaults.ts';

const N = Number(process.env.BENCH_N ?? 30);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'drape-bench-stripe-'));
process.env.DATA_DIR = dataDir;
process.env.GENERATION_DISPATCH = 'off';
process.env.SCHEDULED_JOBS_INTERVAL_MS = '0';
process.env.AUTH_RATE_LIMIT_SIGN_IN = '100000';
const { startStack } = await import('../supabase/local/server.ts');

const scratch = await openScratchDatabase(process.env.BENCH_DATABASE_URL, 'bench');
const stack = await startStack({
  db: scratch.db,
  port: 0,
  quiet: true,
  config: { databaseUrl: scratch.url, appPort: 0 },
});
const base = stack.url;
const json = { 'Content-Type': 'application/json' };
const service = { apikey: stack.keys.serviceRole, Authorization: `Bearer ${stack.keys.serviceRole}` };

async function call(pathname: string, init: RequestInit) {
  const res = await fetch(`${base}${pathname}`, init);
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${pathname}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

// a seller on Pro, signed in
const email = `bench-${Date.now()}@example.test`;
const password = 'bench-password';
const user = await call('/auth/v1/admin/users', {
  method: 'POST',
  headers: { ...json, ...service },
  body: JSON.stringify({ email, password, email_confirm: true }),
});
await call('/rest/v1/rpc/activate_plan', {
  method: 'POST',
  headers: { ...json, ...service },
  body: JSON.stringify({
    user_id: user.id,
    plan: 'pro',
    period_start: new Date().toISOString(),
    period_end: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  }),
});
const session = await call('/auth/v1/token?grant_type=password', {
  method: 'POST',
  headers: { ...json, apikey: stack.keys.anon },
  body: JSON.stringify({ email, password }),
});
const auth = { apikey: stack.keys.anon, Authorization: `Bearer ${session.access_token}` };

async function credits(): Promise<number> {
  const rows = await call(`/rest/v1/subscriptions?user_id=eq.${user.id}&select=credits_remaining`, {
    headers: service,
  });
  return Number(rows[0].credits_remaining);
}

function stats(label: string, ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))].toFixed(1);
  console.log(
    `${label.padEnd(14)} n=${s.length}  p50 ${q(0.5)} ms  p95 ${q(0.95)} ms  max ${s.at(-1)!.toFixed(1)} ms`,
  );
}

const body = {
  credits: 25,
  currency: 'eur',
  success_url: 'http://localhost:3000/success?session_id={CHECKOUT_SESSION_ID}',
  cancel_url: 'http://localhost:3000/pricing',
};
const checkout: number[] = [];
const paid: number[] = [];
const urls: string[] = [];
// warm the function runner (first load compiles the function and the stripe package)
urls.push(
  (
    await call('/functions/v1/create-credit-checkout', {
      method: 'POST',
      headers: { ...json, ...auth },
      body: JSON.stringify(body),
    })
  ).url,
);
for (let i = 0; i < N; i++) {
  const t = performance.now();
  const out = await call('/functions/v1/create-credit-checkout', {
    method: 'POST',
    headers: { ...json, ...auth },
    body: JSON.stringify(body),
  });
  checkout.push(performance.now() - t);
  urls.push(out.url);
}
for (const url of urls.slice(1)) {
  const before = await credits();
  const html = await (await fetch(url)).text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)![1];
  const t = performance.now();
  const res = await fetch(new URL(action, url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, cardnumber: '4242424242424242', exp: '12/34', cvc: '123' }),
    redirect: 'manual',
  });
  if (res.status !== 303) throw new Error(`pay answered ${res.status}`);
  while ((await credits()) < before + 25) await new Promise((r) => setTimeout(r, 2));
  paid.push(performance.now() - t);
}

const secret = localWebhookSecret(stack.config.jwtSecret);
const post = async (payload: string) => {
  const header = await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret });
  const t = performance.now();
  const res = await fetch(`${base}/functions/v1/stripe-webhook`, {
    method: 'POST',
    headers: { ...json, 'Stripe-Signature': header },
    body: payload,
  });
  const out = await res.json();
  if (res.status !== 200) throw new Error(`webhook ${res.status} ${JSON.stringify(out)}`);
  return { ms: performance.now() - t, out };
};
const fresh: number[] = [];
const dup: number[] = [];
for (let i = 0; i < N; i++) {
  const event = {
    id: `evt_bench_${i}_${Date.now()}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `cs_test_bench_${i}_${Date.now()}`,
        object: 'checkout.session',
        mode: 'payment',
        payment_status: 'paid',
        amount_total: 4375,
        currency: 'eur',
        customer: null,
        metadata: { user_id: user.id, kind: 'credits', credits: '25' },
      },
    },
  };
  const payload = JSON.stringify(event);
  const a = await post(payload);
  if (a.out.applied !== true) throw new Error('not applied');
  fresh.push(a.ms);
  const b = await post(payload);
  if (b.out.duplicate !== true) throw new Error('not a duplicate');
  dup.push(b.ms);
}

console.log(`stripe-payments on ${scratch.db.kind}, ${os.cpus().length} CPUs`);
stats('checkout', checkout);
stats('paid→credits', paid);
stats('webhook new', fresh);
stats('webhook dup', dup);
await stack.close();
await scratch.drop();
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
