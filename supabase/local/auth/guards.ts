// Who is calling: the API key the gateway checks, the user behind a Bearer access token
// (GoTrue's requireAuthentication) and the service role the admin API requires.
import { header } from '../http.ts';
import { JwtError, type Claims } from '../jwt.ts';
import type { AuthDeps, AuthRequest } from './deps.ts';
import { AuthError, forbidden, unauthorized } from './errors.ts';
import { sessionExists } from './sessions.ts';
import { findUserById, isUuid, type UserRow } from './users.ts';

export function bearerToken(req: AuthRequest): string | null {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header(req.http.req, 'authorization') ?? '');
  return m ? m[1] : null;
}

/**
 * The hosted gateway refuses requests without a valid project key before they reach
 * GoTrue, with its own body ({message, hint}, no code). Open paths (the verify link a
 * mail opens, health) need none. Returns the refusal, or null when the key is good.
 */
export async function checkApiKey(
  deps: AuthDeps,
  req: AuthRequest,
): Promise<{ message: string; hint: string } | null> {
  const key = header(req.http.req, 'apikey') ?? req.query.get('apikey');
  if (!key)
    return {
      message: 'No API key found in request',
      hint: 'No `apikey` request header or url param was found.',
    };
  const { keys, jwt } = deps.stack;
  if (key === keys.anon || key === keys.serviceRole || key === keys.publishable || key === keys.secret)
    return null;
  if (!key.startsWith('sb_')) {
    try {
      const claims = await jwt.verify(key);
      if ((claims.role === 'anon' || claims.role === 'service_role') && typeof claims.exp === 'number')
        return null;
    } catch {
      // not a key of this project
    }
  }
  return { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' };
}

/**
 * The claims of a bearer token. As REST does, a JWT must carry `exp`: a token that never
 * expires (one signed by hand with the secret) is refused everywhere.
 */
async function verifiedClaims(deps: AuthDeps, token: string): Promise<Claims> {
  if (token === deps.stack.keys.secret) return { role: 'service_role' };
  if (token === deps.stack.keys.publishable) return { role: 'anon' };
  let claims: Claims;
  try {
    claims = await deps.stack.jwt.verify(token);
  } catch (err) {
    const detail =
      err instanceof JwtError && err.reason === 'expired'
        ? 'token has invalid claims: token is expired'
        : 'signature is invalid';
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`);
  }
  if (typeof claims.exp !== 'number') throw forbidden('bad_jwt', 'invalid claim: missing exp claim');
  return claims;
}

export interface Caller {
  user: UserRow;
  sessionId: string | null;
  claims: Claims;
}

/** The signed-in user of a request; 401/403 with GoTrue's codes otherwise. */
export async function requireUser(deps: AuthDeps, req: AuthRequest): Promise<Caller> {
  const token = bearerToken(req);
  if (!token) throw unauthorized('no_authorization', 'This endpoint requires a valid Bearer token');
  const claims = await verifiedClaims(deps, token);
  if (!claims.sub) throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  if (!isUuid(claims.sub)) throw new AuthError(400, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
  const sessionId = typeof claims.session_id === 'string' && claims.session_id ? claims.session_id : null;
  if (sessionId && !isUuid(sessionId))
    throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID');
  // A deleted user's sessions are gone with it; answering session_not_found (checked first)
  // makes the client drop its stored session, as the wire contract asks.
  if (sessionId && !(await sessionExists(deps.stack.db, sessionId))) {
    throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  const user = await findUserById(deps.stack.db, claims.sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  return { user, sessionId, claims };
}

/**
 * The admin API is for the service role only: the secret key or a JWT with role
 * service_role and an `exp` (any other role, supabase_admin included, is refused, as REST
 * refuses roles it does not serve).
 */
export async function requireAdmin(deps: AuthDeps, req: AuthRequest): Promise<void> {
  const token = bearerToken(req);
  if (!token) throw unauthorized('no_authorization', 'This endpoint requires a valid Bearer token');
  const claims = await verifiedClaims(deps, token);
  if (claims.role !== 'service_role') throw forbidden('not_admin', 'User not allowed');
}
