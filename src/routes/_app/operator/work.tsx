import { createFileRoute } from '@tanstack/react-router';
import { WorkPage } from '../../../features/operator/pages.ts';

export const Route = createFileRoute('/_app/operator/work')({
  beforeLoad: async ({ context }) =>
    (await import('../../../features/operator/guard.ts')).operatorGuard(context.user),
  component: WorkPage,
});
