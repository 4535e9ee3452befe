import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Tables } from '../../../lib/database.types.ts';
import { supabase } from '../../../lib/supabase.ts';
import { useUser } from '../../auth/use-auth.ts';
import { subscriptionKeys, subscriptionQueryOptions, toSubscription } from '../api.ts';

export function useSubscription() {
  const user = useUser();
  return useQuery(subscriptionQueryOptions(supabase, user.id));
}

/** Re-reads the subscription live when its row changes (spec 1 §4). Mounted once, in the shell. */
export function useSubscriptionLive() {
  const user = useUser();
  const queryClient = useQueryClient();
  useEffect(() => {
    const channel = supabase
      .channel(`subscription:${user.id}`)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'subscriptions', filter: `user_id=eq.${user.id}` }, (payload) => {
        if (payload.eventType !== 'DELETE') {
          queryClient.setQueryData(subscriptionKeys.detail(user.id), toSubscription(payload.new as Tables<'subscriptions'>));
        }
        // A read already in flight may predate the event: read again.
        void queryClient.invalidateQueries({ queryKey: subscriptionKeys.detail(user.id) });
      })
      // Changes made between the first read and the join are caught by reading again.
      .subscribe((status) => {
        if (status === 'SUBSCRIBED') void queryClient.invalidateQueries({ queryKey: subscriptionKeys.detail(user.id) });
      });
    return () => {
      void supabase.removeChannel(channel);
    };
  }, [user.id, queryClient]);
}
