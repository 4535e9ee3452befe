import { createFileRoute } from '@tanstack/react-router';
import { SellerPage } from '../../../../features/operator/pages.ts';

export const Route = createFileRoute('/_app/operator/sellers/$userId')({
  beforeLoad: async ({ context }) =>
    (await import('../../../../features/operator/guard.ts')).operatorGuard(context.user),
  component: function SellerRoute() {
    const { userId } = Route.useParams();
    return <SellerPage userId={userId} />;
  },
});
