// The Batch Processor's data: one key factory for batches, their reads as queryOptions, the
// quote (quote_batch) and the start (start_batch, once per request id). The server prices and
// charges; the browser shows what it says. Each item is an ordinary project, read through the
// projects feature (batchProjectsQueryOptions).
import { queryOptions } from '@tanstack/react-query';
import type { AppSupabaseClient } from '../../lib/supabase.ts';
import type { Tables } from '../../lib/database.types.ts';
import { type CreditQuote, readCreditQuote } from '../../lib/credit-quote.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { generationArgs } from '../wizard/components.ts';
import type { BatchDraft } from './model/batch-draft.ts';

export type Batch = Pick<
  Tables<'batches'>,
  'id' | 'name' | 'project_type' | 'item_count' | 'credits_charged' | 'created_at'
>;
const BATCH_COLUMNS = 'id, name, project_type, item_count, credits_charged, created_at';

export const batchKeys = {
  all: ['batches'] as const,
  user: (userId: string) => [...batchKeys.all, userId] as const,
  list: (userId: string) => [...batchKeys.user(userId), 'list'] as const,
  detail: (userId: string, batchId: string) => [...batchKeys.user(userId), 'detail', batchId] as const,
  quote: (userId: string, type: string, items: number) =>
    [...batchKeys.user(userId), 'quote', type, items] as const,
};

export const batchesQueryOptions = (client: AppSupabaseClient, userId: string) =>
  queryOptions({
    queryKey: batchKeys.list(userId),
    queryFn: async (): Promise<Batch[]> => {
      const { data, error } = await client
        .from('batches')
        .select(BATCH_COLUMNS)
        .eq('user_id', userId)
        .order('created_at', { ascending: false })
        .limit(50);
      if (error) throw error;
      return data ?? [];
    },
  });

export const batchQueryOptions = (client: AppSupabaseClient, userId: string, batchId: string) =>
  queryOptions({
    queryKey: batchKeys.detail(userId, batchId),
    queryFn: async (): Promise<Batch | null> => {
      if (!/^[0-9a-f-]{36}$/i.test(batchId)) return null;
      const { data, error } = await client
        .from('batches')
        .select(BATCH_COLUMNS)
        .eq('id', batchId)
        .maybeSingle();
      if (error) throw error;
      return data;
    },
  });

export const batchQuoteQueryOptions = (
  client: AppSupabaseClient,
  userId: string,
  type: string,
  items: number,
) =>
  queryOptions({
    queryKey: batchKeys.quote(userId, type, items),
    queryFn: async (): Promise<CreditQuote> => {
      const { data, error } = await client.rpc('quote_batch', { project_type: type, item_count: items });
      if (error) throw error;
      return readCreditQuote(data);
    },
    enabled: items > 0,
  });

/** start_batch's arguments for a draft whose photos are all stored (without the request id). */
export function batchArgs(draft: BatchDraft, backgroundBlurred: boolean) {
  const choice = generationArgs(draft.choices, backgroundBlurred);
  return {
    project_type: choice.project_type,
    items: draft.items.map((i) => ({
      path: i.upload.path ?? '',
      garment_type: i.garmentType,
      name: i.name.trim(),
    })),
    pose_id: draft.choices.poseId ?? 0,
    model_id: choice.model_id,
    seller_model_id: choice.seller_model_id,
    background_id: choice.background_id,
    background_blurred: choice.background_blurred,
    custom_model: choice.custom_model,
    custom_background: choice.custom_background,
    // unnamed items and the batch are named in the language on screen
    locale: currentLocale(),
  };
}

export async function startBatch(
  client: AppSupabaseClient,
  args: ReturnType<typeof batchArgs>,
  requestId: string,
): Promise<{ id: string; replayed: boolean }> {
  const { data, error } = await client.rpc('start_batch', { ...args, request_id: requestId });
  if (error) throw error;
  const b = data as { id: string; replayed?: boolean };
  return { id: b.id, replayed: b.replayed === true };
}
