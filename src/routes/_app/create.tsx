import { createFileRoute } from '@tanstack/react-router';
import { CreatePage } from '../../features/create/index.ts';
import { ResumeDrafts } from '../../features/wizard/pages.ts';
import { optionalString } from '../../lib/search-params.ts';

export const Route = createFileRoute('/_app/create')({
  // ?shared=<id>&photos=<n>: photos shared into the app (the phone's share sheet) wait for a shoot
  validateSearch: (search: Record<string, unknown>): { shared?: string; photos?: number } => ({
    shared: optionalString(search.shared),
    photos: Number.isInteger(Number(search.photos)) ? Math.max(0, Number(search.photos)) : undefined,
  }),
  component: function Create() {
    const { shared, photos } = Route.useSearch();
    return (
      <CreatePage
        shared={shared ? { id: shared, photos: photos ?? 0 } : undefined}
        drafts={<ResumeDrafts />}
      />
    );
  },
});
