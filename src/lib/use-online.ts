import { useSyncExternalStore } from 'react';
import { connectivity } from './connectivity.ts';

/** False while the browser is offline or the last request found the backend unreachable. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      window.addEventListener('online', onChange);
      window.addEventListener('offline', onChange);
      const unsubscribe = connectivity.subscribe(onChange);
      return () => {
        window.removeEventListener('online', onChange);
        window.removeEventListener('offline', onChange);
        unsubscribe();
      };
    },
    () => navigator.onLine && !connectivity.isUnreachable(),
    () => true,
  );
}
