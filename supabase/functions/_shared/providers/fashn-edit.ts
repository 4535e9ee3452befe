// FASHN's edit model (https://docs.fashn.ai/api-reference/edit), typed here because the
// official SDK's 0.11.1 types do not name it yet: the request goes through the unmodified
// client (`client.predictions.run` / `.status`), with the one cast of this codebase confined
// to `runEdit` below. The inputs are FASHN's reference's:
//
//   image            required  the picture to edit (URL or data:image/…;base64,…)
//   prompt           required  what to change
//   mask             optional  same size as image; white (255) = the region to change,
//                              black (0) = keep (a strong hint, not strict inpainting)
//   image_context    optional  a reference picture for what words cannot say
//   resolution       '1k' | '2k' | '4k' (default '1k')
//   generation_mode  'fast' | 'balanced' | 'quality'
//   seed             0 … 2^32-1 (default 42)
//   output_format    'png' | 'jpeg' (default png)
//   return_base64    boolean (default false)
//
// The answer is FASHN's usual one: /run gives {id, error}, /status gives {status, output:
// [url], error: {name, message}}. FASHN takes 20 s to 120 s per edit.
import Fashn from 'npm:fashn@0.11.1';
import { sdkFailure, statusProgress } from './fashn.ts';
import type { Env } from './index.ts';
import { type Fetch, type Progress, ProviderError } from './types.ts';

export const EDIT_MODEL = 'edit';

/** FASHN's longest edit (the reference says 20 s to 120 s). */
export const EDIT_MAX_SECONDS = 120;

export interface EditInputs {
  image: string;
  prompt: string;
  mask?: string;
  image_context?: string;
  resolution?: '1k' | '2k' | '4k';
  generation_mode?: 'fast' | 'balanced' | 'quality';
  seed?: number;
  output_format?: 'png' | 'jpeg';
  return_base64?: boolean;
}

export interface EditRequest {
  model_name: typeof EDIT_MODEL;
  inputs: EditInputs;
}

/** The request Drape sends: the seller's description as the prompt, the drawing as the mask. */
export function editRequest(imageUrl: string, maskDataUrl: string, description: string): EditRequest {
  return {
    model_name: EDIT_MODEL,
    inputs: {
      image: imageUrl,
      mask: maskDataUrl,
      prompt: editPrompt(description),
      output_format: 'png',
    },
  };
}

/** The prompt: the seller's words, said as a fix of the marked region (FASHN's prompt is free text). */
export function editPrompt(description: string): string {
  const words = description.trim().replace(/\s+/g, ' ');
  return `Fix the marked region of this fashion photo as the seller asks, keep everything else unchanged: ${words}`;
}

export interface FashnEditor {
  /** 'fashn' or 'local' (FASHN's API on the local stack) */
  name: 'fashn' | 'local';
  /** Submits the edit; FASHN's prediction id. Throws ProviderError. */
  start(request: EditRequest): Promise<string>;
  /** One status read. */
  status(predictionId: string): Promise<Progress>;
}

export interface EditorOptions {
  name: 'fashn' | 'local';
  baseUrl: string;
  apiKey: string;
  fetch?: Fetch;
}

export function createFashnEditor(opts: EditorOptions): FashnEditor {
  const client = new Fashn({
    apiKey: opts.apiKey,
    baseURL: opts.baseUrl.replace(/\/+$/, '').replace(/\/v1$/, ''),
    timeout: 30_000,
    // a /run sent twice could start two paid predictions
    maxRetries: 0,
    ...(opts.fetch ? { fetch: opts.fetch as typeof fetch } : {}),
    logLevel: 'off',
  });
  return {
    name: opts.name,
    async start(request) {
      let answer: Fashn.PredictionRunResponse;
      try {
        answer = await runEdit(client, request);
      } catch (err) {
        throw new ProviderError(sdkFailure(err));
      }
      if (answer.error || typeof answer.id !== 'string' || !answer.id) {
        throw new ProviderError({
          kind: 'permanent',
          code: answer.error || 'BadResponse',
          message: answer.error || 'FASHN answered /run without an id',
        });
      }
      return answer.id;
    },
    async status(predictionId) {
      try {
        return statusProgress(await client.predictions.status(predictionId));
      } catch (err) {
        const failure = sdkFailure(err);
        return failure.kind === 'transient' ? { state: 'running' } : { state: 'failed', failure };
      }
    },
  };
}

/** The SDK's run with a model its types do not list yet: the only cast, here. */
function runEdit(client: Fashn, request: EditRequest) {
  return client.predictions.run(request as unknown as Fashn.PredictionRunParams);
}

export type EditorChoice = { editor: FashnEditor } | { editor: null; reason: string };

/**
 * The editor the environment sets up: FASHN itself (GENERATION_PROVIDER=fashn and a key), or
 * the local stack's /_dev/fashn (GENERATION_PROVIDER=local, the default); the webhook
 * workflow has no edit model.
 */
export function editorFromEnv(env: Env, deps: { fetch?: Fetch } = {}): EditorChoice {
  const value = (key: string) => env(key)?.trim() || null;
  const provider = (value('GENERATION_PROVIDER') ?? 'local').toLowerCase();
  if (provider === 'fashn') {
    const apiKey = value('FASHN_API_KEY');
    if (!apiKey) return { editor: null, reason: 'FASHN_API_KEY is not set' };
    return {
      editor: createFashnEditor({
        name: 'fashn',
        baseUrl: value('FASHN_API_URL') ?? 'https://api.fashn.ai',
        apiKey,
        fetch: deps.fetch,
      }),
    };
  }
  if (provider === 'local') {
    const supabaseUrl = value('SUPABASE_URL');
    const baseUrl =
      value('FASHN_API_URL') ?? (supabaseUrl ? `${supabaseUrl.replace(/\/+$/, '')}/_dev/fashn` : null);
    if (!baseUrl) return { editor: null, reason: 'FASHN_API_URL is not set' };
    return {
      editor: createFashnEditor({
        name: 'local',
        baseUrl,
        apiKey: value('FASHN_API_KEY') ?? 'local',
        fetch: deps.fetch,
      }),
    };
  }
  return { editor: null, reason: `GENERATION_PROVIDER=${provider} has no edit model (FASHN has)` };
}
