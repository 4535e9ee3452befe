// GET /user and PUT /user through getUser() / updateUser(): metadata, password, e-mail.
import { describe, expect, it } from 'vitest';
import { anonClient, createUser, stack, uniqueEmail } from '../../support/clients.ts';
import { latestMail, otpOf } from '../../support/mail.ts';
import { followLink, fragmentOf } from './helpers.ts';

describe('getUser', () => {
  it('answers the signed-in user with identities', async () => {
    const user = await createUser({ full_name: 'Dora' });
    const { data, error } = await user.client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      id: user.id,
      email: user.email,
      aud: 'authenticated',
      role: 'authenticated',
      user_metadata: { full_name: 'Dora', email_verified: true },
      is_anonymous: false,
    });
    expect(data.user!.identities![0]).toMatchObject({
      provider: 'email',
      identity_data: { email: user.email },
    });
  });

  it('without a signed-in session answers AuthSessionMissingError and sends no request', async () => {
    const { data, error } = await anonClient().auth.getUser();
    expect(data.user).toBeNull();
    expect(error?.name).toBe('AuthSessionMissingError');
  });
});

describe('updateUser', () => {
  it('merges user metadata (null removes a key) and fires USER_UPDATED', async () => {
    const user = await createUser({ full_name: 'Eli', phone_number: '123' });
    const events: string[] = [];
    user.client.auth.onAuthStateChange((event) => void events.push(event));
    const { data, error } = await user.client.auth.updateUser({
      data: { full_name: 'Eli Papas', phone_number: null, plan: 'pro' },
    });
    expect(error).toBeNull();
    expect(data.user!.user_metadata).toMatchObject({ full_name: 'Eli Papas', plan: 'pro' });
    expect(data.user!.user_metadata).not.toHaveProperty('phone_number');
    expect(events).toContain('USER_UPDATED');
    const again = await user.client.auth.getUser();
    expect(again.data.user!.user_metadata.full_name).toBe('Eli Papas');
    // the next access token carries the new metadata
    const refreshed = await user.client.auth.refreshSession();
    expect(refreshed.data.session!.user.user_metadata.plan).toBe('pro');
  });

  it('changes the password, signs the other devices out and keeps this one', async () => {
    const user = await createUser();
    const other = anonClient();
    await other.auth.signInWithPassword({ email: user.email, password: user.password });
    const { error } = await user.client.auth.updateUser({ password: 'brand-new-secret' });
    expect(error).toBeNull();

    expect((await user.client.auth.getUser()).error).toBeNull();
    expect((await other.auth.getUser()).error?.name).toBe('AuthSessionMissingError');
    expect(
      (await anonClient().auth.signInWithPassword({ email: user.email, password: user.password })).error
        ?.code,
    ).toBe('invalid_credentials');
    expect(
      (await anonClient().auth.signInWithPassword({ email: user.email, password: 'brand-new-secret' })).error,
    ).toBeNull();
  });

  it('refuses the same password and a weak one', async () => {
    const user = await createUser();
    const same = await user.client.auth.updateUser({ password: user.password });
    expect(same.error?.status).toBe(422);
    expect(same.error?.code).toBe('same_password');
    expect(same.error?.message).toBe('New password should be different from the old password.');
    const weak = await user.client.auth.updateUser({ password: 'abc' });
    expect(weak.error?.name).toBe('AuthWeakPasswordError');
    expect(weak.error?.code).toBe('weak_password');
  });

  it('changes the e-mail once the link mailed to the new address is followed', async () => {
    const user = await createUser();
    const next = uniqueEmail('moved');
    const { data, error } = await user.client.auth.updateUser(
      { email: next },
      { emailRedirectTo: 'http://localhost:3000/settings' },
    );
    expect(error).toBeNull();
    expect(data.user!.email).toBe(user.email);
    expect((data.user as any).new_email).toBe(next);
    expect(data.user!.email_change_sent_at).toBeTruthy();

    const mail = await latestMail(next, 'email_change');
    expect(mail.subject).toBe('Confirm your new e-mail address');
    expect(mail.text).toContain(user.email);
    const res = await followLink(mail.links[0]);
    const location = res.headers.get('location')!;
    expect(location.startsWith('http://localhost:3000/settings#')).toBe(true);
    expect(fragmentOf(location).get('type')).toBe('email_change');

    const after = await user.client.auth.getUser();
    expect(after.data.user!.email).toBe(next);
    expect((after.data.user as any).new_email).toBeUndefined();
    expect(
      (await anonClient().auth.signInWithPassword({ email: next, password: user.password })).error,
    ).toBeNull();
    expect(
      (await anonClient().auth.signInWithPassword({ email: user.email, password: user.password })).error
        ?.code,
    ).toBe('invalid_credentials');
  });

  it('confirms an e-mail change with the code from the mail too', async () => {
    const user = await createUser();
    const next = uniqueEmail('moved-otp');
    await user.client.auth.updateUser({ email: next });
    const code = otpOf(await latestMail(next, 'email_change'));
    const { data, error } = await anonClient().auth.verifyOtp({
      email: next,
      token: code,
      type: 'email_change',
    });
    expect(error).toBeNull();
    expect(data.user!.email).toBe(next);
  });

  it('refuses an address another account uses', async () => {
    const a = await createUser();
    const b = await createUser();
    const { error } = await a.client.auth.updateUser({ email: b.email });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('email_exists');
  });

  it('refuses app_metadata from the user', async () => {
    const user = await createUser();
    const res = await fetch(`${stack().url}/auth/v1/user`, {
      method: 'PUT',
      headers: {
        apikey: stack().anonKey,
        Authorization: `Bearer ${(await user.client.auth.getSession()).data.session!.access_token}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ app_metadata: { plan: 'enterprise' } }),
    });
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe('not_admin');
    expect((await user.client.auth.getUser()).data.user!.app_metadata).not.toHaveProperty('plan');
  });
});
