// Official clients against the test stack, and users made fresh for each test.
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { inject } from 'vitest';
import ws from 'ws';

export const stack = () => inject('stack');

/** A client as the browser app makes it (anon key, no persisted session between tests). */
export function anonClient(key = stack().anonKey): SupabaseClient {
  return createClient(stack().url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as any },
  });
}

/** A client with the service-role key, as server code and operators use it. */
export function serviceClient(): SupabaseClient {
  return anonClient(stack().serviceRoleKey);
}

export const uniqueEmail = (tag = 'user') => `${tag}-${randomUUID().slice(0, 12)}@example.test`;

export interface TestUser {
  id: string;
  email: string;
  password: string;
  client: SupabaseClient;
}

/** Creates a confirmed user through the admin API and returns a client signed in as them. */
export async function createUser(metadata: Record<string, unknown> = {}): Promise<TestUser> {
  const email = uniqueEmail();
  const password = `pw-${randomUUID()}`;
  const admin = serviceClient();
  const { data, error } = await admin.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: metadata,
  });
  if (error) throw error;
  const client = anonClient();
  const signIn = await client.auth.signInWithPassword({ email, password });
  if (signIn.error) throw signIn.error;
  return { id: data.user!.id, email, password, client };
}
