import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { useUser } from '../../auth/use-auth.ts';
import { dashboardKeys, projectStatsQueryOptions, recentActivityQueryOptions } from '../api.ts';

export function useProjectStats() {
  const user = useUser();
  return useQuery(projectStatsQueryOptions(supabase, user.id));
}

export function useRecentActivity() {
  const user = useUser();
  return useQuery(recentActivityQueryOptions(supabase, user.id));
}

/** The dashboard reloads on any change to the user's projects (spec 1 §4). */
export function useDashboardLive() {
  const user = useUser();
  const queryClient = useQueryClient();
  useEffect(() => {
    const reload = () => {
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.stats(user.id) });
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.activity(user.id) });
    };
    const channel = supabase
      .channel(`dashboard-projects:${user.id}`)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'projects', filter: `user_id=eq.${user.id}` }, reload)
      // Changes made between the first read and the join are caught by reading again.
      .subscribe((status) => status === 'SUBSCRIBED' && reload());
    return () => {
      void supabase.removeChannel(channel);
    };
  }, [user.id, queryClient]);
}
