// The auth mails. A kind configured in config.toml ([auth.email.template.<kind>]: subject and
// content_path, Go templates) is rendered from those files with the variables hosted Supabase
// gives them ({{ .ConfirmationURL }}, {{ .Token }}, {{ .TokenHash }}, {{ .SiteURL }},
// {{ .Email }}, {{ .NewEmail }}, {{ .RedirectTo }}, {{ .Data }} = the user's metadata), so the
// dev mailbox shows what sellers will get. Others are worded like Supabase's defaults, with
// the link and the 6-digit code (for verifyOtp) so both ways of confirming work.
import { parseTemplate, renderTemplate } from './go-template.ts';

export type AuthMailKind = 'confirmation' | 'recovery' | 'magic_link' | 'email_change' | 'invite';

export interface TemplateInput {
  /** the verify link */
  confirmationUrl: string;
  /** the 6-digit code */
  token: string;
  /** the account's address */
  email: string;
  /** the address being changed to (email_change) */
  newEmail?: string;
  siteUrl: string;
  /** the token hash of the link */
  tokenHash?: string;
  redirectTo?: string;
  /** the user's metadata (raw_user_meta_data): {{ .Data.language }} */
  data?: Record<string, unknown> | null;
}

export interface MailTemplate {
  subject: string;
  content: string;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

const esc = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

interface Template {
  subject: string;
  heading: string;
  lead: (i: TemplateInput) => string;
  action: string;
}

const TEMPLATES: Record<AuthMailKind, Template> = {
  confirmation: {
    subject: 'Confirm Your Signup',
    heading: 'Confirm your signup',
    lead: () => 'Follow this link to confirm your user:',
    action: 'Confirm your mail',
  },
  recovery: {
    subject: 'Reset Your Password',
    heading: 'Reset Password',
    lead: () => 'Follow this link to reset the password for your user:',
    action: 'Reset Password',
  },
  magic_link: {
    subject: 'Your Magic Link',
    heading: 'Magic Link',
    lead: () => 'Follow this link to login:',
    action: 'Log In',
  },
  email_change: {
    subject: 'Confirm Email Change',
    heading: 'Confirm Change of Email',
    lead: (i) =>
      `Follow this link to confirm the update of your email from ${i.email} to ${i.newEmail ?? ''}:`,
    action: 'Change Email',
  },
  invite: {
    subject: 'You have been invited',
    heading: 'You have been invited',
    lead: (i) =>
      `You have been invited to create a user on ${i.siteUrl}. Follow this link to accept the invite:`,
    action: 'Accept the invite',
  },
};

const parsed = new Map<string, ReturnType<typeof parseTemplate>>();
const parseOnce = (source: string) => {
  let nodes = parsed.get(source);
  if (!nodes) {
    nodes = parseTemplate(source);
    parsed.set(source, nodes);
  }
  return nodes;
};

/** An HTML mail's text part: the words, with each link's address after its text. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(head|style|title)[\s\S]*?<\/\1>/gi, '')
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, '$2: $1')
    .replace(/<\/(p|h[1-6]|tr|div)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&#34;|&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter((l, i, all) => l !== '' || (i > 0 && all[i - 1] !== ''))
    .join('\n')
    .trim();
}

export function renderAuthMail(
  kind: AuthMailKind,
  input: TemplateInput,
  template?: MailTemplate,
): RenderedMail {
  if (template) {
    const data = {
      ConfirmationURL: input.confirmationUrl,
      Token: input.token,
      TokenHash: input.tokenHash ?? '',
      SiteURL: input.siteUrl,
      Email: input.email,
      NewEmail: input.newEmail ?? '',
      RedirectTo: input.redirectTo ?? '',
      Data: input.data ?? {},
    };
    const html = renderTemplate(parseOnce(template.content), data, true);
    const subject =
      renderTemplate(parseOnce(template.subject), data, false).trim() || TEMPLATES[kind].subject;
    return { subject, html, text: htmlToText(html) };
  }
  const t = TEMPLATES[kind];
  const lead = t.lead(input);
  const html = [
    `<h2>${esc(t.heading)}</h2>`,
    `<p>${esc(lead)}</p>`,
    `<p><a href="${esc(input.confirmationUrl)}">${esc(t.action)}</a></p>`,
    `<p>Alternatively, enter the code: <strong>${esc(input.token)}</strong></p>`,
  ].join('\n');
  const text = [
    t.heading,
    '',
    lead,
    input.confirmationUrl,
    '',
    `Alternatively, enter the code: ${input.token}`,
    '',
  ].join('\n');
  return { subject: t.subject, html, text };
}
