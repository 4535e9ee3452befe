// A provider's callback (provider-callback): `url` carries the HMAC signature, `body` what the
// provider posted. It never waits: when nobody can act on it right now — the submission has
// not recorded the handle yet ('early'), or a poll or another callback holds the job ('busy')
// — begin_provider_callback keeps the body and the answer is 202; the step that records the
// handle, or the holder letting go, or the next poll acts on it (see docs/providers.md).
//   200 handled · 202 kept for the job's holder · 400 bad or expired signature, unknown job ·
//   409 the job no longer waits for this (finished, replayed, another attempt) or the body is
//   about other work · 500 the callback could not be handled (the provider may send it again)
import { CallbackMismatch, type Progress } from '../providers/types.ts';
import { verifyCallbackUrl } from './callback-url.ts';
import type { EngineContext } from './context.ts';
import { actOnProgress } from './outcome.ts';
import { newReport } from './report.ts';

export interface CallbackAnswer {
  status: number;
  body: Record<string, unknown>;
}

export async function handleCallback(ctx: EngineContext, url: URL, body: unknown): Promise<CallbackAnswer> {
  const { store, config } = ctx;
  if (!ctx.callbackSecret) return { status: 400, body: { error: 'callbacks are not configured' } };
  const verified = await verifyCallbackUrl(url, ctx.callbackSecret, Math.floor(ctx.now() / 1000));
  if (!verified.ok) return { status: 400, body: { error: verified.reason } };
  const { kind, id, attempt } = verified.target;
  const begun = await ctx.timed('callback.begin', id, () =>
    store.beginCallback(kind, id, attempt, body, config.handlingLeaseSeconds),
  );
  if (begun.result === 'stored') return { status: 202, body: { status: 'accepted', reason: begun.reason } };
  if (begun.result !== 'ok') {
    return begun.result === 'unknown'
      ? { status: 400, body: { error: 'unknown job' } }
      : { status: 409, body: { error: 'the job no longer waits for this callback' } };
  }
  const job = begun.job;
  const handle = job.provider_job_id!;
  const report = newReport(config);
  let progress: Progress;
  try {
    progress = await ctx.timed('provider.callback', id, () => ctx.provider.parseCallback(handle, body, job));
  } catch (err) {
    // let go of the job at once (the next poll looks at it again; a callback kept meanwhile is acted on)
    await actOnProgress(ctx, job, handle, { state: 'running' }, report, 0);
    if (err instanceof CallbackMismatch) return { status: 409, body: { error: err.message } };
    ctx.log(`callback for ${kind} ${id}: ${err instanceof Error ? err.message : String(err)}`);
    return { status: 500, body: { error: 'the callback could not be handled; it may be sent again' } };
  }
  await actOnProgress(ctx, job, handle, progress, report);
  return { status: 200, body: { status: progress.state, report } };
}
