// Reading the dev mailbox from tests: the JSON API at /_dev/mail/api/messages.
import { stack } from './clients.ts';

export interface Mail {
  id: string;
  to: string;
  subject: string;
  /** confirmation, recovery, magic_link, email_change, invite, notice */
  kind: string;
  links: string[];
  text: string;
  html: string;
  created_at: string;
}

/** All mails to an address (optionally of one kind), newest first. */
export async function mailsTo(email: string, kind?: string, baseUrl = stack().url): Promise<Mail[]> {
  const q = new URLSearchParams({ to: email });
  if (kind) q.set('kind', kind);
  const res = await fetch(`${baseUrl}/_dev/mail/api/messages?${q}`);
  if (!res.ok) throw new Error(`mailbox answered ${res.status}`);
  return (await res.json()) as Mail[];
}

/**
 * The newest mail to an address (of a kind, if given), waiting up to `timeoutMs` for it
 * to arrive. Pass `after` (a mail id) to wait for a mail newer than that one.
 */
export async function latestMail(
  email: string,
  kind?: string,
  opts: { timeoutMs?: number; after?: string; baseUrl?: string } = {},
): Promise<Mail> {
  const deadline = Date.now() + (opts.timeoutMs ?? 5000);
  for (;;) {
    const [newest] = await mailsTo(email, kind, opts.baseUrl);
    if (newest && newest.id !== opts.after) return newest;
    if (Date.now() > deadline) {
      throw new Error(`no ${kind ?? ''} mail to ${email} within ${opts.timeoutMs ?? 5000} ms`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The 6-digit code a mail carries for verifyOtp. */
export function otpOf(mail: Mail): string {
  const m = /code:\s*(\d{6})/.exec(mail.text);
  if (!m) throw new Error(`no code in mail ${mail.id}`);
  return m[1];
}
