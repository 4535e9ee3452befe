// Auth calls through supabase-js. Each throws an AuthFlowError carrying a message key, so the
// screens show the spec's words in the user's language (describeError reads it as an AppError).
import type { AuthError } from '@supabase/supabase-js';
import { AppError } from '../../lib/errors/index.ts';
import { currentLocale } from '../../lib/i18n.ts';
import type { AppSupabaseClient } from '../../lib/supabase.ts';
import type { AppAuthClient } from '../../lib/supabase-auth.ts';
import { isAlreadyRegisteredError, readExists, type SignUpInput } from './validation.ts';
import { authMessages } from './messages.ts';

export class AuthFlowError extends AppError {
  constructor(
    /** which of the spec's auth messages; null shows the server's own message */
    readonly key: keyof typeof authMessages | null,
    message: string,
    cause?: unknown,
  ) {
    super(key ? authMessages[key] : null, message, { cause });
    this.name = 'AuthFlowError';
  }
}

export async function signIn(auth: AppAuthClient, email: string, password: string) {
  const { data, error } = await auth.signInWithPassword({ email: email.trim(), password });
  if (error) throw loginError(error);
  return data;
}

function loginError(error: AuthError): AuthFlowError {
  const code = error.code ?? '';
  const text = error.message ?? '';
  if (
    code === 'invalid_credentials' ||
    text.includes('invalid_credentials') ||
    text === 'Invalid login credentials'
  ) {
    return new AuthFlowError('invalidCredentials', text, error);
  }
  if (code === 'email_not_confirmed') return new AuthFlowError('emailNotConfirmed', text, error);
  // Other errors show their own message (spec 1 §8); an empty one gets the default.
  return new AuthFlowError(text && text !== '{}' ? null : 'loginFailed', text, error);
}

export async function emailExists(client: AppSupabaseClient, email: string): Promise<boolean> {
  const { data, error } = await client.rpc('check_email_exists', { email: email.trim() });
  if (error) throw error;
  return readExists(data);
}

export async function phoneExists(client: AppSupabaseClient, phone: string): Promise<boolean> {
  const { data, error } = await client.rpc('check_phone_exists', { phone_number: phone.trim() });
  if (error) throw error;
  return readExists(data);
}

/** Server checks, then the account; the confirmation mail links to /home. */
export async function signUp(client: AppSupabaseClient, input: SignUpInput, origin: string) {
  if (await emailExists(client, input.email)) throw new AuthFlowError('emailExists', 'email exists');
  if (await phoneExists(client, input.phone)) throw new AuthFlowError('phoneExists', 'phone exists');
  const { data, error } = await client.auth.signUp({
    email: input.email.trim(),
    password: input.password,
    options: {
      emailRedirectTo: `${origin}/home`,
      data: {
        full_name: input.fullName.trim(),
        phone_number: input.phone.trim(),
        phone: input.phone.trim(),
        phone_verified: true,
        // the auth mails' templates choose their language by it ({{ .Data.language }})
        language: currentLocale(),
      },
    },
  });
  if (error) {
    if (isAlreadyRegisteredError(error.message)) throw new AuthFlowError('emailExists', error.message, error);
    throw new AuthFlowError(null, error.message, error);
  }
  // GoTrue answers an existing confirmed e-mail with a user that has no identities.
  if (data.user?.identities?.length === 0) {
    throw new AuthFlowError('emailExists', 'User already registered');
  }
  if (!data.user?.id) throw new AuthFlowError('createUserFailed', 'Failed to create user account');
  return data;
}

export async function requestPasswordReset(auth: AppAuthClient, email: string, origin: string) {
  const { error } = await auth.resetPasswordForEmail(email.trim(), {
    redirectTo: `${origin}/reset-password`,
  });
  if (error) throw new AuthFlowError('resetLinkFailed', error.message, error);
}

export async function updatePassword(auth: AppAuthClient, password: string) {
  const { data: session } = await auth.getSession();
  if (!session.session) throw new AuthFlowError('noAccessToken', 'no session');
  const { error } = await auth.updateUser({ password });
  if (error) throw new AuthFlowError('resetFailed', error.message, error);
}

/** Ends the session; a failing server call still clears the local session (spec 1 §4). */
export async function signOut(auth: AppAuthClient) {
  try {
    const { error } = await auth.signOut();
    if (error) throw error;
  } catch (err) {
    console.warn('[auth] sign-out failed on the server; clearing the local session', err);
    await auth.signOut({ scope: 'local' }).catch(() => undefined);
  }
}
