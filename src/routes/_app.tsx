import { Outlet, createFileRoute } from '@tanstack/react-router';
import { requireSignedIn } from '../features/auth/index.ts';
import { useRememberLanguage } from '../features/profile/index.ts';
import { AppShell } from '../features/shell/index.ts';
import { loadAllMessages } from '../lib/i18n.ts';

/** Everything behind sign-in: an anonymous visitor goes to /login and comes back after.
 *  These screens' words are in the catalogue that loads after the first screen. */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => {
    const [signedIn] = await Promise.all([requireSignedIn(context.auth, location), loadAllMessages()]);
    return signedIn;
  },
  component: function AppLayout() {
    useRememberLanguage();
    return (
      <AppShell>
        <Outlet />
      </AppShell>
    );
  },
});
