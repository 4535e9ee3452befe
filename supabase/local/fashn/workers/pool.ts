// A small pool of worker threads that run one task each at a time: CPU-heavy work (the
// preview renderer's pixel loops and encoders) leaves the stack's main thread, so auth, REST,
// realtime and storage keep answering while it runs.
//
// - Workers start on first use (`bootstrap.mjs` registers tsx, then imports the .ts entry) and
//   stay; an idle worker does not keep the process alive (unref'd), a busy one does.
// - Tasks go to the first idle worker in order (so under light load one worker, with warm
//   caches, does the work); the others wait in order of arrival.
// - A worker that dies (an uncaught exception, process.exit, running out of memory, being
//   terminated from outside) fails only the task it was running, with WorkerCrashError; the
//   next task starts a fresh worker in its place.
// - close() rejects waiting tasks with PoolClosedError and terminates every worker.
// Messages: {id, request} in; {id, ok: true, result} or {id, ok: false, error} out (see serve.ts).
import { type Transferable, Worker } from 'node:worker_threads';
import { type SerializedError, deserializeError } from './errors.ts';

export class WorkerCrashError extends Error {
  override name = 'WorkerCrashError';
}

export class PoolClosedError extends Error {
  override name = 'PoolClosedError';
}

export interface PoolOptions {
  /** the worker's TypeScript entry (it calls serve() from serve.ts) */
  entry: URL;
  /** at most this many threads */
  size: number;
  /** handed to every worker as workerData.data */
  data?: unknown;
  /** thread name prefix (shows in inspectors and crash messages) */
  name: string;
  log(message: string): void;
}

interface Task {
  id: number;
  request: unknown;
  transfer: Transferable[];
  resolve(value: unknown): void;
  reject(err: Error): void;
}

interface Slot {
  worker: Worker;
  task: Task | null;
  /** the last uncaught error the worker reported before it exited */
  error: Error | null;
}

type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: SerializedError };

const BOOTSTRAP = new URL('./bootstrap.mjs', import.meta.url);

export class WorkerPool<Req, Res> {
  private readonly slots: Slot[] = [];
  private readonly waiting: Task[] = [];
  private nextId = 1;
  private closed = false;
  private spawned = 0;

  constructor(private readonly opts: PoolOptions) {
    if (!Number.isInteger(opts.size) || opts.size < 1)
      throw new Error('a worker pool needs at least one thread');
  }

  get size(): number {
    return this.opts.size;
  }

  /** The threads now running (tests; a crash is simulated by terminating one). */
  get workers(): readonly Worker[] {
    return this.slots.map((s) => s.worker);
  }

  /** How many threads were started so far (replacements included). */
  get started(): number {
    return this.spawned;
  }

  /** Runs one request on a worker; `transfer` moves those buffers instead of copying them. */
  run(request: Req, transfer: Transferable[] = []): Promise<Res> {
    if (this.closed) return Promise.reject(new PoolClosedError('the worker pool is closed'));
    return new Promise<Res>((resolve, reject) => {
      this.waiting.push({
        id: this.nextId++,
        request,
        transfer,
        resolve: resolve as (v: unknown) => void,
        reject,
      });
      this.pump();
    });
  }

  private pump() {
    while (!this.closed && this.waiting.length) {
      let slot = this.slots.find((s) => s.task === null);
      if (!slot && this.slots.length < this.opts.size) slot = this.spawn();
      if (!slot) return;
      const task = this.waiting.shift()!;
      slot.task = task;
      slot.worker.ref();
      try {
        slot.worker.postMessage({ id: task.id, request: task.request }, task.transfer);
      } catch (err) {
        // a request that cannot be cloned: that task's fault, not the worker's
        slot.task = null;
        slot.worker.unref();
        task.reject(err instanceof Error ? err : new Error(String(err)));
      }
    }
  }

  private spawn(): Slot {
    const n = ++this.spawned;
    const worker = new Worker(BOOTSTRAP, {
      name: `${this.opts.name}-${n}`,
      workerData: { entry: this.opts.entry.href, data: this.opts.data },
    });
    const slot: Slot = { worker, task: null, error: null };
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const task = slot.task;
      if (!task || reply.id !== task.id) return;
      slot.task = null;
      worker.unref();
      if (reply.ok) task.resolve(reply.result);
      else task.reject(deserializeError(reply.error));
      this.pump();
    });
    worker.on('error', (err) => {
      slot.error = err;
    });
    worker.on('exit', (code) => {
      const i = this.slots.indexOf(slot);
      if (i !== -1) this.slots.splice(i, 1);
      if (this.closed) return;
      const why = slot.error ? `crashed: ${slot.error.message}` : `stopped unexpectedly (exit code ${code})`;
      this.opts.log(`worker ${n} ${why}${slot.task ? '; its task failed' : ''}`);
      const task = slot.task;
      slot.task = null;
      task?.reject(new WorkerCrashError(`the render worker ${why}`));
      this.pump();
    });
    this.slots.push(slot);
    return slot;
  }

  /** Rejects waiting tasks, terminates every worker (a task in flight is rejected too). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const err = new PoolClosedError('the worker pool is closed');
    for (const task of this.waiting.splice(0)) task.reject(err);
    const slots = this.slots.splice(0);
    for (const s of slots) {
      s.task?.reject(err);
      s.task = null;
    }
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }
}
