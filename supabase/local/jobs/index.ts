// The local stack's stand-in for pg_cron: runs the scheduled SQL on a timer. On hosted
// Supabase the migration schedules the same call with pg_cron
// (supabase/migrations/*_billing_and_renewal.sql); here there is no pg_cron, so the stack
// runs `select public.run_scheduled_jobs()` every SCHEDULED_JOBS_INTERVAL_MS (default one
// minute; 0 turns it off). Runs never overlap, and a database without the function (a
// stack started on other migrations) is left alone.
//
// Each run also retries due outbound notices (send-notice) and, when a Stripe-billed renewal
// may have lost its webhook, calls stripe-reconcile (hosted: pg_cron jobs of their own).
//
// The generation engine's dispatcher (dispatch.ts) starts with it: the stand-in for the
// pg_cron + pg_net schedule of the `dispatch` function; so does the Web Push sender
// (push.ts), the stand-in for the pg_net call and pg_cron retries of `send-push`.
import type { StackContext } from '../http.ts';
import { type Dispatcher, dispatchEnabled, noDispatcher, startDispatcher } from './dispatch.ts';
import { type PushSender, startPushSender } from './push.ts';

export interface ScheduledJobs {
  /** Runs the jobs now (waits for a run already in progress first); null when there is nothing to run. */
  runNow(): Promise<unknown>;
  stop(): Promise<void>;
  /** the generation engine's dispatcher (NOTIFY + timer → the dispatch function); see dispatch.ts */
  dispatch: Dispatcher;
  /** Web Push: NOTIFY 'push_jobs' → the send-push function; see push.ts */
  push: PushSender;
}

const JOB_SQL = 'select public.run_scheduled_jobs()::text as result';

export function startScheduledJobs(ctx: StackContext, intervalMs = defaultInterval()): ScheduledJobs {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  let available: boolean | null = null;
  let reconcileAvailable: boolean | null = null;

  async function runOnce(): Promise<unknown> {
    if (available === null) {
      const r = await ctx.db.query<{ ok: boolean }>(
        `select to_regprocedure('public.run_scheduled_jobs(timestamptz)') is not null
            and to_regclass('public.outbound_notices') is not null as ok`,
      );
      available = r.rows[0]?.ok === true;
    }
    if (!available) return null;
    const r = await ctx.db.query<{ result: string }>(JOB_SQL);
    const result = JSON.parse(r.rows[0].result);
    if (result?.renewals?.periods > 0 || result?.stuck_images_failed > 0) {
      ctx.log('jobs', `scheduled jobs: ${r.rows[0].result}`);
    }
    await deliverDueNotices().catch((err) =>
      ctx.log('jobs', `notice delivery failed: ${err?.message ?? err}`),
    );
    await push.sweep().catch((err) => ctx.log('jobs', `push retries failed: ${err?.message ?? err}`));
    await reconcileStripe().catch((err) =>
      ctx.log('jobs', `stripe reconciliation failed: ${err?.message ?? err}`),
    );
    return result;
  }

  /**
   * Stripe-billed renewals whose paid-invoice webhook never arrived: the stripe-reconcile
   * function asks Stripe and applies what it says (hosted: the pg_cron job
   * drape-stripe-reconcile through pg_net). Called only when a check may be due.
   */
  async function reconcileStripe(): Promise<void> {
    if (reconcileAvailable === null) {
      const r = await ctx.db.query<{ ok: boolean }>(
        `select to_regprocedure('private.stripe_reconcile_due(timestamptz)') is not null as ok`,
      );
      reconcileAvailable = r.rows[0]?.ok === true;
    }
    if (!reconcileAvailable) return;
    const due = await ctx.db.query<{ due: boolean }>('select private.stripe_reconcile_due() as due');
    if (due.rows[0]?.due !== true) return;
    const res = await fetch(`${ctx.url}/functions/v1/stripe-reconcile`, {
      method: 'POST',
      headers: {
        apikey: ctx.keys.serviceRole,
        Authorization: `Bearer ${ctx.keys.serviceRole}`,
        'Content-Type': 'application/json',
      },
      body: '{}',
    });
    const body = await res.text();
    if (!res.ok) ctx.log('jobs', `stripe-reconcile answered ${res.status}: ${body.slice(0, 200)}`);
    else if (/"(paid|ended)":[1-9]/.test(body)) ctx.log('jobs', `stripe-reconcile: ${body.slice(0, 300)}`);
  }

  /**
   * Outbound notices (feedback, contact, low credits...) are stored first and posted by the
   * send-notice function. The app asks for delivery right after storing one; this sweep
   * retries what a webhook refused, so a notice stored while the webhook was down still goes
   * out. (On hosted Supabase, schedule the same POST with pg_cron + pg_net.)
   */
  async function deliverDueNotices(): Promise<void> {
    const due = await ctx.db.query<{ n: number }>(
      `select count(*)::int as n from public.outbound_notices
        where status in ('pending', 'sending') and next_attempt_at <= now()`,
    );
    if (!due.rows[0] || due.rows[0].n === 0) return;
    const res = await fetch(`${ctx.url}/functions/v1/send-notice`, {
      method: 'POST',
      headers: {
        apikey: ctx.keys.serviceRole,
        Authorization: `Bearer ${ctx.keys.serviceRole}`,
        'Content-Type': 'application/json',
      },
      body: '{}',
    });
    const body = await res.text();
    if (!res.ok) ctx.log('jobs', `send-notice answered ${res.status}: ${body.slice(0, 200)}`);
  }

  function tick(): Promise<unknown> {
    if (!running) {
      running = runOnce()
        .catch((err) => {
          if (!stopped) ctx.log('jobs', `scheduled jobs failed: ${err?.message ?? err}`);
          return null;
        })
        .finally(() => {
          running = null;
        });
    }
    return running;
  }

  const timer = intervalMs > 0 ? setInterval(() => void tick(), intervalMs) : null;
  timer?.unref();

  const dispatch = dispatchEnabled() ? startDispatcher(ctx) : noDispatcher;
  const push = startPushSender(ctx);
  const jobs: ScheduledJobs = {
    dispatch,
    push,
    async runNow() {
      if (running) await running;
      return tick();
    },
    async stop() {
      stopped = true;
      await dispatch.stop();
      await push.stop();
      if (timer) clearInterval(timer);
      if (running) await running;
    },
  };
  ctx.onClose(() => jobs.stop());
  return jobs;
}

function defaultInterval(): number {
  const v = process.env.SCHEDULED_JOBS_INTERVAL_MS;
  const n = v === undefined || v === '' ? 60_000 : Number.parseInt(v, 10);
  return Number.isFinite(n) && n >= 0 ? n : 60_000;
}
