import { initialAuthParams, initialUrl } from '../../lib/initial-url.ts';
// What a password-recovery link brought with it (spec 1 §2 "Reset password"): a fragment of
// type recovery (GoTrue's redirect after /verify), a token query parameter (a template that
// links straight to the app), an error (expired or used link), or nothing.
export type RecoveryLink =
  | { kind: 'session' }
  | { kind: 'token'; tokenHash: string }
  | { kind: 'error'; description: string | null }
  | { kind: 'none' };

export function readRecoveryLink(params: URLSearchParams): RecoveryLink {
  if (params.get('error') || params.get('error_code') || params.get('error_description')) {
    return { kind: 'error', description: params.get('error_description') };
  }
  if (params.get('access_token')) {
    return params.get('type') === 'recovery' ? { kind: 'session' } : { kind: 'error', description: null };
  }
  const token = params.get('token') ?? params.get('token_hash');
  if (token) return { kind: 'token', tokenHash: token };
  return { kind: 'none' };
}

/** Whether the app was opened on /reset-password with a recovery link (or its error). */
export function hasRecoveryLink(): boolean {
  return initialUrl.pathname === '/reset-password' && readRecoveryLink(initialAuthParams()).kind !== 'none';
}
