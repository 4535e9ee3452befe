// The run's own helpers alone: pool runs at most `limit` at a time and every item once;
// guarded reports a step's database error instead of ending the run.
import { describe, expect, it } from 'vitest';
import { sampleImageJob } from '../providers/testing.ts';
import { guarded, pool } from './dispatch.ts';
import { newReport } from './report.ts';
import { memoryStore, scriptedProvider, testConfig, testContext } from './testing.ts';

describe('pool', () => {
  it('runs every item once, never more than limit at a time', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await pool([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running++;
      most = Math.max(most, running);
      await Promise.resolve();
      done.push(n);
      running--;
    });
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
  });
});

describe('guarded', () => {
  it("reports the step's error with the job and lets the run go on", async () => {
    const job = sampleImageJob();
    const report = newReport(testConfig);
    const ctx = testContext(memoryStore().store, scriptedProvider().provider);
    await guarded(ctx, 'poll', job, report, async () => {
      throw new Error('record_provider_progress: connection reset');
    });
    expect(report.errors).toEqual([`poll image ${job.image_id}: record_provider_progress: connection reset`]);
  });
});
