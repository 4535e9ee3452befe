// The auth half of the Supabase client, small enough for the first screen: sign-in, sign-up,
// password reset and the session need nothing else, so /login does not wait for the database,
// realtime, storage and functions clients (src/lib/supabase.ts brings those after first
// paint, with this very client as its `auth`).
//
// It is configured exactly as supabase-js configures its own: same URL, headers, storage key
// (`sb-<first label of the host>-auth-token`), flow and options, so a session stored by either
// is the other's, and an auth fragment in the URL (confirmation, recovery) is read here.
//
// Sessions live in localStorage when "remember me" is on and in sessionStorage (gone when the
// browser closes) when it is off. Every request gives up after 120 s without an answer.
import { AuthClient, type SupportedStorage } from '@supabase/auth-js';
import './initial-url.ts';
import { authStorageKey } from './auth-storage-key.ts';
import { reportingConnectivity } from './connectivity.ts';
import { localSettings } from './local-settings.ts';
import { timedFetch } from './timed-fetch.ts';

const url = import.meta.env.VITE_SUPABASE_URL as string | undefined;
const anonKey = import.meta.env.VITE_SUPABASE_ANON_KEY as string | undefined;

if (!url || !anonKey) {
  throw new Error(
    'VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY must be set (npm start and npm run dev set them).',
  );
}

export const supabaseUrl = url;
export const supabaseAnonKey = anonKey;

const rememberAwareStorage: SupportedStorage = {
  getItem(key) {
    return localStorage.getItem(key) ?? sessionStorage.getItem(key);
  },
  setItem(key, value) {
    if (localSettings.rememberMe()) {
      sessionStorage.removeItem(key);
      localStorage.setItem(key, value);
    } else {
      localStorage.removeItem(key);
      sessionStorage.setItem(key, value);
    }
  },
  removeItem(key) {
    localStorage.removeItem(key);
    sessionStorage.removeItem(key);
  },
};

export const supabaseAuth = new AuthClient({
  url: new URL('auth/v1', url.endsWith('/') ? url : `${url}/`).href,
  headers: { Authorization: `Bearer ${anonKey}`, apikey: anonKey },
  storageKey: authStorageKey(url),
  storage: rememberAwareStorage,
  autoRefreshToken: true,
  persistSession: true,
  detectSessionInUrl: true,
  flowType: 'implicit',
  // each attempt tells whether the backend answers (the offline notice), as the data client's do
  fetch: reportingConnectivity(timedFetch()),
});

export type AppAuthClient = typeof supabaseAuth;
