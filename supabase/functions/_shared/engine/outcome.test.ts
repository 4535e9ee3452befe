// The outcome steps alone: failJob (retry with backoff, fail, reject), completeJob (stored,
// then finished; a bad output fails), actOnProgress (running lets go; a kept callback handed
// back is acted on, round after round), readKeptCallback (a body it cannot use is "running").
import { describe, expect, it } from 'vitest';
import { sampleImageJob } from '../providers/testing.ts';
import { CallbackMismatch, type Progress, ProviderError } from '../providers/types.ts';
import {
  actOnProgress,
  asFailure,
  completeJob,
  failJob,
  failureMessage,
  readKeptCallback,
} from './outcome.ts';
import { newReport } from './report.ts';
import { memoryStore, scriptedProvider, testConfig, testContext } from './testing.ts';

const job = sampleImageJob({ provider_job_id: 'fashn:model:p1', attempt: 2 });

describe('asFailure and failureMessage', () => {
  it("keeps a provider's failure; anything else is a transient engine error", () => {
    const failure = { kind: 'rejected' as const, code: 'NSFWError', message: 'no' };
    expect(asFailure(new ProviderError(failure))).toEqual(failure);
    expect(asFailure(new Error('socket hang up'))).toEqual({
      kind: 'transient',
      code: 'EngineError',
      message: 'socket hang up',
    });
    expect(failureMessage(failure)).toBe('NSFWError: no');
    expect(failureMessage({ kind: 'permanent', code: 'HTTP 404', message: 'answered HTTP 404' })).toBe(
      'answered HTTP 404',
    );
  });
});

describe('failJob', () => {
  it('transient: retried after base × 4^(attempt−1) s; permanent: failed; content: rejected', async () => {
    const { store, calls } = memoryStore();
    const ctx = testContext(store, scriptedProvider().provider);
    const report = newReport(testConfig);
    await failJob(ctx, job, { kind: 'transient', code: 'HTTP 503', message: 'busy' }, report);
    await failJob(ctx, job, { kind: 'permanent', code: 'PoseError', message: 'no pose' }, report);
    await failJob(ctx, job, { kind: 'rejected', code: 'NSFWError', message: 'no' }, report);
    expect(calls).toEqual([
      ['retry', 'image', job.image_id, 2, 'HTTP 503: busy', 20, 3],
      ['finish', 'image', job.image_id, 2, 'failed', { error: 'PoseError: no pose' }],
      ['finish', 'image', job.image_id, 2, 'rejected', { error: 'NSFWError: no' }],
    ]);
    expect(report).toMatchObject({ retried: 1, failed: 1, rejected: 1 });
  });
});

describe('completeJob', () => {
  it('an output that is not an image fails the job (refunded by SQL) instead of finishing it', async () => {
    const { store, calls, uploads } = memoryStore();
    const ctx = testContext(store, scriptedProvider().provider, {
      bytes: new TextEncoder().encode('<html>'),
    });
    const report = newReport(testConfig);
    await completeJob(ctx, job, ['https://cdn/x.png'], report);
    expect(calls.map((c) => c.slice(0, 5))).toEqual([['finish', 'image', job.image_id, 2, 'failed']]);
    expect(uploads.size).toBe(0);
    expect(report.failed).toBe(1);
  });
});

describe('readKeptCallback', () => {
  it('is what the provider reads from the body; a body about other work or a failed read is "running"', async () => {
    const { store } = memoryStore();
    const done: Progress = { state: 'completed', outputs: ['u'] };
    const ok = scriptedProvider({ parseCallback: async () => done });
    expect(
      await readKeptCallback(testContext(store, ok.provider), job, 'fashn:model:p1', { id: 'p1' }),
    ).toEqual(done);
    for (const err of [new CallbackMismatch('other prediction'), new Error('FASHN unreachable')]) {
      const bad = scriptedProvider({
        parseCallback: async () => {
          throw err;
        },
      });
      expect(await readKeptCallback(testContext(store, bad.provider), job, 'fashn:model:p1', {})).toEqual({
        state: 'running',
      });
    }
  });
});

describe('actOnProgress', () => {
  it('running: lets go with the next poll after pollSeconds; a job that moved on is stale', async () => {
    const { store, calls } = memoryStore({ recordProgress: [{ recorded: true }, { recorded: false }] });
    const ctx = testContext(store, scriptedProvider().provider);
    const report = newReport(testConfig);
    await actOnProgress(ctx, job, 'fashn:model:p1', { state: 'running' }, report, 0);
    await actOnProgress(ctx, job, 'fashn:model:p1', { state: 'running' }, report);
    expect(calls).toEqual([
      ['recordProgress', 'image', job.image_id, 2, 'fashn:model:p1', 0, 60],
      ['recordProgress', 'image', job.image_id, 2, 'fashn:model:p1', 10, 60],
    ]);
    expect(report).toMatchObject({ running: 1, stale: 1 });
  });

  it('acts on each callback handed back while it held the job, then lets go', async () => {
    const { store, calls } = memoryStore({
      recordProgress: [
        { recorded: true, callback: { body: { n: 1 } } },
        { recorded: true, callback: { body: { n: 2 } } },
        { recorded: true },
      ],
    });
    const p = scriptedProvider({ parseCallback: async () => ({ state: 'running' }) });
    const report = newReport(testConfig);
    await actOnProgress(testContext(store, p.provider), job, 'fashn:model:p1', { state: 'running' }, report);
    expect(p.calls.map((c) => c[2])).toEqual([{ n: 1 }, { n: 2 }]);
    expect(calls.map((c) => c[0])).toEqual(['recordProgress', 'recordProgress', 'recordProgress']);
    expect(report.running).toBe(1);
  });
});
