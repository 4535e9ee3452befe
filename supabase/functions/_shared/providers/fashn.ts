// FASHN's API (https://docs.fashn.ai): POST {base}/v1/run {model_name, inputs} answers
// {id, error} at once; GET {base}/v1/status/{id} answers {id, status: starting | in_queue |
// processing | completed | failed, output: [url…], error: {name, message}}; with
// ?webhook_url=… on /run FASHN posts the final status body there (and retries a non-2xx).
//
// Jobs and their stages (the stage is part of the handle, 'fashn:<stage>:<prediction id>'):
//   on-model            tryon-v1.6 (model photo + garment photo), then background-change of
//                       its output onto the chosen background (skipped for Original)
//   flat-lay            background-change of the product photo
//   background removal  background-remove
//   video               image-to-video
// The local stack serves the same API at /_dev/fashn, so locally this code runs unchanged.
import {
  CallbackMismatch,
  type EngineJob,
  type Failure,
  type Fetch,
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
} from './types.ts';

export interface FashnOptions {
  /** e.g. https://api.fashn.ai, or http://127.0.0.1:54321/_dev/fashn ('/v1' is added) */
  baseUrl: string;
  apiKey: string;
  fetch?: Fetch;
  /** the try-on model (default tryon-v1.6) */
  tryonModel?: string;
  /** a name for logs and the handle's owner: 'fashn' or 'local' */
  name?: string;
  /** per HTTP call (default 30 s): FASHN answers /run and /status at once */
  timeoutMs?: number;
}

type Stage = 'tryon' | 'bg' | 'flatlay' | 'bgremove' | 'video';
const STAGES: readonly Stage[] = ['tryon', 'bg', 'flatlay', 'bgremove', 'video'];

export function fashnHandle(stage: Stage, id: string): string {
  return `fashn:${stage}:${id}`;
}

export function parseFashnHandle(handle: string): { stage: Stage; id: string } | null {
  const m = /^fashn:([a-z]+):(.+)$/.exec(handle);
  if (!m || !STAGES.includes(m[1] as Stage)) return null;
  return { stage: m[1] as Stage, id: m[2] };
}

/** FASHN's runtime error names, by what the engine does about them. */
const REJECTED = new Set(['ContentModerationError', 'NSFWError']);
const TRANSIENT = new Set([
  'ImageLoadError', // an input URL that could not be fetched: a new attempt signs new URLs
  'PipelineError',
  'ThirdPartyError',
  'InternalServerError',
  'TimeoutError',
  'RateLimitExceeded',
  'ConcurrencyLimitExceeded',
  'OutOfCredits',
]);

export function classifyFashnError(name: string | undefined, message: string | undefined): Failure {
  const code = name || 'UnknownError';
  const text = message || code;
  if (REJECTED.has(code)) return { kind: 'rejected', code, message: text };
  if (TRANSIENT.has(code)) return { kind: 'transient', code, message: text };
  return { kind: 'permanent', code, message: text };
}

/** An HTTP answer that is not 2xx: 408, 429 and 5xx come and go, other 4xx will not change. */
export function httpFailure(status: number, body: unknown): Failure {
  const b = (body ?? {}) as { error?: unknown; message?: unknown };
  const code = typeof b.error === 'string' ? b.error : `HTTP ${status}`;
  const message = `FASHN answered ${status}${typeof b.message === 'string' ? `: ${b.message}` : typeof b.error === 'string' ? `: ${b.error}` : ''}`;
  const transient = status === 408 || status === 429 || status >= 500;
  return { kind: transient ? 'transient' : 'permanent', code, message };
}

/** Garment types of the flat-lay wizard → FASHN categories. */
export function fashnCategory(
  garmentType: string | null | undefined,
): 'tops' | 'bottoms' | 'one-pieces' | 'auto' {
  switch (garmentType) {
    case 'top':
      return 'tops';
    case 'bottom':
      return 'bottoms';
    case 'full':
      return 'one-pieces';
    default:
      return 'auto';
  }
}

export interface RunRequest {
  model_name: string;
  inputs: Record<string, unknown>;
}

/** The try-on request of an on-model image. */
export function tryonRequest(job: ImageJob, inputs: ImageInputs, model = 'tryon-v1.6'): RunRequest {
  if (!inputs.modelImageUrl)
    throw new ProviderError({
      kind: 'permanent',
      code: 'BadRequest',
      message: 'no model image for the try-on',
    });
  return {
    model_name: model,
    inputs: {
      model_image: inputs.modelImageUrl,
      garment_image: inputs.productUrl,
      category: fashnCategory(job.garment_types?.[0]),
      garment_photo_type: 'auto',
      output_format: 'png',
    },
  };
}

/** Whether an on-model image needs the background stage after the try-on. */
export function needsBackgroundStage(job: ImageJob): boolean {
  return job.background.custom || !job.background.keeps_original;
}

/** background-change of `image` onto the chosen background (an image, or a prompt for a custom one). */
export function backgroundChangeRequest(job: ImageJob, image: string, inputs: ImageInputs): RunRequest {
  const bg = job.background;
  const fields: Record<string, unknown> = { image, output_format: 'png' };
  if (bg.custom) {
    fields.background_prompt = bg.description;
  } else if (inputs.backgroundImageUrl) {
    fields.background_image = inputs.backgroundImageUrl;
  } else {
    fields.background_prompt = bg.prompt;
  }
  // the catalogue's pre-blurred image already is the blurred background; for a prompt,
  // ask for it (FASHN ignores what it does not know; the local endpoint blurs)
  if (job.background_blurred && !fields.background_image) fields.blur = true;
  if (job.background_blurred && bg.custom)
    fields.background_prompt = `${bg.description}, softly blurred (shallow depth of field)`;
  return { model_name: 'background-change', inputs: fields };
}

export function flatLayRequest(job: ImageJob, inputs: ImageInputs): RunRequest {
  return backgroundChangeRequest(job, inputs.productUrl, inputs);
}

export function backgroundRemoveRequest(_job: ToolJob, inputs: ToolInputs): RunRequest {
  return { model_name: 'background-remove', inputs: { image: inputs.imageUrl } };
}

export function videoRequest(job: VideoJob, inputs: VideoInputs): RunRequest {
  const prompt = job.custom_description?.trim() || job.style.prompt;
  return { model_name: 'image-to-video', inputs: { image: inputs.imageUrl, prompt, duration: 5 } };
}

interface StatusBody {
  id?: string;
  status?: string;
  output?: unknown;
  error?: { name?: string; message?: string } | string | null;
}

/** A /status (or webhook) body as progress of its own stage. */
export function statusProgress(body: StatusBody): Progress {
  switch (body.status) {
    case 'completed': {
      const outputs = Array.isArray(body.output)
        ? body.output.filter((o): o is string => typeof o === 'string')
        : [];
      if (outputs.length === 0)
        return {
          state: 'failed',
          failure: { kind: 'transient', code: 'NoOutput', message: 'FASHN completed without an output' },
        };
      return { state: 'completed', outputs };
    }
    case 'failed': {
      const e = body.error;
      const failure =
        typeof e === 'string' ? classifyFashnError(e, e) : classifyFashnError(e?.name, e?.message);
      return { state: 'failed', failure };
    }
    case 'starting':
    case 'in_queue':
    case 'processing':
      return { state: 'running' };
    default:
      return { state: 'running' };
  }
}

export function createFashnProvider(opts: FashnOptions): Provider {
  const base = opts.baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '');
  const doFetch: Fetch = opts.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const tryonModel = opts.tryonModel ?? 'tryon-v1.6';
  const headers = {
    Authorization: `Bearer ${opts.apiKey}`,
    'Content-Type': 'application/json',
    Accept: 'application/json',
  };

  async function call(url: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
    let res: Response;
    try {
      res = await doFetch(url, { ...init, headers, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      throw new ProviderError({
        kind: 'transient',
        code: 'NetworkError',
        message: `FASHN unreachable: ${errorText(err)}`,
      });
    }
    const text = await res.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = { message: text.slice(0, 200) };
    }
    return { status: res.status, body };
  }

  async function run(stage: Stage, request: RunRequest, callbackUrl: string | null): Promise<Submitted> {
    const url = `${base}/v1/run${callbackUrl ? `?webhook_url=${encodeURIComponent(callbackUrl)}` : ''}`;
    const { status, body } = await call(url, { method: 'POST', body: JSON.stringify(request) });
    if (status < 200 || status >= 300) throw new ProviderError(httpFailure(status, body));
    const b = (body ?? {}) as { id?: unknown; error?: unknown };
    if (b.error) {
      const e = b.error as { name?: string; message?: string } | string;
      throw new ProviderError(
        typeof e === 'string' ? classifyFashnError(e, e) : classifyFashnError(e.name, e.message),
      );
    }
    if (typeof b.id !== 'string' || !b.id) {
      throw new ProviderError({
        kind: 'transient',
        code: 'BadResponse',
        message: 'FASHN answered /run without an id',
      });
    }
    return { handle: fashnHandle(stage, b.id) };
  }

  async function status(id: string): Promise<Progress> {
    let answer: { status: number; body: unknown };
    try {
      answer = await call(`${base}/v1/status/${encodeURIComponent(id)}`, { method: 'GET' });
    } catch (err) {
      // a status call that fails says nothing about the work: look again on the next tick
      if (err instanceof ProviderError) return { state: 'running' };
      throw err;
    }
    if (answer.status === 404) {
      return {
        state: 'failed',
        failure: { kind: 'transient', code: 'NotFound', message: 'FASHN no longer tracks this prediction' },
      };
    }
    if (answer.status < 200 || answer.status >= 300) {
      const failure = httpFailure(answer.status, answer.body);
      return failure.kind === 'transient' ? { state: 'running' } : { state: 'failed', failure };
    }
    return statusProgress((answer.body ?? {}) as StatusBody);
  }

  /** A finished stage either is the result or starts the next stage. */
  async function advance(
    stage: Stage,
    progress: Progress,
    job: EngineJob,
    inputs: () => Promise<JobInputs>,
  ): Promise<Progress> {
    if (
      progress.state !== 'completed' ||
      stage !== 'tryon' ||
      job.kind !== 'image' ||
      !needsBackgroundStage(job)
    ) {
      return progress;
    }
    const made = (await inputs()) as ImageInputs;
    try {
      const next = await run('bg', backgroundChangeRequest(job, progress.outputs[0], made), made.callbackUrl);
      return { state: 'running', handle: next.handle };
    } catch (err) {
      if (err instanceof ProviderError) return { state: 'failed', failure: err.failure };
      throw err;
    }
  }

  function stageOf(handle: string): { stage: Stage; id: string } {
    const parsed = parseFashnHandle(handle);
    if (!parsed) throw new CallbackMismatch(`not a FASHN handle: ${handle}`);
    return parsed;
  }

  return {
    name: opts.name ?? 'fashn',
    async submitOnModel(job, inputs) {
      return run('tryon', tryonRequest(job, inputs, tryonModel), inputs.callbackUrl);
    },
    async submitFlatLay(job, inputs) {
      return run('flatlay', flatLayRequest(job, inputs), inputs.callbackUrl);
    },
    async submitBackgroundRemoval(job, inputs) {
      return run('bgremove', backgroundRemoveRequest(job, inputs), inputs.callbackUrl);
    },
    async submitVideo(job, inputs) {
      return run('video', videoRequest(job, inputs), inputs.callbackUrl);
    },
    async poll(handle, job, inputs) {
      const { stage, id } = stageOf(handle);
      return advance(stage, await status(id), job, inputs);
    },
    async parseCallback(handle, body, job, inputs) {
      const { stage, id } = stageOf(handle);
      const b = (body ?? {}) as StatusBody;
      if (typeof b.id !== 'string' || b.id !== id) {
        throw new CallbackMismatch(`callback for prediction ${String(b.id)} while the job waits for ${id}`);
      }
      // the body is only a wake-up call: the outcome is read from FASHN itself, so a forged
      // body can neither finish a job nor make the engine fetch a URL of its choosing
      return advance(stage, await status(id), job, inputs);
    },
  };
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
