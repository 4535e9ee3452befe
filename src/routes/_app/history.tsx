import { createFileRoute } from '@tanstack/react-router';
import { optionalOneOf } from '../../lib/search-params.ts';
import { supabase } from '../../lib/supabase.ts';
import { HISTORY_TABS, type HistoryTab, historyQueryOptions } from '../../features/billing/index.ts';
import { HistoryPage } from '../../features/billing/pages.ts';

export const Route = createFileRoute('/_app/history')({
  validateSearch: (search: Record<string, unknown>): { tab?: HistoryTab } => ({
    tab: optionalOneOf(search.tab, HISTORY_TABS, 'activity'),
  }),
  loader: ({ context }) =>
    void context.queryClient.prefetchQuery(historyQueryOptions(supabase, context.user.id)),
  component: function HistoryRoute() {
    const { tab = 'activity' } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <HistoryPage
        tab={tab}
        onTabChange={(next) => void navigate({ search: { tab: next }, replace: true })}
      />
    );
  },
});
