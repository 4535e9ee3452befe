// Sending the auth mails: the verify link, the template, the stack-wide hourly mail limit
// and GoTrue's per-user minimum interval between two mails of a kind (max_frequency).
import type { AuthDeps } from './deps.ts';
import { frequencyLimited } from './errors.ts';
import { renderAuthMail, type AuthMailKind } from './mail-templates.ts';

/** The `type` of /verify each mail's link carries. */
export type VerifyType = 'signup' | 'recovery' | 'magiclink' | 'email_change' | 'invite';

const KIND_OF: Record<VerifyType, AuthMailKind> = {
  signup: 'confirmation',
  recovery: 'recovery',
  magiclink: 'magic_link',
  email_change: 'email_change',
  invite: 'invite',
};

export function verifyLink(deps: AuthDeps, tokenHash: string, type: VerifyType, redirectTo: string): string {
  const q = new URLSearchParams({ token: tokenHash, type, redirect_to: redirectTo });
  return `${deps.stack.url}/auth/v1/verify?${q.toString()}`;
}

export interface AuthMail {
  type: VerifyType;
  to: string;
  otp: string;
  tokenHash: string;
  redirectTo: string;
  /** the account's current address (email_change mails name both) */
  email?: string;
  newEmail?: string;
  /** the user's metadata, for the templates ({{ .Data.language }}) */
  data?: Record<string, unknown> | null;
}

/** Throws 429 when a mail of this kind went to the user less than max_frequency ago. */
export function checkFrequency(deps: AuthDeps, lastSentAt: Date | string | null | undefined) {
  if (!lastSentAt) return;
  const readyAt = new Date(lastSentAt).getTime() + deps.config.maxFrequency * 1000;
  const left = (readyAt - Date.now()) / 1000;
  if (left > 0) throw frequencyLimited(left);
}

export async function sendAuthMail(deps: AuthDeps, mail: AuthMail): Promise<string> {
  deps.limits.checkEmail();
  const link = verifyLink(deps, mail.tokenHash, mail.type, mail.redirectTo);
  const kind = KIND_OF[mail.type];
  const rendered = renderAuthMail(
    kind,
    {
      confirmationUrl: link,
      token: mail.otp,
      tokenHash: mail.tokenHash,
      email: mail.email ?? mail.to,
      newEmail: mail.newEmail,
      siteUrl: deps.config.siteUrl,
      redirectTo: mail.redirectTo,
      data: mail.data,
    },
    deps.config.mailTemplates[kind],
  );
  const { id } = await deps.stack.mail.send({ to: mail.to, kind, links: [link], ...rendered });
  deps.limits.countEmail();
  return id;
}
