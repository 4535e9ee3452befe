// What the engine needs from Supabase: the queue functions (service role, see
// supabase/schemas/60_generation_queue.sql) and Storage. The interface
// keeps engine.ts free of supabase-js, so its logic is tested with an in-memory store.
import type { EngineJob, ImageJob, ToolJob, VideoJob } from '../providers/types.ts';
import type { JobKind } from './callback-url.ts';

/** A callback kept for a job (private.pending_callbacks): the body as the provider posted it. */
export interface KeptCallback {
  body: unknown;
}

/** A job waiting at a provider, due for a poll (provider_job_id = the handle). */
export type PollJob = EngineJob & {
  /** a callback that came while an earlier holder had the job: acted on instead of a poll */
  callback?: KeptCallback | null;
};

export interface ClaimedWork {
  images: ImageJob[];
  videos: VideoJob[];
  tools: ToolJob[];
  polls: PollJob[];
}

/**
 * What recording a handle or a job's progress did: nothing (the job moved on), or recorded —
 * with a callback that came meanwhile, which the caller now holds the job for and acts on.
 */
export interface Recorded {
  recorded: boolean;
  callback?: KeptCallback | null;
}

export interface ClaimOptions {
  maxJobs: number;
  leaseSeconds: number;
  maxAttempts: number;
  maxPolls: number;
  pollLeaseSeconds: number;
}

export type CallbackStart =
  | { result: 'unknown' | 'stale' }
  /** kept for the job's next holder: 'early' (handle not recorded yet) or 'busy' (job held) */
  | { result: 'stored'; reason: 'early' | 'busy' }
  | { result: 'ok'; job: EngineJob };

export interface FinishPaths {
  resultPath?: string | null;
  watermarkedPath?: string | null;
  resultUrl?: string | null;
  error?: string | null;
  /** an image's stored pixel size */
  width?: number | null;
  height?: number | null;
}

/**
 * A watermarked copy to make (20261123002400): a completed image of a seller now on a plan
 * with a watermark, made when the plan had none.
 */
export interface WatermarkJob {
  kind: 'watermark';
  image_id: string;
  user_id: string;
  project_id: string;
  /** the clean image, in bucket 'generated'; the copy goes to 'watermarked' under the same name */
  generated_path: string;
  attempt: number;
}

export type WatermarkOutcome = { path: string; url: string } | { error: string };

export interface EngineStore {
  claim(worker: string, opts: ClaimOptions): Promise<ClaimedWork>;
  /** the attempt's handle (record_provider_job); hands back a callback that came before it */
  recordJob(
    kind: JobKind,
    id: string,
    attempt: number,
    handle: string,
    deadlineSeconds: number,
    pollSeconds: number,
    holdSeconds: number,
  ): Promise<Recorded>;
  /** still running: let go, next poll after pollSeconds — or hand back a callback kept meanwhile */
  recordProgress(
    kind: JobKind,
    id: string,
    attempt: number,
    handle: string,
    pollSeconds: number,
    holdSeconds: number,
  ): Promise<Recorded>;
  retry(
    kind: JobKind,
    id: string,
    attempt: number,
    error: string,
    delaySeconds: number,
    maxAttempts: number,
  ): Promise<'retrying' | 'failed' | 'stale'>;
  finish(
    kind: JobKind,
    id: string,
    attempt: number,
    status: 'completed' | 'failed' | 'rejected',
    paths: FinishPaths,
  ): Promise<{ changed: boolean; status: string | null }>;
  /** a signed callback arrived: the job held for leaseSeconds, or the body kept (early, busy) */
  beginCallback(
    kind: JobKind,
    id: string,
    attempt: number,
    body: unknown,
    leaseSeconds: number,
  ): Promise<CallbackStart>;
  /** a short-lived signed download URL of a stored object */
  signedUrl(bucket: string, path: string, seconds: number): Promise<string>;
  /** stores bytes (replacing what is there) */
  upload(bucket: string, path: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** reads a stored object */
  download(bucket: string, path: string): Promise<Uint8Array>;
  /** due watermark copies, each held for leaseSeconds */
  claimWatermarks(
    worker: string,
    maxJobs: number,
    leaseSeconds: number,
    maxAttempts: number,
  ): Promise<WatermarkJob[]>;
  /** the copy is stored, or this attempt failed (retried after retrySeconds, up to maxAttempts) */
  finishWatermark(
    job: WatermarkJob,
    outcome: WatermarkOutcome,
    retrySeconds: number,
    maxAttempts: number,
  ): Promise<'completed' | 'retrying' | 'failed' | 'stale'>;
}
