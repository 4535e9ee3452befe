import { MutationCache, onlineManager, QueryCache, QueryClient, type Query } from '@tanstack/react-query';
import { connectivity } from './connectivity.ts';
import { PERSISTED_QUERIES_KEY, QUERY_CACHE_MAX_AGE } from './query-cache-keys.ts';
import { readOnRejoin } from './read-on-join.ts';

/** While the backend is unreachable, the screen's queries try again this often. */
const UNREACHABLE_RETRY_MS = 20_000;

/**
 * React Query's idea of "online" is the app's (connectivity.ts): the browser says it is online
 * and the backend answered last. When it comes back, React Query continues the reads that were
 * waiting for it and reads again what is stale or failed (refetchOnReconnect below), so the
 * figures on screen refresh themselves instead of waiting for a tap on Retry.
 */
export function followConnectivity() {
  onlineManager.setEventListener((setOnline) => {
    const update = () => setOnline(navigator.onLine && !connectivity.isUnreachable());
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    const unsubscribe = connectivity.subscribe(update);
    update();
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
      unsubscribe();
    };
  });
}

/**
 * On reconnect: a read that failed is read again even when its last data is still fresh; a
 * query a live channel reads when it rejoins is left to that read (read-on-join.ts), so it is
 * read once.
 */
export const refetchOnReconnect = (query: Query) => {
  if (readOnRejoin(query.queryKey)) return false;
  return query.state.status === 'error' ? 'always' : true;
};

export function createQueryClient() {
  if (typeof window !== 'undefined') followConnectivity();
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
        refetchOnReconnect,
        // The first attempt always goes out (it is also how the app finds the backend again, see
        // below); a retry waits while offline and goes when the connection is back, so a read
        // that fails for want of a connection shows no error and ends with the data.
        networkMode: 'offlineFirst',
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
