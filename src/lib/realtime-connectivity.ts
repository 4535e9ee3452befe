// Realtime without a connection. supabase-js's RealtimeClient reconnects on its own timer (1, 2,
// 5, then every 10 s) whatever the reason the socket closed, and a channel subscribed while
// offline opens the socket at once: offline, /projects tried a new WebSocket every few seconds,
// a console error each. Here: while the browser is offline the socket is closed and stays closed
// (no timer), and it opens once when the browser is back, the channels rejoining as it opens;
// while the browser says online but the backend is unreachable (connectivity.ts), the timer
// backs off to a try a minute, and the socket opens at once when a read finds the backend again.
import type { RealtimeClient } from '@supabase/supabase-js';
import { connectivity } from './connectivity.ts';

const ONLINE_STEPS_MS = [1000, 2000, 5000, 10_000];
const UNREACHABLE_FIRST_MS = 5_000;
export const UNREACHABLE_MAX_MS = 60_000;

const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** The wait before the socket's try number `tries` (1, 2, …) to reconnect. */
export function realtimeReconnectAfterMs(tries: number, unreachable = connectivity.isUnreachable()): number {
  if (unreachable || browserOffline())
    return Math.min(UNREACHABLE_FIRST_MS * 2 ** Math.max(0, tries - 1), UNREACHABLE_MAX_MS);
  return ONLINE_STEPS_MS[tries - 1] ?? ONLINE_STEPS_MS[ONLINE_STEPS_MS.length - 1];
}

type RealtimeLike = Pick<
  RealtimeClient,
  'connect' | 'disconnect' | 'isConnected' | 'isConnecting' | 'getChannels'
>;

/** Keeps `realtime`'s socket closed while offline and opens it once when the connection is back. */
export function followConnectivityInRealtime(
  realtime: RealtimeLike,
  offline: () => boolean = browserOffline,
) {
  // a channel subscribed offline (a page opened without a connection) would open the socket:
  // its join waits in the socket's buffer instead and goes when the socket opens
  const connect = realtime.connect.bind(realtime);
  realtime.connect = () => {
    if (!offline()) connect();
  };
  let reopening = false;
  const reopen = async () => {
    // 'online' and the backend's first answer both come when the connection is back: one socket
    if (reopening || offline() || realtime.isConnected() || realtime.isConnecting()) return;
    if (realtime.getChannels().length === 0) return;
    reopening = true;
    try {
      // a socket that failed keeps its closed connection and its timer: disconnect forgets both
      await realtime.disconnect();
      connect();
    } finally {
      reopening = false;
    }
  };
  window.addEventListener('offline', () => void realtime.disconnect());
  window.addEventListener('online', () => void reopen());
  connectivity.subscribe(() => {
    if (!connectivity.isUnreachable()) void reopen();
  });
}
