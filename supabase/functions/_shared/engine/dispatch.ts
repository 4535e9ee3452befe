// One dispatch run for a worker: claims due work (new jobs, polls, watermarked copies), then
// submits, polls and copies, a few at a time, and reports what it did. Nothing here waits for
// a render: each step ends when the provider has answered.
import type { EngineJob } from '../providers/types.ts';
import type { EngineContext } from './context.ts';
import { idOf, kindOf } from './inputs.ts';
import { pollJob } from './poll.ts';
import { type DispatchReport, newReport } from './report.ts';
import { submitJob } from './submit.ts';
import { copyWatermark } from './watermark-copies.ts';

/** Runs fn over items, at most `limit` at a time. */
export async function pool<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await fn(items[next++]);
  });
  await Promise.all(workers);
}

/** Runs one job's step; a database or storage error is reported, and the job's lease brings it back later. */
export async function guarded(
  ctx: EngineContext,
  what: string,
  job: EngineJob,
  report: DispatchReport,
  fn: () => Promise<void>,
): Promise<void> {
  try {
    await fn();
  } catch (err) {
    const message = `${what} ${kindOf(job)} ${idOf(job)}: ${err instanceof Error ? err.message : String(err)}`;
    report.errors.push(message);
    ctx.log(message);
  }
}

export async function dispatchRun(ctx: EngineContext, worker: string): Promise<DispatchReport> {
  const { store, config } = ctx;
  const started = ctx.now();
  const report = newReport(config);
  const [work, marks] = await Promise.all([
    ctx.timed('claim', worker, () =>
      store.claim(worker, {
        maxJobs: config.batchSize,
        leaseSeconds: config.claimLeaseSeconds,
        maxAttempts: config.maxAttempts,
        maxPolls: config.batchSize,
        pollLeaseSeconds: config.handlingLeaseSeconds,
      }),
    ),
    ctx.timed('claim-watermarks', worker, () =>
      store.claimWatermarks(worker, config.watermarkBatchSize, config.claimLeaseSeconds, config.maxAttempts),
    ),
  ]);
  report.claimed = {
    images: work.images.length,
    videos: work.videos.length,
    tools: work.tools.length,
    polls: work.polls.length,
    watermarks: marks.length,
  };
  const fresh: EngineJob[] = [...work.images, ...work.videos, ...work.tools];
  await Promise.all([
    pool(fresh, 4, (job) => guarded(ctx, 'submit', job, report, () => submitJob(ctx, job, report))),
    pool(work.polls, 4, (job) => guarded(ctx, 'poll', job, report, () => pollJob(ctx, job, report))),
    // CPU-bound (decode, draw, encode): two at a time
    pool(marks, 2, (job) => copyWatermark(ctx, job, report)),
  ]);
  report.ms = ctx.now() - started;
  return report;
}
