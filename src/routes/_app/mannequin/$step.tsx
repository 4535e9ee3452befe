import { createFileRoute } from '@tanstack/react-router';
import { WizardPage } from '../../../features/wizard/pages.ts';
import type { Step } from '../../../features/wizard/index.ts';
import { optionalString } from '../../../lib/search-params.ts';

export const Route = createFileRoute('/_app/mannequin/$step')({
  // ?shared=<id>: the upload step takes the photo shared into the app (see /create)
  validateSearch: (search: Record<string, unknown>): { shared?: string } => ({
    shared: optionalString(search.shared),
  }),
  beforeLoad: async ({ params, context }) =>
    (await import('../../../features/wizard/guard.ts')).wizardGuard(
      'mannequin',
      params.step,
      context.user.id,
      context.queryClient,
    ),
  component: function MannequinStep() {
    const { step } = Route.useParams();
    return <WizardPage key="mannequin" flow="mannequin" step={step as Step} />;
  },
});
