// Whether the backend can be reached, as the app last found out. navigator.onLine alone is not
// enough: a phone on a Wi-Fi without internet, or a page (re)loaded while offline, reports
// online while every request fails. A request that fails for want of an answer marks the app
// unreachable until a request succeeds or the browser says it is back online.
import { isNetworkError } from './errors/network-error.ts';

type Listener = () => void;
let unreachable = false;
const listeners = new Set<Listener>();

function set(value: boolean) {
  if (unreachable === value) return;
  unreachable = value;
  for (const l of listeners) l();
}

export const connectivity = {
  /** A request failed: if it got no answer, the backend is unreachable. */
  requestFailed(err: unknown) {
    if (isNetworkError(err)) set(true);
  },
  requestSucceeded() {
    set(false);
  },
  isUnreachable: () => unreachable,
  subscribe(l: Listener) {
    listeners.add(l);
    return () => {
      listeners.delete(l);
    };
  },
};

/**
 * The backend client's fetch, telling `connectivity` at each attempt: an answer of any status
 * means reachable, a request that got none means unreachable. supabase-js retries a read that
 * got no answer three times over ~7 s, and the query once more, before the screen hears of it;
 * on a Wi-Fi without internet (the browser says online) the offline notice and the stored
 * images' copies would wait that long.
 */
export function reportingConnectivity(fetchImpl: typeof fetch): typeof fetch {
  return async (input, init) => {
    try {
      const response = await fetchImpl(input, init);
      connectivity.requestSucceeded();
      return response;
    } catch (err) {
      connectivity.requestFailed(err);
      throw err;
    }
  };
}

if (typeof window !== 'undefined') window.addEventListener('online', () => set(false));
