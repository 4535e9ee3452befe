// The engine's store over supabase-js with the service role key: the queue's SQL functions
// through rpc, objects through Storage.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2';
import type { EngineJob, ImageJob, ToolJob, VideoJob } from '../providers/types.ts';
import type { CallbackStart, ClaimedWork, EngineStore, Recorded, WatermarkJob } from './store.ts';

async function rpc<T>(client: SupabaseClient, fn: string, args: Record<string, unknown>): Promise<T> {
  const { data, error } = await client.rpc(fn, args);
  if (error) throw new Error(`${fn}: ${error.message}`);
  return data as T;
}

export function supabaseStore(client: SupabaseClient): EngineStore {
  return {
    async claim(worker, o) {
      const data = await rpc<{
        images: ImageJob[];
        videos: VideoJob[];
        tools: ToolJob[];
        polls: EngineJob[];
      }>(client, 'claim_dispatch_work', {
        worker,
        max_jobs: o.maxJobs,
        lease_seconds: o.leaseSeconds,
        max_attempts: o.maxAttempts,
        max_polls: o.maxPolls,
        poll_lease_seconds: o.pollLeaseSeconds,
      });
      return data as ClaimedWork;
    },
    recordJob(kind, id, attempt, handle, deadlineSeconds, pollSeconds, holdSeconds) {
      return rpc<Recorded>(client, 'record_provider_job', {
        kind,
        job_id: id,
        attempt,
        handle,
        deadline_seconds: deadlineSeconds,
        poll_seconds: pollSeconds,
        hold_seconds: holdSeconds,
      });
    },
    recordProgress(kind, id, attempt, handle, pollSeconds, holdSeconds) {
      return rpc<Recorded>(client, 'record_provider_progress', {
        kind,
        job_id: id,
        attempt,
        handle,
        poll_seconds: pollSeconds,
        hold_seconds: holdSeconds,
      });
    },
    retry(kind, id, attempt, error, delaySeconds, maxAttempts) {
      return rpc(client, 'retry_engine_job', {
        kind,
        job_id: id,
        attempt,
        error,
        delay_seconds: delaySeconds,
        max_attempts: maxAttempts,
      });
    },
    finish(kind, id, attempt, status, paths) {
      return rpc(client, 'finish_engine_job', {
        kind,
        job_id: id,
        attempt,
        status,
        result_path: paths.resultPath ?? null,
        watermarked_path: paths.watermarkedPath ?? null,
        result_url: paths.resultUrl ?? null,
        error: paths.error ?? null,
        width: paths.width ?? null,
        height: paths.height ?? null,
      });
    },
    beginCallback(kind, id, attempt, body, leaseSeconds) {
      return rpc<CallbackStart>(client, 'begin_provider_callback', {
        kind,
        job_id: id,
        attempt,
        body: body ?? null,
        lease_seconds: leaseSeconds,
      });
    },
    async signedUrl(bucket, path, seconds) {
      const { data, error } = await client.storage.from(bucket).createSignedUrl(path, seconds);
      if (error || !data?.signedUrl)
        throw new Error(`signing ${bucket}/${path}: ${error?.message ?? 'no URL'}`);
      return data.signedUrl;
    },
    async download(bucket, path) {
      const { data, error } = await client.storage.from(bucket).download(path);
      if (error || !data) throw new Error(`reading ${bucket}/${path}: ${error?.message ?? 'no data'}`);
      return new Uint8Array(await data.arrayBuffer());
    },
    async claimWatermarks(worker, maxJobs, leaseSeconds, maxAttempts) {
      return rpc<WatermarkJob[]>(client, 'claim_watermark_work', {
        worker,
        max_jobs: maxJobs,
        lease_seconds: leaseSeconds,
        max_attempts: maxAttempts,
      });
    },
    finishWatermark(job, outcome, retrySeconds, maxAttempts) {
      return rpc(client, 'finish_watermark_work', {
        image_id: job.image_id,
        attempt: job.attempt,
        watermarked_path: 'path' in outcome ? outcome.path : null,
        watermarked_url: 'path' in outcome ? outcome.url : null,
        error: 'error' in outcome ? outcome.error : null,
        retry_seconds: retrySeconds,
        max_attempts: maxAttempts,
      });
    },
    async upload(bucket, path, bytes, contentType) {
      const { error } = await client.storage
        .from(bucket)
        .upload(path, bytes, { contentType, upsert: true, cacheControl: '3600' });
      if (error) throw new Error(`storing ${bucket}/${path}: ${error.message}`);
    },
  };
}

/** GET with a time limit, refusing bodies over maxBytes. */
export async function download(
  url: string,
  maxBytes: number,
  timeoutMs = 60_000,
): Promise<{ bytes: Uint8Array; contentType: string | null }> {
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
  if (!res.ok) {
    await res.body?.cancel();
    throw new Error(`GET ${new URL(url).host} answered ${res.status}`);
  }
  const declared = Number(res.headers.get('content-length') ?? '0');
  if (declared > maxBytes) {
    await res.body?.cancel();
    throw new Error(`output of ${declared} bytes is over the ${maxBytes} byte limit`);
  }
  const reader = res.body?.getReader();
  if (!reader) return { bytes: new Uint8Array(0), contentType: res.headers.get('content-type') };
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > maxBytes) {
      await reader.cancel();
      throw new Error(`output is over the ${maxBytes} byte limit`);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.length;
  }
  return { bytes, contentType: res.headers.get('content-type') };
}
