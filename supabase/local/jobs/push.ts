// The local stack's stand-in for hosted Supabase's pg_net call of the `send-push` function
// (private.invoke_send_push, from the trigger that queues pushes) and its pg_cron retry job:
// POST /functions/v1/send-push with the service role key
//   - at once when pushes are queued: LISTEN 'push_jobs' (the trigger notifies on commit);
//   - every PUSH_INTERVAL_MS (default 5000; 0 = only on NOTIFY) when a push is due, asked with
//     one cheap query, in case a wake-up is missed (a restart, a dropped LISTEN connection);
//   - on every scheduled-jobs run (jobs/index.ts) when a retry is due.
// Runs never overlap; a notification during a run asks for one more run after it (that is
// also what lost one now and then: __tests__/wake-ups.test.ts).
import type { StackContext } from '../http.ts';

export interface PushSender {
  /** sends what is due now (after a run in progress); the function's report, or null */
  runNow(): Promise<unknown>;
  /** runs only when a push is due (one cheap query) */
  sweep(): Promise<unknown>;
  stop(): Promise<void>;
}

function intervalMs(): number {
  const raw = process.env.PUSH_INTERVAL_MS;
  const n = raw === undefined || raw === '' ? 5000 : Number.parseInt(raw, 10);
  return Number.isFinite(n) && n >= 0 ? n : 5000;
}

export function startPushSender(ctx: StackContext): PushSender {
  const log = (m: string) => ctx.log('push', m);
  let stopped = false;
  let running: Promise<unknown> | null = null;
  let again = false;
  let available: boolean | null = null;
  let unlisten: (() => Promise<void>) | null = null;

  async function isAvailable(): Promise<boolean> {
    if (available === null) {
      const r = await ctx.db.query<{ ok: boolean }>(
        `select to_regclass('public.push_deliveries') is not null as ok`,
      );
      available = r.rows[0]?.ok === true;
    }
    return available;
  }

  async function callSendPush(): Promise<unknown> {
    const res = await fetch(`${ctx.url}/functions/v1/send-push`, {
      method: 'POST',
      headers: {
        apikey: ctx.keys.serviceRole,
        Authorization: `Bearer ${ctx.keys.serviceRole}`,
        'Content-Type': 'application/json',
      },
      body: '{}',
    });
    const text = await res.text();
    if (!res.ok) {
      log(`send-push answered ${res.status}: ${text.slice(0, 300)}`);
      return null;
    }
    return JSON.parse(text);
  }

  function run(): Promise<unknown> {
    if (stopped) return Promise.resolve(null);
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      if (!(await isAvailable())) return null;
      let last: unknown = null;
      for (let round = 0; round < 10 && !stopped; round++) {
        again = false;
        last = await callSendPush();
        // a wake-up that came while the function was claiming may have found nothing yet:
        // go again while anything is due. `again` is read after the query: a push committed
        // while it ran is not in its answer, but its notification has set `again` by then.
        const due = await isDue();
        if (!again && !due) break;
      }
      return last;
    })()
      .catch((err: unknown) => {
        if (!stopped) log(`push delivery failed: ${err instanceof Error ? err.message : String(err)}`);
        return null;
      })
      .finally(() => {
        running = null;
        // a notification between the loop's last look and here is not lost either
        if (again && !stopped) void run();
      });
    return running;
  }

  function isDue(): Promise<boolean> {
    return ctx.db
      .query<{ due: boolean }>(
        `select exists (select 1 from public.push_deliveries
                         where status = 'pending' and next_attempt_at <= now()) as due`,
      )
      .then((r) => r.rows[0]?.due === true)
      .catch(() => false);
  }

  async function sweep(): Promise<unknown> {
    if (stopped || !(await isAvailable().catch(() => false))) return null;
    // 'sending' rows whose lease ran out are due again too
    const due = await ctx.db
      .query<{ due: boolean }>(
        `select exists (select 1 from public.push_deliveries
                         where status in ('pending', 'sending') and next_attempt_at <= now()) as due`,
      )
      .then((r) => r.rows[0]?.due === true)
      .catch(() => false);
    return due ? run() : null;
  }

  const every = intervalMs();
  const timer =
    every > 0
      ? setInterval(() => {
          if (!running) void sweep();
        }, every)
      : null;
  timer?.unref();

  void (async () => {
    try {
      unlisten = await ctx.db.listen('push_jobs', () => void run());
    } catch (err) {
      if (!stopped) log(`cannot listen on push_jobs: ${err instanceof Error ? err.message : String(err)}`);
    }
    // pushes left from before a restart
    void sweep();
  })();

  const sender: PushSender = {
    async runNow() {
      if (running) await running;
      return run();
    },
    sweep,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      if (running) await Promise.race([running.catch(() => {}), new Promise((r) => setTimeout(r, 5000))]);
      await unlisten?.().catch(() => {});
      unlisten = null;
    },
  };
  ctx.onClose(() => sender.stop());
  return sender;
}
