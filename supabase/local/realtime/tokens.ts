// Channel tokens: the phx_join `access_token` and later `access_token` pushes. Verified
// with the project secret; failures carry hosted Realtime's codes and messages so the
// client reports what hosted Supabase would (join reply reason "Code: message", or the
// bare message in the `system` error that closes a joined channel).
import { decodeJwt, decodeProtectedHeader } from 'jose';
import type { ApiKeys, Claims, JwtTools } from '../jwt.ts';
import { JwtError, resolveRequestAuth } from '../jwt.ts';

export const DB_ROLES = ['anon', 'authenticated', 'service_role'] as const;
export type DbRole = (typeof DB_ROLES)[number];

export interface ChannelAuth {
  role: DbRole;
  claims: Claims;
  /** the claims as JSON, as set in request.jwt.claims for RLS checks */
  claimsJson: string;
  /** unix seconds, null for opaque API keys */
  exp: number | null;
  token: string;
}

export class TokenError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
  /** the join reply reason */
  get reason() {
    return `${this.code}: ${this.message}`;
  }
}

export const isApiKeyToken = (token: string) => token.startsWith('sb_');

function authFrom(role: DbRole, claims: Claims, token: string): ChannelAuth {
  return {
    role,
    claims,
    claimsJson: JSON.stringify(claims),
    exp: typeof claims.exp === 'number' ? claims.exp : null,
    token,
  };
}

/** The key a socket connects with (`apikey` query param): an API key or a JWT with a role. */
export async function verifySocketKey(
  jwt: JwtTools,
  keys: ApiKeys,
  apikey: string | null,
): Promise<ChannelAuth> {
  if (!apikey) throw new TokenError('InvalidJWTToken', 'No API key found in request');
  try {
    const auth = await resolveRequestAuth(jwt, keys, undefined, apikey);
    return authFrom(auth.role, auth.claims, apikey);
  } catch (err) {
    throw new TokenError('InvalidJWTToken', err instanceof Error ? err.message : String(err));
  }
}

export async function verifyChannelToken(jwt: JwtTools, keys: ApiKeys, token: string): Promise<ChannelAuth> {
  if (isApiKeyToken(token)) {
    if (token === keys.publishable) return authFrom('anon', { role: 'anon' }, token);
    if (token === keys.secret) return authFrom('service_role', { role: 'service_role' }, token);
    throw new TokenError('InvalidJWTToken', 'Invalid API key');
  }
  let unverified: Claims;
  try {
    decodeProtectedHeader(token);
    unverified = decodeJwt(token) as Claims;
  } catch {
    throw new TokenError('MalformedJWT', 'The token provided is not a valid JWT');
  }
  let claims: Claims;
  try {
    claims = await jwt.verify(token);
  } catch (err) {
    if (err instanceof JwtError && err.reason === 'expired' && typeof unverified.exp === 'number') {
      throw expiredError(unverified.exp);
    }
    throw new TokenError('JwtSignatureError', 'Failed to validate JWT signature');
  }
  if (typeof claims.role !== 'string' || typeof claims.exp !== 'number') {
    throw new TokenError('InvalidJWTToken', 'Fields `role` and `exp` are required in JWT');
  }
  if (!(DB_ROLES as readonly string[]).includes(claims.role)) {
    throw new TokenError('InvalidJWTToken', `JWT role ${JSON.stringify(claims.role)} is not allowed`);
  }
  if (claims.exp <= Math.floor(Date.now() / 1000)) throw expiredError(claims.exp);
  return authFrom(claims.role as DbRole, claims, token);
}

export function expiredError(exp: number): TokenError {
  const ago = Math.max(0, Math.floor(Date.now() / 1000) - exp);
  return new TokenError('InvalidJWTToken', `Token has expired ${ago} seconds ago`);
}
