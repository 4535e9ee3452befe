import { Outlet, createFileRoute } from '@tanstack/react-router';
import { requireSignedIn } from '../features/auth/index.ts';
import { useRememberLanguage } from '../features/profile/index.ts';
import { AppShell, prefetchShellData } from '../features/shell/index.ts';
import { prepareFormatters } from '../lib/format.ts';
import { currentLocale, loadAllMessages } from '../lib/i18n.ts';
import { supabase } from '../lib/supabase.ts';

/** Everything behind sign-in: an anonymous visitor goes to /login and comes back after.
 *  These screens' words are in the catalogue that loads after the first screen: a loader, so
 *  the screen's own loader (which starts its reads) runs beside it rather than after it. */
export const Route = createFileRoute('/_app')({
  beforeLoad: ({ context, location }) => requireSignedIn(context.auth, location),
  loader: ({ context }) => {
    prefetchShellData(context.queryClient, supabase, context.user.id);
    // the shell's number and date formatters, in tasks of their own while the screen loads
    void prepareFormatters(currentLocale());
    return loadAllMessages();
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
