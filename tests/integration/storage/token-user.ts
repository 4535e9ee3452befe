// A signed-in user for storage and functions tests without going through the auth service:
// an access token minted with the project's JWT secret (as GoTrue would sign it) for a
// fresh user id, given to the official client through its `accessToken` option. Storage
// policies only look at the claims, so no auth.users row is needed.
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import ws from 'ws';
import { stack } from '../../support/clients.ts';

export interface TokenUser {
  id: string;
  token: string;
  client: SupabaseClient;
}

export async function signToken(claims: Record<string, unknown>, expiresInSeconds = 3600): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ aud: 'authenticated', role: 'authenticated', ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresInSeconds)
    .sign(new TextEncoder().encode(stack().jwtSecret));
}

export async function tokenUser(): Promise<TokenUser> {
  const id = randomUUID();
  const token = await signToken({
    sub: id,
    email: `${id.slice(0, 8)}@example.test`,
    session_id: randomUUID(),
  });
  const client = createClient(stack().url, stack().anonKey, {
    accessToken: async () => token,
    realtime: { transport: ws as any },
  });
  return { id, token, client };
}
