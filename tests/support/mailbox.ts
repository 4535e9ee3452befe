// The dev mailbox's JSON API (/_dev/mail/api/messages), for any test runner: integration
// tests reach it through mail.ts, Playwright specs through tests/e2e/support/mailbox.ts.

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
export async function fetchMails(baseUrl: string, email: string, kind?: string): Promise<Mail[]> {
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
export async function waitForMail(
  baseUrl: string,
  email: string,
  kind?: string,
  opts: { timeoutMs?: number; after?: string; pollMs?: number } = {},
): Promise<Mail> {
  const timeoutMs = opts.timeoutMs ?? 5000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [newest] = await fetchMails(baseUrl, email, kind);
    if (newest && newest.id !== opts.after) return newest;
    if (Date.now() > deadline) throw new Error(`no ${kind ?? ''} mail to ${email} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, opts.pollMs ?? 50));
  }
}

/** The 6-digit code a mail carries for verifyOtp (after a colon: "…code: 123456", "…κωδικό: 123456"). */
export function otpOf(mail: Mail): string {
  const m = /:\s*(\d{6})\b/.exec(mail.text);
  if (!m) throw new Error(`no code in mail ${mail.id}`);
  return m[1];
}
