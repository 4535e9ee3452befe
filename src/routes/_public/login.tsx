import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { LoginPage } from '../../features/auth/pages.ts';

export const Route = createFileRoute('/_public/login')({
  validateSearch: z.object({ redirect: z.optional(z.string()) }),
  component: function LoginRoute() {
    const { redirect } = Route.useSearch();
    return <LoginPage redirectTo={redirect} />;
  },
});
