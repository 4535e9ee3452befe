// Sign-up with e-mail confirmation on (the shared test stack runs config.toml, where
// confirmations are on), the confirmation mail and its link, through the official client.
import { describe, expect, it } from 'vitest';
import { anonClient, serviceClient, stack, uniqueEmail } from '../../support/clients.ts';
import { latestMail, mailsTo } from '../../support/mail.ts';
import { fragmentOf, followLink, sleep } from './helpers.ts';

const PASSWORD = 'correct-horse-9';

describe('signUp with confirmation required', () => {
  it('answers the bare user with no session and mails a confirmation link to /home', async () => {
    const email = uniqueEmail('signup');
    const { data, error } = await anonClient().auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { full_name: 'Ann Seller', phone_number: '+30 210 000 0000' } },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    const user = data.user!;
    expect(user.email).toBe(email);
    expect(user.email_confirmed_at).toBeNull();
    expect(user.confirmation_sent_at).toBeTruthy();
    expect(user.aud).toBe('authenticated');
    expect(user.role).toBe('authenticated');
    expect(user.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    expect(user.user_metadata).toMatchObject({
      full_name: 'Ann Seller',
      phone_number: '+30 210 000 0000',
      email,
    });
    expect(user.identities).toHaveLength(1);
    expect(user.identities![0]).toMatchObject({ provider: 'email', user_id: user.id, id: user.id });
    expect(user.is_anonymous).toBe(false);

    const mail = await latestMail(email, 'confirmation');
    expect(mail.subject).toBe('Confirm your Drape account');
    expect(mail.links).toHaveLength(1);
    const link = new URL(mail.links[0]);
    expect(`${link.origin}${link.pathname}`).toBe(`${stack().url}/auth/v1/verify`);
    expect(link.searchParams.get('type')).toBe('signup');
    expect(link.searchParams.get('redirect_to')).toBe('http://localhost:3000/home');
    expect(link.searchParams.get('token')).toMatch(/^[0-9a-f]{56}$/);
    expect(mail.html).toContain(mail.links[0].replace(/&/g, '&amp;'));
  });

  it('a Greek seller’s confirmation is in Greek, with Drape’s look; an English one in English — the templates of config.toml', async () => {
    const greek = uniqueEmail('signup-el');
    await anonClient().auth.signUp({
      email: greek,
      password: PASSWORD,
      options: { data: { full_name: 'Ελένη', language: 'el' } },
    });
    const el = await latestMail(greek, 'confirmation');
    expect(el.subject).toBe('Επιβεβαιώστε τον λογαριασμό σας στο Drape');
    expect(el.html).toContain('<html lang="el">');
    expect(el.html).toContain('Καλώς ήρθατε στο Drape');
    expect(el.html).toContain(`href="${el.links[0].replace(/&/g, '&amp;')}"`);
    expect(el.text).toMatch(/Ή πληκτρολογήστε στην εφαρμογή τον κωδικό: \d{6}/);
    expect(el.text).not.toMatch(/Confirm/);

    const english = uniqueEmail('signup-en');
    await anonClient().auth.signUp({
      email: english,
      password: PASSWORD,
      options: { data: { language: 'en' } },
    });
    const en = await latestMail(english, 'confirmation');
    expect(en.html).toContain('<html lang="en">');
    expect(en.text).toContain('Welcome to Drape');
    expect(en.text).toMatch(/Or enter this code in the app: \d{6}/);
  });

  it('confirms through the link: 303 to /home with a session the client accepts', async () => {
    const email = uniqueEmail('confirm');
    const client = anonClient();
    await client.auth.signUp({ email, password: PASSWORD, options: { data: { full_name: 'Bo' } } });
    const before = await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(before.error?.code).toBe('email_not_confirmed');
    expect(before.error?.status).toBe(400);
    expect(before.error?.message).toBe('Email not confirmed');

    const mail = await latestMail(email, 'confirmation');
    const res = await followLink(mail.links[0]);
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expect(location.startsWith('http://localhost:3000/home#')).toBe(true);
    const f = fragmentOf(location);
    expect(f.get('type')).toBe('signup');
    expect(f.get('token_type')).toBe('bearer');
    expect(Number(f.get('expires_in'))).toBe(3600);
    expect(Number(f.get('expires_at'))).toBeGreaterThan(Date.now() / 1000 + 3500);

    const app = anonClient();
    const set = await app.auth.setSession({
      access_token: f.get('access_token')!,
      refresh_token: f.get('refresh_token')!,
    });
    expect(set.error).toBeNull();
    const { data, error } = await app.auth.getUser();
    expect(error).toBeNull();
    expect(data.user!.email).toBe(email);
    expect(data.user!.email_confirmed_at).toBeTruthy();
    expect(data.user!.user_metadata).toMatchObject({ full_name: 'Bo', email_verified: true });

    const after = await anonClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(after.error).toBeNull();
    expect(after.data.session!.user.id).toBe(data.user!.id);
  });

  it('refuses a confirmation link the second time with the error fragment', async () => {
    const email = uniqueEmail('twice');
    await anonClient().auth.signUp({ email, password: PASSWORD });
    const mail = await latestMail(email, 'confirmation');
    expect((await followLink(mail.links[0])).status).toBe(303);
    const again = await followLink(mail.links[0]);
    expect(again.status).toBe(303);
    const location = again.headers.get('location')!;
    expect(location.startsWith('http://localhost:3000/home#')).toBe(true);
    const f = fragmentOf(location);
    expect(f.get('error')).toBe('access_denied');
    expect(f.get('error_code')).toBe('otp_expired');
    expect(f.get('error_description')).toBe('Email link is invalid or has expired');
    expect(f.get('access_token')).toBeNull();
  });

  it('answers a fabricated user with no identities for an address already confirmed, and sends nothing', async () => {
    const email = uniqueEmail('taken');
    const created = await serviceClient().auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
    });
    const mailsBefore = (await mailsTo(email)).length;
    const { data, error } = await anonClient().auth.signUp({
      email,
      password: 'another-pass-1',
      options: { data: { full_name: 'Intruder' } },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user!.identities).toEqual([]);
    expect(data.user!.id).not.toBe(created.data.user!.id);
    expect(data.user!.email).toBe(email);
    expect(data.user!.user_metadata).toEqual({ full_name: 'Intruder' });
    expect(data.user!.email_confirmed_at).toBeNull();
    expect((await mailsTo(email)).length).toBe(mailsBefore);
    // the real account is untouched
    const real = await anonClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(real.error).toBeNull();
  });

  it('re-sends the confirmation to an unconfirmed address, limited to one mail per max_frequency', async () => {
    const email = uniqueEmail('again');
    const first = await anonClient().auth.signUp({ email, password: PASSWORD });
    const firstMail = await latestMail(email, 'confirmation');
    const tooSoon = await anonClient().auth.signUp({ email, password: PASSWORD });
    expect(tooSoon.error?.status).toBe(429);
    expect(tooSoon.error?.code).toBe('over_email_send_rate_limit');
    expect(tooSoon.error?.message).toMatch(
      /^For security purposes, you can only request this after \d+ seconds\.$/,
    );

    await sleep(1100); // config.toml: max_frequency = "1s"
    const second = await anonClient().auth.signUp({ email, password: 'a-different-one' });
    expect(second.error).toBeNull();
    expect(second.data.user!.id).toBe(first.data.user!.id);
    expect(second.data.user!.identities).toHaveLength(1);
    const secondMail = await latestMail(email, 'confirmation', { after: firstMail.id });
    expect(secondMail.links[0]).not.toBe(firstMail.links[0]);
    // only the newest link works, and the password is still the first one
    expect(
      fragmentOf((await followLink(firstMail.links[0])).headers.get('location')!).get('error_code'),
    ).toBe('otp_expired');
    expect(
      fragmentOf((await followLink(secondMail.links[0])).headers.get('location')!).get('access_token'),
    ).toBeTruthy();
    expect(
      (await anonClient().auth.signInWithPassword({ email, password: 'a-different-one' })).error?.code,
    ).toBe('invalid_credentials');
  });

  it('refuses a short password with weak_password and its reasons', async () => {
    const { data, error } = await anonClient().auth.signUp({ email: uniqueEmail('weak'), password: '12345' });
    expect(data.user).toBeNull();
    expect(error?.name).toBe('AuthWeakPasswordError');
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('weak_password');
    expect(error?.message).toBe('Password should be at least 6 characters.');
    expect((error as any).reasons).toEqual(['length']);
  });

  it('refuses anonymous sign-in: the provider is off, as in a new hosted project', async () => {
    const { data, error } = await anonClient().auth.signInAnonymously();
    expect(data.session).toBeNull();
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('anonymous_provider_disabled');
  });

  it('refuses a malformed address with email_address_invalid', async () => {
    const { error } = await anonClient().auth.signUp({ email: 'not an address', password: PASSWORD });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('email_address_invalid');
  });

  it('keeps an allowed emailRedirectTo and falls back to the site URL for any other', async () => {
    const allowed = uniqueEmail('redir-ok');
    await anonClient().auth.signUp({
      email: allowed,
      password: PASSWORD,
      options: { emailRedirectTo: 'http://127.0.0.1:5173/welcome?from=mail' },
    });
    const ok = new URL((await latestMail(allowed, 'confirmation')).links[0]);
    expect(ok.searchParams.get('redirect_to')).toBe('http://127.0.0.1:5173/welcome?from=mail');
    const landing = (await followLink(ok.toString())).headers.get('location')!;
    expect(landing.startsWith('http://127.0.0.1:5173/welcome?from=mail#access_token=')).toBe(true);

    const evil = uniqueEmail('redir-evil');
    await anonClient().auth.signUp({
      email: evil,
      password: PASSWORD,
      options: { emailRedirectTo: 'https://evil.example/steal' },
    });
    const bad = new URL((await latestMail(evil, 'confirmation')).links[0]);
    expect(bad.searchParams.get('redirect_to')).toBe('http://localhost:3000');
    // a hand-edited link is checked again when followed
    bad.searchParams.set('redirect_to', 'https://evil.example/steal');
    const res = await followLink(bad.toString());
    expect(res.headers.get('location')!.startsWith('http://localhost:3000#access_token=')).toBe(true);
  });

  it('sends every error with the API version header and both body shapes', async () => {
    const res = await fetch(`${stack().url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: {
        apikey: stack().anonKey,
        'Content-Type': 'application/json',
        'X-Supabase-Api-Version': '2024-01-01',
      },
      body: JSON.stringify({ email: uniqueEmail('nobody'), password: 'whatever-1' }),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(res.headers.get('access-control-expose-headers')).toContain('X-Supabase-Api-Version');
    expect(await res.json()).toEqual({
      code: 'invalid_credentials',
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
      message: 'Invalid login credentials',
    });
  });
});
