// Registers the generated service worker (production builds only) and tells the UI when a
// new version is waiting, so the user chooses when to reload. workbox-window is fetched only
// here, after the first screen (main.tsx calls this once it has rendered).
import type { Workbox } from 'workbox-window';

type Listener = () => void;
let waiting = false;
let workbox: Workbox | null = null;
const listeners = new Set<Listener>();

const notify = () => {
  for (const l of listeners) l();
};

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
    notify();
  },
};

export async function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const { Workbox } = await import('workbox-window');
  workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => {
    waiting = true;
    notify();
  });
  await workbox.register().catch((err) => console.warn('[pwa] service worker registration failed', err));
}
