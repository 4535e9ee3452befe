import { createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { routeTree } from './routeTree.gen.ts';
import type { AuthStore } from './features/auth/auth-store.ts';
import type { FlashMessage } from './features/auth/messages.ts';
import { RouteError } from './features/shell/root.ts';

export interface RouterContext {
  auth: AuthStore;
  queryClient: QueryClient;
}

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultErrorComponent: RouteError,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface HistoryState {
    /** a message handed from one screen to the next (e.g. sign-up → login) */
    flash?: FlashMessage;
  }
}
