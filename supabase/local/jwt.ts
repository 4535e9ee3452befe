// HS256 JWTs signed with the project secret: the API keys, user access tokens and signed
// storage URLs. jose does the cryptography and the claim checks.
import { createHash } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';

export type Claims = JWTPayload & {
  role?: string;
  sub?: string;
  session_id?: string;
  [k: string]: unknown;
};

export type ApiRole = 'anon' | 'authenticated' | 'service_role';

export interface ApiKeys {
  /** legacy JWT keys, as `supabase status` prints them */
  anon: string;
  serviceRole: string;
  /** new-style opaque keys, accepted wherever the JWT keys are */
  publishable: string;
  secret: string;
}

export class JwtError extends Error {
  constructor(
    message: string,
    readonly reason: 'expired' | 'invalid' | 'missing_claims',
  ) {
    super(message);
  }
}

export function createJwt(secret: string) {
  const key = new TextEncoder().encode(secret);

  async function sign(payload: Claims, opts: { expiresIn?: number; iat?: number } = {}): Promise<string> {
    const iat = opts.iat ?? Math.floor(Date.now() / 1000);
    const body: Claims = { ...payload, iat };
    if (opts.expiresIn !== undefined) body.exp = iat + opts.expiresIn;
    return new SignJWT(body).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);
  }

  /** Verifies signature, algorithm and expiry; throws JwtError with a reason. */
  async function verify(token: string): Promise<Claims> {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
      return payload as Claims;
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw new JwtError('JWT expired', 'expired');
      throw new JwtError(`invalid JWT: ${(err as Error).message}`, 'invalid');
    }
  }

  return { sign, verify };
}

export type JwtTools = ReturnType<typeof createJwt>;

/**
 * The API keys for a secret. Same iat/exp/iss as the keys `supabase start` prints, so with
 * the default secret they are the well-known local demo keys.
 */
export async function deriveApiKeys(secret: string): Promise<ApiKeys> {
  const jwt = createJwt(secret);
  const iat = 1641769200;
  const exp = 1799535600;
  const anon = await jwt.sign({ iss: 'supabase-demo', role: 'anon', exp }, { iat });
  const serviceRole = await jwt.sign({ iss: 'supabase-demo', role: 'service_role', exp }, { iat });
  const digest = (label: string) =>
    createHash('sha256').update(`${label}:${secret}`).digest('base64url').slice(0, 32);
  return {
    anon,
    serviceRole,
    publishable: `sb_publishable_${digest('publishable')}`,
    secret: `sb_secret_${digest('secret')}`,
  };
}

export interface RequestAuth {
  role: ApiRole;
  claims: Claims;
  /** the bearer token as sent (a JWT, or an opaque sb_ key) */
  token: string | null;
}

/**
 * What a request may do, from its Authorization bearer (or, failing that, its apikey):
 * opaque sb_ keys map to their role without decoding; JWTs must verify and carry a role.
 */
export async function resolveRequestAuth(
  jwt: JwtTools,
  keys: ApiKeys,
  authorization: string | undefined,
  apikey: string | undefined,
): Promise<RequestAuth> {
  const bearer = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1]?.trim();
  const token = bearer || apikey || null;
  if (!token) return { role: 'anon', claims: { role: 'anon' }, token: null };
  if (token === keys.publishable) return { role: 'anon', claims: { role: 'anon' }, token };
  if (token === keys.secret) return { role: 'service_role', claims: { role: 'service_role' }, token };
  if (token.startsWith('sb_')) throw new JwtError('Invalid API key', 'invalid');
  const claims = await jwt.verify(token);
  const role = claims.role;
  if (role !== 'anon' && role !== 'authenticated' && role !== 'service_role') {
    throw new JwtError(`JWT role ${JSON.stringify(role)} is not allowed`, 'invalid');
  }
  if (typeof claims.exp !== 'number')
    throw new JwtError('Fields `role` and `exp` are required in JWT', 'missing_claims');
  return { role, claims, token };
}
