// Password recovery end to end through the mailbox, as the app's /reset-password page
// does it: the link lands on /reset-password with the recovery session in the fragment,
// the client takes it (setSession), checks it (getUser) and sets the new password.
import { describe, expect, it } from 'vitest';
import { anonClient, createUser, uniqueEmail } from '../../support/clients.ts';
import { latestMail, mailsTo, otpOf } from '../../support/mail.ts';
import { followLink, fragmentOf, jwtPayload, sleep } from './helpers.ts';

describe('resetPasswordForEmail', () => {
  it('mails a link to /reset-password carrying a recovery session that can set the new password', async () => {
    const user = await createUser();
    const { data, error } = await anonClient().auth.resetPasswordForEmail(user.email);
    expect(error).toBeNull();
    expect(data).toEqual({});

    const mail = await latestMail(user.email, 'recovery');
    expect(mail.subject).toBe('Reset your Drape password');
    const link = new URL(mail.links[0]);
    expect(link.searchParams.get('type')).toBe('recovery');
    expect(link.searchParams.get('redirect_to')).toBe('http://localhost:3000/reset-password');

    const res = await followLink(mail.links[0]);
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expect(location.startsWith('http://localhost:3000/reset-password#')).toBe(true);
    const f = fragmentOf(location);
    expect(f.get('type')).toBe('recovery');
    for (const k of ['access_token', 'refresh_token', 'expires_in', 'expires_at', 'token_type'])
      expect(f.get(k)).toBeTruthy();
    expect(jwtPayload(f.get('access_token')!).amr[0].method).toBe('otp');

    const page = anonClient();
    expect(
      (
        await page.auth.setSession({
          access_token: f.get('access_token')!,
          refresh_token: f.get('refresh_token')!,
        })
      ).error,
    ).toBeNull();
    const me = await page.auth.getUser();
    expect(me.error).toBeNull();
    expect(me.data.user!.id).toBe(user.id);
    expect(me.data.user!.recovery_sent_at).toBeTruthy();

    expect((await page.auth.updateUser({ password: 'recovered-secret' })).error).toBeNull();
    expect(
      (await anonClient().auth.signInWithPassword({ email: user.email, password: 'recovered-secret' })).error,
    ).toBeNull();
    // the link was single-use
    const reuse = fragmentOf((await followLink(mail.links[0])).headers.get('location')!);
    expect(reuse.get('error_code')).toBe('otp_expired');
  });

  it('keeps an allowed redirectTo and replaces any other by the site URL', async () => {
    const a = await createUser();
    await anonClient().auth.resetPasswordForEmail(a.email, {
      redirectTo: 'http://127.0.0.1:3000/reset-password',
    });
    expect(new URL((await latestMail(a.email, 'recovery')).links[0]).searchParams.get('redirect_to')).toBe(
      'http://127.0.0.1:3000/reset-password',
    );
    const b = await createUser();
    await anonClient().auth.resetPasswordForEmail(b.email, { redirectTo: 'https://phish.example/reset' });
    expect(new URL((await latestMail(b.email, 'recovery')).links[0]).searchParams.get('redirect_to')).toBe(
      'http://localhost:3000',
    );
  });

  it('answers the same for an unknown address and mails nothing', async () => {
    const email = uniqueEmail('nobody');
    const { data, error } = await anonClient().auth.resetPasswordForEmail(email);
    expect(error).toBeNull();
    expect(data).toEqual({});
    await sleep(100);
    expect(await mailsTo(email)).toEqual([]);
  });

  it('limits a second request inside max_frequency', async () => {
    const user = await createUser();
    await anonClient().auth.resetPasswordForEmail(user.email);
    const again = await anonClient().auth.resetPasswordForEmail(user.email);
    expect(again.error?.status).toBe(429);
    expect(again.error?.code).toBe('over_email_send_rate_limit');
  });

  it('verifies with verifyOtp({token_hash}) and with the mailed code, firing PASSWORD_RECOVERY', async () => {
    const user = await createUser();
    await anonClient().auth.resetPasswordForEmail(user.email);
    const mail = await latestMail(user.email, 'recovery');
    const tokenHash = new URL(mail.links[0]).searchParams.get('token')!;
    const client = anonClient();
    const events: string[] = [];
    client.auth.onAuthStateChange((e) => void events.push(e));
    const byHash = await client.auth.verifyOtp({ token_hash: tokenHash, type: 'recovery' });
    expect(byHash.error).toBeNull();
    expect(byHash.data.session!.user.id).toBe(user.id);
    expect(events).toContain('PASSWORD_RECOVERY');

    await sleep(1100);
    await anonClient().auth.resetPasswordForEmail(user.email);
    const code = otpOf(await latestMail(user.email, 'recovery', { after: mail.id }));
    const byCode = await anonClient().auth.verifyOtp({ email: user.email, token: code, type: 'recovery' });
    expect(byCode.error).toBeNull();
    expect(byCode.data.session!.access_token).toBeTruthy();
    const wrong = await anonClient().auth.verifyOtp({ email: user.email, token: code, type: 'recovery' });
    expect(wrong.error?.status).toBe(403);
    expect(wrong.error?.code).toBe('otp_expired');
    expect(wrong.error?.message).toBe('Token has expired or is invalid');
  });

  it('confirms an unconfirmed address on the way (the link proves the mailbox)', async () => {
    const email = uniqueEmail('unconfirmed');
    await anonClient().auth.signUp({ email, password: 'first-pass-1' });
    await sleep(50);
    await anonClient().auth.resetPasswordForEmail(email);
    const f = fragmentOf(
      (await followLink((await latestMail(email, 'recovery')).links[0])).headers.get('location')!,
    );
    const client = anonClient();
    await client.auth.setSession({
      access_token: f.get('access_token')!,
      refresh_token: f.get('refresh_token')!,
    });
    expect((await client.auth.getUser()).data.user!.email_confirmed_at).toBeTruthy();
  });
});
