// The original product's external workflow (spec 2 §7 "Generation workflow" and "Tools and
// video"): a POST of a JSON body to a workflow URL, one for on-model and one for flat-lay,
// with a 400 s time-out. The workflow answers when it likes; Drape adds `callbackUrl`, a
// signed URL the workflow posts the result to:
//   {status: 'completed', imageUrl: 'https://…'}            (or output / resultUrl / url …)
//   {status: 'failed', error: '…'}   {status: 'rejected', error: '…'}
// A workflow that answers the POST itself with a result URL finishes the job at once.
//
// The POST is not awaited for 400 s: the engine waits `acceptMs` for an answer (a refusal
// or a result), then leaves the request running in the background (EdgeRuntime.waitUntil)
// and returns; the job's lease covers the 400 s, and a job nobody calls back for is tried
// again when its lease ends.
import {
  CallbackMismatch,
  type Failure,
  type Fetch,
  type ImageInputs,
  type ImageJob,
  type Progress,
  type Provider,
  ProviderError,
  type Submitted,
} from './types.ts';

export interface WebhookOptions {
  onModelUrl: string | null;
  flatLayUrl: string | null;
  videoUrl: string | null;
  backgroundRemovalUrl: string | null;
  fetch?: Fetch;
  /** keeps a request running after the function answered (EdgeRuntime.waitUntil) */
  keepAlive?: (work: Promise<unknown>) => void;
  /** the workflow's time-out (spec: 400000 ms) */
  timeoutMs?: number;
  /** how long a submission waits for the workflow's answer before moving on */
  acceptMs?: number;
  now?: () => Date;
}

export const WORKFLOW_TIMEOUT_MS = 400_000;

/** The pose as the workflow knows it: 'back view' is sent as 'backview looking over the shoulder'. */
export function workflowPose(pose: { name: string; prompt: string | null }): string {
  const name = pose.name.trim().toLowerCase();
  if (name === 'back view' || name === 'backview') return 'backview looking over the shoulder';
  return pose.prompt?.trim() || name;
}

/** The spec 2 §7 body, field for field, plus the callback URL. */
export function workflowBody(job: ImageJob, inputs: ImageInputs): Record<string, unknown> {
  const model = job.model;
  const bg = job.background;
  return {
    modelName: model.custom ? `Custom model: ${model.description}` : model.name,
    modelImageUrl: model.custom ? '' : (inputs.modelImageUrl ?? ''),
    projectType: job.project_type,
    projectName: job.project_name,
    background: bg.custom ? `Custom background: ${bg.description}` : bg.name,
    pose: workflowPose(job.pose),
    backgroundBlurred: job.background_blurred,
    email: job.email ?? '',
    backgroundUrl: bg.custom ? '' : (inputs.backgroundImageUrl ?? ''),
    subscriptionPlan: job.plan,
    uid: job.user_id,
    creditsRemaining: Number(job.credits_remaining),
    uploadedFileUrl: inputs.productUrl,
    projectId: job.project_id,
    originalImageId: job.image_id,
    callbackUrl: inputs.callbackUrl,
  };
}

/** Where a workflow put its result URL (spec: resultUrl, photoUrl, url, imageUrl or processedUrl). */
export function resultUrlOf(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  for (const key of [
    'resultUrl',
    'imageUrl',
    'generatedUrl',
    'videoUrl',
    'photoUrl',
    'processedUrl',
    'url',
    'outputUrl',
  ]) {
    if (typeof b[key] === 'string' && /^https?:\/\//i.test(b[key] as string)) return b[key] as string;
  }
  if (Array.isArray(b.output) && typeof b.output[0] === 'string') return b.output[0];
  if (typeof b.output === 'string') return b.output;
  return null;
}

function errorOf(body: Record<string, unknown>): string | null {
  const e = body.error ?? body.message;
  if (typeof e === 'string' && e.trim()) return e.trim();
  if (e && typeof e === 'object' && typeof (e as { message?: unknown }).message === 'string')
    return (e as { message: string }).message;
  return null;
}

/** A workflow's answer (callback or synchronous) as progress. */
export function workflowProgress(body: unknown): Progress {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    return {
      state: 'failed',
      failure: {
        kind: 'permanent',
        code: 'BadCallback',
        message: 'the workflow answered without a JSON object',
      },
    };
  }
  const b = body as Record<string, unknown>;
  const status = typeof b.status === 'string' ? b.status.toLowerCase() : null;
  const url = resultUrlOf(b);
  if (status === 'rejected' || b.rejected === true) {
    return {
      state: 'failed',
      failure: { kind: 'rejected', code: 'Rejected', message: errorOf(b) ?? 'content guideline violation' },
    };
  }
  if (status === 'failed' || status === 'error') {
    return {
      state: 'failed',
      failure: { kind: 'permanent', code: 'WorkflowFailed', message: errorOf(b) ?? 'the workflow failed' },
    };
  }
  if (url && (status === null || status === 'completed' || status === 'success' || status === 'done')) {
    return { state: 'completed', outputs: [url] };
  }
  if (!url && errorOf(b)) {
    return { state: 'failed', failure: { kind: 'permanent', code: 'WorkflowFailed', message: errorOf(b)! } };
  }
  return { state: 'running' };
}

function httpFailure(status: number, text: string): Failure {
  const transient = status === 408 || status === 429 || status >= 500;
  return {
    kind: transient ? 'transient' : 'permanent',
    code: `HTTP ${status}`,
    message: `the workflow answered ${status}${text ? `: ${text.slice(0, 200)}` : ''}`,
  };
}

export function webhookHandle(kind: 'image' | 'video' | 'tool', jobId: string, attempt: number): string {
  return `webhook:${kind}:${jobId}:${attempt}`;
}

export function createWebhookProvider(opts: WebhookOptions): Provider {
  const doFetch: Fetch = opts.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = opts.timeoutMs ?? WORKFLOW_TIMEOUT_MS;
  const acceptMs = opts.acceptMs ?? 10_000;
  const now = opts.now ?? (() => new Date());
  const keepAlive = opts.keepAlive ?? ((work: Promise<unknown>) => void work.catch(() => {}));

  async function post(url: string | null, what: string, body: unknown, handle: string): Promise<Submitted> {
    if (!url) {
      throw new ProviderError({
        kind: 'permanent',
        code: 'NotConfigured',
        message: `no workflow URL is set for ${what}`,
      });
    }
    const request = doFetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<'waiting'>((resolve) => {
      timer = setTimeout(() => resolve('waiting'), acceptMs);
    });
    const answered = await Promise.race([
      request.then(
        (res) => ({ res }),
        (err: unknown) => ({ err }),
      ),
      waited,
    ]);
    clearTimeout(timer);
    if (answered === 'waiting') {
      // the workflow is working on it; the result comes through the callback
      keepAlive(request.then((res) => res.body?.cancel()).catch(() => {}));
      return { handle };
    }
    if ('err' in answered) {
      throw new ProviderError({
        kind: 'transient',
        code: 'NetworkError',
        message: `the workflow is unreachable: ${answered.err instanceof Error ? answered.err.message : String(answered.err)}`,
      });
    }
    const text = await answered.res.text().catch(() => '');
    if (!answered.res.ok) throw new ProviderError(httpFailure(answered.res.status, text));
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    const progress =
      parsed && typeof parsed === 'object' ? workflowProgress(parsed) : ({ state: 'running' } as Progress);
    return progress.state === 'running' ? { handle } : { handle, progress };
  }

  function ownHandle(handle: string): void {
    if (!handle.startsWith('webhook:')) throw new CallbackMismatch(`not a workflow handle: ${handle}`);
  }

  return {
    name: 'webhook',
    submitOnModel(job, inputs) {
      return post(
        opts.onModelUrl,
        'on-model generation',
        workflowBody(job, inputs),
        webhookHandle('image', job.image_id, job.attempt),
      );
    },
    submitFlatLay(job, inputs) {
      return post(
        opts.flatLayUrl ?? opts.onModelUrl,
        'flat-lay generation',
        workflowBody(job, inputs),
        webhookHandle('image', job.image_id, job.attempt),
      );
    },
    async submitModelView() {
      // the workflow of spec 2 §7 has no model creation: the seller is refunded
      throw new ProviderError({
        kind: 'permanent',
        code: 'Unsupported',
        message: 'the generation workflow cannot make saved models: use GENERATION_PROVIDER=fashn or local',
      });
    },
    submitBackgroundRemoval(job, inputs) {
      const body = {
        photoUrl: inputs.imageUrl,
        userId: job.user_id,
        email: job.email ?? '',
        timestamp: now().toISOString(),
        jobId: job.job_id,
        callbackUrl: inputs.callbackUrl,
      };
      return post(
        opts.backgroundRemovalUrl,
        'background removal',
        body,
        webhookHandle('tool', job.job_id, job.attempt),
      );
    },
    submitVideo(job, inputs) {
      const body = {
        projectId: job.project_id,
        userId: job.user_id,
        videoStyle: job.style.id,
        videoStyleName: job.style.name ?? job.style.id,
        customDescription: job.custom_description ?? '',
        generatedImageUrl: inputs.imageUrl,
        callbackUrl: inputs.callbackUrl,
      };
      return post(
        opts.videoUrl,
        'video generation',
        body,
        webhookHandle('video', job.project_id, job.attempt),
      );
    },
    async poll(handle) {
      ownHandle(handle);
      // a workflow has no status to ask: its callback, or the end of the lease, decides
      return { state: 'running' };
    },
    async parseCallback(handle, body) {
      ownHandle(handle);
      return workflowProgress(body);
    },
  };
}
