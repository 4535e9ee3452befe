// The other ways a mail signs someone in: verifyOtp with the 6-digit code, resend,
// signInWithOtp (magic link), and the PKCE flow (?code= exchanged for a session).
import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import ws from 'ws';
import { anonClient, createUser, stack, uniqueEmail } from '../../support/clients.ts';
import { latestMail, mailsTo, otpOf } from '../../support/mail.ts';
import { followLink, fragmentOf, jwtPayload, sleep } from './helpers.ts';

function pkceClient() {
  return createClient(stack().url, stack().anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, flowType: 'pkce' },
    realtime: { transport: ws as any },
  });
}

describe('verifyOtp', () => {
  it('confirms a sign-up with the code from the mail (type email) and signs in', async () => {
    const email = uniqueEmail('code');
    const signup = await anonClient().auth.signUp({ email, password: 'code-pass-1' });
    const code = otpOf(await latestMail(email, 'confirmation'));
    expect(code).toMatch(/^\d{6}$/);
    const client = anonClient();
    const { data, error } = await client.auth.verifyOtp({ email, token: code, type: 'email' });
    expect(error).toBeNull();
    expect(data.session!.user.id).toBe(signup.data.user!.id);
    expect(data.user!.email_confirmed_at).toBeTruthy();
    expect((await client.auth.getUser()).data.user!.id).toBe(signup.data.user!.id);
  });

  it('confirms with the token_hash of the link (type signup)', async () => {
    const email = uniqueEmail('hash');
    await anonClient().auth.signUp({ email, password: 'hash-pass-1' });
    const hash = new URL((await latestMail(email, 'confirmation')).links[0]).searchParams.get('token')!;
    const { data, error } = await anonClient().auth.verifyOtp({ token_hash: hash, type: 'signup' });
    expect(error).toBeNull();
    expect(data.session).not.toBeNull();
  });

  it('refuses a wrong code, a code of another address and a token of the wrong type', async () => {
    const email = uniqueEmail('wrong');
    await anonClient().auth.signUp({ email, password: 'wrong-pass-1' });
    const mail = await latestMail(email, 'confirmation');
    const code = otpOf(mail);
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const results = [
      await anonClient().auth.verifyOtp({ email, token: wrongCode, type: 'email' }),
      await anonClient().auth.verifyOtp({ email: uniqueEmail('other'), token: code, type: 'email' }),
      await anonClient().auth.verifyOtp({
        token_hash: new URL(mail.links[0]).searchParams.get('token')!,
        type: 'recovery',
      }),
    ];
    for (const r of results) {
      expect(r.data.session).toBeNull();
      expect(r.error?.status).toBe(403);
      expect(r.error?.code).toBe('otp_expired');
    }
    // the right code still works afterwards
    expect((await anonClient().auth.verifyOtp({ email, token: code, type: 'email' })).error).toBeNull();
  });
});

describe('resend', () => {
  it('sends a fresh confirmation that replaces the previous one', async () => {
    const email = uniqueEmail('resend');
    await anonClient().auth.signUp({ email, password: 'resend-pass-1' });
    const first = await latestMail(email, 'confirmation');
    await sleep(1100);
    const { error } = await anonClient().auth.resend({ type: 'signup', email });
    expect(error).toBeNull();
    const second = await latestMail(email, 'confirmation', { after: first.id });
    expect(second.links[0]).not.toBe(first.links[0]);
    const old = fragmentOf((await followLink(first.links[0])).headers.get('location')!);
    expect(old.get('error_code')).toBe('otp_expired');
    expect(fragmentOf((await followLink(second.links[0])).headers.get('location')!).get('type')).toBe(
      'signup',
    );
  });

  it('sends nothing to a confirmed or unknown address and says nothing about it', async () => {
    const user = await createUser();
    const before = (await mailsTo(user.email)).length;
    expect((await anonClient().auth.resend({ type: 'signup', email: user.email })).error).toBeNull();
    expect((await anonClient().auth.resend({ type: 'signup', email: uniqueEmail('none') })).error).toBeNull();
    expect((await mailsTo(user.email)).length).toBe(before);
  });
});

describe('signInWithOtp (magic link)', () => {
  it('mails a magic link to a confirmed user that lands signed in', async () => {
    const user = await createUser();
    const { error } = await anonClient().auth.signInWithOtp({
      email: user.email,
      options: { emailRedirectTo: 'http://localhost:3000/home' },
    });
    expect(error).toBeNull();
    const mail = await latestMail(user.email, 'magic_link');
    expect(mail.subject).toBe('Your Drape sign-in link');
    const location = (await followLink(mail.links[0])).headers.get('location')!;
    expect(location.startsWith('http://localhost:3000/home#')).toBe(true);
    const f = fragmentOf(location);
    expect(f.get('type')).toBe('magiclink');
    expect(jwtPayload(f.get('access_token')!).sub).toBe(user.id);
  });

  it('signs up an unknown address without a password (a confirmation whose link signs in)', async () => {
    const email = uniqueEmail('magic-new');
    expect(
      (await anonClient().auth.signInWithOtp({ email, options: { data: { full_name: 'Mia' } } })).error,
    ).toBeNull();
    const mail = await latestMail(email, 'confirmation');
    const f = fragmentOf((await followLink(mail.links[0])).headers.get('location')!);
    const claims = jwtPayload(f.get('access_token')!);
    expect(claims.email).toBe(email);
    expect(claims.user_metadata.full_name).toBe('Mia');
    // there is no password to sign in with
    expect((await anonClient().auth.signInWithPassword({ email, password: '' })).error).not.toBeNull();
  });

  it('refuses an unknown address when shouldCreateUser is false', async () => {
    const { error } = await anonClient().auth.signInWithOtp({
      email: uniqueEmail('magic-no'),
      options: { shouldCreateUser: false },
    });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('otp_disabled');
  });
});

describe('PKCE', () => {
  it('sign-up link redirects with ?code= that only this client can exchange for a session', async () => {
    const email = uniqueEmail('pkce');
    const client = pkceClient();
    const signup = await client.auth.signUp({
      email,
      password: 'pkce-pass-1',
      options: { emailRedirectTo: 'http://localhost:3000/auth/callback' },
    });
    expect(signup.error).toBeNull();
    const mail = await latestMail(email, 'confirmation');
    expect(new URL(mail.links[0]).searchParams.get('token')!.startsWith('pkce_')).toBe(true);
    const location = (await followLink(mail.links[0])).headers.get('location')!;
    const landed = new URL(location);
    expect(`${landed.origin}${landed.pathname}`).toBe('http://localhost:3000/auth/callback');
    const code = landed.searchParams.get('code')!;
    expect(code).toBeTruthy();
    expect(landed.hash).toBe('');

    // another client has no verifier for it
    const stranger = await pkceClient().auth.exchangeCodeForSession(code);
    expect(stranger.error).not.toBeNull();

    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.session!.user.email).toBe(email);
    expect(jwtPayload(data.session!.access_token).amr[0].method).toBe('email/signup');
    // a code is good once
    expect((await client.auth.exchangeCodeForSession(code)).error).not.toBeNull();
  });

  it('recovery link with a code, exchanged by the client that asked', async () => {
    const user = await createUser();
    const client = pkceClient();
    expect((await client.auth.resetPasswordForEmail(user.email)).error).toBeNull();
    const location = (await followLink((await latestMail(user.email, 'recovery')).links[0])).headers.get(
      'location',
    )!;
    const landed = new URL(location);
    expect(landed.pathname).toBe('/reset-password');
    const { data, error } = await client.auth.exchangeCodeForSession(landed.searchParams.get('code')!);
    expect(error).toBeNull();
    expect(data.session!.user.id).toBe(user.id);
    expect((await client.auth.updateUser({ password: 'pkce-recovered' })).error).toBeNull();
  });

  it('a bad verifier gets bad_code_verifier', async () => {
    const email = uniqueEmail('pkce-bad');
    await pkceClient().auth.signUp({ email, password: 'pkce-pass-2' });
    const code = new URL(
      (await followLink((await latestMail(email, 'confirmation')).links[0])).headers.get('location')!,
    ).searchParams.get('code')!;
    const res = await fetch(`${stack().url}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers: { apikey: stack().anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(56) }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('bad_code_verifier');
  });
});
