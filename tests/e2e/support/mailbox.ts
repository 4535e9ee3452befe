// The dev mailbox of the product under test.
import { waitForMail as waitForMailAt, type Mail } from '../../support/mailbox.ts';
import { E2E } from './env.ts';

export function waitForMail(
  to: string,
  kind: 'confirmation' | 'recovery',
  timeoutMs = 15_000,
): Promise<Mail> {
  return waitForMailAt(E2E.apiUrl, to, kind, { timeoutMs, pollMs: 200 });
}

/** The link in the mail that goes through the auth service's /verify. */
export function verifyLink(mail: Mail): string {
  const link = mail.links.find((l) => l.includes('/auth/v1/verify')) ?? mail.links[0];
  if (!link) throw new Error(`mail ${mail.id} has no link`);
  return link;
}
