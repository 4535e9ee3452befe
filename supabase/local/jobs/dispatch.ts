// The local stack's stand-in for hosted Supabase's pg_cron + pg_net schedule of the
// `dispatch` edge function (supabase/migrations/20261122005200_dispatch_schedule.sql): it
// calls the very same function, POST /functions/v1/dispatch with the service role key,
//   - at once when new work is stored: LISTEN on the channels start_generation
//     ('generation_jobs'), request_project_video ('video_jobs') and
//     start_background_removal ('tool_jobs') notify on commit;
//   - every DISPATCH_INTERVAL_MS (default 5000; 0 = only on NOTIFY) when there is due work
//     (polls, retries after their backoff, leases that ran out), asked with one cheap query.
// Runs never overlap; a notification during a run asks for one more run after it, and a run
// that claimed a full batch is followed by another.
//
// GENERATION_DISPATCH=off leaves the queue alone (the shared integration-test stack does:
// its domain tests drive the queue by hand).
import type { StackContext } from '../http.ts';

export interface Dispatcher {
  /** runs dispatch now (after a run in progress); the function's report, or null when off/unavailable */
  runNow(): Promise<unknown>;
  stop(): Promise<void>;
}

const CHANNELS = ['generation_jobs', 'video_jobs', 'tool_jobs'];

export function dispatchEnabled(): boolean {
  return !/^(0|off|false|no)$/i.test(process.env.GENERATION_DISPATCH ?? '');
}

function intervalMs(): number {
  const raw = process.env.DISPATCH_INTERVAL_MS;
  const n = raw === undefined || raw === '' ? 5000 : Number.parseInt(raw, 10);
  return Number.isFinite(n) && n >= 0 ? n : 5000;
}

/** A dispatcher that does nothing (GENERATION_DISPATCH=off). */
export const noDispatcher: Dispatcher = { runNow: async () => null, stop: async () => {} };

export function startDispatcher(ctx: StackContext): Dispatcher {
  const log = (m: string) => ctx.log('dispatch', m);
  let stopped = false;
  let running: Promise<unknown> | null = null;
  let again = false;
  let available: boolean | null = null;
  const unlisteners: (() => Promise<void>)[] = [];

  async function isAvailable(): Promise<boolean> {
    if (available === null) {
      const r = await ctx.db.query<{ ok: boolean }>(
        `select to_regprocedure('private.dispatch_due(timestamptz)') is not null as ok`,
      );
      available = r.rows[0]?.ok === true;
    }
    return available;
  }

  async function callDispatch(): Promise<unknown> {
    const res = await fetch(`${ctx.url}/functions/v1/dispatch`, {
      method: 'POST',
      headers: {
        apikey: ctx.keys.serviceRole,
        Authorization: `Bearer ${ctx.keys.serviceRole}`,
        'Content-Type': 'application/json',
      },
      body: '{"reason":"local"}',
    });
    const text = await res.text();
    if (!res.ok) {
      log(`dispatch answered ${res.status}: ${text.slice(0, 300)}`);
      return null;
    }
    return JSON.parse(text);
  }

  /** One run, then more while work keeps coming (a notification meanwhile, or a full batch). */
  async function runLoop(): Promise<unknown> {
    let last: unknown = null;
    for (let round = 0; round < 20 && !stopped; round++) {
      again = false;
      last = await callDispatch();
      const r = last as {
        claimed?: Record<string, number>;
        batchSize?: number;
        watermarkBatchSize?: number;
        errors?: string[];
      } | null;
      if (r?.errors?.length) log(`dispatch: ${r.errors.join('; ')}`);
      // a kind that filled its batch may have more waiting (watermarked copies have a batch of their own)
      const full = r?.claimed
        ? Object.entries(r.claimed).some(
            ([kind, n]) => n >= ((kind === 'watermarks' ? r.watermarkBatchSize : r.batchSize) ?? 8),
          )
        : false;
      if (!again && !full) break;
    }
    return last;
  }

  function run(): Promise<unknown> {
    if (stopped) return Promise.resolve(null);
    if (running) {
      again = true;
      return running;
    }
    running = (async () => ((await isAvailable()) ? runLoop() : null))()
      .catch((err: unknown) => {
        if (!stopped) log(`dispatch failed: ${err instanceof Error ? err.message : String(err)}`);
        return null;
      })
      .finally(() => {
        running = null;
        // a notification between the loop's last look and here is not lost either
        if (again && !stopped) void run();
      });
    return running;
  }

  async function tick(): Promise<void> {
    if (stopped || running || !(await isAvailable().catch(() => false))) return;
    const due = await ctx.db
      .query<{ due: boolean }>('select private.dispatch_due() as due')
      .then((r) => r.rows[0]?.due === true)
      .catch(() => false);
    if (due) await run();
  }

  const every = intervalMs();
  const timer = every > 0 ? setInterval(() => void tick(), every) : null;
  timer?.unref();

  void (async () => {
    for (const channel of CHANNELS) {
      try {
        unlisteners.push(await ctx.db.listen(channel, () => void run()));
      } catch (err) {
        if (!stopped) log(`cannot listen on ${channel}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    // work left from before a restart (the stack stopped mid-generation)
    void tick();
  })();

  const dispatcher: Dispatcher = {
    async runNow() {
      if (running) await running;
      return run();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      if (running) await Promise.race([running.catch(() => {}), new Promise((r) => setTimeout(r, 5000))]);
      for (const u of unlisteners.splice(0)) await u().catch(() => {});
    },
  };
  ctx.onClose(() => dispatcher.stop());
  return dispatcher;
}
