// The generation engine: one dispatch run claims due work, hands new jobs to the provider
// (which answers at once with a handle), polls jobs that wait at the provider, and finishes
// jobs whose outcome is known — copying the result into Drape's storage straight away
// (provider URLs expire) with a watermarked copy for plans that have one. A callback runs
// the same "outcome known" path for one job. Nothing here waits for a render.
//
//   outcome              what happens
//   completed            output copied to storage → finished (realtime tells the browser)
//   transient failure    tried again after a backoff; after the last attempt: failed + refund
//   permanent failure    failed + refund (once; the SQL side guarantees it)
//   rejected (content)   image: the project is rejected and every image refunded;
//                        video / tool job: failed + refund
import {
  CallbackMismatch,
  type EngineJob,
  type Failure,
  type ImageInputs,
  type ImageJob,
  type JobInputs,
  type Progress,
  type Provider,
  ProviderError,
  type Submitted,
  type ToolInputs,
  type ToolJob,
  type VideoInputs,
  type VideoJob,
} from '../providers/types.ts';
import { type CallbackTarget, type JobKind, signCallbackUrl, verifyCallbackUrl } from './callback-url.ts';
import { type EngineConfig, retryDelaySeconds } from './config.ts';
import { type StoredOutput, storeOutput } from './outputs.ts';
import type { EngineStore, WatermarkJob } from './store.ts';
import { makeWatermarkCopy } from './watermark-copies.ts';

export interface EngineDeps {
  store: EngineStore;
  provider: Provider;
  config: EngineConfig;
  /** the secret callback URLs are signed with (null: no callbacks, poll only) */
  callbackSecret: string | null;
  /** downloads a provider's output (size-limited) */
  download: (url: string, maxBytes: number) => Promise<{ bytes: Uint8Array; contentType: string | null }>;
  /** decodes a JPEG to RGBA (outputs of a workflow may be JPEG); absent: JPEG outputs fail */
  decodeJpeg?: (bytes: Uint8Array) => { width: number; height: number; data: Uint8Array };
  log?: (message: string) => void;
  /** receives how long each step took (ENGINE_TRACE=1 logs them) */
  trace?: (step: string, jobId: string, ms: number) => void;
  now?: () => number;
}

export interface DispatchReport {
  claimed: { images: number; videos: number; tools: number; polls: number; watermarks: number };
  submitted: number;
  completed: number;
  running: number;
  retried: number;
  failed: number;
  rejected: number;
  stale: number;
  /** watermarked copies made for images of a seller whose plan became a watermarked one */
  watermarked: number;
  errors: string[];
  ms: number;
  /** jobs claimed per kind at most (a kind that filled it may have more waiting) */
  batchSize: number;
  /** watermarked copies claimed at most (filled: more may be waiting) */
  watermarkBatchSize: number;
}

export interface CallbackAnswer {
  status: number;
  body: Record<string, unknown>;
}

const kindOf = (job: EngineJob): JobKind => job.kind;
const idOf = (job: EngineJob): string =>
  job.kind === 'image' ? job.image_id : job.kind === 'video' ? job.project_id : job.job_id;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs fn over items, at most `limit` at a time. */
async function pool<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await fn(items[next++]);
  });
  await Promise.all(workers);
}

export function createEngine(deps: EngineDeps) {
  const { store, provider, config } = deps;
  const log = deps.log ?? ((m: string) => console.log(`[engine] ${m}`));
  const now = deps.now ?? (() => Date.now());
  const trace = deps.trace;
  async function timed<T>(step: string, jobId: string, fn: () => Promise<T>): Promise<T> {
    if (!trace) return fn();
    const t0 = performance.now();
    try {
      return await fn();
    } finally {
      trace(step, jobId, performance.now() - t0);
    }
  }

  function newReport(): DispatchReport {
    return {
      claimed: { images: 0, videos: 0, tools: 0, polls: 0, watermarks: 0 },
      submitted: 0,
      completed: 0,
      running: 0,
      retried: 0,
      failed: 0,
      rejected: 0,
      stale: 0,
      watermarked: 0,
      errors: [],
      ms: 0,
      batchSize: config.batchSize,
      watermarkBatchSize: config.watermarkBatchSize,
    };
  }

  async function callbackUrlFor(job: EngineJob): Promise<string | null> {
    if (!config.callbackBaseUrl || !deps.callbackSecret) return null;
    const target: CallbackTarget = { kind: kindOf(job), id: idOf(job), attempt: job.attempt };
    const expires = Math.floor(now() / 1000) + config.deadlineSeconds + 86_400;
    return signCallbackUrl(config.callbackBaseUrl, deps.callbackSecret, target, expires);
  }

  const catalogue = (path: string | null | undefined) =>
    path ? `${config.catalogueBaseUrl}${path.startsWith('/') ? '' : '/'}${path}` : null;

  async function imageInputs(job: ImageJob): Promise<ImageInputs> {
    const bg = job.background;
    const [productUrl, callbackUrl] = await Promise.all([
      store.signedUrl('uploads', job.product_path, config.signedUrlSeconds),
      callbackUrlFor(job),
    ]);
    return {
      productUrl,
      // a custom model has no photo: the provider is given the seller's description
      modelImageUrl: job.model.custom ? null : catalogue(job.model.pose_image_path),
      backgroundImageUrl:
        bg.custom || bg.keeps_original
          ? null
          : catalogue(
              job.background_blurred && bg.blurred_image_path ? bg.blurred_image_path : bg.image_path,
            ),
      callbackUrl,
    };
  }

  async function videoInputs(job: VideoJob): Promise<VideoInputs> {
    if (!job.image_path)
      throw new ProviderError({
        kind: 'permanent',
        code: 'NoImage',
        message: 'the project has no finished image to animate',
      });
    const [imageUrl, callbackUrl] = await Promise.all([
      store.signedUrl('generated', job.image_path, config.signedUrlSeconds),
      callbackUrlFor(job),
    ]);
    return { imageUrl, callbackUrl };
  }

  async function toolInputs(job: ToolJob): Promise<ToolInputs> {
    const [imageUrl, callbackUrl] = await Promise.all([
      store.signedUrl('tool-images', job.input_path, config.signedUrlSeconds),
      callbackUrlFor(job),
    ]);
    return { imageUrl, callbackUrl };
  }

  function inputsFor(job: EngineJob): Promise<JobInputs> {
    return job.kind === 'image'
      ? imageInputs(job)
      : job.kind === 'video'
        ? videoInputs(job)
        : toolInputs(job);
  }

  async function submitTo(job: EngineJob): Promise<Submitted> {
    const inputs = await timed('inputs', idOf(job), () => inputsFor(job));
    return timed('provider.submit', idOf(job), () => {
      if (job.kind === 'image') {
        return job.project_type === 'flat-lay'
          ? provider.submitFlatLay(job, inputs as ImageInputs)
          : provider.submitOnModel(job, inputs as ImageInputs);
      }
      if (job.kind === 'video') return provider.submitVideo(job, inputs as VideoInputs);
      return provider.submitBackgroundRemoval(job, inputs as ToolInputs);
    });
  }

  function asFailure(err: unknown): Failure {
    if (err instanceof ProviderError) return err.failure;
    return {
      kind: 'transient',
      code: 'EngineError',
      message: err instanceof Error ? err.message : String(err),
    };
  }

  async function onFailure(job: EngineJob, failure: Failure, report: DispatchReport): Promise<void> {
    const kind = kindOf(job);
    const id = idOf(job);
    const message =
      failure.code && !failure.message.includes(failure.code)
        ? `${failure.code}: ${failure.message}`
        : failure.message;
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
      log(`${kind} ${id} attempt ${job.attempt}: ${message} → ${r}`);
      return;
    }
    const status = failure.kind === 'rejected' ? 'rejected' : 'failed';
    const r = await store.finish(kind, id, job.attempt, status, { error: message });
    if (!r.changed) report.stale++;
    else if (status === 'rejected') report.rejected++;
    else report.failed++;
    log(`${kind} ${id} attempt ${job.attempt}: ${message} → ${status}`);
  }

  async function onCompleted(job: EngineJob, outputs: string[], report: DispatchReport): Promise<void> {
    let stored: StoredOutput;
    try {
      stored = await timed('store-output', idOf(job), () =>
        storeOutput(job, outputs, {
          store,
          config,
          download: deps.download,
          decodeJpeg: deps.decodeJpeg,
          now,
          trace: timed,
        }),
      );
    } catch (err) {
      await onFailure(job, asFailure(err), report);
      return;
    }
    const r = await timed('finish', idOf(job), () =>
      store.finish(kindOf(job), idOf(job), job.attempt, 'completed', stored),
    );
    if (r.changed) report.completed++;
    else report.stale++;
  }

  /** Acts on where a job's provider work stands; `handle` is the work the job waited for. */
  async function onProgress(
    job: EngineJob,
    handle: string,
    progress: Progress,
    report: DispatchReport,
  ): Promise<void> {
    if (progress.state === 'completed') return onCompleted(job, progress.outputs, report);
    if (progress.state === 'failed') return onFailure(job, progress.failure, report);
    const ok = await store.recordProgress(
      kindOf(job),
      idOf(job),
      job.attempt,
      handle,
      null,
      config.pollSeconds,
      config.deadlineSeconds,
    );
    if (ok) report.running++;
    else report.stale++;
  }

  async function submit(job: EngineJob, report: DispatchReport): Promise<void> {
    let submitted: Submitted;
    try {
      submitted = await submitTo(job);
    } catch (err) {
      await onFailure(job, asFailure(err), report);
      return;
    }
    const recorded = await timed('record', idOf(job), () =>
      store.recordJob(
        kindOf(job),
        idOf(job),
        job.attempt,
        submitted.handle,
        config.deadlineSeconds,
        config.pollSeconds,
      ),
    );
    if (!recorded) {
      report.stale++;
      return;
    }
    report.submitted++;
    if (submitted.progress)
      await onProgress(
        { ...job, provider_job_id: submitted.handle },
        submitted.handle,
        submitted.progress,
        report,
      );
  }

  async function poll(job: EngineJob, report: DispatchReport): Promise<void> {
    const handle = job.provider_job_id;
    if (!handle) return;
    let progress: Progress;
    try {
      progress = await timed('provider.poll', idOf(job), () => provider.poll(handle, job));
    } catch (err) {
      progress = { state: 'failed', failure: asFailure(err) };
    }
    await onProgress(job, handle, progress, report);
  }

  async function guarded(
    what: string,
    job: EngineJob,
    report: DispatchReport,
    fn: () => Promise<void>,
  ): Promise<void> {
    try {
      await fn();
    } catch (err) {
      // the database or storage failed: the job's lease brings it back later
      const message = `${what} ${kindOf(job)} ${idOf(job)}: ${err instanceof Error ? err.message : String(err)}`;
      report.errors.push(message);
      log(message);
    }
  }

  /** A watermarked copy for an older image (no provider: drawn here from the clean image). */
  async function watermark(job: WatermarkJob, report: DispatchReport): Promise<void> {
    try {
      let outcome: { path: string; url: string } | { error: string };
      try {
        outcome = await timed('watermark-copy', job.image_id, () =>
          makeWatermarkCopy(job, { store, config }),
        );
      } catch (err) {
        outcome = { error: err instanceof Error ? err.message : String(err) };
      }
      const r = await store.finishWatermark(
        job,
        outcome,
        retryDelaySeconds(config, job.attempt),
        config.maxAttempts,
      );
      if (r === 'completed') report.watermarked++;
      else if (r === 'retrying') report.retried++;
      else if (r === 'failed') report.failed++;
      else report.stale++;
      if ('error' in outcome)
        log(`watermark copy ${job.image_id} attempt ${job.attempt}: ${outcome.error} → ${r}`);
    } catch (err) {
      // the database failed: the row's lease brings it back later
      const message = `watermark ${job.image_id}: ${err instanceof Error ? err.message : String(err)}`;
      report.errors.push(message);
      log(message);
    }
  }

  return {
    /** One dispatch run for `worker`. */
    async dispatch(worker: string): Promise<DispatchReport> {
      const started = now();
      const report = newReport();
      const [work, marks] = await Promise.all([
        timed('claim', worker, () =>
          store.claim(worker, {
            maxJobs: config.batchSize,
            leaseSeconds: config.claimLeaseSeconds,
            maxAttempts: config.maxAttempts,
            maxPolls: config.batchSize,
            pollLeaseSeconds: config.handlingLeaseSeconds,
          }),
        ),
        timed('claim-watermarks', worker, () =>
          store.claimWatermarks(
            worker,
            config.watermarkBatchSize,
            config.claimLeaseSeconds,
            config.maxAttempts,
          ),
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
        pool(fresh, 4, (job) => guarded('submit', job, report, () => submit(job, report))),
        pool(work.polls, 4, (job) => guarded('poll', job, report, () => poll(job, report))),
        // CPU-bound (decode, draw, encode): two at a time
        pool(marks, 2, (job) => watermark(job, report)),
      ]);
      report.ms = now() - started;
      return report;
    },

    /** A provider's callback: `url` carries the signature, `body` what the provider posted. */
    async callback(url: URL, body: unknown): Promise<CallbackAnswer> {
      if (!deps.callbackSecret) return { status: 400, body: { error: 'callbacks are not configured' } };
      const verified = await verifyCallbackUrl(url, deps.callbackSecret, Math.floor(now() / 1000));
      if (!verified.ok) return { status: 400, body: { error: verified.reason } };
      const { kind, id, attempt } = verified.target;
      const t0 = now();
      let begun = await timed('callback.begin', id, () =>
        store.beginCallback(kind, id, attempt, config.handlingLeaseSeconds),
      );
      // submitted a moment ago, or a poll is reading the same outcome: wait a little
      for (
        let i = 0, waited = 0;
        waited < 4000 && (begun.result === 'early' || begun.result === 'busy');
        i++
      ) {
        const ms = Math.min(10 * 2 ** i, 200);
        await sleep(ms);
        waited += ms;
        begun = await store.beginCallback(kind, id, attempt, config.handlingLeaseSeconds);
      }
      trace?.('callback.waited', id, now() - t0);
      if (begun.result === 'unknown') return { status: 400, body: { error: 'unknown job' } };
      if (begun.result === 'stale')
        return { status: 409, body: { error: 'the job no longer waits for this callback' } };
      if (begun.result !== 'ok') return { status: 202, body: { status: 'busy' } };
      const job = begun.job;
      const handle = job.provider_job_id!;
      const report = newReport();
      let progress: Progress;
      try {
        progress = await timed('provider.callback', id, () => provider.parseCallback(handle, body, job));
      } catch (err) {
        // let go of the job at once (the next poll looks at it again)
        await store.recordProgress(kind, id, attempt, handle, null, 0, config.deadlineSeconds);
        if (err instanceof CallbackMismatch) return { status: 409, body: { error: err.message } };
        log(`callback for ${kind} ${id}: ${err instanceof Error ? err.message : String(err)}`);
        return { status: 500, body: { error: 'the callback could not be handled; it may be sent again' } };
      }
      await onProgress(job, handle, progress, report);
      return { status: 200, body: { status: progress.state, report } };
    },
  };
}

export type Engine = ReturnType<typeof createEngine>;
