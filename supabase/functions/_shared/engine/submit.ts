// Submitting one claimed job: the provider is given its inputs and answers with a handle at
// once; the handle is recorded. What is known already is acted on in the same step: an answer
// that came with the submission (a workflow answering with its result), or a callback the
// provider posted before the handle was recorded (kept by begin_provider_callback and handed
// back by record_provider_job), so no callback ever waits for the submission to finish.
import type {
  EngineJob,
  ImageInputs,
  ModelViewInputs,
  Submitted,
  ToolInputs,
  VideoInputs,
} from '../providers/types.ts';
import type { EngineContext } from './context.ts';
import { idOf, inputsFor, kindOf } from './inputs.ts';
import { actOnProgress, asFailure, failJob, readKeptCallback } from './outcome.ts';
import type { DispatchReport } from './report.ts';

/** The job's inputs, then the provider call that fits it. */
export async function submitToProvider(ctx: EngineContext, job: EngineJob): Promise<Submitted> {
  const { provider } = ctx;
  const inputs = await ctx.timed('inputs', idOf(job), () => inputsFor(ctx, job));
  return ctx.timed('provider.submit', idOf(job), () => {
    if (job.kind === 'image') {
      // flat-lay and mannequin: a garment with no person in its photo, worn by the chosen model
      return job.project_type === 'flat-lay' || job.project_type === 'mannequin'
        ? provider.submitFlatLay(job, inputs as ImageInputs)
        : provider.submitOnModel(job, inputs as ImageInputs);
    }
    if (job.kind === 'video') return provider.submitVideo(job, inputs as VideoInputs);
    if (job.tool === 'model-creator' && job.seller_model)
      return provider.submitModelView({ ...job, seller_model: job.seller_model }, inputs as ModelViewInputs);
    return provider.submitBackgroundRemoval(job, inputs as ToolInputs);
  });
}

export async function submitJob(ctx: EngineContext, job: EngineJob, report: DispatchReport): Promise<void> {
  const { store, config } = ctx;
  let submitted: Submitted;
  try {
    submitted = await submitToProvider(ctx, job);
  } catch (err) {
    await failJob(ctx, job, asFailure(err), report);
    return;
  }
  const { handle } = submitted;
  const recorded = await ctx.timed('record', idOf(job), () =>
    store.recordJob(
      kindOf(job),
      idOf(job),
      job.attempt,
      handle,
      config.deadlineSeconds,
      config.pollSeconds,
      config.handlingLeaseSeconds,
    ),
  );
  if (!recorded.recorded) {
    report.stale++;
    return;
  }
  report.submitted++;
  const held = { ...job, provider_job_id: handle };
  if (submitted.progress) {
    await actOnProgress(ctx, held, handle, submitted.progress, report);
  } else if (recorded.callback) {
    // the provider called back before the handle was recorded: that callback is acted on now
    const progress = await readKeptCallback(ctx, held, handle, recorded.callback.body);
    await actOnProgress(ctx, held, handle, progress, report);
  }
}
