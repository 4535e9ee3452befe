// pollJob and readProvider alone: a poll reads where the work stands (or a callback kept for
// the job) and acts on it; a poll never starts work.
import { describe, expect, it } from 'vitest';
import { sampleImageJob } from '../providers/testing.ts';
import { ProviderError } from '../providers/types.ts';
import { pollJob, readProvider } from './poll.ts';
import { newReport } from './report.ts';
import { memoryStore, scriptedProvider, testConfig, testContext } from './testing.ts';

const waiting = sampleImageJob({ provider_job_id: 'fashn:model:p1' });

describe('readProvider', () => {
  it("is the provider's answer; a read that throws is that failure", async () => {
    const { store } = memoryStore();
    const ok = scriptedProvider({ poll: async () => ({ state: 'completed', outputs: ['u'] }) });
    expect(await readProvider(testContext(store, ok.provider), waiting, 'fashn:model:p1')).toEqual({
      state: 'completed',
      outputs: ['u'],
    });
    const broken = scriptedProvider({
      poll: async () => {
        throw new ProviderError({ kind: 'permanent', code: 'HTTP 401', message: 'bad key' });
      },
    });
    expect(await readProvider(testContext(store, broken.provider), waiting, 'fashn:model:p1')).toEqual({
      state: 'failed',
      failure: { kind: 'permanent', code: 'HTTP 401', message: 'bad key' },
    });
  });
});

describe('pollJob', () => {
  it('still running: lets go of the job with the next poll after the interval', async () => {
    const { store, calls } = memoryStore();
    const p = scriptedProvider();
    const report = newReport(testConfig);
    await pollJob(testContext(store, p.provider), waiting, report);
    expect(p.calls).toEqual([['poll', 'fashn:model:p1']]);
    expect(calls).toEqual([['recordProgress', 'image', waiting.image_id, 1, 'fashn:model:p1', 10, 60]]);
    expect(report.running).toBe(1);
  });

  it('a callback kept for the job (its holder died) is read instead of asking the provider', async () => {
    const { store, calls } = memoryStore();
    const p = scriptedProvider({
      parseCallback: async () => ({
        state: 'failed',
        failure: { kind: 'rejected', code: 'NSFWError', message: 'no' },
      }),
    });
    const report = newReport(testConfig);
    await pollJob(testContext(store, p.provider), { ...waiting, callback: { body: { id: 'p1' } } }, report);
    expect(p.calls).toEqual([['parseCallback', 'fashn:model:p1', { id: 'p1' }]]);
    expect(calls).toEqual([['finish', 'image', waiting.image_id, 1, 'rejected', { error: 'NSFWError: no' }]]);
    expect(report.rejected).toBe(1);
  });

  it('a callback that came while the poll held the job is acted on before letting go', async () => {
    const { store, calls } = memoryStore({
      recordProgress: [{ recorded: true, callback: { body: { id: 'p1' } } }],
    });
    const p = scriptedProvider({
      poll: async () => ({ state: 'running' }),
      parseCallback: async () => ({
        state: 'failed',
        failure: { kind: 'transient', code: 'X', message: 'try again' },
      }),
    });
    const report = newReport(testConfig);
    await pollJob(testContext(store, p.provider), waiting, report);
    expect(p.calls.map((c) => c[0])).toEqual(['poll', 'parseCallback']);
    expect(calls.map((c) => c[0])).toEqual(['recordProgress', 'retry']);
    expect(report).toMatchObject({ running: 0, retried: 1 });
  });

  it('a job without a handle is left alone', async () => {
    const { store, calls } = memoryStore();
    const p = scriptedProvider();
    await pollJob(testContext(store, p.provider), sampleImageJob(), newReport(testConfig));
    expect([calls, p.calls]).toEqual([[], []]);
  });
});
