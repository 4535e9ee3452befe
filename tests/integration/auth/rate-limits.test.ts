// Rate limits on a stack of their own with low limits (config.auth.rateLimits): per caller
// IP for sign-up/sign-in mails, /token and /verify, stack-wide per hour for mails.
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ws from 'ws';
import { uniqueEmail } from '../../support/clients.ts';
import { startOwnStack, type OwnStack } from './own-stack.ts';

let own: OwnStack;

beforeAll(async () => {
  // This stack stands behind a (pretend) proxy, so each test client can come from its own address.
  process.env.TRUST_PROXY = '1';
  own = await startOwnStack({
    enableConfirmations: false,
    rateLimits: { signInSignUps: 3, tokenRefresh: 3, tokenVerifications: 2, emailSent: 2 },
  });
  delete process.env.TRUST_PROXY;
});

afterAll(async () => {
  await own?.close();
});

/** A client whose requests come from `ip` (the stack reads X-Forwarded-For, as behind a proxy). */
function from(ip: string) {
  return createClient(own.url, own.stack.keys.anon, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { 'X-Forwarded-For': ip } },
    realtime: { transport: ws as any },
  });
}

async function signUp(ip: string) {
  const email = uniqueEmail('rl');
  const r = await from(ip).auth.signUp({ email, password: 'rate-pass-1' });
  return { email, error: r.error };
}

describe('rate limits', () => {
  it('sign-ups: the limit per IP, then 429 over_request_rate_limit; other IPs are unaffected', async () => {
    for (let i = 0; i < 3; i++) expect((await signUp('10.0.0.1')).error).toBeNull();
    const refused = await signUp('10.0.0.1');
    expect(refused.error?.status).toBe(429);
    expect(refused.error?.code).toBe('over_request_rate_limit');
    expect(refused.error?.message).toBe('Request rate limit reached');
    expect((await signUp('10.0.0.2')).error).toBeNull();
  });

  it('sign-ins (/token): the limit per IP, then 429', async () => {
    const { email } = await signUp('10.0.1.9');
    const client = from('10.0.1.1');
    for (let i = 0; i < 3; i++) {
      expect((await client.auth.signInWithPassword({ email, password: 'rate-pass-1' })).error).toBeNull();
    }
    const refused = await client.auth.signInWithPassword({ email, password: 'rate-pass-1' });
    expect(refused.error?.status).toBe(429);
    expect(refused.error?.code).toBe('over_request_rate_limit');
    // a wrong password counts the same: guessing is limited
    const guess = await from('10.0.1.2');
    for (let i = 0; i < 3; i++) {
      expect((await guess.auth.signInWithPassword({ email, password: `guess-${i}-xx` })).error?.code).toBe(
        'invalid_credentials',
      );
    }
    expect((await guess.auth.signInWithPassword({ email, password: 'rate-pass-1' })).error?.status).toBe(429);
  });

  it('verifications: the limit per IP, then 429', async () => {
    const client = from('10.0.2.1');
    const email = uniqueEmail('rl-verify');
    for (let i = 0; i < 2; i++) {
      expect((await client.auth.verifyOtp({ email, token: '123456', type: 'email' })).error?.code).toBe(
        'otp_expired',
      );
    }
    const refused = await client.auth.verifyOtp({ email, token: '123456', type: 'email' });
    expect(refused.error?.status).toBe(429);
    expect(refused.error?.code).toBe('over_request_rate_limit');
  });

  it('mails: the hourly limit for the whole stack, then 429 over_email_send_rate_limit', async () => {
    const users = [await signUp('10.0.3.9'), await signUp('10.0.3.9'), await signUp('10.0.3.9')];
    expect((await from('10.0.3.1').auth.resetPasswordForEmail(users[0].email)).error).toBeNull();
    expect((await from('10.0.3.2').auth.resetPasswordForEmail(users[1].email)).error).toBeNull();
    const refused = await from('10.0.3.3').auth.resetPasswordForEmail(users[2].email);
    expect(refused.error?.status).toBe(429);
    expect(refused.error?.code).toBe('over_email_send_rate_limit');
    const mails = await (
      await fetch(`${own.url}/_dev/mail/api/messages?to=${encodeURIComponent(users[2].email)}`)
    ).json();
    expect(mails).toEqual([]);
  });
});

describe('rate limits without a trusted proxy', () => {
  it('ignores X-Forwarded-For, so a caller cannot pick a fresh address to dodge the limit', async () => {
    const direct = await startOwnStack({ enableConfirmations: false, rateLimits: { signInSignUps: 2 } });
    try {
      const signUpFrom = (ip: string) =>
        createClient(direct.url, direct.stack.keys.anon, {
          auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
          global: { headers: { 'X-Forwarded-For': ip } },
          realtime: { transport: ws as any },
        }).auth.signUp({ email: uniqueEmail('xff'), password: 'rate-pass-1' });
      expect((await signUpFrom('10.9.0.1')).error).toBeNull();
      expect((await signUpFrom('10.9.0.2')).error).toBeNull();
      const third = await signUpFrom('10.9.0.3');
      expect(third.error?.status).toBe(429);
      expect(third.error?.code).toBe('over_request_rate_limit');
    } finally {
      await direct.close();
    }
  });
});
