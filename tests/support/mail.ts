// Reading the dev mailbox of the integration suite's stack (see mailbox.ts).
import { stack } from './clients.ts';
import { fetchMails, waitForMail, type Mail } from './mailbox.ts';

export { otpOf, type Mail } from './mailbox.ts';

/** All mails to an address (optionally of one kind), newest first. */
export function mailsTo(email: string, kind?: string, baseUrl = stack().url): Promise<Mail[]> {
  return fetchMails(baseUrl, email, kind);
}

/** The newest mail to an address (of a kind), waiting for it; `after` skips a known mail. */
export function latestMail(
  email: string,
  kind?: string,
  opts: { timeoutMs?: number; after?: string; baseUrl?: string } = {},
): Promise<Mail> {
  return waitForMail(opts.baseUrl ?? stack().url, email, kind, opts);
}
