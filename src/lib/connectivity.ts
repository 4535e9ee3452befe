// Whether the backend can be reached, as the app last found out. navigator.onLine alone is not
// enough: a phone on a Wi-Fi without internet, or a page (re)loaded while offline, reports
// online while every request fails. A request that fails for want of an answer marks the app
// unreachable until a request succeeds or the browser says it is back online.
import { isNetworkError } from './errors/describe-error.ts';

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

if (typeof window !== 'undefined') window.addEventListener('online', () => set(false));
