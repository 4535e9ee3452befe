// The catalogue's lists (models, poses, backgrounds) read once the first signed-in screen is
// idle, so the persisted query cache holds them: a shoot started offline later shows the
// catalogue, whose card pictures the service worker precaches, even if the seller had only
// opened /home before. A list the cache holds fresh (an hour) is not read again; a failure
// stays quiet, as the wizard reads again when it opens.
import type { QueryClient } from '@tanstack/react-query';
import type { AppSupabaseClient } from '../../lib/supabase.ts';
import { backgroundsQueryOptions, modelsQueryOptions, posesQueryOptions } from './api.ts';

export async function keepCatalogueOnDevice(client: AppSupabaseClient, queryClient: QueryClient) {
  await Promise.allSettled([
    queryClient.prefetchQuery(modelsQueryOptions(client)),
    queryClient.prefetchQuery(posesQueryOptions(client)),
    queryClient.prefetchQuery(backgroundsQueryOptions(client)),
  ]);
}
