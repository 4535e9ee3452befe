// The auth mails, worded like Supabase's default templates, each with the link and the
// 6-digit code (for verifyOtp) so both ways of confirming work from the dev mailbox.

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

export function renderAuthMail(kind: AuthMailKind, input: TemplateInput): RenderedMail {
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
