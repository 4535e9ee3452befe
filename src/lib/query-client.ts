import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { connectivity } from './connectivity.ts';

import { PERSISTED_QUERIES_KEY, QUERY_CACHE_MAX_AGE } from './query-cache-keys.ts';

export { PERSISTED_QUERIES_KEY, QUERY_CACHE_MAX_AGE };

/** While the backend is unreachable, the screen's queries try again this often. */
const UNREACHABLE_RETRY_MS = 20_000;

export function createQueryClient() {
  let retryTimer: ReturnType<typeof setInterval> | undefined;
  const client = new QueryClient({
    // A failure without an answer means the backend is unreachable (the offline notice). What
    // says it answers again is its answers themselves, which the Supabase clients' fetch and the
    // signed uploads report (connectivity.ts): a query or mutation that succeeds may never have
    // asked it (the catalogue's list, the drafts on this device).
    queryCache: new QueryCache({ onError: (err) => connectivity.requestFailed(err) }),
    mutationCache: new MutationCache({ onError: (err) => connectivity.requestFailed(err) }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Kept as long as the persisted copy, so the app opens offline with the last data.
        gcTime: QUERY_CACHE_MAX_AGE,
        retry: 1,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: 0 },
    },
  });
  // the browser may never say it is back (it never said it was gone): look now and then
  connectivity.subscribe(() => {
    clearInterval(retryTimer);
    if (connectivity.isUnreachable()) {
      retryTimer = setInterval(() => void client.refetchQueries({ type: 'active' }), UNREACHABLE_RETRY_MS);
    }
  });
  return client;
}

/** Whether there is a persisted cache to restore (read before loading the persister). */
export function hasPersistedQueries(): boolean {
  try {
    return localStorage.getItem(PERSISTED_QUERIES_KEY) !== null;
  } catch {
    return false;
  }
}

/** Forgets the persisted cache (on sign-out). */
export async function clearPersistedQueries(): Promise<void> {
  if (!hasPersistedQueries()) return;
  const { removePersistedQueries } = await import('./query-persistence.ts');
  await removePersistedQueries();
}
