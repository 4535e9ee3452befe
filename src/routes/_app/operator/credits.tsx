import { createFileRoute, redirect } from '@tanstack/react-router';

// the Credits tab became Sellers: an old link still lands there
export const Route = createFileRoute('/_app/operator/credits')({
  beforeLoad: () => {
    throw redirect({ to: '/operator/sellers', replace: true });
  },
});
