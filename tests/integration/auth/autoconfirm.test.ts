// A stack of its own with confirmations off (autoconfirm) and direct access to its
// database: sign-up answering a session, 422 user_already_exists, a failing trigger on
// auth.users, refresh-token reuse after the interval, expired links.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../support/clients.ts';
import { latestMail, otpOf } from '../../support/mail.ts';
import { followLink, fragmentOf, jwtPayload } from './helpers.ts';
import { startOwnStack, type OwnStack } from './own-stack.ts';

let own: OwnStack;

beforeAll(async () => {
  own = await startOwnStack({ enableConfirmations: false });
  await own.db.exec(`
    create or replace function public.explode_on_demand() returns trigger language plpgsql as $$
    begin
      if new.raw_user_meta_data ->> 'full_name' = 'explode' then
        raise exception 'profile trigger failed for %', new.email;
      end if;
      return new;
    end $$;
    drop trigger if exists explode_on_demand on auth.users;
    create trigger explode_on_demand after insert on auth.users
      for each row execute function public.explode_on_demand();
  `);
});

afterAll(async () => {
  await own?.close();
});

async function countRows(sql: string, email: string): Promise<number> {
  const r = await own.db.query<{ n: string }>(sql, [email]);
  return Number(r.rows[0].n);
}

describe('signUp with autoconfirm', () => {
  it('answers a session at once and fires SIGNED_IN; no mail is sent', async () => {
    const email = uniqueEmail('auto');
    const client = own.anon();
    const events: string[] = [];
    client.auth.onAuthStateChange((e) => void events.push(e));
    const { data, error } = await client.auth.signUp({
      email,
      password: 'auto-pass-1',
      options: { data: { full_name: 'Auto' } },
    });
    expect(error).toBeNull();
    expect(data.session).not.toBeNull();
    expect(data.session!.expires_in).toBe(3600);
    expect(data.user!.email_confirmed_at).toBeTruthy();
    expect(data.user!.user_metadata).toMatchObject({ full_name: 'Auto', email_verified: true });
    expect(jwtPayload(data.session!.access_token).amr[0].method).toBe('password');
    expect(events).toContain('SIGNED_IN');
    expect((await client.auth.getUser()).data.user!.email).toBe(email);
    const mails = await (
      await fetch(`${own.url}/_dev/mail/api/messages?to=${encodeURIComponent(email)}`)
    ).json();
    expect(mails).toEqual([]);
  });

  it('answers 422 user_already_exists for an existing address', async () => {
    const email = uniqueEmail('auto-dup');
    await own.anon().auth.signUp({ email, password: 'auto-pass-1' });
    const { data, error } = await own.anon().auth.signUp({ email, password: 'auto-pass-2' });
    expect(data.user).toBeNull();
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('user_already_exists');
    expect(error?.message).toBe('User already registered');
  });

  it('reports a failing auth.users trigger as a clean 500 and leaves no half-written user', async () => {
    const email = uniqueEmail('boom');
    const viaClient = await own
      .anon()
      .auth.signUp({ email, password: 'boom-pass-1', options: { data: { full_name: 'explode' } } });
    expect(viaClient.error?.status).toBe(500);
    expect(viaClient.data.session).toBeNull();

    const res = await fetch(`${own.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: own.stack.keys.anon, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'boom-pass-1', data: { full_name: 'explode' } }),
    });
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body.code).toBe('unexpected_failure');
    expect(body.message).toBe('Database error saving new user');
    expect(JSON.stringify(body)).not.toContain('profile trigger failed');

    expect(await countRows(`select count(*)::text as n from auth.users where email = $1`, email)).toBe(0);
    expect(await countRows(`select count(*)::text as n from auth.identities where email = $1`, email)).toBe(
      0,
    );
    const ok = await own
      .anon()
      .auth.signUp({ email, password: 'boom-pass-1', options: { data: { full_name: 'Fine' } } });
    expect(ok.error).toBeNull();
  });
});

describe('refresh-token reuse', () => {
  async function chain() {
    const email = uniqueEmail('chain');
    const { data } = await own.anon().auth.signUp({ email, password: 'chain-pass-1' });
    const rt0 = data.session!.refresh_token;
    const rt1 = (await own.anon().auth.refreshSession({ refresh_token: rt0 })).data.session!.refresh_token;
    const rt2 = (await own.anon().auth.refreshSession({ refresh_token: rt1 })).data.session!.refresh_token;
    const sessionId = jwtPayload(data.session!.access_token).session_id as string;
    return { rt0, rt1, rt2, sessionId, access: data.session!.access_token };
  }

  async function age(sessionId: string, seconds: number) {
    await own.db.query(
      `update auth.refresh_tokens set updated_at = updated_at - make_interval(secs => $2::int) where session_id = $1::uuid`,
      [sessionId, String(seconds)],
    );
  }

  it('is tolerated inside the reuse interval', async () => {
    const { rt0, rt2 } = await chain();
    const again = await own.anon().auth.refreshSession({ refresh_token: rt0 });
    expect(again.error).toBeNull();
    expect(again.data.session!.refresh_token).not.toBe(rt2);
  });

  it('after the interval answers refresh_token_already_used and revokes the whole family', async () => {
    const { rt0, rt2, sessionId } = await chain();
    await age(sessionId, 11); // refresh_token_reuse_interval = 10
    const reused = await own.anon().auth.refreshSession({ refresh_token: rt0 });
    expect(reused.error?.status).toBe(400);
    expect(reused.error?.code).toBe('refresh_token_already_used');
    expect(reused.error?.message).toBe('Invalid Refresh Token: Already Used');
    // the latest token of the family is dead too: whoever holds it must sign in again
    const latest = await own.anon().auth.refreshSession({ refresh_token: rt2 });
    expect(latest.error?.code).toBe('refresh_token_already_used');
  });

  it('the parent of the current token still gets that token back after the interval', async () => {
    const { rt1, rt2, sessionId } = await chain();
    await age(sessionId, 60);
    const again = await own.anon().auth.refreshSession({ refresh_token: rt1 });
    expect(again.error).toBeNull();
    expect(again.data.session!.refresh_token).toBe(rt2);
  });
});

describe('expired links and codes', () => {
  it('a recovery link older than otp_expiry lands on the error fragment, and its code is refused', async () => {
    const email = uniqueEmail('old-link');
    await own.anon().auth.signUp({ email, password: 'old-pass-1' });
    expect((await own.anon().auth.resetPasswordForEmail(email)).error).toBeNull();
    const mail = await latestMail(email, 'recovery', { baseUrl: own.url });
    await own.db.query(
      `update auth.one_time_tokens set created_at = now() - interval '2 hours'
        where relates_to = $1`,
      [email],
    );
    const location = (await followLink(mail.links[0])).headers.get('location')!;
    expect(location.startsWith('http://localhost:3000/reset-password#')).toBe(true);
    const f = fragmentOf(location);
    expect(f.get('error')).toBe('access_denied');
    expect(f.get('error_code')).toBe('otp_expired');
    const byCode = await own.anon().auth.verifyOtp({ email, token: otpOf(mail), type: 'recovery' });
    expect(byCode.error?.code).toBe('otp_expired');
  });
});

describe('settings and health', () => {
  it('settings tell the app that sign-up is autoconfirmed here', async () => {
    const res = await fetch(`${own.url}/auth/v1/settings`, { headers: { apikey: own.stack.keys.anon } });
    const body = await res.json();
    expect(body).toMatchObject({
      disable_signup: false,
      mailer_autoconfirm: true,
      external: { email: true, google: false },
    });
  });

  it('health answers once the stack is up', async () => {
    const res = await fetch(`${own.url}/auth/v1/health`);
    expect(res.status).toBe(200);
    expect((await res.json()).name).toBe('GoTrue');
  });
});
