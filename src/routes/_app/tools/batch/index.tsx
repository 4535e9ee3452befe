import { createFileRoute } from '@tanstack/react-router';
import { BatchPage } from '../../../../features/batch/pages.ts';
import { optionalString } from '../../../../lib/search-params.ts';

export const Route = createFileRoute('/_app/tools/batch/')({
  // ?shared=<id>: several photos shared into the app (the phone's share sheet) become the batch's photos
  validateSearch: (search: Record<string, unknown>): { shared?: string } => ({
    shared: optionalString(search.shared),
  }),
  component: function Batch() {
    const { shared } = Route.useSearch();
    return <BatchPage shared={shared} />;
  },
});
