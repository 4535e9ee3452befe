import { createFileRoute } from '@tanstack/react-router';
import { optionalString } from '../../../lib/search-params.ts';
import { supabase } from '../../../lib/supabase.ts';
import { projectsQueryOptions } from '../../../features/projects/index.ts';
import { ProjectsPage } from '../../../features/projects/pages.ts';
import { plansQueryOptions, subscriptionQueryOptions } from '../../../features/subscription/index.ts';

export const Route = createFileRoute('/_app/projects/')({
  validateSearch: (search: Record<string, unknown>): { q?: string } => ({
    q: optionalString(search.q) || undefined,
  }),
  // Start the reads while the page's code loads; the page shows skeletons.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(projectsQueryOptions(supabase, context.user.id));
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
