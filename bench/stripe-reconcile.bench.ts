// The reconciliation with Stripe (stripe-reconcile) on the local stack, end to end: BENCH_N
// sellers bought Lite at the Stripe stand-in a month and two hours ago, Stripe renewed and
// was paid, and every renewal's invoice webhooks were lost. Then stripe-reconcile runs back
// to back until nothing is due, as the schedule would over a few passes:
//
//   run            wall time of one call (claim, one GET per subscription, apply + log)
//   per sub        that time divided by the subscriptions it checked
//   idle run       a call when nothing is due (the claim finds nothing)
//   due check      private.stripe_reconcile_due() — what the schedulers ask every pass
//
// p50 / p95 / max in ms, on a fresh in-memory PGlite (BENCH_DATABASE_URL=postgres://… for
// PostgreSQL). BENCH_N (default 40); STRIPE_RECONCILE_BATCH_SIZE (default 20) a run.
//
//   npx tsx bench/stripe-reconcile.bench.ts        (or: npm run bench stripe-reconcile)
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { stripeConnection } from '../supabase/functions/_shared/billing/stripe-client.ts';
import { openScratchDatabase } from '../supabase/local/db/scratch.ts';
import { LOCAL_PLAN_PRICES, localStripeKey } from '../supabase/local/stripe/defaults.ts';

const N = Number(process.env.BENCH_N ?? 40);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'drape-bench-reconcile-'));
process.env.DATA_DIR = dataDir;
process.env.GENERATION_DISPATCH = 'off';
process.env.SCHEDULED_JOBS_INTERVAL_MS = '0';
const { startStack } = await import('../supabase/local/server.ts');

const scratch = await openScratchDatabase(process.env.BENCH_DATABASE_URL, 'bench');
const stack = await startStack({
  db: scratch.db,
  port: 0,
  quiet: true,
  config: { databaseUrl: scratch.url, appPort: 0 },
});
const base = stack.url;
const standIn = `${base}/_dev/stripe`;
const json = { 'Content-Type': 'application/json' };
const service = { apikey: stack.keys.serviceRole, Authorization: `Bearer ${stack.keys.serviceRole}` };
const connection = stripeConnection(standIn);
const stripe = new Stripe(localStripeKey(), {
  ...connection.options,
  httpClient: Stripe.createFetchHttpClient(connection.fetch),
  maxNetworkRetries: 0,
});

async function call(pathname: string, init: RequestInit) {
  const res = await fetch(`${base}${pathname}`, init);
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${pathname}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}
const dev = (p: string) => call(`/_dev/stripe/dev/${p}`, { method: 'POST' });

/** A seller who bought Lite a month and two hours ago; the renewal is paid, its invoice webhooks lost. */
async function lostRenewal(i: number) {
  const user = await call('/auth/v1/admin/users', {
    method: 'POST',
    headers: { ...json, ...service },
    body: JSON.stringify({
      email: `bench-${i}-${Date.now()}@example.test`,
      password: 'bench-pw',
      email_confirm: true,
    }),
  });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    line_items: [{ price: LOCAL_PLAN_PRICES.lite, quantity: 1 }],
    success_url: 'http://localhost:3000/success',
    customer_email: `bench-${i}@example.test`,
    metadata: { user_id: user.id, plan: 'lite' },
    subscription_data: { metadata: { user_id: user.id } },
  });
  const page = await (await fetch(session.url!)).text();
  const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1];
  await fetch(new URL(action!.replace(/&amp;/g, '&'), session.url!), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardnumber: '4242 4242 4242 4242', exp: '12 / 34', cvc: '123', name: 'B' }),
    redirect: 'manual',
  });
  await dev('idle');
  const subId = (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
  await dev(`subscriptions/${subId}/backdate?months=1&seconds=7200`);
  await dev(`subscriptions/${subId}/renew?lose=invoice.paid,invoice.payment_succeeded`);
  const first = (await stripe.invoices.list({ subscription: subId })).data.find(
    (x) => x.billing_reason === 'subscription_create',
  )!;
  const { start, end } = first.lines.data[0].period;
  await call(`/rest/v1/subscriptions?user_id=eq.${user.id}`, {
    method: 'PATCH',
    headers: { ...json, ...service, Prefer: 'return=minimal' },
    body: JSON.stringify({
      period_anchor: new Date(start * 1000).toISOString(),
      current_period_start: new Date(start * 1000).toISOString(),
      current_period_end: new Date(end * 1000).toISOString(),
    }),
  }).catch(() => null);
}

function stats(label: string, ms: number[]) {
  if (ms.length === 0) return console.log(`${label.padEnd(12)} (none)`);
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))].toFixed(1);
  console.log(
    `${label.padEnd(12)} n=${String(s.length).padEnd(4)} p50 ${q(0.5)}  p95 ${q(0.95)}  max ${s[s.length - 1].toFixed(1)}`,
  );
}

try {
  const t0 = performance.now();
  for (let i = 0; i < N; i++) await lostRenewal(i);
  console.log(
    `db ${scratch.db.kind}, ${N} lost renewals set up in ${((performance.now() - t0) / 1000).toFixed(1)} s;`,
    `load average ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')} on ${os.cpus().length} CPUs`,
  );

  const runs: number[] = [];
  const perSub: number[] = [];
  let paid = 0;
  for (let round = 0; round < 20; round++) {
    const t = performance.now();
    const r = await call('/functions/v1/stripe-reconcile', {
      method: 'POST',
      headers: { ...json, ...service },
      body: '{}',
    });
    const took = performance.now() - t;
    if (r.checked === 0) break;
    runs.push(took);
    perSub.push(took / r.checked);
    paid += r.paid;
    if (r.errors.length) console.log('errors:', r.errors);
  }
  const idle: number[] = [];
  const due: number[] = [];
  for (let i = 0; i < 20; i++) {
    let t = performance.now();
    await call('/functions/v1/stripe-reconcile', {
      method: 'POST',
      headers: { ...json, ...service },
      body: '{}',
    });
    idle.push(performance.now() - t);
    t = performance.now();
    await scratch.db.query('select private.stripe_reconcile_due() as due');
    due.push(performance.now() - t);
  }
  const grants = await scratch.db.query<{ n: string }>(
    `select count(*)::text as n from public.credit_ledger where reason = 'plan_grant' and reference like 'period:%'`,
  );
  console.log(
    `granted ${paid} of ${N} renewals in ${runs.length} runs (plan grants in the ledger: ${grants.rows[0].n})`,
  );
  stats('run', runs);
  stats('per sub', perSub);
  stats('idle run', idle);
  stats('due check', due);
} finally {
  await stack.close();
  await scratch.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
