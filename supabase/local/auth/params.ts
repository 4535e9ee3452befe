// Reading request parameters the way GoTrue validates them.
import type { AuthRequest } from './deps.ts';
import { badRequest } from './errors.ts';
import type { ClientInfo } from './sessions.ts';

/** A non-empty trimmed string, or undefined. */
export function str(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  const t = v.trim();
  return t === '' ? undefined : t;
}

export function obj(v: unknown): Record<string, unknown> | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v)
    ? (v as Record<string, unknown>)
    : undefined;
}

type Kind = 'string' | 'object' | 'boolean';

/**
 * Fields of the wrong JSON type are a 400 bad_json, as when GoTrue fails to decode the
 * body into its parameter struct. Absent and null fields pass.
 */
export function expectTypes(body: Record<string, unknown>, kinds: Record<string, Kind>) {
  for (const [field, kind] of Object.entries(kinds)) {
    const v = body[field];
    if (v === undefined || v === null) continue;
    const ok = kind === 'object' ? obj(v) !== undefined : typeof v === kind;
    if (!ok) {
      throw badRequest('bad_json', `Could not parse request body as JSON: ${field} must be of type ${kind}`);
    }
  }
}

// checkmail.ValidateFormat, which GoTrue uses.
const EMAIL_RE =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** The address lower-cased, or GoTrue's 400 for a missing, long or malformed one. */
export function validateEmail(email: string | undefined): string {
  if (!email) throw badRequest('validation_failed', 'An email address is required');
  if (email.length > 255) throw badRequest('validation_failed', 'An email address is too long');
  if (!EMAIL_RE.test(email)) {
    throw badRequest('email_address_invalid', 'Unable to validate email address: invalid format');
  }
  return email.toLowerCase();
}

export interface PkceParams {
  challenge: string;
  method: 's256' | 'plain';
}

/** code_challenge / code_challenge_method of a request: null for the implicit flow. */
export function pkceParams(body: Record<string, unknown>): PkceParams | null {
  const challenge = str(body.code_challenge);
  const method = str(body.code_challenge_method);
  if (!challenge && !method) return null;
  if (!challenge || !method) {
    throw badRequest('validation_failed', 'PKCE flow requires code_challenge_method and code_challenge');
  }
  const m = method.toLowerCase();
  if (m !== 's256' && m !== 'plain')
    throw badRequest('validation_failed', 'code challenge method not supported');
  if (challenge.length < 43 || challenge.length > 128) {
    throw badRequest('validation_failed', 'code challenge has to be between 43 and 128 characters');
  }
  return { challenge, method: m };
}

/** redirect_to from the query (how auth-js sends it) or, failing that, the body. */
export function redirectParam(req: AuthRequest, body?: Record<string, unknown>): string | undefined {
  return str(req.query.get('redirect_to')) ?? str(body?.redirect_to) ?? str(body?.redirectTo);
}

export function clientInfo(req: AuthRequest): ClientInfo {
  return { ip: req.ip, userAgent: req.userAgent };
}
