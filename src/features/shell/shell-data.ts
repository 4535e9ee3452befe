// What the signed-in shell reads as it mounts: the credits in the header (subscription and
// plans), the bell's list, the unread count on the installed app's icon, and the profile whose
// language the shell keeps in step. routes/_app.tsx's loader starts these reads beside the
// screen's own, so that they arrive with them: started by the shell's first render, they were
// a second round trip after the first screen and a second render of it.
// Only what is not in the cache yet: the loader runs again on every navigation (and on a
// link's hover), while the shell's queries stay mounted and live (Realtime), so once there they
// need no read per navigation. A failed read is the mounted query's to show and retry.
import type { QueryClient } from '@tanstack/react-query';
import type { AppSupabaseClient } from '../../lib/supabase.ts';
import { notificationsQueryOptions, unreadCountQueryOptions } from '../notifications/index.ts';
import { profileQueryOptions } from '../profile/index.ts';
import { plansQueryOptions, subscriptionQueryOptions } from '../subscription/index.ts';

export function prefetchShellData(queryClient: QueryClient, client: AppSupabaseClient, userId: string) {
  const reads: Promise<unknown>[] = [
    queryClient.ensureQueryData(subscriptionQueryOptions(client, userId)),
    queryClient.ensureQueryData(plansQueryOptions(client)),
    queryClient.ensureQueryData(notificationsQueryOptions(client, userId)),
    queryClient.ensureQueryData(unreadCountQueryOptions(client, userId)),
    queryClient.ensureQueryData(profileQueryOptions(client, userId)),
  ];
  for (const read of reads) read.catch(() => undefined);
}
