import { createFileRoute, redirect } from '@tanstack/react-router';
import { hasRecoveryLink } from '../features/auth/index.ts';
import { ResetPasswordPage } from '../features/auth/pages.ts';

/** Public; a signed-in visitor without a recovery link goes to /home. */
export const Route = createFileRoute('/reset-password')({
  beforeLoad: async ({ context }) => {
    const snapshot = await context.auth.ready();
    if (snapshot.session && !snapshot.recovering && !hasRecoveryLink()) throw redirect({ to: '/home' });
  },
  component: ResetPasswordPage,
});
