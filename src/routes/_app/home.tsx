import { createFileRoute } from '@tanstack/react-router';
import { supabase } from '../../lib/supabase.ts';
import { projectStatsQueryOptions, recentActivityQueryOptions } from '../../features/dashboard/index.ts';
import { DashboardPage } from '../../features/dashboard/pages.ts';
import { plansQueryOptions, subscriptionQueryOptions } from '../../features/subscription/index.ts';

export const Route = createFileRoute('/_app/home')({
  // Start the dashboard's reads while the page's code loads; the page shows skeletons.
  loader: ({ context }) => {
    const userId = context.user.id;
    void context.queryClient.prefetchQuery(projectStatsQueryOptions(supabase, userId));
    void context.queryClient.prefetchQuery(recentActivityQueryOptions(supabase, userId));
    void context.queryClient.prefetchQuery(subscriptionQueryOptions(supabase, userId));
    void context.queryClient.prefetchQuery(plansQueryOptions(supabase));
  },
  component: DashboardPage,
});
