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

/** While the backend is unreachable (the browser says online), a read goes out at most this often. */
export const UNREACHABLE_PROBE_MS = 5_000;

const READS = new Set(['GET', 'HEAD']);
const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * The backend client's fetch, quiet while there is no connection: a request it could not get an
 * answer to fails at once with the browser's own "Failed to fetch", without going out. Offline,
 * supabase-js tried each read four times over ~7 s and every screen's reads, live channels' reads
 * and the reads the app retries went out anyway, each a failed request and a console error
 * (~130 in 30 s on /projects). When the browser says offline, nothing goes out; when it says
 * online but the backend was found unreachable, one read at a time goes out to find it again, at
 * most every UNREACHABLE_PROBE_MS, and the others fail at once (writes always go: a seller's own
 * action). React Query holds the failed reads (onlineManager, query-client.ts) and reads each
 * once when the connection is back.
 */
export function quietWhileOffline(
  fetchImpl: typeof fetch,
  offline: () => boolean = browserOffline,
  now: () => number = () => Date.now(),
): typeof fetch {
  let probing = false;
  let lastProbe = -Infinity;
  return async (input, init) => {
    if (offline()) throw new TypeError('Failed to fetch');
    const read = READS.has((init?.method ?? 'GET').toUpperCase());
    if (!read || !connectivity.isUnreachable()) return fetchImpl(input, init);
    if (probing || now() - lastProbe < UNREACHABLE_PROBE_MS) throw new TypeError('Failed to fetch');
    probing = true;
    lastProbe = now();
    try {
      return await fetchImpl(input, init);
    } finally {
      probing = false;
    }
  };
}

if (typeof window !== 'undefined') window.addEventListener('online', () => set(false));
