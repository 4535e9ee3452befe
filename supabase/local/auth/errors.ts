// Auth errors as GoTrue sends them. One body serves both client parsers: the 2024-01-01
// shape ({code, message}) and the legacy one ({error_code, msg}); the header that tells
// auth-js to read `code` is always set, so `error.code` is the string code in the app.
import type { ServerResponse } from 'node:http';

export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
export const API_VERSION = '2024-01-01';

export type AuthErrorCode =
  | 'unexpected_failure'
  | 'validation_failed'
  | 'bad_json'
  | 'email_exists'
  | 'bad_jwt'
  | 'not_admin'
  | 'no_authorization'
  | 'user_not_found'
  | 'session_not_found'
  | 'session_expired'
  | 'refresh_token_not_found'
  | 'refresh_token_already_used'
  | 'flow_state_not_found'
  | 'flow_state_expired'
  | 'signup_disabled'
  | 'user_banned'
  | 'email_provider_disabled'
  | 'phone_provider_disabled'
  | 'provider_disabled'
  | 'email_not_confirmed'
  | 'user_already_exists'
  | 'same_password'
  | 'otp_expired'
  | 'otp_disabled'
  | 'weak_password'
  | 'over_request_rate_limit'
  | 'over_email_send_rate_limit'
  | 'bad_code_verifier'
  | 'invalid_credentials'
  | 'email_address_invalid'
  | 'conflict'
  | 'anonymous_provider_disabled'
  | 'not_found';

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: AuthErrorCode,
    message: string,
    /** extra body fields (weak_password: {reasons}) */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (code: AuthErrorCode, message: string) => new AuthError(400, code, message);
export const unauthorized = (code: AuthErrorCode, message: string) => new AuthError(401, code, message);
export const forbidden = (code: AuthErrorCode, message: string) => new AuthError(403, code, message);
export const notFound = (code: AuthErrorCode, message: string) => new AuthError(404, code, message);
export const unprocessable = (code: AuthErrorCode, message: string) => new AuthError(422, code, message);
export const tooManyRequests = (code: AuthErrorCode, message: string) => new AuthError(429, code, message);
export const internal = (message: string) => new AuthError(500, 'unexpected_failure', message);

export function weakPassword(message: string, reasons: string[]): AuthError {
  return new AuthError(422, 'weak_password', message, { weak_password: { reasons } });
}

/** GoTrue's wording when a mail of the same kind went out less than max_frequency ago. */
export function frequencyLimited(secondsLeft: number): AuthError {
  return tooManyRequests(
    'over_email_send_rate_limit',
    `For security purposes, you can only request this after ${Math.max(1, Math.ceil(secondsLeft))} seconds.`,
  );
}

export function sendAuthError(res: ServerResponse, err: AuthError) {
  const body = JSON.stringify({
    code: err.code,
    error_code: err.code,
    msg: err.message,
    message: err.message,
    ...err.extra,
  });
  res.writeHead(err.status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    [API_VERSION_HEADER]: API_VERSION,
    'X-Sb-Error-Code': err.code,
  });
  res.end(body);
}
