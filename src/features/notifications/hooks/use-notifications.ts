import { useEffect } from 'react';
import { msg } from '@lingui/core/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAppMutation } from '../../../lib/errors/index.ts';
import { supabase } from '../../../lib/supabase.ts';
import type { Tables } from '../../../lib/database.types.ts';
import { useUser } from '../../auth/use-auth.ts';
import {
  markAllNotificationsRead,
  markNotificationRead,
  mergeNotification,
  notificationKeys,
  notificationsQueryOptions,
  toNotification,
  type AppNotification,
} from '../api.ts';

export function useNotifications() {
  const user = useUser();
  return useQuery(notificationsQueryOptions(supabase, user.id));
}

/** Keeps the bell live: rows the server inserts or updates land in the cached list. */
export function useNotificationsLive() {
  const user = useUser();
  const queryClient = useQueryClient();
  useEffect(() => {
    const key = notificationKeys.list(user.id);
    const channel = supabase
      .channel(`notifications:${user.id}`)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'notifications', filter: `user_id=eq.${user.id}` }, (payload) => {
        // Shown at once, then confirmed by a read that cannot be older than the event (a read
        // already in flight may have started before it).
        if (payload.eventType !== 'DELETE') {
          queryClient.setQueryData<AppNotification[]>(key, (list) => mergeNotification(list, toNotification(payload.new as Tables<'notifications'>)));
        }
        void queryClient.invalidateQueries({ queryKey: key });
      })
      // Changes made between the first read and the join are caught by reading again.
      .subscribe((status) => {
        if (status === 'SUBSCRIBED') void queryClient.invalidateQueries({ queryKey: key });
      });
    return () => {
      void supabase.removeChannel(channel);
    };
  }, [user.id, queryClient]);
}

/** Marks one read at once; a failure puts it back as unread and says so (a toast). */
export function useMarkRead() {
  const user = useUser();
  const queryClient = useQueryClient();
  const key = notificationKeys.list(user.id);
  return useAppMutation({
    mutationFn: (id: string) => markNotificationRead(supabase, id),
    errorMessage: msg`The notification could not be marked as read. Please try again.`,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<AppNotification[]>(key);
      queryClient.setQueryData<AppNotification[]>(key, (list) => list?.map((n) => (n.id === id ? { ...n, read: true } : n)));
      return { before };
    },
    onError: (_err, _id, ctx) => queryClient.setQueryData(key, ctx?.before),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useMarkAllRead() {
  const user = useUser();
  const queryClient = useQueryClient();
  const key = notificationKeys.list(user.id);
  return useAppMutation({
    mutationFn: () => markAllNotificationsRead(supabase),
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
