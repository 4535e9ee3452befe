// supabase.auth.admin with the service role: users and links. Everyone else is refused.
import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import ws from 'ws';
import { anonClient, createUser, serviceClient, stack, uniqueEmail } from '../../support/clients.ts';
import { latestMail, mailsTo } from '../../support/mail.ts';
import { followLink, fragmentOf, jwtPayload } from './helpers.ts';

const admin = () => serviceClient().auth.admin;

describe('admin users', () => {
  it('creates a confirmed user who can sign in at once, with no mail sent', async () => {
    const email = uniqueEmail('admin-new');
    const { data, error } = await admin().createUser({
      email,
      password: 'made-by-admin',
      email_confirm: true,
      user_metadata: { full_name: 'Made' },
      app_metadata: { plan: 'pro' },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      email,
      aud: 'authenticated',
      role: 'authenticated',
      user_metadata: { full_name: 'Made', email_verified: true },
      app_metadata: { provider: 'email', providers: ['email'], plan: 'pro' },
    });
    expect(data.user!.email_confirmed_at).toBeTruthy();
    expect(data.user!.identities).toHaveLength(1);
    expect(await mailsTo(email)).toEqual([]);
    const signIn = await anonClient().auth.signInWithPassword({ email, password: 'made-by-admin' });
    expect(signIn.error).toBeNull();
    expect(jwtPayload(signIn.data.session!.access_token).app_metadata.plan).toBe('pro');
  });

  it('creates an unconfirmed user when email_confirm is not set', async () => {
    const email = uniqueEmail('admin-unconf');
    const { data } = await admin().createUser({ email, password: 'unconfirmed-1' });
    expect(data.user!.email_confirmed_at).toBeNull();
    const signIn = await anonClient().auth.signInWithPassword({ email, password: 'unconfirmed-1' });
    expect(signIn.error?.code).toBe('email_not_confirmed');
  });

  it('refuses a second user with the same address', async () => {
    const user = await createUser();
    const { data, error } = await admin().createUser({
      email: user.email.toUpperCase(),
      password: 'whatever-1',
    });
    expect(data.user).toBeNull();
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('email_exists');
  });

  it('lists users newest first, page by page, with the total', async () => {
    const made = [await createUser(), await createUser(), await createUser()];
    const page1 = await admin().listUsers({ page: 1, perPage: 2 });
    expect(page1.error).toBeNull();
    expect(page1.data.users).toHaveLength(2);
    expect((page1.data as any).aud).toBe('authenticated');
    expect((page1.data as any).total).toBeGreaterThanOrEqual(3);
    expect((page1.data as any).nextPage).toBe(2);
    const page2 = await admin().listUsers({ page: 2, perPage: 2 });
    expect(page2.data.users).toHaveLength(2);
    const times = [...page1.data.users, ...page2.data.users].map((u) => Date.parse(u.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    // other test files add users meanwhile; ours are all there, each once
    const all = await admin().listUsers({ perPage: 1000 });
    const ids = all.data.users.map((u) => u.id);
    for (const m of made) expect(ids.filter((id) => id === m.id)).toHaveLength(1);
    const byDefault = await admin().listUsers();
    expect(byDefault.data.users.length).toBeLessThanOrEqual(50);
  });

  it('gets a user by id, and answers user_not_found for an unknown one', async () => {
    const user = await createUser({ full_name: 'Gus' });
    const { data, error } = await admin().getUserById(user.id);
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id: user.id, email: user.email, user_metadata: { full_name: 'Gus' } });
    const missing = await admin().getUserById('00000000-0000-4000-8000-000000000000');
    expect(missing.error?.status).toBe(404);
    expect(missing.error?.code).toBe('user_not_found');
  });

  it("updates metadata, e-mail and password; a new password ends the user's sessions", async () => {
    const user = await createUser({ full_name: 'Hal' });
    const next = uniqueEmail('admin-moved');
    const { data, error } = await admin().updateUserById(user.id, {
      email: next,
      password: 'set-by-admin',
      user_metadata: { full_name: 'Hal B' },
      app_metadata: { plan: 'lite' },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      email: next,
      user_metadata: { full_name: 'Hal B' },
      app_metadata: { plan: 'lite', provider: 'email' },
    });
    expect((await user.client.auth.getUser()).error?.name).toBe('AuthSessionMissingError');
    expect(
      (await anonClient().auth.signInWithPassword({ email: next, password: 'set-by-admin' })).error,
    ).toBeNull();
  });

  it('deletes a user: the account and its sessions are gone', async () => {
    const user = await createUser();
    const { error } = await admin().deleteUser(user.id);
    expect(error).toBeNull();
    expect((await admin().getUserById(user.id)).error?.code).toBe('user_not_found');
    expect((await user.client.auth.getUser()).error?.name).toBe('AuthSessionMissingError');
    expect(
      (await anonClient().auth.signInWithPassword({ email: user.email, password: user.password })).error
        ?.code,
    ).toBe('invalid_credentials');
  });

  it('soft-deletes a user: the row stays, the person cannot sign in', async () => {
    const user = await createUser();
    expect((await admin().deleteUser(user.id, true)).error).toBeNull();
    const { data } = await admin().getUserById(user.id);
    expect(data.user!.deleted_at).toBeTruthy();
    expect(data.user!.email).toBe('');
    expect(
      (await anonClient().auth.signInWithPassword({ email: user.email, password: user.password })).error
        ?.code,
    ).toBe('invalid_credentials');
  });
});

describe('admin links', () => {
  it('generates a recovery link and code without mailing them', async () => {
    const user = await createUser();
    const before = (await mailsTo(user.email)).length;
    const { data, error } = await admin().generateLink({
      type: 'recovery',
      email: user.email,
      options: { redirectTo: 'http://localhost:3000/reset-password' },
    });
    expect(error).toBeNull();
    expect(data.user!.id).toBe(user.id);
    expect(data.properties!.verification_type).toBe('recovery');
    expect(data.properties!.email_otp).toMatch(/^\d{6}$/);
    expect(data.properties!.redirect_to).toBe('http://localhost:3000/reset-password');
    expect(data.properties!.action_link).toContain(`token=${data.properties!.hashed_token}`);
    expect((await mailsTo(user.email)).length).toBe(before);
    const f = fragmentOf((await followLink(data.properties!.action_link)).headers.get('location')!);
    expect(f.get('type')).toBe('recovery');
    expect(jwtPayload(f.get('access_token')!).sub).toBe(user.id);
  });

  it('generates a sign-up link that creates the user and confirms them', async () => {
    const email = uniqueEmail('admin-signup');
    const { data, error } = await admin().generateLink({ type: 'signup', email, password: 'generated-1' });
    expect(error).toBeNull();
    expect(data.user!.email).toBe(email);
    expect(data.user!.email_confirmed_at).toBeNull();
    const verified = await anonClient().auth.verifyOtp({
      token_hash: data.properties!.hashed_token,
      type: 'signup',
    });
    expect(verified.error).toBeNull();
    expect((await anonClient().auth.signInWithPassword({ email, password: 'generated-1' })).error).toBeNull();
  });

  it('invites a user by mail; the invitation link signs them in', async () => {
    const email = uniqueEmail('invited');
    const { data, error } = await admin().inviteUserByEmail(email, { data: { full_name: 'Ivy' } });
    expect(error).toBeNull();
    expect(data.user!.invited_at).toBeTruthy();
    const mail = await latestMail(email, 'invite');
    const f = fragmentOf((await followLink(mail.links[0])).headers.get('location')!);
    expect(f.get('type')).toBe('invite');
    expect(jwtPayload(f.get('access_token')!).user_metadata.full_name).toBe('Ivy');
  });
});

describe('admin API refuses anyone but the service role', () => {
  it('with the anon key: 403 not_admin', async () => {
    const a = anonClient().auth.admin;
    const results = [
      await a.listUsers(),
      await a.createUser({ email: uniqueEmail('sneaky'), password: 'sneaky-pass' }),
      await a.getUserById('00000000-0000-4000-8000-000000000000'),
      await a.generateLink({ type: 'magiclink', email: uniqueEmail('sneaky') }),
    ];
    for (const r of results) {
      expect(r.error?.status).toBe(403);
      expect(r.error?.code).toBe('not_admin');
    }
  });

  it("with a signed-in user's token: 403 not_admin, and nothing changes", async () => {
    const victim = await createUser();
    const attacker = await createUser();
    const token = (await attacker.client.auth.getSession()).data.session!.access_token;
    const asUser = createClient(stack().url, stack().anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: { Authorization: `Bearer ${token}` } },
      realtime: { transport: ws as any },
    });
    const del = await asUser.auth.admin.deleteUser(victim.id);
    expect(del.error?.code).toBe('not_admin');
    const upd = await asUser.auth.admin.updateUserById(victim.id, { password: 'hijacked-1' });
    expect(upd.error?.code).toBe('not_admin');
    expect((await admin().getUserById(victim.id)).data.user).not.toBeNull();
    expect(
      (await anonClient().auth.signInWithPassword({ email: victim.email, password: victim.password })).error,
    ).toBeNull();
  });

  it('accepts the new-style secret key like the service-role JWT', async () => {
    const viaSecret = createClient(stack().url, stack().secretKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: ws as any },
    });
    const { error } = await viaSecret.auth.admin.listUsers({ perPage: 1 });
    expect(error).toBeNull();
    const viaPublishable = createClient(stack().url, stack().publishableKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: ws as any },
    });
    expect((await viaPublishable.auth.admin.listUsers({ perPage: 1 })).error?.code).toBe('not_admin');
  });
});
