// Where components and hooks get the Supabase client: useSupabase(). The app renders no
// provider by default (the real client is used, loaded with the screens that need it); a
// test or a story passes its own client through <SupabaseContext.Provider> (App's `supabase`).
// This module imports only types, so it costs the first screen nothing.
import { createContext } from 'react';
import type { AppSupabaseClient } from './supabase.ts';

export const SupabaseContext = createContext<AppSupabaseClient | null>(null);
