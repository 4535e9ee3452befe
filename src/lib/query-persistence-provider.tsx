// QueryClientProvider with the persisted cache, as @tanstack/react-query-persist-client's
// PersistQueryClientProvider does it (queries wait while restoring; afterwards every change is
// saved), except that the persister is loaded on demand: when localStorage holds a cache the
// screen waits for it as before; when it holds none (a first visit, a signed-out visitor) the
// screen does not wait, and saving starts once the persister has come after first paint.
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { IsRestoringProvider, type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { hasPersistedQueries } from './query-client.ts';
import { whenIdle } from './when-idle.ts';

interface Props {
  client: QueryClient;
  /** called once the persisted cache has been put back (not when there was none) */
  onRestored?: () => void;
  children: ReactNode;
}

export function PersistedQueryClientProvider({ client, onRestored, children }: Props) {
  const [isRestoring, setIsRestoring] = useState(hasPersistedQueries);
  const onRestoredRef = useRef(onRestored);
  useEffect(() => {
    onRestoredRef.current = onRestored;
  });

  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    const load = () => import('./query-persistence.ts');
    if (isRestoring) {
      void load()
        .then(({ restoreQueries }) => restoreQueries(client))
        .then(() => onRestoredRef.current?.())
        .catch(() => undefined)
        .finally(() => !cancelled && setIsRestoring(false));
    } else {
      // Nothing restored: saving can start once the first screen is up.
      const cancelIdle = whenIdle(() => {
        void load().then(({ persistQueries }) => {
          if (!cancelled) stop = persistQueries(client);
        });
      });
      return () => {
        cancelled = true;
        cancelIdle();
        stop?.();
      };
    }
    return () => {
      cancelled = true;
    };
  }, [client, isRestoring]);

  return (
    <QueryClientProvider client={client}>
      <IsRestoringProvider value={isRestoring}>{children}</IsRestoringProvider>
    </QueryClientProvider>
  );
}
