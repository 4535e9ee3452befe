// The one supabase-js client (database, realtime, storage, functions), for everything after
// the first screen. Its `auth` is the client of ./supabase-auth.ts, the only auth client in the
// app: supabase-js takes each request's token from it (the `accessToken` option) instead of
// running a second one, and realtime follows its sign-ins, refreshes and sign-outs.
//
// Import this module only where the database is used; the first screen imports
// ./supabase-auth.ts, and main.tsx loads this module once that screen is up.
import { createClient } from '@supabase/supabase-js';
import type { Database } from './database.types.ts';
import { supabaseAnonKey, supabaseAuth, supabaseUrl } from './supabase-auth.ts';
import { timedFetch } from './timed-fetch.ts';
import { withEarlyReads } from './early-reads/early-fetch.ts';
import { quietWhileOffline, reportingConnectivity } from './connectivity.ts';
import { finishingHeadReads } from './head-reads.ts';
import { followConnectivityInRealtime, realtimeReconnectAfterMs } from './realtime-connectivity.ts';

const client = createClient<Database>(supabaseUrl, supabaseAnonKey, {
  accessToken: async () => (await supabaseAuth.getSession()).data.session?.access_token ?? null,
  // database, storage and functions requests give up after 120 s without an answer, as auth's
  // do; a first screen's reads take the answers index.html asked for as the page started; each
  // attempt tells whether the backend answers (the offline notice); without a connection nothing
  // goes out (connectivity.ts); a HEAD answer is read to its end (head-reads.ts)
  global: {
    fetch: reportingConnectivity(
      quietWhileOffline(finishingHeadReads(timedFetch(withEarlyReads((...args) => fetch(...args))))),
    ),
  },
  // closed while offline, a try a minute while the backend is unreachable (realtime-connectivity.ts)
  realtime: { reconnectAfterMs: (tries: number) => realtimeReconnectAfterMs(tries) },
});
if (typeof window !== 'undefined') followConnectivityInRealtime(client.realtime);

// What supabase-js does for its own auth client (SupabaseClient._listenForAuthEvents).
let realtimeToken: string | undefined;
supabaseAuth.onAuthStateChange((event, session) => {
  if (
    (event === 'SIGNED_IN' || event === 'TOKEN_REFRESHED') &&
    session &&
    session.access_token !== realtimeToken
  ) {
    realtimeToken = session.access_token;
    void client.realtime.setAuth(session.access_token);
  } else if (event === 'SIGNED_OUT') {
    realtimeToken = undefined;
    void client.realtime.setAuth();
  }
});

// With `accessToken` set, supabase-js leaves `auth` unusable; it is this app's auth client.
client.auth = supabaseAuth;

export const supabase = client;
export type AppSupabaseClient = typeof supabase;
