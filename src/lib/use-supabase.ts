import { useContext } from 'react';
import { supabase, type AppSupabaseClient } from './supabase.ts';
import { SupabaseContext } from './supabase-context.ts';

/** The client hooks and components use: the provided one (tests), else the app's. */
export function useSupabase(): AppSupabaseClient {
  return useContext(SupabaseContext) ?? supabase;
}
