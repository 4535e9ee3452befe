// The last known server state (credits, dashboard, notifications, profile) kept in
// localStorage, so the app opens with it at once, also offline. Loaded on demand by
// ./query-persistence-provider.tsx: a first screen with nothing to restore does not wait for it.
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import {
  type PersistQueryClientOptions,
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
} from '@tanstack/react-query-persist-client';
import type { QueryClient } from '@tanstack/react-query';
import { PERSISTED_QUERIES_KEY, QUERY_CACHE_MAX_AGE } from './query-cache-keys.ts';

const persister = createSyncStoragePersister({
  storage: typeof window === 'undefined' ? undefined : window.localStorage,
  key: PERSISTED_QUERIES_KEY,
  throttleTime: 1000,
});

function options(queryClient: QueryClient): PersistQueryClientOptions {
  return {
    // The persister packages pin an older query-core than react-query's; the client is the
    // same at run time (as with PersistQueryClientProvider), only the two copies' types differ.
    queryClient: queryClient as unknown as PersistQueryClientOptions['queryClient'],
    persister,
    maxAge: QUERY_CACHE_MAX_AGE,
    // A new build with other data shapes starts from a clean cache.
    buster: 'v1',
    // `meta: { persist: false }` keeps a query out (signed URLs: short-lived, and many)
    dehydrateOptions: {
      shouldDehydrateQuery: (query) => query.state.status === 'success' && query.meta?.persist !== false,
    },
  };
}

/** Puts the persisted queries back into the client (nothing if absent, expired or stale). */
export function restoreQueries(queryClient: QueryClient): Promise<void> {
  return persistQueryClientRestore(options(queryClient));
}

/** Saves the client's successful queries now and whenever the cache changes; returns the stop. */
export function persistQueries(queryClient: QueryClient): () => void {
  void persistQueryClientSave(options(queryClient));
  return persistQueryClientSubscribe(options(queryClient));
}

export function removePersistedQueries(): Promise<void> {
  return Promise.resolve(persister.removeClient());
}
