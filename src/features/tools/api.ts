// The tools' server calls: the combiner's charge (charge_tool_use, once per request id), the
// background removal job (start_background_removal, tool_jobs) and its files in bucket
// 'tool-images'.
import { queryOptions } from '@tanstack/react-query';
import { isNetworkError } from '../../lib/errors/index.ts';
import type { Tables } from '../../lib/database.types.ts';
import type { AppSupabaseClient } from '../../lib/supabase.ts';

export const TOOL_IMAGES_BUCKET = 'tool-images';

export interface ToolCharge {
  charge_id: string;
  credits_used: number;
  credits_remaining: number;
  /** the request had been charged already: nothing was charged this time */
  replayed: boolean;
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Charges one combination (0.15 credits) and records the tool_used activity. The request id
 * makes it safe to ask again: an answer lost on the way is asked for once more (up to 3
 * times), and the server answers with the charge it already made.
 */
export async function chargeCombination(
  client: AppSupabaseClient,
  requestId: string,
  attempts = 3,
  backoffMs = 800,
): Promise<ToolCharge> {
  for (let attempt = 1; ; attempt++) {
    const { data, error } = await client.rpc('charge_tool_use', {
      tool: 'photo-combiner',
      details: 'Photo combination',
      metadata: { requestId },
    });
    if (!error) return data as unknown as ToolCharge;
    if (!isNetworkError(error) || attempt >= attempts) throw error;
    await wait(backoffMs * attempt);
  }
}

export type ToolJob = Pick<
  Tables<'tool_jobs'>,
  'id' | 'status' | 'input_path' | 'result_path' | 'error' | 'credits_charged' | 'refunded_at'
>;
const JOB_COLUMNS = 'id, status, input_path, result_path, error, credits_charged, refunded_at';

export const toolKeys = {
  job: (id: string) => ['tool-job', id] as const,
};

/**
 * Starts the removal of an uploaded photo's background (charges 0.40 credits). The request id
 * (one per click, kept until answered: remover/removal-request.ts) makes it safe to ask again:
 * an answer lost on the way is asked for once more (up to 3 times), and the server answers
 * with the job it already made for this request instead of charging and queueing again.
 */
export async function startBackgroundRemoval(
  client: AppSupabaseClient,
  inputPath: string,
  requestId: string,
  attempts = 3,
  backoffMs = 800,
): Promise<ToolJob> {
  for (let attempt = 1; ; attempt++) {
    const { data, error } = await client.rpc('start_background_removal', {
      input_path: inputPath,
      request_id: requestId,
    });
    if (!error) return data as unknown as ToolJob;
    if (!isNetworkError(error) || attempt >= attempts) throw error;
    await wait(backoffMs * attempt);
  }
}

export function toolJobQueryOptions(client: AppSupabaseClient, jobId: string) {
  return queryOptions({
    queryKey: toolKeys.job(jobId),
    queryFn: async (): Promise<ToolJob> => {
      const { data, error } = await client.from('tool_jobs').select(JOB_COLUMNS).eq('id', jobId).single();
      if (error) throw error;
      return data;
    },
  });
}

/** The finished job's transparent PNG. */
export async function downloadToolImage(client: AppSupabaseClient, path: string): Promise<Blob> {
  const { data, error } = await client.storage.from(TOOL_IMAGES_BUCKET).download(path);
  if (error) throw error;
  return data;
}
