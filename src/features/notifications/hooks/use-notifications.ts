import { msg } from '@lingui/core/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAppMutation } from '../../../lib/errors/index.ts';
import { i18n } from '../../../lib/i18n.ts';
import { localSettings } from '../../../lib/local-settings.ts';
import { toast } from '../../../ui/index.ts';
import { useLiveRows } from '../../../lib/live-rows.ts';
import { useSupabase } from '../../../lib/use-supabase.ts';
import { useUser } from '../../auth/index.ts';
import {
  markAllNotificationsRead,
  markNotificationRead,
  mergeNotification,
  notificationKeys,
  notificationsQueryOptions,
  toNotification,
  type AppNotification,
} from '../api.ts';
import { notificationToast } from '../notification-toast.ts';

export function useNotifications() {
  const user = useUser();
  return useQuery(notificationsQueryOptions(useSupabase(), user.id));
}

/**
 * Keeps the bell live: rows the server inserts or updates land in the cached list, and a new
 * one about an event the seller waits for (video, fix, payment, credits, plan) is a toast when
 * the app-notifications setting is on.
 */
export function useNotificationsLive() {
  const user = useUser();
  const queryClient = useQueryClient();
  const key = notificationKeys.list(user.id);
  useLiveRows({
    channel: `notifications:${user.id}`,
    table: 'notifications',
    filter: `user_id=eq.${user.id}`,
    refetch: [key],
    // shown at once, then confirmed by the read
    onChange: ({ type, row }) => {
      if (!row) return;
      const n = toNotification(row);
      queryClient.setQueryData<AppNotification[]>(key, (list) => mergeNotification(list, n));
      if (type !== 'INSERT') return;
      const shown = notificationToast(n, i18n);
      if (shown && localSettings.notificationsEnabled()) toast.show(shown);
    },
  });
}

/** Marks one read at once; a failure puts it back as unread and says so (a toast). */
export function useMarkRead() {
  const user = useUser();
  const client = useSupabase();
  const queryClient = useQueryClient();
  const key = notificationKeys.list(user.id);
  return useAppMutation({
    mutationFn: (id: string) => markNotificationRead(client, id),
    errorMessage: msg`The notification could not be marked as read. Please try again.`,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<AppNotification[]>(key);
      queryClient.setQueryData<AppNotification[]>(key, (list) =>
        list?.map((n) => (n.id === id ? { ...n, read: true } : n)),
      );
      return { before };
    },
    onError: (_err, _id, ctx) => queryClient.setQueryData(key, ctx?.before),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useMarkAllRead() {
  const user = useUser();
  const client = useSupabase();
  const queryClient = useQueryClient();
  const key = notificationKeys.list(user.id);
  return useAppMutation({
    mutationFn: () => markAllNotificationsRead(client),
    errorMessage: msg`The notifications could not be marked as read. Please try again.`,
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<AppNotification[]>(key);
      queryClient.setQueryData<AppNotification[]>(key, (list) => list?.map((n) => ({ ...n, read: true })));
      return { before };
    },
    onError: (_err, _v, ctx) => queryClient.setQueryData(key, ctx?.before),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
