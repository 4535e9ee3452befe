// The dashboard's reads: project statistics and recent activity, one SQL function each.
import { queryOptions } from '@tanstack/react-query';
import type { AppSupabaseClient } from '../../lib/supabase.ts';
import { toActivityItems, toProjectStats, type ActivityItem, type ProjectStats } from './rpc-results.ts';

export const RECENT_ACTIVITY_SHOWN = 5;

export const dashboardKeys = {
  all: ['dashboard'] as const,
  stats: (userId: string) => [...dashboardKeys.all, 'stats', userId] as const,
  activity: (userId: string) => [...dashboardKeys.all, 'activity', userId] as const,
};

export async function fetchProjectStats(client: AppSupabaseClient): Promise<ProjectStats> {
  const { data, error } = await client.rpc('get_project_stats');
  if (error) throw error;
  return toProjectStats(data);
}

export async function fetchRecentActivity(client: AppSupabaseClient): Promise<ActivityItem[]> {
  const { data, error } = await client.rpc('get_recent_activity');
  if (error) throw error;
  return toActivityItems(data);
}

export const projectStatsQueryOptions = (client: AppSupabaseClient, userId: string) =>
  queryOptions({ queryKey: dashboardKeys.stats(userId), queryFn: () => fetchProjectStats(client) });

export const recentActivityQueryOptions = (client: AppSupabaseClient, userId: string) =>
  queryOptions({
    queryKey: dashboardKeys.activity(userId),
    queryFn: () => fetchRecentActivity(client),
    select: (items) => items.slice(0, RECENT_ACTIVITY_SHOWN),
  });
