import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../../lib/use-supabase.ts';
import { useUser } from '../../auth/index.ts';
import { useReadOnProjectChanges } from '../../projects/index.ts';
import { dashboardKeys, projectStatsQueryOptions, recentActivityQueryOptions } from '../api.ts';

export function useProjectStats() {
  const user = useUser();
  return useQuery(projectStatsQueryOptions(useSupabase(), user.id));
}

export function useRecentActivity() {
  const user = useUser();
  return useQuery(recentActivityQueryOptions(useSupabase(), user.id));
}

/** The dashboard reloads on any change to the user's projects (spec 1 §4), heard on the shell's
 *  one channel for the seller's projects. */
export function useDashboardLive() {
  const user = useUser();
  useReadOnProjectChanges([dashboardKeys.stats(user.id), dashboardKeys.activity(user.id)]);
}
