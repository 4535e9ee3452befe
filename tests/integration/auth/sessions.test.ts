// Sign-in, the session JSON and access-token claims, refresh-token rotation, and sign-out
// in its three scopes: sessions are server state, so a signed-out session is dead at once.
import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { anonClient, createUser, serviceClient, stack, uniqueEmail } from '../../support/clients.ts';
import { jwtPayload } from './helpers.ts';

async function signedIn(email: string, password: string): Promise<SupabaseClient> {
  const client = anonClient();
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return client;
}

async function accessToken(client: SupabaseClient): Promise<string> {
  return (await client.auth.getSession()).data.session!.access_token;
}

describe('signInWithPassword', () => {
  it('answers a complete session whose access token carries the claims GoTrue issues', async () => {
    const user = await createUser({ full_name: 'Cleo' });
    const { data, error } = await anonClient().auth.signInWithPassword({
      email: user.email,
      password: user.password,
    });
    expect(error).toBeNull();
    const s = data.session!;
    expect(s.token_type).toBe('bearer');
    expect(s.expires_in).toBe(3600);
    expect(s.expires_at).toBe(jwtPayload(s.access_token).exp);
    expect(s.refresh_token).toMatch(/^\S{12,}$/);
    expect(s.user.id).toBe(user.id);
    expect(s.user.last_sign_in_at).toBeTruthy();
    expect(s.access_token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);

    const claims = jwtPayload(s.access_token);
    expect(claims).toMatchObject({
      iss: `${stack().url}/auth/v1`,
      sub: user.id,
      aud: 'authenticated',
      role: 'authenticated',
      aal: 'aal1',
      email: user.email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { full_name: 'Cleo' },
      is_anonymous: false,
    });
    expect(claims.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims.exp - claims.iat).toBe(3600);
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
  });

  it('getClaims() verifies the HS256 token with the server and answers its claims', async () => {
    const user = await createUser();
    const { data, error } = await user.client.auth.getClaims();
    expect(error).toBeNull();
    expect(data!.claims.sub).toBe(user.id);
    expect(data!.claims.role).toBe('authenticated');
    await user.client.auth.signOut({ scope: 'others' });
    expect((await user.client.auth.getClaims()).error).toBeNull();
  });

  it('answers invalid_credentials alike for a wrong password and an unknown address', async () => {
    const user = await createUser();
    const wrong = await anonClient().auth.signInWithPassword({
      email: user.email,
      password: 'not-the-password',
    });
    const unknown = await anonClient().auth.signInWithPassword({
      email: uniqueEmail('ghost'),
      password: user.password,
    });
    for (const r of [wrong, unknown]) {
      expect(r.data.session).toBeNull();
      expect(r.error?.name).toBe('AuthApiError');
      expect(r.error?.status).toBe(400);
      expect(r.error?.code).toBe('invalid_credentials');
      expect(r.error?.message).toBe('Invalid login credentials');
    }
  });

  it('finds the account whatever the case of the address', async () => {
    const user = await createUser();
    const { error } = await anonClient().auth.signInWithPassword({
      email: user.email.toUpperCase(),
      password: user.password,
    });
    expect(error).toBeNull();
  });

  it('refuses a banned user and lets them in again once unbanned', async () => {
    const user = await createUser();
    const admin = serviceClient();
    expect((await admin.auth.admin.updateUserById(user.id, { ban_duration: '24h' })).error).toBeNull();
    const banned = await anonClient().auth.signInWithPassword({ email: user.email, password: user.password });
    expect(banned.error?.code).toBe('user_banned');
    expect(banned.error?.status).toBe(400);
    const refresh = await anonClient().auth.refreshSession({
      refresh_token: (await user.client.auth.getSession()).data.session!.refresh_token,
    });
    expect(refresh.error?.code).toBe('user_banned');

    expect((await admin.auth.admin.updateUserById(user.id, { ban_duration: 'none' })).error).toBeNull();
    expect(
      (await anonClient().auth.signInWithPassword({ email: user.email, password: user.password })).error,
    ).toBeNull();
  });
});

describe('refresh tokens', () => {
  it('rotate: each refresh answers a new refresh token and a fresh access token for the same session', async () => {
    const user = await createUser();
    const first = (await user.client.auth.getSession()).data.session!;
    const { data, error } = await anonClient().auth.refreshSession({ refresh_token: first.refresh_token });
    expect(error).toBeNull();
    const second = data.session!;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(jwtPayload(second.access_token).session_id).toBe(jwtPayload(first.access_token).session_id);
    expect(second.user.id).toBe(user.id);

    const again = await anonClient().auth.refreshSession({ refresh_token: second.refresh_token });
    expect(again.error).toBeNull();
    expect(again.data.session!.refresh_token).not.toBe(second.refresh_token);
  });

  it('give the same child back when the parent is reused (a tab that lost the answer)', async () => {
    const user = await createUser();
    const parent = (await user.client.auth.getSession()).data.session!.refresh_token;
    const child = (await anonClient().auth.refreshSession({ refresh_token: parent })).data.session!
      .refresh_token;
    const racing = await anonClient().auth.refreshSession({ refresh_token: parent });
    expect(racing.error).toBeNull();
    expect(racing.data.session!.refresh_token).toBe(child);
  });

  it('answer refresh_token_not_found for a token the server never issued', async () => {
    const { error } = await anonClient().auth.refreshSession({ refresh_token: 'never-issued-token' });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('refresh_token_not_found');
    expect(error?.message).toBe('Invalid Refresh Token: Refresh Token Not Found');
  });
});

describe('signOut', () => {
  async function threeDevices() {
    const user = await createUser();
    const devices = [
      user.client,
      await signedIn(user.email, user.password),
      await signedIn(user.email, user.password),
    ];
    const tokens = await Promise.all(devices.map(accessToken));
    const refresh = await Promise.all(
      devices.map(async (d) => (await d.auth.getSession()).data.session!.refresh_token),
    );
    return { user, devices, tokens, refresh };
  }

  async function alive(token: string): Promise<boolean> {
    const { data, error } = await anonClient().auth.getUser(token);
    if (error && error.name !== 'AuthSessionMissingError') throw error;
    return !!data.user;
  }

  it('scope global (the default) ends every session of the user', async () => {
    const { devices, tokens, refresh } = await threeDevices();
    expect(await Promise.all(tokens.map(alive))).toEqual([true, true, true]);
    expect((await devices[0].auth.signOut()).error).toBeNull();
    expect(await Promise.all(tokens.map(alive))).toEqual([false, false, false]);
    const r = await anonClient().auth.refreshSession({ refresh_token: refresh[1] });
    expect(r.error?.code).toBe('refresh_token_not_found');
    expect((await devices[0].auth.getSession()).data.session).toBeNull();
  });

  it('scope local ends only this session', async () => {
    const { devices, tokens } = await threeDevices();
    expect((await devices[1].auth.signOut({ scope: 'local' })).error).toBeNull();
    expect(await Promise.all(tokens.map(alive))).toEqual([true, false, true]);
  });

  it('scope others ends every session but this one', async () => {
    const { devices, tokens, refresh } = await threeDevices();
    expect((await devices[2].auth.signOut({ scope: 'others' })).error).toBeNull();
    expect(await Promise.all(tokens.map(alive))).toEqual([false, false, true]);
    expect((await devices[2].auth.getSession()).data.session).not.toBeNull();
    expect((await anonClient().auth.refreshSession({ refresh_token: refresh[2] })).error).toBeNull();
  });

  it('a dead session answers 403 session_not_found, and the client drops its stored session', async () => {
    const { devices, tokens } = await threeDevices();
    await devices[0].auth.signOut({ scope: 'local' });
    const res = await fetch(`${stack().url}/auth/v1/user`, {
      headers: { apikey: stack().anonKey, Authorization: `Bearer ${tokens[0]}` },
    });
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe('session_not_found');

    // device 1 is signed out elsewhere; its next getUser clears its own storage
    await devices[2].auth.signOut({ scope: 'others' });
    const { error } = await devices[1].auth.getUser();
    expect(error?.name).toBe('AuthSessionMissingError');
    expect((await devices[1].auth.getSession()).data.session).toBeNull();
  });

  it('still succeeds client-side with an already dead token', async () => {
    const { devices } = await threeDevices();
    await devices[1].auth.signOut({ scope: 'global' });
    expect((await devices[0].auth.signOut()).error).toBeNull();
  });
});
