// Polling one job that waits at its provider (claimed by claim_polls, held for a lease): where
// the work stands is read from the provider — or from a callback that was kept for the job
// while an earlier holder had it — and acted on. Only reads: it never starts work.
import type { Progress } from '../providers/types.ts';
import type { EngineContext } from './context.ts';
import { idOf } from './inputs.ts';
import { actOnProgress, asFailure, readKeptCallback } from './outcome.ts';
import type { DispatchReport } from './report.ts';
import type { PollJob } from './store.ts';

/** Where the provider says the work behind `handle` stands; a failed read is a failure. */
export async function readProvider(ctx: EngineContext, job: PollJob, handle: string): Promise<Progress> {
  try {
    return await ctx.timed('provider.poll', idOf(job), () => ctx.provider.poll(handle, job));
  } catch (err) {
    return { state: 'failed', failure: asFailure(err) };
  }
}

export async function pollJob(ctx: EngineContext, job: PollJob, report: DispatchReport): Promise<void> {
  const handle = job.provider_job_id;
  if (!handle) return;
  const progress = job.callback
    ? await readKeptCallback(ctx, job, handle, job.callback.body)
    : await readProvider(ctx, job, handle);
  await actOnProgress(ctx, job, handle, progress, report);
}
