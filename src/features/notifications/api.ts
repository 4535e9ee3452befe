// Notifications: the 10 newest for the user, marking read one or all.
import { queryOptions } from '@tanstack/react-query';
import type { AppSupabaseClient } from '../../lib/supabase.ts';
import type { Json, Tables } from '../../lib/database.types.ts';

export const NOTIFICATIONS_LIMIT = 10;

/** The values a notification's text was made from, for showing it in another language. */
export interface NotificationData {
  projectName?: string;
  credits?: number | string;
  plan?: string;
  /** purchase_failed: what was being bought */
  kind?: 'plan' | 'credits';
  /** credits_granted / credits_removed: the operator's reason */
  note?: string;
}

type NotificationRow = Tables<'notifications'>;
export type AppNotification = Pick<
  NotificationRow,
  'id' | 'type' | 'title' | 'message' | 'read' | 'project_id' | 'created_at'
> & {
  data: NotificationData;
};

/** A row as stored (data is any JSON) → what the bell shows; unexpected data values are dropped. */
export function toNotification(row: Omit<AppNotification, 'data'> & { data: Json }): AppNotification {
  const raw = row.data && typeof row.data === 'object' && !Array.isArray(row.data) ? row.data : {};
  const data: NotificationData = {};
  if (typeof raw.projectName === 'string') data.projectName = raw.projectName;
  if (typeof raw.credits === 'number' || typeof raw.credits === 'string') data.credits = raw.credits;
  if (typeof raw.plan === 'string') data.plan = raw.plan;
  if (raw.kind === 'plan' || raw.kind === 'credits') data.kind = raw.kind;
  if (typeof raw.note === 'string') data.note = raw.note;
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    read: row.read,
    project_id: row.project_id,
    data,
    created_at: row.created_at,
  };
}

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (userId: string) => [...notificationKeys.all, userId] as const,
  /** under list: whatever refreshes the list refreshes the count */
  unread: (userId: string) => [...notificationKeys.list(userId), 'unread'] as const,
};

const COLUMNS = 'id, type, title, message, read, project_id, data, created_at';

export async function fetchNotifications(
  client: AppSupabaseClient,
  userId: string,
): Promise<AppNotification[]> {
  const { data, error } = await client
    .from('notifications')
    .select(COLUMNS)
    .eq('user_id', userId)
    .order('created_at', { ascending: false })
    .limit(NOTIFICATIONS_LIMIT);
  if (error) throw error;
  return (data ?? []).map(toNotification);
}

export const notificationsQueryOptions = (client: AppSupabaseClient, userId: string) =>
  queryOptions({
    queryKey: notificationKeys.list(userId),
    queryFn: () => fetchNotifications(client, userId),
  });

async function fetchUnreadCount(client: AppSupabaseClient, userId: string): Promise<number> {
  const { count, error } = await client
    .from('notifications')
    .select('id', { count: 'exact', head: true })
    .eq('user_id', userId)
    .eq('read', false);
  if (error) throw error;
  return count ?? 0;
}

/** How many are unread (the installed app's icon shows it). */
export const unreadCountQueryOptions = (client: AppSupabaseClient, userId: string) =>
  queryOptions({
    queryKey: notificationKeys.unread(userId),
    queryFn: () => fetchUnreadCount(client, userId),
  });

export async function markNotificationRead(client: AppSupabaseClient, id: string) {
  const { error } = await client.rpc('mark_notification_read', { notification_id: id });
  if (error) throw error;
}

export async function markAllNotificationsRead(client: AppSupabaseClient) {
  const { error } = await client.rpc('mark_all_notifications_read');
  if (error) throw error;
}

/** Merges a live row into the cached list: newest first, at most the fetch limit. */
export function mergeNotification(
  list: AppNotification[] | undefined,
  row: AppNotification,
): AppNotification[] {
  const rest = (list ?? []).filter((n) => n.id !== row.id);
  return [row, ...rest]
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .slice(0, NOTIFICATIONS_LIMIT);
}

export const unreadCount = (list: AppNotification[] | undefined) =>
  (list ?? []).filter((n) => !n.read).length;
