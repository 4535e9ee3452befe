import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveRows } from '../../../lib/live-rows.ts';
import { useSupabase } from '../../../lib/use-supabase.ts';
import { useUser } from '../../auth/index.ts';
import { subscriptionKeys, subscriptionQueryOptions, toSubscription } from '../api.ts';

export function useSubscription() {
  const user = useUser();
  return useQuery(subscriptionQueryOptions(useSupabase(), user.id));
}

/** Re-reads the subscription live when its row changes (spec 1 §4). Mounted once, in the shell. */
export function useSubscriptionLive() {
  const user = useUser();
  const queryClient = useQueryClient();
  const key = subscriptionKeys.detail(user.id);
  useLiveRows({
    channel: `subscription:${user.id}`,
    table: 'subscriptions',
    filter: `user_id=eq.${user.id}`,
    refetch: [key],
    // shown at once, then confirmed by the read
    onChange: ({ row }) => row && queryClient.setQueryData(key, toSubscription(row)),
  });
}
