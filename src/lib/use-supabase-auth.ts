import { useContext } from 'react';
import { type AppAuthClient, supabaseAuth } from './supabase-auth.ts';
import { SupabaseContext } from './supabase-context.ts';

/** The auth client the sign-in screens use: the provided client's (tests), else the app's.
 *  Unlike useSupabase() it does not bring the database client into the first screen. */
export function useSupabaseAuth(): AppAuthClient {
  return useContext(SupabaseContext)?.auth ?? supabaseAuth;
}
