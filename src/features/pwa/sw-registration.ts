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

/** How often an app left open looks for a new version (the browser itself only looks on navigation). */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Looks for a new version every hour and whenever the seller comes back to the app (an
 * installed app on a phone is resumed far more often than it is navigated). `update` is
 * the registration's check; failures (offline) wait for the next occasion.
 */
export function checkForUpdates(update: () => Promise<unknown>, doc: Document = document): () => void {
  const check = () => void update().catch(() => undefined);
  const timer = setInterval(check, UPDATE_CHECK_MS);
  const onVisible = () => {
    if (doc.visibilityState === 'visible') check();
  };
  doc.addEventListener('visibilitychange', onVisible);
  return () => {
    clearInterval(timer);
    doc.removeEventListener('visibilitychange', onVisible);
  };
}

export async function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js', { scope: '/' });
  workbox = wb;
  wb.addEventListener('waiting', () => {
    waiting = true;
    notify();
  });
  const registration = await wb
    .register()
    .catch((err) => console.warn('[pwa] service worker registration failed', err));
  if (registration) checkForUpdates(() => wb.update());
}
