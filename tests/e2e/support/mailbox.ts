// The dev mailbox (GET {stack}/_dev/mail/api/messages?to=…) as the tests read it.
import { E2E } from './env.ts';

interface Mail {
  id: string;
  to: string;
  subject: string;
  kind: string;
  links: string[];
  text: string;
}

export async function waitForMail(to: string, kind: 'confirmation' | 'recovery', timeoutMs = 15_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${E2E.apiUrl}/_dev/mail/api/messages?${new URLSearchParams({ to, kind })}`);
    if (res.ok) {
      const [newest] = (await res.json()) as Mail[];
      if (newest) return newest;
    }
    if (Date.now() > deadline) throw new Error(`no ${kind} mail to ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The link in the mail that goes through the auth service's /verify. */
export function verifyLink(mail: Mail): string {
  const link = mail.links.find((l) => l.includes('/auth/v1/verify')) ?? mail.links[0];
  if (!link) throw new Error(`mail ${mail.id} has no link`);
  return link;
}
