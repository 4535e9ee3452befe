// @vitest-environment happy-dom
// The app's two clients (src/lib/supabase-auth.ts for the first screen, src/lib/supabase.ts
// for everything after) are one session: what the auth client signs in, the database client
// and realtime use; what it stores, a stock supabase-js client with the default storage key
// reads; signing out through either ends it for both.
import { createClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, stack } from '../../support/clients.ts';

type AuthModule = typeof import('../../../src/lib/supabase-auth.ts');
type ClientModule = typeof import('../../../src/lib/supabase.ts');
let auth: AuthModule;
let full: ClientModule;

beforeAll(async () => {
  vi.stubEnv('VITE_SUPABASE_URL', stack().url);
  vi.stubEnv('VITE_SUPABASE_ANON_KEY', stack().anonKey);
  auth = await import('../../../src/lib/supabase-auth.ts');
  full = await import('../../../src/lib/supabase.ts');
});

describe('the app’s Supabase clients', () => {
  it('are one session: sign-in on the auth client reaches the database client and realtime', async () => {
    const user = await createUser({ full_name: 'Lazy Loader' });
    const { data, error } = await auth.supabaseAuth.signInWithPassword({
      email: user.email,
      password: user.password,
    });
    expect(error).toBeNull();
    const token = data.session!.access_token;

    expect(full.supabase.auth).toBe(auth.supabaseAuth);
    const { data: profiles } = await full.supabase.from('profiles').select('id, full_name').throwOnError();
    expect(profiles).toEqual([{ id: user.id, full_name: 'Lazy Loader' }]);
    await vi.waitFor(() => expect(full.supabase.realtime.accessTokenValue).toBe(token));

    // A stock client with supabase-js's default storage key reads the stored session.
    const storageKey = `sb-${new URL(stack().url).hostname.split('.')[0]}-auth-token`;
    expect(localStorage.getItem(storageKey)).toContain(token);
    const stock = createClient(stack().url, stack().anonKey, {
      auth: { storage: localStorage, autoRefreshToken: false },
    });
    expect((await stock.auth.getSession()).data.session?.access_token).toBe(token);

    await full.supabase.auth.signOut();
    expect(localStorage.getItem(storageKey)).toBeNull();
    const { data: afterSignOut } = await full.supabase.from('profiles').select('id').throwOnError();
    expect(afterSignOut).toEqual([]);
    await vi.waitFor(() => expect(full.supabase.realtime.accessTokenValue).not.toBe(token));
  });

  it('keep the session for this browser session only when "remember me" is off', async () => {
    const user = await createUser();
    localStorage.setItem('drape.rememberMe', 'false');
    try {
      await auth.supabaseAuth.signInWithPassword({ email: user.email, password: user.password });
      const key = `sb-${new URL(stack().url).hostname.split('.')[0]}-auth-token`;
      expect(localStorage.getItem(key)).toBeNull();
      expect(sessionStorage.getItem(key)).not.toBeNull();
      const { data } = await full.supabase.from('profiles').select('id').throwOnError();
      expect(data).toEqual([{ id: user.id }]);
    } finally {
      await auth.supabaseAuth.signOut();
      localStorage.removeItem('drape.rememberMe');
    }
  });
});
