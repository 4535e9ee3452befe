// FASHN (https://docs.fashn.ai) through its official TypeScript SDK (npm `fashn`): the SDK
// makes every request and parses every answer; this file only says which model each job
// uses, with which inputs, and what the answers mean to the engine.
//
// One provider call per image (docs/providers.md says why):
//   on-model            product-to-model: the product photo on the chosen catalogue model
//                       (its photo in the chosen pose is `model_image`, try-on mode), the
//                       background as `image_prompt` (the catalogue photo) and in `prompt`
//   flat-lay            the same call: the flat-lay photo dressed on the chosen model, its
//                       garment type (top / bottom / full) in `prompt`
//   mannequin           the same call: the photo of the garment on a mannequin or dress form
//                       dressed on the chosen model, its garment type and "on a mannequin"
//                       in `prompt` (the mannequin is not worn)
//   custom model        product-to-model without `model_image`: the pose and the seller's
//                       description in `prompt`, 2:3
//   custom background   its description in `prompt`, no `image_prompt`
// The seller's words go last in `prompt`, labelled and quoted (seller-words.ts).
//   background removal  background-remove
//   video               image-to-video
//   saved model views   model-create: the front view from the described person and a seed;
//                       the back and side views with the front as `face_reference`
//                       (match_base), the same person words and seed (docs/providers.md)
// Resolution: HD asks `resolution: '1k'`, 2K and 4K ask '4k' (the engine scales a 4K result
// down to 2K for Pro). The handle is 'fashn:<stage>:<prediction id>'. The local stack serves
// the same API at /_dev/fashn, so locally this code runs unchanged.
import Fashn, { APIConnectionError, APIError } from 'npm:fashn@0.11.1';
import { type ModelCreateInputs, modelCreateRequest } from './fashn-extras.ts';
import { modelViewPrompt } from './person.ts';
import { SELLER_BACKGROUND_LABEL, SELLER_MODEL_LABEL, sellerPart } from './seller-words.ts';
import {
  CallbackMismatch,
  type EngineJob,
  type Failure,
  type Fetch,
  type ImageInputs,
  type ImageJob,
  type ModelViewInputs,
  type Progress,
  type SellerModelView,
  type Provider,
  ProviderError,
  type Submitted,
  type ToolInputs,
  type ToolJob,
  type VideoInputs,
  type VideoJob,
} from './types.ts';

export type RunParams = Fashn.PredictionRunParams;
export type StatusAnswer = Fashn.PredictionStatusResponse;
export type ProductToModelInputs = Fashn.PredictionRunParams.ProductToModelRequest.Inputs;

export interface FashnOptions {
  /** e.g. https://api.fashn.ai, or http://127.0.0.1:54321/_dev/fashn (a trailing /v1 is dropped) */
  baseUrl: string;
  apiKey: string;
  fetch?: Fetch;
  /** a name for logs and the handle's owner: 'fashn' or 'local' */
  name?: string;
  /** per HTTP call (default 30 s): FASHN answers /run and /status at once */
  timeoutMs?: number;
}

/** 'tryon', 'bg' and 'flatlay' are handles of the former two-call jobs, still read after a deploy. */
type Stage = 'model' | 'bgremove' | 'video' | 'create' | 'tryon' | 'bg' | 'flatlay';
const STAGES: readonly Stage[] = ['model', 'bgremove', 'video', 'create', 'tryon', 'bg', 'flatlay'];

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
  '3rdPartyProviderError',
  'InternalServerError',
  'TimeoutError',
  'PollingTimeout',
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
  const e = b.error as { name?: unknown; message?: unknown } | string | undefined;
  const name = typeof e === 'string' ? e : typeof e?.name === 'string' ? e.name : null;
  const detail =
    typeof b.message === 'string'
      ? b.message
      : typeof e === 'object' && typeof e?.message === 'string'
        ? e.message
        : name;
  const transient = status === 408 || status === 429 || status >= 500;
  return {
    kind: transient ? 'transient' : 'permanent',
    code: name ?? `HTTP ${status}`,
    message: `FASHN answered ${status}${detail ? `: ${detail}` : ''}`,
  };
}

/** What the SDK threw, as a failure of the call. */
export function sdkFailure(err: unknown): Failure {
  if (err instanceof ProviderError) return err.failure;
  if (err instanceof APIConnectionError) {
    return { kind: 'transient', code: 'NetworkError', message: `FASHN unreachable: ${errorText(err)}` };
  }
  if (err instanceof APIError && typeof err.status === 'number') return httpFailure(err.status, err.error);
  return { kind: 'transient', code: 'NetworkError', message: `FASHN call failed: ${errorText(err)}` };
}

/** The wizard's garment type, in words for the prompt. */
const GARMENT_WORDS = {
  top: 'the top (upper-body garment)',
  bottom: 'the bottoms (lower-body garment)',
  full: 'the full-body garment (dress or one-piece)',
} as const;

/** FASHN's resolution for a plan's: 4K results are scaled down to 2K by the engine. */
export function fashnResolution(job: ImageJob): '1k' | '4k' {
  return job.resolution === 'HD' ? '1k' : '4k';
}

/** The prompt of a product-to-model request: Drape's own parts first (pose, what is worn, the
 *  background preset, blur), then the seller's words (custom model, custom background), each in
 *  its own labelled, quoted part, so a description can add detail but cannot restate or end
 *  the server's parts ("; background: …" stays inside its quotes). */
export function productToModelPrompt(job: ImageJob): string {
  const parts: string[] = [];
  if (job.model.custom) parts.push(job.pose.prompt?.trim() || job.pose.name);
  if (job.project_type === 'flat-lay' || job.project_type === 'mannequin') {
    const what = job.garment_type ? GARMENT_WORDS[job.garment_type] : 'the garment';
    parts.push(
      job.project_type === 'flat-lay'
        ? `wearing ${what} from the flat-lay product photo`
        : `wearing ${what} from the product photo, where it is shown on a mannequin (the mannequin and its stand are not worn)`,
    );
  }
  const bg = job.background;
  if (!bg.custom)
    parts.push(bg.keeps_original ? 'keep the background of the model photo' : `background: ${bg.prompt}`);
  if (job.background_blurred) parts.push('softly blurred background, shallow depth of field');
  if (job.model.custom) parts.push(sellerPart(SELLER_MODEL_LABEL, job.model.description));
  if (bg.custom) parts.push(sellerPart(SELLER_BACKGROUND_LABEL, bg.description));
  return parts.filter(Boolean).join('; ');
}

/** The one request of an on-model, flat-lay or mannequin image. */
export function productToModelRequest(
  job: ImageJob,
  inputs: ImageInputs,
): Fashn.PredictionRunParams.ProductToModelRequest {
  const fields: ProductToModelInputs = {
    product_image: inputs.productUrl,
    prompt: productToModelPrompt(job),
    resolution: fashnResolution(job),
    output_format: 'png',
  };
  if (job.model.custom) {
    // a new person from the seller's description, portrait like the catalogue's photos
    fields.aspect_ratio = '2:3';
  } else {
    if (!inputs.modelImageUrl)
      throw new ProviderError({
        kind: 'permanent',
        code: 'BadRequest',
        message: `no photo of model ${job.model.slug} in pose ${job.pose.name}`,
      });
    fields.model_image = inputs.modelImageUrl;
  }
  if (!job.background.custom && inputs.backgroundImageUrl) fields.image_prompt = inputs.backgroundImageUrl;
  return { model_name: 'product-to-model', inputs: fields };
}

export function backgroundRemoveRequest(
  _job: ToolJob,
  inputs: ToolInputs,
): Fashn.PredictionRunParams.BackgroundRemoveRequest {
  return { model_name: 'background-remove', inputs: { image: inputs.imageUrl } };
}

/** One view of a saved model: model-create, 2:3 like the catalogue's photos, at 1k (what a
 *  face reference allows); the back and side views keep the front view's face. */
export function modelViewRequest(
  job: ToolJob & { seller_model: SellerModelView },
  inputs: ModelViewInputs,
): Fashn.PredictionRunParams.ModelCreateRequest {
  const m = job.seller_model;
  const fields: ModelCreateInputs = {
    prompt: modelViewPrompt(m, m.view),
    aspect_ratio: '2:3',
    seed: m.seed,
    output_format: 'png',
    resolution: '1k',
  };
  if (m.view !== 'front') {
    if (!inputs.faceReferenceUrl)
      throw new ProviderError({
        kind: 'permanent',
        code: 'BadRequest',
        message: `no front view to keep the face of model ${m.id}`,
      });
    fields.face_reference = inputs.faceReferenceUrl;
    fields.face_reference_mode = 'match_base';
  }
  return modelCreateRequest(fields);
}

export function videoRequest(
  job: VideoJob,
  inputs: VideoInputs,
): Fashn.PredictionRunParams.ImageToVideoRequest {
  const prompt = job.custom_description?.trim() || job.style.prompt;
  return { model_name: 'image-to-video', inputs: { image: inputs.imageUrl, prompt, duration: 5 } };
}

/** A status answer (from /status, after a webhook woke us) as progress. */
export function statusProgress(body: Pick<StatusAnswer, 'status' | 'output' | 'error'>): Progress {
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
      const e = body.error as StatusAnswer['error'] | string | null | undefined;
      const failure =
        typeof e === 'string' ? classifyFashnError(e, e) : classifyFashnError(e?.name, e?.message);
      return { state: 'failed', failure };
    }
    case 'canceled':
    case 'time_out':
      return {
        state: 'failed',
        failure: {
          kind: 'transient',
          code: body.status,
          message: `FASHN ended the prediction: ${body.status}`,
        },
      };
    default:
      return { state: 'running' };
  }
}

export function createFashnProvider(opts: FashnOptions): Provider {
  const client = new Fashn({
    apiKey: opts.apiKey,
    baseURL: opts.baseUrl.replace(/\/+$/, '').replace(/\/v1$/, ''),
    timeout: opts.timeoutMs ?? 30_000,
    // no retries inside a call: a /run sent twice could start two predictions (FASHN has no
    // idempotency key), and a status read that fails is simply read again on the next poll;
    // the engine retries a failed job itself, with a backoff
    maxRetries: 0,
    ...(opts.fetch ? { fetch: opts.fetch as typeof fetch } : {}),
    logLevel: 'off',
  });

  async function run(stage: Stage, request: RunParams, callbackUrl: string | null): Promise<Submitted> {
    let answer: Fashn.PredictionRunResponse;
    try {
      answer = await client.predictions.run(callbackUrl ? { ...request, webhook_url: callbackUrl } : request);
    } catch (err) {
      throw new ProviderError(sdkFailure(err));
    }
    if (answer.error) throw new ProviderError(classifyFashnError(answer.error, answer.error));
    if (typeof answer.id !== 'string' || !answer.id) {
      throw new ProviderError({
        kind: 'transient',
        code: 'BadResponse',
        message: 'FASHN answered /run without an id',
      });
    }
    return { handle: fashnHandle(stage, answer.id) };
  }

  async function status(id: string): Promise<Progress> {
    let answer: StatusAnswer;
    try {
      answer = await client.predictions.status(id);
    } catch (err) {
      const failure = sdkFailure(err);
      if (err instanceof APIError && err.status === 404) {
        return {
          state: 'failed',
          failure: { kind: 'transient', code: 'NotFound', message: 'FASHN no longer tracks this prediction' },
        };
      }
      // a status read that fails for a while says nothing about the work: look again later
      return failure.kind === 'transient' ? { state: 'running' } : { state: 'failed', failure };
    }
    return statusProgress(answer);
  }

  function stageOf(handle: string): { stage: Stage; id: string } {
    const parsed = parseFashnHandle(handle);
    if (!parsed) throw new CallbackMismatch(`not a FASHN handle: ${handle}`);
    return parsed;
  }

  const submitImage = (job: ImageJob, inputs: ImageInputs) =>
    run('model', productToModelRequest(job, inputs), inputs.callbackUrl);

  return {
    name: opts.name ?? 'fashn',
    submitOnModel: submitImage,
    submitFlatLay: submitImage,
    submitBackgroundRemoval(job, inputs) {
      return run('bgremove', backgroundRemoveRequest(job, inputs), inputs.callbackUrl);
    },
    submitVideo(job, inputs) {
      return run('video', videoRequest(job, inputs), inputs.callbackUrl);
    },
    submitModelView(job, inputs) {
      return run('create', modelViewRequest(job, inputs), inputs.callbackUrl);
    },
    async poll(handle: string, _job: EngineJob) {
      return status(stageOf(handle).id);
    },
    async parseCallback(handle: string, body: unknown, _job: EngineJob) {
      const { id } = stageOf(handle);
      const b = (body ?? {}) as { id?: unknown };
      if (typeof b.id !== 'string' || b.id !== id) {
        throw new CallbackMismatch(`callback for prediction ${String(b.id)} while the job waits for ${id}`);
      }
      // the body is only a wake-up call: the outcome is read from FASHN itself, so a forged
      // body can neither finish a job nor make the engine fetch a URL of its choosing
      return status(id);
    },
  };
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
