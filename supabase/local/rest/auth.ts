// Who a request runs as. The API gateway in front of hosted PostgREST demands a known
// `apikey`; then the bearer token (or the key itself) decides the role. Verified tokens are
// cached until they expire, as PostgREST's JWT cache does: verifying HS256 on every request
// is a measurable part of the hot path.
import { JwtError, resolveRequestAuth, type ApiKeys, type JwtTools, type RequestAuth } from '../jwt.ts';
import { jwtError, RestError } from './errors.ts';

const CACHE_SIZE = 2000;

export interface AuthResolver {
  resolve(authorization: string | undefined, apikey: string | undefined): Promise<RequestAuth>;
}

export function createAuthResolver(jwt: JwtTools, keys: ApiKeys): AuthResolver {
  const known = new Set([keys.anon, keys.serviceRole, keys.publishable, keys.secret]);
  const cache = new Map<string, { auth: RequestAuth; exp: number }>();

  async function checkApiKey(apikey: string | undefined) {
    if (!apikey) {
      throw new RestError(
        401,
        'PGRST301',
        'No API key found in request',
        null,
        'No `apikey` request header or url param was found.',
      );
    }
    if (known.has(apikey) || cached(apikey)) return;
    try {
      await jwt.verify(apikey);
    } catch {
      throw new RestError(
        401,
        'PGRST301',
        'Invalid API key',
        null,
        'Double check your Supabase `anon` or `service_role` API key.',
      );
    }
  }

  function cached(token: string): RequestAuth | null {
    const hit = cache.get(token);
    if (!hit) return null;
    if (hit.exp <= Date.now() / 1000) {
      cache.delete(token);
      return null;
    }
    return hit.auth;
  }

  return {
    async resolve(authorization, apikey) {
      await checkApiKey(apikey);
      const key = `${authorization ?? ''}\n${apikey}`;
      const hit = cached(key);
      if (hit) return hit;
      let auth: RequestAuth;
      try {
        auth = await resolveRequestAuth(jwt, keys, authorization, apikey);
      } catch (err) {
        if (err instanceof JwtError) {
          const token = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1]?.trim() || apikey || '';
          throw jwtError(err.reason, jwtMessage(err, token.split('.').length));
        }
        throw err;
      }
      const exp = typeof auth.claims.exp === 'number' ? auth.claims.exp : Number.POSITIVE_INFINITY;
      if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
      cache.set(key, { auth, exp });
      return auth;
    },
  };
}

/** PostgREST's wording for the common failures; the verifier's own text otherwise. */
function jwtMessage(err: JwtError, parts: number): string {
  if (err.reason === 'expired') return 'JWT expired';
  const m = err.message.replace(/^invalid JWT: /, '');
  if (parts !== 3) return `Expected 3 parts in JWT; got ${parts}`;
  if (/signature verification failed/i.test(m)) return 'JWT cryptographic operation failed';
  if (/"alg"|algorithm/i.test(m)) return 'Wrong or unsupported encoding algorithm';
  if (/role/i.test(m) || err.reason === 'missing_claims') return m;
  return "JWT couldn't be decoded";
}
