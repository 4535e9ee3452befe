import { createFileRoute } from '@tanstack/react-router';
import { SellersPage } from '../../../../features/operator/pages.ts';

export const Route = createFileRoute('/_app/operator/sellers/')({
  beforeLoad: async ({ context }) =>
    (await import('../../../../features/operator/guard.ts')).operatorGuard(context.user),
  component: SellersPage,
});
