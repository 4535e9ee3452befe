import { createFileRoute } from '@tanstack/react-router';
import { optionalString } from '../../lib/search-params.ts';
import { SuccessPage } from '../../features/billing/pages.ts';

// The return path of Stripe Checkout: /success?session_id=cs_…
export const Route = createFileRoute('/_app/success')({
  validateSearch: (search: Record<string, unknown>): { session_id?: string } => ({
    session_id: optionalString(search.session_id),
  }),
  component: function SuccessRoute() {
    const { session_id } = Route.useSearch();
    return <SuccessPage sessionId={session_id ?? null} />;
  },
});
