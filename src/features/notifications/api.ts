// Notifications: the 10 newest for the user, marking read one or all.
import { queryOptions } from '@tanstack/react-query';
import type { AppSupabaseClient } from '../../lib/supabase.ts';
import type { NotificationRow } from '../../lib/database.types.ts';

export const NOTIFICATIONS_LIMIT = 10;

export type AppNotification = Pick<NotificationRow, 'id' | 'type' | 'title' | 'message' | 'read' | 'project_id' | 'data' | 'created_at'>;

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (userId: string) => [...notificationKeys.all, userId] as const,
};

const COLUMNS = 'id, type, title, message, read, project_id, data, created_at';

export async function fetchNotifications(client: AppSupabaseClient, userId: string): Promise<AppNotification[]> {
  const { data, error } = await client
    .from('notifications')
    .select(COLUMNS)
    .eq('user_id', userId)
    .order('created_at', { ascending: false })
    .limit(NOTIFICATIONS_LIMIT);
  if (error) throw error;
  return (data ?? []) as AppNotification[];
}

export const notificationsQueryOptions = (client: AppSupabaseClient, userId: string) =>
  queryOptions({ queryKey: notificationKeys.list(userId), queryFn: () => fetchNotifications(client, userId) });

export async function markNotificationRead(client: AppSupabaseClient, id: string) {
  const { error } = await client.rpc('mark_notification_read', { notification_id: id });
  if (error) throw error;
}

export async function markAllNotificationsRead(client: AppSupabaseClient) {
  const { error } = await client.rpc('mark_all_notifications_read');
  if (error) throw error;
}

/** Merges a live row into the cached list: newest first, at most the fetch limit. */
export function mergeNotification(list: AppNotification[] | undefined, row: AppNotification): AppNotification[] {
  const rest = (list ?? []).filter((n) => n.id !== row.id);
  return [row, ...rest].sort((a, b) => b.created_at.localeCompare(a.created_at)).slice(0, NOTIFICATIONS_LIMIT);
}

export const unreadCount = (list: AppNotification[] | undefined) => (list ?? []).filter((n) => !n.read).length;
