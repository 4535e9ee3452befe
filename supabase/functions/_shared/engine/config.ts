// The engine's settings, from the function's environment (all optional):
//   GENERATION_MAX_ATTEMPTS           tries per job before it fails and is refunded (3)
//   GENERATION_RETRY_BASE_SECONDS     backoff after a transient error: base × 4^(attempt-1) (20 → 20 s, 80 s)
//   GENERATION_CLAIM_LEASE_SECONDS    how long a claimed job may take to reach the provider (120)
//   GENERATION_PROVIDER_DEADLINE_SECONDS  how long the provider may work on it before the job
//                                     is tried again (600; 460 for the webhook workflow's 400 s)
//   GENERATION_POLL_SECONDS           how often a job at the provider is polled (10)
//   GENERATION_BATCH_SIZE             jobs claimed per kind per dispatch run (8)
//   GENERATION_WATERMARK_BATCH_SIZE   watermarked copies of older images drawn per run (3: each
//                                     costs ~0.2-0.4 s of CPU, and hosted runs have ~2 s)
//   CATALOGUE_BASE_URL                the app's public origin, where /catalogue/... is served
//                                     (providers fetch model and background photos there)
//   PROVIDER_CALLBACK_URL             where providers post outcomes (default
//                                     {SUPABASE_URL}/functions/v1/provider-callback; 'off' = poll only)
//   SIGNED_URL_SECONDS                life of the signed input URLs handed to providers (900, at most 3600)
import type { ProviderName } from '../providers/index.ts';

export interface EngineConfig {
  maxAttempts: number;
  retryBaseSeconds: number;
  claimLeaseSeconds: number;
  deadlineSeconds: number;
  pollSeconds: number;
  batchSize: number;
  /** watermarked copies of older images per run (CPU-bound: decode, draw, encode) */
  watermarkBatchSize: number;
  /** how long a poll or a callback holds a job while it handles it */
  handlingLeaseSeconds: number;
  catalogueBaseUrl: string;
  callbackBaseUrl: string | null;
  /** the project's public URL (SUPABASE_URL), for the authenticated object URLs stored in rows */
  supabaseUrl: string;
  signedUrlSeconds: number;
  /** largest output accepted from a provider */
  maxOutputBytes: number;
}

function num(env: (name: string) => string | undefined, name: string, fallback: number, min = 0): number {
  const raw = env(name)?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  return Number.isFinite(n) && n >= min ? n : fallback;
}

export function engineConfig(
  env: (name: string) => string | undefined,
  provider: ProviderName,
): EngineConfig {
  const supabaseUrl = (env('SUPABASE_URL') ?? '').replace(/\/+$/, '');
  const callback = env('PROVIDER_CALLBACK_URL')?.trim();
  return {
    maxAttempts: Math.round(num(env, 'GENERATION_MAX_ATTEMPTS', 3, 1)),
    retryBaseSeconds: num(env, 'GENERATION_RETRY_BASE_SECONDS', 20),
    claimLeaseSeconds: Math.round(num(env, 'GENERATION_CLAIM_LEASE_SECONDS', 120, 5)),
    deadlineSeconds: Math.round(
      num(env, 'GENERATION_PROVIDER_DEADLINE_SECONDS', provider === 'webhook' ? 460 : 600, 5),
    ),
    pollSeconds: Math.round(num(env, 'GENERATION_POLL_SECONDS', 10, 0)),
    batchSize: Math.round(num(env, 'GENERATION_BATCH_SIZE', 8, 1)),
    watermarkBatchSize: Math.round(num(env, 'GENERATION_WATERMARK_BATCH_SIZE', 3, 1)),
    handlingLeaseSeconds: 60,
    catalogueBaseUrl: (
      env('CATALOGUE_BASE_URL')?.trim() ||
      env('SITE_URL')?.trim() ||
      'http://localhost:3000'
    ).replace(/\/+$/, ''),
    callbackBaseUrl:
      callback === 'off'
        ? null
        : callback || (supabaseUrl ? `${supabaseUrl}/functions/v1/provider-callback` : null),
    supabaseUrl,
    // at most an hour: the 'generated' bucket signs no longer (docs/deploying.md)
    signedUrlSeconds: Math.min(3600, Math.round(num(env, 'SIGNED_URL_SECONDS', 900, 60))),
    maxOutputBytes: 50 * 1024 * 1024,
  };
}

/** Seconds before attempt `attempt + 1` after a transient error in attempt `attempt`. */
export function retryDelaySeconds(config: EngineConfig, attempt: number): number {
  return Math.round(config.retryBaseSeconds * 4 ** Math.max(0, attempt - 1));
}
