import { createFileRoute } from '@tanstack/react-router';
import { supabase } from '../../../lib/supabase.ts';
import { projectQueryOptions } from '../../../features/projects/index.ts';
import { ProjectDetailPage } from '../../../features/projects/pages.ts';
import { plansQueryOptions, subscriptionQueryOptions } from '../../../features/subscription/index.ts';

/** ?image=n shows the project's n-th image (from 1). */
function imageParam(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isInteger(n) && n > 1 ? n : undefined;
}

export const Route = createFileRoute('/_app/projects/$projectId')({
  validateSearch: (search: Record<string, unknown>): { image?: number } => ({
    image: imageParam(search.image),
  }),
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(projectQueryOptions(supabase, context.user.id, params.projectId));
    void context.queryClient.prefetchQuery(subscriptionQueryOptions(supabase, context.user.id));
    void context.queryClient.prefetchQuery(plansQueryOptions(supabase));
  },
  component: function ProjectRoute() {
    const { projectId } = Route.useParams();
    const { image = 1 } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <ProjectDetailPage
        projectId={projectId}
        index={image - 1}
        onIndexChange={(i) => void navigate({ search: { image: i > 0 ? i + 1 : undefined }, replace: true })}
      />
    );
  },
});
