import { createFileRoute } from '@tanstack/react-router';
import { optionalString } from '../../../lib/search-params.ts';
import { supabase } from '../../../lib/supabase.ts';
import { projectsFirstScreenQueryOptions, windowFirstScreen } from '../../../features/projects/index.ts';
import { ProjectsPage } from '../../../features/projects/pages.ts';
import { plansQueryOptions, subscriptionQueryOptions } from '../../../features/subscription/index.ts';

export const Route = createFileRoute('/_app/projects/')({
  validateSearch: (search: Record<string, unknown>): { q?: string } => ({
    q: optionalString(search.q) || undefined,
  }),
  // Start the reads while the page's code loads; the page shows skeletons. The list comes with
  // the first cards' pictures signed at the size the grid will draw them on this screen.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(
      projectsFirstScreenQueryOptions(supabase, context.user.id, windowFirstScreen()),
    );
    void context.queryClient.prefetchQuery(subscriptionQueryOptions(supabase, context.user.id));
    void context.queryClient.prefetchQuery(plansQueryOptions(supabase));
  },
  component: function ProjectsRoute() {
    const { q = '' } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <ProjectsPage
        search={q}
        onSearchChange={(next) => void navigate({ search: { q: next || undefined }, replace: true })}
      />
    );
  },
});
