import { Outlet, createFileRoute } from '@tanstack/react-router';
import { redirectSignedIn } from '../features/auth/index.ts';

/** Login, sign-up and forgot-password: a signed-in visitor goes to /home. */
export const Route = createFileRoute('/_public')({
  beforeLoad: ({ context, search }) =>
    redirectSignedIn(context.auth, (search as { redirect?: string }).redirect),
  component: Outlet,
});
