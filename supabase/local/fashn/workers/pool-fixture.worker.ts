// A worker for pool.test.ts: echoes, sleeps, spins the CPU, throws, or crashes on request.
import { threadId } from 'node:worker_threads';
import { poolData, serve, transferable } from './serve.ts';

export type FixtureRequest =
  | { echo: string; bytes?: Uint8Array }
  | { sleep: number }
  | { spin: number }
  | { fail: string }
  | { crash: 'throw' | 'exit' };

export interface FixtureReply {
  threadId: number;
  echo?: string;
  /** the bytes received, reversed */
  bytes?: Uint8Array;
  data?: unknown;
}

class FixtureError extends Error {
  readonly errorName = 'FixtureFailure';
  readonly status = 418;
}

serve<FixtureRequest, FixtureReply>(async (req) => {
  if ('crash' in req) {
    if (req.crash === 'exit') process.exit(3);
    setImmediate(() => {
      throw new Error('simulated crash');
    });
    await new Promise(() => {}); // never answers: the crash comes first
  }
  if ('fail' in req) throw new FixtureError(req.fail);
  if ('sleep' in req) await new Promise((r) => setTimeout(r, req.sleep));
  if ('spin' in req) {
    const until = performance.now() + req.spin;
    while (performance.now() < until) {
      /* CPU-bound, as a render's pixel loops */
    }
  }
  const transfer: ArrayBuffer[] = [];
  const reply: FixtureReply = { threadId, data: poolData() };
  if ('echo' in req) {
    reply.echo = req.echo;
    if (req.bytes) reply.bytes = transferable(Uint8Array.from(req.bytes).reverse(), transfer);
  }
  return { result: reply, transfer };
});
