// The prediction queue: starting → in_queue → processing → completed | failed, a few at a
// time (each rendered by renderer.ts: on a worker thread unless LOCAL_FASHN_WORKERS=0). Each
// prediction is a small JSON file under {DATA_DIR}/fashn/predictions/, so a restarted stack
// still answers its status and runs again the ones it had not finished. When a webhook_url was
// given, the final status body is POSTed to it (retried with backoff on a non-2xx answer, like
// FASHN: up to 5 retries).
import { randomUUID } from 'node:crypto';
import { promises as fs, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describeFailure, PredictionError } from './errors.ts';

export type PredictionStatus = 'starting' | 'in_queue' | 'processing' | 'completed' | 'failed';

export interface Prediction {
  id: string;
  model_name: string;
  inputs: Record<string, unknown>;
  webhook_url: string | null;
  status: PredictionStatus;
  output: string[] | null;
  error: { name: string; message: string } | null;
  created_at: string;
  updated_at: string;
}

/** The body of GET /v1/status/{id} and of the webhook. */
export function statusBody(p: Prediction) {
  return { id: p.id, status: p.status, output: p.output, error: p.error };
}

export interface QueueOptions {
  dir: string;
  concurrency: number;
  /** pause before each state change (tests watch the transitions); default 0 */
  stepDelayMs: number;
  /** how long finished predictions answer their status */
  keepSeconds: number;
  /** renders one prediction, returning its output URLs */
  run(p: Prediction): Promise<string[]>;
  fetch?: typeof fetch;
  /** delays between webhook attempts, ms */
  webhookBackoffMs?: number[];
  log(message: string): void;
}

const ID = /^[0-9a-f-]{36}$/;
const TERMINAL = new Set<PredictionStatus>(['completed', 'failed']);

export class PredictionQueue {
  private readonly all = new Map<string, Prediction>();
  private readonly waiting: string[] = [];
  private running = 0;
  private closed = false;
  private readonly timers = new Set<NodeJS.Timeout>();
  /** wakes every pending sleep (on close) */
  private readonly wakers = new Set<() => void>();
  private readonly busy = new Set<Promise<unknown>>();
  /** the last save of each prediction (the next one waits for it) */
  private readonly saving = new Map<string, Promise<void>>();

  constructor(private readonly opts: QueueOptions) {
    mkdirSync(opts.dir, { recursive: true });
  }

  /** Loads saved predictions; unfinished ones go back in the queue. */
  restore(): number {
    let requeued = 0;
    for (const f of readdirSync(this.opts.dir)) {
      if (!f.endsWith('.json')) continue;
      try {
        const p = JSON.parse(readFileSync(path.join(this.opts.dir, f), 'utf8')) as Prediction;
        if (!ID.test(p.id)) continue;
        this.all.set(p.id, p);
        if (!TERMINAL.has(p.status)) {
          p.status = 'in_queue';
          this.waiting.push(p.id);
          requeued++;
        }
      } catch {
        /* a half-written file: ignore */
      }
    }
    if (requeued) this.opts.log(`${requeued} unfinished prediction(s) queued again`);
    this.pump();
    return requeued;
  }

  submit(model_name: string, inputs: Record<string, unknown>, webhook_url: string | null): Prediction {
    const now = new Date().toISOString();
    const p: Prediction = {
      id: randomUUID(),
      model_name,
      inputs,
      webhook_url,
      status: 'starting',
      output: null,
      error: null,
      created_at: now,
      updated_at: now,
    };
    this.all.set(p.id, p);
    this.track(this.persist(p));
    this.later(() => {
      this.setStatus(p, 'in_queue');
      this.waiting.push(p.id);
      this.pump();
    });
    return p;
  }

  get(id: string): Prediction | null {
    return this.all.get(id) ?? null;
  }

  private later(fn: () => void) {
    const t = setTimeout(() => {
      this.timers.delete(t);
      if (!this.closed) fn();
    }, this.opts.stepDelayMs);
    this.timers.add(t);
  }

  /** Waits ms, or less when the queue closes. */
  private sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(t);
        this.timers.delete(t);
        this.wakers.delete(done);
        resolve();
      };
      const t = setTimeout(done, ms);
      this.timers.add(t);
      this.wakers.add(done);
    });
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.busy.add(promise);
    void promise.finally(() => this.busy.delete(promise)).catch(() => {});
    return promise;
  }

  private setStatus(p: Prediction, status: PredictionStatus) {
    p.status = status;
    p.updated_at = new Date().toISOString();
    this.track(this.persist(p));
  }

  /** Saves the prediction as it is now; saves of one prediction land in the order asked. */
  private persist(p: Prediction): Promise<void> {
    const json = JSON.stringify(p);
    const previous = this.saving.get(p.id) ?? Promise.resolve();
    const next = previous.then(() => this.write(p.id, json));
    this.saving.set(p.id, next);
    void next.finally(() => {
      if (this.saving.get(p.id) === next) this.saving.delete(p.id);
    });
    return next;
  }

  private async write(id: string, json: string) {
    const file = path.join(this.opts.dir, `${id}.json`);
    const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    try {
      await fs.writeFile(tmp, json);
      await fs.rename(tmp, file);
    } catch (err) {
      if (!this.closed) this.opts.log(`could not save prediction ${id}: ${describeFailure(err)}`);
      await fs.rm(tmp, { force: true }).catch(() => {});
    }
  }

  private pump() {
    while (!this.closed && this.running < this.opts.concurrency && this.waiting.length) {
      const p = this.all.get(this.waiting.shift()!);
      if (!p || TERMINAL.has(p.status)) continue;
      this.running++;
      this.track(this.process(p)).finally(() => {
        this.running--;
        this.pump();
      });
    }
  }

  private async process(p: Prediction) {
    if (this.opts.stepDelayMs) await this.sleep(this.opts.stepDelayMs);
    if (this.closed) return;
    this.setStatus(p, 'processing');
    if (this.opts.stepDelayMs) await this.sleep(this.opts.stepDelayMs);
    if (this.closed) return;
    try {
      p.output = await this.opts.run(p);
      p.error = null;
      if (this.closed) return; // the stack stops: leave it unfinished, it runs again on restart
      this.setStatus(p, 'completed');
    } catch (err) {
      if (this.closed) return;
      p.output = null;
      p.error =
        err instanceof PredictionError
          ? { name: err.errorName, message: err.message }
          : { name: 'PipelineError', message: `The preview renderer failed: ${describeFailure(err)}` };
      if (!(err instanceof PredictionError))
        this.opts.log(
          `prediction ${p.id} (${p.model_name}) failed: ${err instanceof Error ? err.stack : err}`,
        );
      this.setStatus(p, 'failed');
    }
    if (p.webhook_url) void this.track(this.deliver(p, p.webhook_url));
  }

  private async deliver(p: Prediction, url: string) {
    const backoff = this.opts.webhookBackoffMs ?? [1_000, 5_000, 15_000, 60_000, 180_000];
    const body = JSON.stringify(statusBody(p));
    for (let attempt = 0; attempt <= backoff.length; attempt++) {
      if (this.closed) return;
      try {
        const res = await (this.opts.fetch ?? fetch)(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body,
          signal: AbortSignal.timeout(15_000),
        });
        await res.body?.cancel().catch(() => {});
        if (res.ok) return;
        this.opts.log(`webhook for ${p.id} answered ${res.status} (attempt ${attempt + 1})`);
      } catch (err) {
        this.opts.log(`webhook for ${p.id} failed: ${describeFailure(err)} (attempt ${attempt + 1})`);
      }
      if (attempt < backoff.length) await this.sleep(backoff[attempt]);
    }
  }

  /** Forgets finished predictions older than keepSeconds (and their files). */
  async sweep(now = Date.now()): Promise<number> {
    let removed = 0;
    for (const [id, p] of this.all) {
      if (TERMINAL.has(p.status) && now - Date.parse(p.updated_at) > this.opts.keepSeconds * 1000) {
        this.all.delete(id);
        await fs.rm(path.join(this.opts.dir, `${id}.json`), { force: true });
        removed++;
      }
    }
    return removed;
  }

  async close() {
    this.closed = true;
    for (const wake of [...this.wakers]) wake();
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    // renders in flight finish their sharp work; nothing new starts
    await Promise.allSettled([...this.busy]);
  }
}
