// Acting on where a job's provider work stands, whoever found out (the submission itself, a
// poll, a callback, or a callback kept for later):
//   completed            output copied to storage → finished (realtime tells the browser)
//   transient failure    tried again after a backoff; after the last attempt: failed + refund
//   permanent failure    failed + refund (once; the SQL side guarantees it)
//   rejected (content)   image: the project is rejected and every image refunded;
//                        video / tool job: failed + refund
//   running              let go of the job, polled again later — unless a callback came
//                        while this step held the job: then that callback is acted on now
import {
  CallbackMismatch,
  type EngineJob,
  type Failure,
  type Progress,
  ProviderError,
} from '../providers/types.ts';
import { retryDelaySeconds } from './config.ts';
import type { EngineContext } from './context.ts';
import { idOf, kindOf } from './inputs.ts';
import { type StoredOutput, storeOutput } from './outputs.ts';
import type { DispatchReport } from './report.ts';

/** A thrown error as a failure: a provider's own, or (anything else) a transient engine error. */
export function asFailure(err: unknown): Failure {
  if (err instanceof ProviderError) return err.failure;
  return {
    kind: 'transient',
    code: 'EngineError',
    message: err instanceof Error ? err.message : String(err),
  };
}

/** The words recorded on the job: the provider's error name, then its message. */
export function failureMessage(failure: Failure): string {
  return failure.code && !failure.message.includes(failure.code)
    ? `${failure.code}: ${failure.message}`
    : failure.message;
}

/** A failure: retried after the backoff (transient), or the job failed / rejected (refunded once). */
export async function failJob(
  ctx: EngineContext,
  job: EngineJob,
  failure: Failure,
  report: DispatchReport,
): Promise<void> {
  const { store, config } = ctx;
  const kind = kindOf(job);
  const id = idOf(job);
  const message = failureMessage(failure);
  if (failure.kind === 'transient') {
    const r = await store.retry(
      kind,
      id,
      job.attempt,
      message,
      retryDelaySeconds(config, job.attempt),
      config.maxAttempts,
    );
    if (r === 'retrying') report.retried++;
    else if (r === 'failed') report.failed++;
    else report.stale++;
    ctx.log(`${kind} ${id} attempt ${job.attempt}: ${message} → ${r}`);
    return;
  }
  const status = failure.kind === 'rejected' ? 'rejected' : 'failed';
  const r = await store.finish(kind, id, job.attempt, status, { error: message });
  if (!r.changed) report.stale++;
  else if (status === 'rejected') report.rejected++;
  else report.failed++;
  ctx.log(`${kind} ${id} attempt ${job.attempt}: ${message} → ${status}`);
}

/** The provider finished: its output is copied into Drape's storage, then the job is finished. */
export async function completeJob(
  ctx: EngineContext,
  job: EngineJob,
  outputs: string[],
  report: DispatchReport,
): Promise<void> {
  let stored: StoredOutput;
  try {
    stored = await ctx.timed('store-output', idOf(job), () =>
      storeOutput(job, outputs, {
        store: ctx.store,
        config: ctx.config,
        download: ctx.download,
        decodeJpeg: ctx.decodeJpeg,
        now: ctx.now,
        trace: ctx.timed,
      }),
    );
  } catch (err) {
    await failJob(ctx, job, asFailure(err), report);
    return;
  }
  const r = await ctx.timed('finish', idOf(job), () =>
    ctx.store.finish(kindOf(job), idOf(job), job.attempt, 'completed', stored),
  );
  if (r.changed) report.completed++;
  else report.stale++;
}

/**
 * A callback body that was kept (it came before the handle was recorded, or while the job was
 * held) as progress. It was answered already, so a body about other work, or one the provider
 * cannot read now, counts as "still running": the next poll looks again.
 */
export async function readKeptCallback(
  ctx: EngineContext,
  job: EngineJob,
  handle: string,
  body: unknown,
): Promise<Progress> {
  try {
    return await ctx.timed('provider.callback', idOf(job), () =>
      ctx.provider.parseCallback(handle, body, job),
    );
  } catch (err) {
    const why = err instanceof CallbackMismatch ? 'about other work' : 'unreadable';
    ctx.log(
      `kept callback for ${kindOf(job)} ${idOf(job)} is ${why}: ${err instanceof Error ? err.message : String(err)}`,
    );
    return { state: 'running' };
  }
}

/**
 * Acts on `progress` for a job this step holds (`handle`: the work the job waits for). A job
 * still running is let go with its next poll after `pollSeconds`; when the store hands back a
 * callback that came meanwhile, the job stays held and that callback is acted on in turn (each
 * round needs a new callback from the provider, so this ends).
 */
export async function actOnProgress(
  ctx: EngineContext,
  job: EngineJob,
  handle: string,
  progress: Progress,
  report: DispatchReport,
  pollSeconds = ctx.config.pollSeconds,
): Promise<void> {
  let current = progress;
  for (;;) {
    if (current.state === 'completed') return completeJob(ctx, job, current.outputs, report);
    if (current.state === 'failed') return failJob(ctx, job, current.failure, report);
    const r = await ctx.store.recordProgress(
      kindOf(job),
      idOf(job),
      job.attempt,
      handle,
      pollSeconds,
      ctx.config.handlingLeaseSeconds,
    );
    if (!r.recorded) {
      report.stale++;
      return;
    }
    if (!r.callback) {
      report.running++;
      return;
    }
    current = await readKeptCallback(ctx, job, handle, r.callback.body);
  }
}
