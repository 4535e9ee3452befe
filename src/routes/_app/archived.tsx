import { createFileRoute } from '@tanstack/react-router';
import { supabase } from '../../lib/supabase.ts';
import { archivedProjectsQueryOptions } from '../../features/projects/index.ts';
import { ArchivedPage } from '../../features/projects/pages.ts';

export const Route = createFileRoute('/_app/archived')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(archivedProjectsQueryOptions(supabase, context.user.id));
  },
  component: ArchivedPage,
});
