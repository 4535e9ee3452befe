import { createFileRoute } from '@tanstack/react-router';
import { InboxPage } from '../../../features/operator/pages.ts';

export const Route = createFileRoute('/_app/operator/inbox')({
  beforeLoad: async ({ context }) =>
    (await import('../../../features/operator/guard.ts')).operatorGuard(context.user),
  component: InboxPage,
});
