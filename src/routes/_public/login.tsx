import { createFileRoute } from '@tanstack/react-router';
import { optionalString } from '../../lib/search-params.ts';
import { LoginPage } from '../../features/auth/pages.ts';

export const Route = createFileRoute('/_public/login')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({
    redirect: optionalString(search.redirect),
  }),
  component: function LoginRoute() {
    const { redirect } = Route.useSearch();
    return <LoginPage redirectTo={redirect} />;
  },
});
