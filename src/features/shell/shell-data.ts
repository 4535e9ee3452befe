// What the signed-in shell reads as it mounts: the credits in the header (subscription and
// plans), the bell's list, the unread count on the installed app's icon, and the profile whose
// language the shell keeps in step. routes/_app.tsx's loader starts these reads beside the
// screen's own, so that they arrive with them: started by the shell's first render, they were
// a second round trip after the first screen and a second render of it.
import type { QueryClient } from '@tanstack/react-query';
import type { AppSupabaseClient } from '../../lib/supabase.ts';
import { notificationsQueryOptions, unreadCountQueryOptions } from '../notifications/index.ts';
import { profileQueryOptions } from '../profile/index.ts';
import { plansQueryOptions, subscriptionQueryOptions } from '../subscription/index.ts';

export function prefetchShellData(queryClient: QueryClient, client: AppSupabaseClient, userId: string) {
  void queryClient.prefetchQuery(subscriptionQueryOptions(client, userId));
  void queryClient.prefetchQuery(plansQueryOptions(client));
  void queryClient.prefetchQuery(notificationsQueryOptions(client, userId));
  void queryClient.prefetchQuery(unreadCountQueryOptions(client, userId));
  void queryClient.prefetchQuery(profileQueryOptions(client, userId));
}
