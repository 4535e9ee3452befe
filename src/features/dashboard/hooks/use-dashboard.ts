import { useQuery } from '@tanstack/react-query';
import { useLiveRows } from '../../../lib/live-rows.ts';
import { useSupabase } from '../../../lib/use-supabase.ts';
import { useUser } from '../../auth/index.ts';
import { dashboardKeys, projectStatsQueryOptions, recentActivityQueryOptions } from '../api.ts';

export function useProjectStats() {
  const user = useUser();
  return useQuery(projectStatsQueryOptions(useSupabase(), user.id));
}

export function useRecentActivity() {
  const user = useUser();
  return useQuery(recentActivityQueryOptions(useSupabase(), user.id));
}

/** The dashboard reloads on any change to the user's projects (spec 1 §4). */
export function useDashboardLive() {
  const user = useUser();
  useLiveRows({
    channel: `dashboard-projects:${user.id}`,
    table: 'projects',
    filter: `user_id=eq.${user.id}`,
    refetch: [dashboardKeys.stats(user.id), dashboardKeys.activity(user.id)],
  });
}
