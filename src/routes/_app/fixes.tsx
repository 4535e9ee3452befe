import { createFileRoute } from '@tanstack/react-router';
import { supabase } from '../../lib/supabase.ts';
import { fixPageQueryOptions } from '../../features/projects/index.ts';
import { FixesPage } from '../../features/projects/pages.ts';

/** ?page=n (from 1). */
function pageParam(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isInteger(n) && n > 1 ? n : undefined;
}

export const Route = createFileRoute('/_app/fixes')({
  validateSearch: (search: Record<string, unknown>): { page?: number } => ({ page: pageParam(search.page) }),
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(fixPageQueryOptions(supabase, context.user.id, deps.page));
  },
  component: function FixesRoute() {
    const { page = 1 } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <FixesPage
        page={page}
        onPageChange={(next) => void navigate({ search: { page: next > 1 ? next : undefined } })}
      />
    );
  },
});
