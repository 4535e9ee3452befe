import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { Toaster } from '../ui/index.ts';
import { FirstScreenGate, NotFoundPage } from '../features/shell/root.ts';
import { UpdatePrompt } from '../features/pwa/index.ts';
import type { RouterContext } from '../router.tsx';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  return (
    <FirstScreenGate>
      <Outlet />
      <Toaster />
      <UpdatePrompt />
    </FirstScreenGate>
  );
}
