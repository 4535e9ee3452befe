import { createFileRoute } from '@tanstack/react-router';
import { WizardPage } from '../../../features/wizard/pages.ts';
import type { Step } from '../../../features/wizard/index.ts';

export const Route = createFileRoute('/_app/onmodel/$step')({
  beforeLoad: async ({ params, context }) =>
    (await import('../../../features/wizard/guard.ts')).wizardGuard(
      'on-model',
      params.step,
      context.user.id,
      context.queryClient,
    ),
  component: function OnModelStep() {
    const { step } = Route.useParams();
    return <WizardPage key="on-model" flow="on-model" step={step as Step} />;
  },
});
