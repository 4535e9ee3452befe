import { createFileRoute } from '@tanstack/react-router';
import { FixQueuePage } from '../../../features/operator/pages.ts';

export const Route = createFileRoute('/_app/operator/')({
  beforeLoad: async ({ context }) =>
    (await import('../../../features/operator/guard.ts')).operatorGuard(context.user),
  component: FixQueuePage,
});
