import { Outlet, createFileRoute } from '@tanstack/react-router';
import { requireSignedIn } from '../features/auth/index.ts';
import { AppShell } from '../features/shell/index.ts';

/** Everything behind sign-in: an anonymous visitor goes to /login and comes back after. */
export const Route = createFileRoute('/_app')({
  beforeLoad: ({ context, location }) => requireSignedIn(context.auth, location),
  component: function AppLayout() {
    return (
      <AppShell>
        <Outlet />
      </AppShell>
    );
  },
});
