// Registers the generated service worker (production builds only) and tells the UI when a
// new version is waiting, so the user chooses when to reload.
import { Workbox } from 'workbox-window';

type Listener = () => void;
let waiting = false;
let workbox: Workbox | null = null;
const listeners = new Set<Listener>();

export const updateState = {
  isWaiting: () => waiting,
  subscribe(l: Listener) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  /** Activates the waiting worker; the page reloads once it controls the page. */
  apply() {
    if (!workbox) return;
    workbox.addEventListener('controlling', () => window.location.reload());
    workbox.messageSkipWaiting();
  },
  dismiss() {
    waiting = false;
    for (const l of listeners) l();
  },
};

export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => {
    waiting = true;
    for (const l of listeners) l();
  });
  void workbox.register().catch((err) => console.warn('[pwa] service worker registration failed', err));
}
