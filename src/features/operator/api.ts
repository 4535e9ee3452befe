// The operator console's data: the fix queue and its actions, finding a seller, a seller's
// account (operator_seller_overview), granting credits, refunds and retries, the inbox of sellers' messages, the failed and waiting work and the health report. Every call is an operator_… SQL function (supabase/schemas/97_operator.sql), which
// refuses anyone but an operator; answering with a picture goes through operator-answer-fix.
import { queryOptions } from '@tanstack/react-query';
import { functionError } from '../../lib/errors/index.ts';
import type { AppSupabaseClient } from '../../lib/supabase.ts';
import type { FixRow, LedgerRow, LogRow } from '../billing/index.ts';

export type QueueStatus = 'pending' | 'processing' | 'completed' | 'rejected';

export interface QueueFix {
  id: string;
  status: QueueStatus;
  description: string;
  created_at: string;
  completed_at: string | null;
  age_hours: number;
  promised_days: number;
  due_at: string;
  late: boolean;
  seller_id: string;
  seller_email: string | null;
  seller_name: string | null;
  plan: string | null;
  plan_watermark: boolean | null;
  is_free: boolean;
  credits_charged: number;
  project_id: string;
  project_name: string | null;
  image_id: string | null;
  original_path: string | null;
  original_watermarked_path: string | null;
  drawing_path: string | null;
  result_path: string | null;
  result_watermarked_path: string | null;
  result_note: string | null;
}

export interface FixQueue {
  open: QueueFix[];
  recent: QueueFix[];
}

export interface SellerMatch {
  id: string;
  email: string;
  name: string | null;
  plan: string;
  balance: number;
}

export const operatorKeys = {
  all: ['operator'] as const,
  queue: () => [...operatorKeys.all, 'fix-queue'] as const,
  sellers: (query: string) => [...operatorKeys.all, 'sellers', query] as const,
  seller: (id: string) => [...operatorKeys.all, 'seller', id] as const,
  picture: (bucket: string, path: string) => [...operatorKeys.all, 'picture', bucket, path] as const,
  inbox: (kind: InboxKind | null, includeHandled: boolean) =>
    [...operatorKeys.all, 'inbox', kind, includeHandled] as const,
  work: () => [...operatorKeys.all, 'work'] as const,
  health: () => [...operatorKeys.all, 'health'] as const,
  aiFix: (fixId: string) => [...operatorKeys.all, 'ai-fix', fixId] as const,
};

export async function fetchFixQueue(client: AppSupabaseClient): Promise<FixQueue> {
  const { data, error } = await client.rpc('operator_fix_queue');
  if (error) throw error;
  return data as unknown as FixQueue;
}

export const fixQueueQueryOptions = (client: AppSupabaseClient) =>
  queryOptions({
    queryKey: operatorKeys.queue(),
    queryFn: () => fetchFixQueue(client),
    refetchInterval: 60_000,
    // other sellers' data stays out of this device's offline cache
    meta: { persist: false },
  });

/** A signed URL for one of the queue's pictures (operators may read every fix's files). */
export const pictureQueryOptions = (client: AppSupabaseClient, bucket: string, path: string) =>
  queryOptions({
    queryKey: operatorKeys.picture(bucket, path),
    queryFn: async () => {
      const { data, error } = await client.storage.from(bucket).createSignedUrl(path, 3600);
      if (error) throw error;
      return data.signedUrl;
    },
    staleTime: 30 * 60_000,
    meta: { persist: false },
  });

export async function startFix(client: AppSupabaseClient, fixId: string) {
  const { error } = await client.rpc('operator_start_fix', { fix_id: fixId });
  if (error) throw error;
}

export async function rejectFix(client: AppSupabaseClient, fixId: string, note: string) {
  const { error } = await client.rpc('operator_reject_fix', { fix_id: fixId, note });
  if (error) throw error;
}

/** Any picture the browser can show, as a PNG (what operator-answer-fix stores). */
export async function asPng(file: Blob): Promise<Blob> {
  if (file.type === 'image/png') return file;
  const bitmap = await createImageBitmap(file);
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
  bitmap.close();
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the picture could not be read'))), 'image/png'),
  );
}

export async function answerFix(client: AppSupabaseClient, fixId: string, picture: Blob, note: string) {
  const body = new FormData();
  body.set('fix_id', fixId);
  if (note.trim()) body.set('note', note.trim());
  body.set('file', await asPng(picture), 'fix.png');
  const { error } = await client.functions.invoke('operator-answer-fix', { body });
  if (error) throw await functionError(error);
}

export async function findSellers(client: AppSupabaseClient, query: string): Promise<SellerMatch[]> {
  const { data, error } = await client.rpc('operator_find_seller', { query });
  if (error) throw error;
  return (data as unknown as SellerMatch[]).map((s) => ({ ...s, balance: Number(s.balance) }));
}

export const sellersQueryOptions = (client: AppSupabaseClient, query: string) =>
  queryOptions({
    queryKey: operatorKeys.sellers(query),
    queryFn: () => findSellers(client, query),
    enabled: query.length >= 2,
    meta: { persist: false },
  });

export type ImageStatus = 'pending' | 'processing' | 'completed' | 'failed' | 'rejected';

export interface SellerImage {
  id: string;
  status: ImageStatus;
  error: string | null;
  attempts: number;
  credit_cost: number | string;
  refunded_at: string | null;
  lease_expires_at: string | null;
  created_at: string;
  updated_at: string;
  /** waiting or running unchanged for 30 minutes: it may be made again */
  stuck: boolean;
}

export interface SellerProject {
  id: string;
  name: string;
  type: string;
  status: string;
  created_at: string;
  updated_at: string;
  batch_id: string | null;
  credits_charged: number | string;
  video_status: 'pending' | 'processing' | 'completed' | 'failed' | null;
  video_error: string | null;
  video_requested_at: string | null;
  video_attempts: number;
  /** the video waiting or running unchanged for 30 minutes: it may be made again */
  video_stuck: boolean;
  images: SellerImage[];
}

export interface SellerBatch {
  id: string;
  name: string;
  project_type: string;
  item_count: number;
  credits_charged: number | string;
  created_at: string;
  images: { pending: number; completed: number; failed: number; rejected: number; refunded: number };
  /** credits of its finished images not refunded yet */
  refundable: number | string;
}

export interface SellerOverview {
  seller: {
    id: string;
    email: string;
    name: string | null;
    created_at: string;
    last_sign_in_at: string | null;
  };
  subscription: {
    plan: string;
    scheduled_plan: string | null;
    status: 'active' | 'past_due' | 'canceled';
    credits_remaining: number | string;
    plan_credits: number | string;
    purchased_credits: number | string;
    rollover_credits: number | string;
    credits_used: number | string;
    current_period_start: string;
    current_period_end: string;
    cancel_at_period_end: boolean;
    has_stripe: boolean;
  };
  /** the rows the seller's own /history reads, newest first */
  ledger: LedgerRow[];
  ledger_more: boolean;
  projects: SellerProject[];
  fixes: FixRow[];
  batches: SellerBatch[];
  payments: {
    events: {
      id: string;
      type: string;
      received_at: string;
      processed_at: string | null;
      failure: string | null;
    }[];
    /** the history log's billing rows (the seller's purchases list) and failed credit purchases */
    history: LogRow[];
    checkouts: {
      id: string;
      credits: number;
      amount_cents: number;
      currency: string;
      status: 'open' | 'granted' | 'refused';
      paid_amount_cents: number | null;
      paid_currency: string | null;
      plan: string;
      created_at: string;
      settled_at: string | null;
    }[];
  };
}

/** How many ledger rows the seller's page reads at first, and how many more per press. */
export const LEDGER_PAGE = 100;
/** The most the database answers at once (operator_seller_overview's ledger_limit). */
export const LEDGER_MAX = 500;

export async function fetchSellerOverview(
  client: AppSupabaseClient,
  sellerId: string,
  ledgerLimit = LEDGER_PAGE,
): Promise<SellerOverview> {
  const { data, error } = await client.rpc('operator_seller_overview', {
    seller_id: sellerId,
    ledger_limit: ledgerLimit,
  });
  if (error) throw error;
  return data as unknown as SellerOverview;
}

export const sellerQueryOptions = (client: AppSupabaseClient, sellerId: string, ledgerLimit: number) =>
  queryOptions({
    queryKey: [...operatorKeys.seller(sellerId), ledgerLimit],
    queryFn: () => fetchSellerOverview(client, sellerId, ledgerLimit),
    meta: { persist: false },
  });

/** What an operator can do to a seller's work, each with a reason. */
export type SellerAction =
  | { kind: 'refund_image'; imageId: string }
  | { kind: 'refund_batch'; batchId: string }
  | { kind: 'retry_image'; imageId: string }
  | { kind: 'retry_video'; projectId: string };

export interface SellerActionResult {
  refunded?: number;
  images?: number;
  retried?: string[];
  credits_remaining?: number;
  replayed: boolean;
}

export async function runSellerAction(
  client: AppSupabaseClient,
  action: SellerAction,
  reason: string,
  requestId: string,
): Promise<SellerActionResult> {
  const common = { reason, request_id: requestId };
  const { data, error } =
    action.kind === 'refund_image'
      ? await client.rpc('operator_refund_image', { image_id: action.imageId, ...common })
      : action.kind === 'refund_batch'
        ? await client.rpc('operator_refund_batch', { batch_id: action.batchId, ...common })
        : action.kind === 'retry_image'
          ? await client.rpc('operator_retry_image', { image_id: action.imageId, ...common })
          : await client.rpc('operator_retry_video', { project_id: action.projectId, ...common });
  if (error) throw error;
  return data as unknown as SellerActionResult;
}

export interface Grant {
  sellerId: string;
  amount: number;
  reason: string;
}

export interface GrantResult {
  ledger_id: string;
  amount: number;
  credits_remaining: number;
  replayed: boolean;
}

export async function grantCredits(client: AppSupabaseClient, grant: Grant, requestId: string) {
  const { data, error } = await client.rpc('operator_grant_credits', {
    seller_id: grant.sellerId,
    amount: grant.amount,
    reason: grant.reason,
    request_id: requestId,
  });
  if (error) throw error;
  return data as unknown as GrantResult;
}

export type InboxKind = 'feedback' | 'contact' | 'sales' | 'low_credits';

export interface InboxNotice {
  id: string;
  kind: InboxKind;
  seller_id: string | null;
  seller_email: string | null;
  seller_name: string | null;
  /** what the seller sent, as stored (submit_feedback, submit_contact_request, …) */
  payload: Record<string, unknown>;
  /** the optional webhook's delivery */
  delivery: {
    status: 'pending' | 'sending' | 'sent' | 'failed';
    attempts: number;
    last_error: string | null;
    sent_at: string | null;
  };
  created_at: string;
  handled_at: string | null;
  handled_by: string | null;
  handled_by_email: string | null;
}

export async function fetchInbox(
  client: AppSupabaseClient,
  kind: InboxKind | null,
  includeHandled: boolean,
): Promise<InboxNotice[]> {
  const { data, error } = await client.rpc('operator_inbox', {
    ...(kind ? { kind } : {}),
    include_handled: includeHandled,
  });
  if (error) throw error;
  return data as unknown as InboxNotice[];
}

export const inboxQueryOptions = (
  client: AppSupabaseClient,
  kind: InboxKind | null,
  includeHandled: boolean,
) =>
  queryOptions({
    queryKey: operatorKeys.inbox(kind, includeHandled),
    queryFn: () => fetchInbox(client, kind, includeHandled),
    refetchInterval: 60_000,
    meta: { persist: false },
  });

export async function markHandled(client: AppSupabaseClient, noticeId: string, handled: boolean) {
  const { error } = await client.rpc('operator_mark_handled', { notice_id: noticeId, handled });
  if (error) throw error;
}

export interface WorkImage {
  id: string;
  project_id: string;
  project_name: string;
  seller_id: string;
  seller_email: string | null;
  status: 'pending' | 'processing' | 'failed';
  stuck: boolean;
  error: string | null;
  attempts: number;
  lease_expires_at: string | null;
  worker: string | null;
  provider_job_id: string | null;
  refunded_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface WorkVideo {
  project_id: string;
  project_name: string;
  seller_id: string;
  seller_email: string | null;
  status: 'pending' | 'processing' | 'failed';
  stuck: boolean;
  error: string | null;
  attempts: number;
  lease_expires_at: string | null;
  worker: string | null;
  provider_job_id: string | null;
  requested_at: string;
  updated_at: string;
}

export interface WorkOverview {
  since: string;
  images: WorkImage[];
  videos: WorkVideo[];
  queue: {
    images_due: number;
    oldest_image_wait_seconds: number | null;
    images_in_flight: number;
    videos_waiting: number;
    oldest_video_wait_seconds: number | null;
    at_providers: number;
  };
}

export async function fetchWorkOverview(client: AppSupabaseClient): Promise<WorkOverview> {
  const { data, error } = await client.rpc('operator_work_overview');
  if (error) throw error;
  return data as unknown as WorkOverview;
}

export const workQueryOptions = (client: AppSupabaseClient) =>
  queryOptions({
    queryKey: operatorKeys.work(),
    queryFn: () => fetchWorkOverview(client),
    refetchInterval: 60_000,
    meta: { persist: false },
  });

export interface HealthCheck {
  name: string;
  ok: boolean;
  detail: string;
}

export interface HealthReport {
  ok: boolean;
  /** 'local': the local stack, whose own timer runs the schedules (no pg_cron, pg_net, Vault) */
  scheduler?: 'local' | 'hosted';
  database: { ok: boolean; checks?: HealthCheck[]; error?: string };
  functions: HealthCheck[];
}

/** The `health` function's report (it answers an operator after operator_deploy_health says so). */
export async function fetchHealth(client: AppSupabaseClient): Promise<HealthReport> {
  const { data, error } = await client.functions.invoke('health', { method: 'GET' });
  if (error) throw await functionError(error);
  return data as HealthReport;
}

export const healthQueryOptions = (client: AppSupabaseClient) =>
  queryOptions({
    queryKey: operatorKeys.health(),
    queryFn: () => fetchHealth(client),
    staleTime: 60_000,
    meta: { persist: false },
  });

/** An AI attempt at a fix (operator-ai-fix, public.operator_fix_attempts). */
export interface AiAttempt {
  id: string;
  fix_id: string;
  provider: string;
  status: 'running' | 'ready' | 'failed' | 'sending' | 'sent' | 'discarded';
  /** the AI's picture in the private bucket 'fix-ai' (ready) */
  result_path: string | null;
  error_code: string | null;
  error: string | null;
  created_at: string;
}

export interface AiFixState {
  /** an editor (FASHN, or the local stack's stand-in) is set up */
  available: boolean;
  provider: 'fashn' | 'local' | null;
  /** why not, for the operator (a setting's name) */
  reason: string | null;
  attempt: AiAttempt | null;
}

export type AiFixAction =
  | { action: 'state' | 'try'; fix_id: string }
  | { action: 'send'; attempt_id: string; note?: string }
  | { action: 'discard'; attempt_id: string };

export async function aiFix<T>(client: AppSupabaseClient, body: AiFixAction): Promise<T> {
  const { data, error } = await client.functions.invoke('operator-ai-fix', { body });
  if (error) throw await functionError(error);
  return data as T;
}

/** The fix's AI state: read again every 2 s while the AI works (each read moves the attempt on). */
export const aiFixQueryOptions = (client: AppSupabaseClient, fixId: string) =>
  queryOptions({
    queryKey: operatorKeys.aiFix(fixId),
    queryFn: () => aiFix<AiFixState>(client, { action: 'state', fix_id: fixId }),
    refetchInterval: (query) => (query.state.data?.attempt?.status === 'running' ? 2000 : false),
    meta: { persist: false },
  });
