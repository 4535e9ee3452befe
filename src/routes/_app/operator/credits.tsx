import { createFileRoute } from '@tanstack/react-router';
import { CreditsPage } from '../../../features/operator/pages.ts';

export const Route = createFileRoute('/_app/operator/credits')({
  beforeLoad: async ({ context }) =>
    (await import('../../../features/operator/guard.ts')).operatorGuard(context.user),
  component: CreditsPage,
});
