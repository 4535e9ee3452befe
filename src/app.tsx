import { useEffect } from 'react';
import { I18nProvider } from '@lingui/react';
import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { i18n } from './lib/i18n.ts';
import { clearPersistedQueries } from './lib/query-client.ts';
import { forgetStoredImages } from './lib/stored-images.ts';
import { PersistedQueryClientProvider } from './lib/query-persistence-provider.tsx';
import { SupabaseContext } from './lib/supabase-context.ts';
import type { AppSupabaseClient } from './lib/supabase.ts';
import type { AuthStore } from './features/auth/auth-store.ts';
import type { createAppRouter } from './router.tsx';

interface AppProps {
  router: ReturnType<typeof createAppRouter>;
  queryClient: QueryClient;
  auth: AuthStore;
  /** the Supabase client hooks use (useSupabase); the app's own when not given */
  supabase?: AppSupabaseClient;
}

export function App({ router, queryClient, auth, supabase }: AppProps) {
  useEffect(() => {
    const unsubscribe = auth.subscribe((_snapshot, event) => {
      if (event === 'SIGNED_OUT') {
        queryClient.clear();
        void clearPersistedQueries();
        void forgetStoredImages();
      }
      // Guards run again: a sign-out in another tab lands this one on /login.
      if (event === 'SIGNED_IN' || event === 'SIGNED_OUT') void router.invalidate();
    });
    return () => {
      unsubscribe();
    };
  }, [auth, queryClient, router]);

  return (
    <I18nProvider i18n={i18n}>
      <SupabaseContext.Provider value={supabase ?? null}>
        <PersistedQueryClientProvider
          client={queryClient}
          // What was restored is the last known state, shown at once (also offline); it is
          // refreshed from the server as soon as it can be.
          onRestored={() =>
            void queryClient.invalidateQueries({ predicate: (q) => q.state.status === 'success' })
          }
        >
          <RouterProvider router={router} />
        </PersistedQueryClientProvider>
      </SupabaseContext.Provider>
    </I18nProvider>
  );
}
