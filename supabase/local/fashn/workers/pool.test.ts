import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { threadId } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { isRemoteError } from './errors.ts';
import type { FixtureReply, FixtureRequest } from './pool-fixture.worker.ts';
import { PoolClosedError, WorkerCrashError, WorkerPool } from './pool.ts';

const pools: WorkerPool<FixtureRequest, FixtureReply>[] = [];
afterEach(async () => {
  for (const p of pools.splice(0)) await p.close();
});

function pool(size: number, logs: string[] = []) {
  const p = new WorkerPool<FixtureRequest, FixtureReply>({
    entry: new URL('./pool-fixture.worker.ts', import.meta.url),
    size,
    name: 'pool-test',
    data: { hello: 'worker' },
    log: (m) => logs.push(m),
  });
  pools.push(p);
  return p;
}

describe('WorkerPool', () => {
  it('runs a TypeScript entry on another thread, with its data, and moves buffers both ways', async () => {
    const p = pool(1);
    const bytes = new Uint8Array([1, 2, 3, 4]);
    const reply = await p.run({ echo: 'hi', bytes }, [bytes.buffer]);
    expect(reply.threadId).not.toBe(threadId);
    expect(reply.echo).toBe('hi');
    expect(reply.data).toEqual({ hello: 'worker' });
    expect(bytes.byteLength).toBe(0); // moved to the worker, not copied
    expect([...(reply.bytes ?? [])]).toEqual([4, 3, 2, 1]);
  });

  it('keeps the main thread free while a worker spins', async () => {
    const p = pool(1);
    const order: string[] = [];
    const work = p.run({ spin: 400 }).then(() => order.push('render done'));
    const tick = new Promise((r) => setTimeout(r, 20)).then(() => order.push('timer'));
    await Promise.all([work, tick]);
    expect(order).toEqual(['timer', 'render done']);
  });

  it('queues tasks beyond its size and runs them in order of arrival', async () => {
    const p = pool(1);
    const order: string[] = [];
    await Promise.all([
      p.run({ sleep: 100 }).then(() => order.push('first')),
      p.run({ echo: 'second' }).then(() => order.push('second')),
    ]);
    expect(order).toEqual(['first', 'second']);
    expect(p.started).toBe(1);
  });

  it('gives a thrown error back with its class name and fields', async () => {
    const p = pool(1);
    const err = await p.run({ fail: 'no such garment' }).catch((e: unknown) => e);
    expect(isRemoteError(err)).toBe(true);
    expect(err).toMatchObject({
      message: 'no such garment',
      className: 'FixtureError',
      fields: { errorName: 'FixtureFailure', status: 418 },
    });
    expect((await p.run({ echo: 'still there' })).echo).toBe('still there');
    expect(p.started).toBe(1);
  });

  for (const crash of ['throw', 'exit'] as const) {
    it(`a worker that crashes (${crash}) fails only its task and is replaced`, async () => {
      const logs: string[] = [];
      const p = pool(2, logs);
      const other = p.run({ sleep: 300 });
      const crashed = p.run({ crash }).catch((e: unknown) => e);
      const err = await crashed;
      expect(err).toBeInstanceOf(WorkerCrashError);
      expect((err as Error).message).toMatch(crash === 'throw' ? /simulated crash/ : /exit code 3/);
      expect((await other).threadId).not.toBe(threadId); // the other task was not touched
      // a new thread takes the crashed one's place: two tasks at once run on two threads again
      const [a, b] = await Promise.all([p.run({ sleep: 50 }), p.run({ sleep: 50 })]);
      expect(a.threadId).not.toBe(b.threadId);
      expect(p.started).toBe(3);
      expect(p.workers).toHaveLength(2);
      expect(logs.some((l) => /its task failed/.test(l))).toBe(true);
    });
  }

  it('works the same in a process run by tsx (as npm start runs the stack), which then exits', async () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
    const { stdout } = await promisify(execFile)(
      path.join(root, 'node_modules/.bin/tsx'),
      [fileURLToPath(new URL('./pool-under-tsx.fixture.ts', import.meta.url))],
      { cwd: root, timeout: 60_000 },
    );
    const out = JSON.parse(stdout.trim());
    expect(out).toMatchObject({ echo: 'under tsx', data: 'from tsx' });
    expect(out.threadId).not.toBe(out.mainThread);
  }, 70_000);

  it('close() rejects running and waiting tasks and ends every thread', async () => {
    const p = pool(1);
    await p.run({ echo: 'warm' });
    const [worker] = p.workers;
    const exited = new Promise((r) => worker.once('exit', r));
    const running = p.run({ sleep: 10_000 }).catch((e: unknown) => e);
    const waiting = p.run({ echo: 'never' }).catch((e: unknown) => e);
    await p.close();
    expect(await running).toBeInstanceOf(PoolClosedError);
    expect(await waiting).toBeInstanceOf(PoolClosedError);
    await exited;
    expect(p.workers).toEqual([]);
    await expect(p.run({ echo: 'late' })).rejects.toBeInstanceOf(PoolClosedError);
  });
});
