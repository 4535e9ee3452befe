// Who runs models.ts render(): a pool of worker threads (render-worker.ts), so the stack's
// main thread keeps answering auth, REST, realtime and storage while an image or a clip is
// drawn; or, with `workers: 0`, the main thread itself (as before; for measuring the
// difference and for debugging). Both give the same outputs and the same errors: a runtime
// error of the render (ImageLoadError, ContentModerationError, …) comes back as that
// PredictionError; anything else — a worker that crashed included — as a plain Error, which
// the queue reports as PipelineError.
import os from 'node:os';
import { PredictionError, type RuntimeErrorName } from './errors.ts';
import { render, type ModelName, type RenderEnv, type RenderOutput } from './models.ts';
import type { OutputFile } from './outputs.ts';
import { isRemoteError } from './workers/errors.ts';
import { WorkerPool } from './workers/pool.ts';
import { asBuffer } from './workers/serve.ts';

/** What every render worker is started with. */
export interface WorkerSettings {
  selfUrl: string;
  publicDir: string;
  outputsDir: string;
  ttlSeconds: number;
}

export interface RenderRequest {
  /** the prediction's id, which is its outputs' id */
  id: string;
  model: string;
  inputs: Record<string, unknown>;
}

export interface RenderReply {
  files: { bytes: Uint8Array; ext: OutputFile['ext'] }[];
  subject?: { data: Uint8Array; width: number; height: number };
  details?: Record<string, unknown>;
}

export interface Renderer {
  render(id: string, model: ModelName, inputs: Record<string, unknown>): Promise<RenderOutput>;
  /** the worker threads (null when rendering on the main thread) */
  readonly pool: WorkerPool<RenderRequest, RenderReply> | null;
  close(): Promise<void>;
}

/** One thread per core the main thread does not need, at least one. */
export function defaultWorkerCount(): number {
  return Math.max(1, os.availableParallelism() - 1);
}

export function createRenderer(opts: {
  /** threads (no more are used than `concurrency`, as no more predictions render at once); 0 = main thread */
  workers: number;
  concurrency: number;
  settings: WorkerSettings;
  /** the main thread's environment, for workers: 0 */
  env: RenderEnv;
  log(message: string): void;
}): Renderer {
  const size = Math.min(Math.floor(opts.workers), opts.concurrency);
  if (!(size >= 1)) {
    return {
      pool: null,
      render: (_id, model, inputs) => render(model, inputs, opts.env),
      async close() {},
    };
  }
  const pool = new WorkerPool<RenderRequest, RenderReply>({
    entry: new URL('./render-worker.ts', import.meta.url),
    size,
    name: 'fashn-render',
    data: opts.settings,
    log: opts.log,
  });
  return {
    pool,
    async render(id, model, inputs) {
      let reply: RenderReply;
      try {
        reply = await pool.run({ id, model, inputs });
      } catch (err) {
        if (isRemoteError(err) && err.className === 'PredictionError')
          throw new PredictionError(err.fields.errorName as RuntimeErrorName, err.message);
        throw err;
      }
      return {
        files: reply.files.map((f) => ({ bytes: asBuffer(f.bytes), ext: f.ext })),
        subject: reply.subject && {
          data: asBuffer(reply.subject.data),
          width: reply.subject.width,
          height: reply.subject.height,
        },
        details: reply.details,
      };
    },
    close: () => pool.close(),
  };
}
