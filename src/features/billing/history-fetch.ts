// What /history reads (each list newest first, up to HISTORY_LIMIT rows) and makes into its two
// lists. Free of Lingui macros, so the history can be read outside the app too (the
// integration test that reconciles it with the ledger).
import type { AppSupabaseClient } from '../../lib/supabase.ts';
import {
  activityItems,
  type FixRow,
  type LedgerRow,
  type LogRow,
  type ProjectRow,
  purchaseItems,
} from './history-items.ts';

/** How many rows each history list reads (newest first). */
export const HISTORY_LIMIT = 500;

const PURCHASE_EVENTS = [
  'credit_purchase_processed',
  'subscription_updated',
  'plan_determination',
  'subscription_plan_changed',
];

export async function fetchHistory(client: AppSupabaseClient) {
  const [ledger, projects, fixes, tools, purchases] = await Promise.all([
    client
      .from('credit_ledger')
      .select('id, amount, reason, reference, refund_of, details, created_at')
      .order('created_at', { ascending: false })
      .limit(HISTORY_LIMIT),
    client
      .from('projects')
      .select('id, name, type, status, created_at, updated_at, video_status')
      .order('created_at', { ascending: false })
      .limit(HISTORY_LIMIT),
    client
      .from('fixes')
      .select('id, project_id, status, created_at, projects(name, type)')
      .order('created_at', { ascending: false })
      .limit(HISTORY_LIMIT),
    client
      .from('webhook_logs')
      .select('id, event_type, raw_data, created_at')
      .in('event_type', ['user_activity_tool_used', 'tool_used'])
      .order('created_at', { ascending: false })
      .limit(HISTORY_LIMIT),
    client
      .from('webhook_logs')
      .select('id, event_type, raw_data, created_at')
      .in('event_type', PURCHASE_EVENTS)
      .order('created_at', { ascending: false })
      .limit(HISTORY_LIMIT),
  ]);
  for (const r of [ledger, projects, fixes, tools, purchases]) if (r.error) throw r.error;
  return {
    activity: activityItems(
      (ledger.data ?? []) as LedgerRow[],
      (projects.data ?? []) as ProjectRow[],
      (fixes.data ?? []) as unknown as FixRow[],
      (tools.data ?? []) as LogRow[],
    ),
    purchases: purchaseItems((purchases.data ?? []) as LogRow[]),
  };
}
