// The one supabase-js client. Sessions live in localStorage when "remember me" is on and in
// sessionStorage (gone when the browser closes) when it is off.
import { createClient, type SupabaseClient, type SupportedStorage } from '@supabase/supabase-js';
import './initial-url.ts';
import { localSettings } from './local-settings.ts';
import type { Database } from './database.types.ts';

const url = import.meta.env.VITE_SUPABASE_URL as string | undefined;
const anonKey = import.meta.env.VITE_SUPABASE_ANON_KEY as string | undefined;

if (!url || !anonKey) {
  throw new Error('VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY must be set (npm start and npm run dev set them).');
}

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

/** The client every data helper takes: typed by the generated schema (npm run gen:types). */
export type AppSupabaseClient = SupabaseClient<Database>;

export const supabase: AppSupabaseClient = createClient<Database>(url, anonKey, {
  auth: {
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: true,
    storage: rememberAwareStorage,
  },
});

export const supabaseUrl = url;
