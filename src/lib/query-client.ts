import { QueryClient } from '@tanstack/react-query';

const DAY = 24 * 60 * 60 * 1000;

/** How long the last known server state is kept (in memory and in localStorage). */
export const QUERY_CACHE_MAX_AGE = DAY;
/** Where ./query-persistence.ts keeps it. */
export const PERSISTED_QUERIES_KEY = 'drape.queryCache';

export function createQueryClient() {
  return new QueryClient({
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
