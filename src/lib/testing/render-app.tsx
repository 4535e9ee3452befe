// Renders a piece of the signed-in app for a component test: the real App (Lingui, React
// Query, router context) around `ui`, with a signed-in user and the Supabase client the test
// passes (usually fakeSupabase().client).
import type { Session, User } from '@supabase/supabase-js';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRouteWithContext, createRouter } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { App } from '../../app.tsx';
import type { AuthSnapshot, AuthStore } from '../../features/auth/auth-store.ts';
import type { RouterContext } from '../../router.tsx';
import { Toaster } from '../../ui/toast/toaster.tsx';
import type { AppSupabaseClient } from '../supabase.ts';

export function signedInAuth(user: Pick<User, 'id' | 'email'>): AuthStore {
  const full = {
    app_metadata: {},
    user_metadata: {},
    aud: 'authenticated',
    created_at: '2026-01-01T00:00:00Z',
    ...user,
  } as User;
  const snapshot: AuthSnapshot = {
    status: 'authenticated',
    session: {
      user: full,
      access_token: 'test',
      refresh_token: 'test',
      expires_in: 3600,
      token_type: 'bearer',
    } as Session,
    user: full,
    lastEvent: null,
    recovering: false,
  };
  return {
    get: () => snapshot,
    ready: async () => snapshot,
    subscribe: () => () => true,
    endRecovery() {},
  } as unknown as AuthStore;
}

export function renderApp(
  ui: ReactNode,
  { client, user }: { client: AppSupabaseClient; user: Pick<User, 'id' | 'email'> },
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const auth = signedInAuth(user);
  const root = createRootRouteWithContext<RouterContext>()({
    component: () => (
      <>
        {ui}
        <Toaster />
      </>
    ),
  });
  const router = createRouter({
    routeTree: root,
    context: { auth, queryClient },
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  const view = render(
    <App
      router={router as unknown as Parameters<typeof App>[0]['router']}
      queryClient={queryClient}
      auth={auth}
      supabase={client}
    />,
  );
  return { ...view, queryClient, router };
}
