// The dev mailbox at /_dev/mail: the JSON API tests and scripts read, the pages people
// read, and mails surviving a restart of the stack.
import { describe, expect, it } from 'vitest';
import { anonClient, stack, uniqueEmail } from '../support/clients.ts';
import { latestMail, mailsTo, type Mail } from '../support/mail.ts';
import { followLink, fragmentOf } from './auth/helpers.ts';
import { startOwnStack } from './auth/own-stack.ts';

const api = (path = '') => `${stack().url}/_dev/mail/api/messages${path}`;

describe('mailbox JSON API', () => {
  it('lists the mails to an address newest first, each with its links and bodies', async () => {
    const user = { email: uniqueEmail('mail-list') };
    expect((await anonClient().auth.signUp({ email: user.email, password: 'mail-pass-1' })).error).toBeNull();
    expect((await anonClient().auth.resetPasswordForEmail(user.email)).error).toBeNull();
    const mails = await mailsTo(user.email);
    expect(mails.map((m) => m.kind)).toEqual(['recovery', 'confirmation']);
    for (const m of mails) {
      expect(Object.keys(m).sort()).toEqual(
        ['created_at', 'html', 'id', 'kind', 'links', 'subject', 'text', 'to'].sort(),
      );
      expect(m.to).toBe(user.email);
      expect(m.links[0]).toContain('/auth/v1/verify?token=');
      expect(m.text).toContain(m.links[0]);
      expect(Date.parse(m.created_at)).not.toBeNaN();
    }
    expect(Date.parse(mails[0].created_at)).toBeGreaterThanOrEqual(Date.parse(mails[1].created_at));
    expect((await mailsTo(user.email, 'confirmation')).map((m) => m.id)).toEqual([mails[1].id]);
    expect(await mailsTo(user.email.toUpperCase())).toHaveLength(2);
  });

  it('answers one mail by id, and 404 for an unknown id', async () => {
    const email = uniqueEmail('mail-id');
    await anonClient().auth.signUp({ email, password: 'mail-pass-1' });
    const mail = await latestMail(email);
    const res = await fetch(api(`/${mail.id}`));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(mail);
    expect((await fetch(api('/00000000-0000-4000-8000-000000000000'))).status).toBe(404);
  });

  it('deletes the mails to an address and leaves the others', async () => {
    const a = uniqueEmail('mail-del-a');
    const b = uniqueEmail('mail-del-b');
    await anonClient().auth.signUp({ email: a, password: 'mail-pass-1' });
    await anonClient().auth.signUp({ email: b, password: 'mail-pass-1' });
    await latestMail(a);
    await latestMail(b);
    const res = await fetch(api(`?to=${encodeURIComponent(a)}`), { method: 'DELETE' });
    expect(await res.json()).toEqual({ deleted: 1 });
    expect(await mailsTo(a)).toEqual([]);
    expect(await mailsTo(b)).toHaveLength(1);
  });
});

describe('mailbox pages', () => {
  it('lists mails with links to each, and shows a mail with its links clickable', async () => {
    const email = uniqueEmail('mail-page');
    await anonClient().auth.signUp({ email, password: 'mail-pass-1' });
    const mail: Mail = await latestMail(email, 'confirmation');

    const list = await fetch(`${stack().url}/_dev/mail?to=${encodeURIComponent(email)}`);
    expect(list.status).toBe(200);
    expect(list.headers.get('content-type')).toContain('text/html');
    const listHtml = await list.text();
    expect(listHtml).toContain('Confirm your Drape account');
    expect(listHtml).toContain(`/_dev/mail/messages/${mail.id}`);

    const page = await fetch(`${stack().url}/_dev/mail/messages/${mail.id}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain(`<a href="${mail.links[0].replace(/&/g, '&amp;')}">`);
    expect(html).toMatch(/<iframe[^>]+sandbox=/);
    expect(html).toContain(email);

    expect((await fetch(`${stack().url}/_dev/mail/messages/nope`)).status).toBe(404);
  });

  it('escapes what it shows', async () => {
    const email = uniqueEmail('mail-xss');
    await anonClient().auth.signUp({ email, password: 'mail-pass-1' });
    const list = await (
      await fetch(`${stack().url}/_dev/mail?to=${encodeURIComponent('"><script>alert(1)</script>')}`)
    ).text();
    expect(list).not.toContain('<script>alert(1)</script>');
  });
});

describe('mailbox persistence', () => {
  it('keeps mails across a restart of the stack, and their links still work', async () => {
    const first = await startOwnStack();
    let second: Awaited<ReturnType<typeof startOwnStack>> | null = null;
    try {
      const email = uniqueEmail('persist');
      expect((await first.anon().auth.signUp({ email, password: 'persist-pass-1' })).error).toBeNull();
      const before = await latestMail(email, 'confirmation', { baseUrl: first.url });
      await first.stack.close();

      second = await startOwnStack({}, { db: first.db, dataDir: first.dataDir });
      const after = await latestMail(email, 'confirmation', { baseUrl: second.url, timeoutMs: 100 });
      expect(after).toEqual(before);
      // the link names the first stack's port; the token itself lives in the database
      const link = new URL(after.links[0]);
      const res = await followLink(`${second.url}${link.pathname}${link.search}`);
      expect(fragmentOf(res.headers.get('location')!).get('type')).toBe('signup');
    } finally {
      await second?.close();
      await first.close();
    }
  });
});
