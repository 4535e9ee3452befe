// Sessions are server state: a row in auth.sessions, a chain of refresh tokens in
// auth.refresh_tokens (each rotation revokes the parent and adds a child) and the ways the
// user authenticated in auth.mfa_amr_claims. Access tokens are short-lived JWTs naming the
// session; deleting the row is what signs a device out.
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import type { AuthDeps } from './deps.ts';
import { badRequest } from './errors.ts';
import { findUserById, identitiesOf, isBanned, touchLastSignIn, userJson, type UserJson } from './users.ts';

/** GoTrue's authentication methods, as they appear in the `amr` claim. */
export type AuthMethod =
  | 'password'
  | 'otp'
  | 'magiclink'
  | 'email/signup'
  | 'recovery'
  | 'invite'
  | 'email_change'
  | 'token_refresh';

export interface SessionJson {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: UserJson;
  weak_password?: { reasons: string[]; message: string };
}

interface RefreshTokenRow {
  id: string;
  token: string;
  user_id: string;
  session_id: string;
  parent: string | null;
  revoked: boolean;
  updated_at: Date;
}

export function newRefreshToken(): string {
  return randomBytes(16).toString('base64url');
}

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

/** Opens a session for a user who just proved who they are; returns the token response. */
export async function startSession(
  deps: AuthDeps,
  tx: Queryable,
  userId: string,
  method: AuthMethod,
  client: ClientInfo,
): Promise<SessionJson> {
  const s = await tx.query<{ id: string }>(
    `insert into auth.sessions (user_id, aal, user_agent, ip, created_at, updated_at)
     values ($1::uuid, 'aal1', $2, $3, now(), now()) returning id`,
    [userId, client.userAgent, client.ip],
  );
  const sessionId = s.rows[0].id;
  await tx.query(
    `insert into auth.mfa_amr_claims (session_id, authentication_method) values ($1::uuid, $2)`,
    [sessionId, method],
  );
  const refreshToken = newRefreshToken();
  await tx.query(
    `insert into auth.refresh_tokens (token, user_id, session_id, parent, revoked)
     values ($1, $2::uuid, $3::uuid, null, false)`,
    [refreshToken, userId, sessionId],
  );
  await touchLastSignIn(tx, userId);
  return sessionResponse(deps, tx, userId, sessionId, refreshToken);
}

/** The token response for a session: a fresh access token plus the given refresh token. */
export async function sessionResponse(
  deps: AuthDeps,
  q: Queryable,
  userId: string,
  sessionId: string,
  refreshToken: string,
): Promise<SessionJson> {
  const row = await findUserById(q, userId);
  if (!row) throw badRequest('user_not_found', 'User not found');
  const user = userJson(row, await identitiesOf(q, userId));
  const amr = await q.query<{ method: string; ts: string }>(
    `select authentication_method as method, floor(extract(epoch from updated_at))::bigint::text as ts
       from auth.mfa_amr_claims where session_id = $1::uuid order by updated_at desc`,
    [sessionId],
  );
  const { token, exp } = await signAccessToken(deps, user, sessionId, amr.rows);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: deps.config.jwtExpiry,
    expires_at: exp,
    refresh_token: refreshToken,
    user,
  };
}

async function signAccessToken(
  deps: AuthDeps,
  user: UserJson,
  sessionId: string,
  amr: { method: string; ts: string }[],
): Promise<{ token: string; exp: number }> {
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + deps.config.jwtExpiry;
  const token = await deps.stack.jwt.sign(
    {
      aud: String(user.aud || 'authenticated'),
      exp,
      iss: deps.issuer,
      sub: user.id,
      email: user.email,
      phone: String(user.phone ?? ''),
      app_metadata: user.app_metadata,
      user_metadata: user.user_metadata,
      role: String(user.role || 'authenticated'),
      aal: 'aal1',
      amr: amr.map((a) => ({ method: a.method, timestamp: Number(a.ts) })),
      session_id: sessionId,
      is_anonymous: !!user.is_anonymous,
    },
    { iat },
  );
  return { token, exp };
}

/**
 * The refresh_token grant, GoTrue's algorithm: an unused token is swapped for a child; the
 * parent of the session's current token gets that current token back (a client that lost
 * the answer of its last refresh); another revoked token is tolerated for the reuse
 * interval after its rotation; anything older is reuse, which revokes the whole family.
 */
export async function refreshSession(
  deps: AuthDeps,
  token: string,
  client: ClientInfo,
): Promise<SessionJson> {
  const pre = await deps.stack.db.query<{ user_id: string }>(
    `select user_id from auth.refresh_tokens where token = $1`,
    [token],
  );
  if (!pre.rows[0])
    throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');

  return deps.stack.db
    .transaction(async (tx) => {
      const found = await tx.query<RefreshTokenRow>(
        `select id::text, token, user_id, session_id, parent, revoked, updated_at
         from auth.refresh_tokens where token = $1 for update`,
        [token],
      );
      const rt = found.rows[0];
      if (!rt) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
      if (!rt.session_id) {
        throw badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found');
      }
      const session = await tx.query<{ id: string; not_after: Date | null }>(
        `select id, not_after from auth.sessions where id = $1::uuid for update`,
        [rt.session_id],
      );
      if (!session.rows[0])
        throw badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found');
      const notAfter = session.rows[0].not_after;
      if (notAfter && new Date(notAfter).getTime() <= Date.now()) {
        throw badRequest('session_expired', 'Invalid Refresh Token: Session Expired');
      }
      const user = await findUserById(tx, rt.user_id);
      if (!user)
        throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
      if (isBanned(user)) throw badRequest('user_banned', 'Invalid Refresh Token: User Banned');

      let issued: string | null = null;
      if (rt.revoked) {
        const active = await tx.query<{ token: string; parent: string | null }>(
          `select token, parent from auth.refresh_tokens
          where session_id = $1::uuid and revoked = false order by id desc limit 1`,
          [rt.session_id],
        );
        if (active.rows[0] && active.rows[0].parent === rt.token) {
          issued = active.rows[0].token;
        } else {
          // Only a token revoked by its own rotation may be reused, and only briefly; one
          // revoked by sign-out or by a detected reuse has no child and never comes back.
          const child = await tx.query(`select 1 from auth.refresh_tokens where parent = $1 limit 1`, [
            rt.token,
          ]);
          const reuseUntil = new Date(rt.updated_at).getTime() + deps.config.refreshTokenReuseInterval * 1000;
          if (child.rows.length === 0 || Date.now() > reuseUntil) {
            if (deps.config.refreshTokenRotation) {
              await tx.query(
                `update auth.refresh_tokens set revoked = true, updated_at = now()
                where session_id = $1::uuid and revoked = false`,
                [rt.session_id],
              );
            }
            return { reused: true } as const;
          }
        }
      }
      if (!issued) {
        issued = newRefreshToken();
        if (!rt.revoked) {
          await tx.query(
            `update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1::bigint`,
            [rt.id],
          );
        }
        await tx.query(
          `insert into auth.refresh_tokens (token, user_id, session_id, parent, revoked)
         values ($1, $2::uuid, $3::uuid, $4, false)`,
          [issued, rt.user_id, rt.session_id, rt.token],
        );
      }
      await tx.query(
        `update auth.sessions set refreshed_at = now(), updated_at = now(), user_agent = $2, ip = $3
        where id = $1::uuid`,
        [rt.session_id, client.userAgent, client.ip],
      );
      return sessionResponse(deps, tx, rt.user_id, rt.session_id, issued);
    })
    .then((out) => {
      // The family's revocation is committed first; only then does the caller hear about it.
      if ('reused' in out)
        throw badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
      return out;
    });
}

export type LogoutScope = 'global' | 'local' | 'others';

export async function endSessions(
  q: Queryable,
  userId: string,
  sessionId: string | null,
  scope: LogoutScope,
) {
  if (!sessionId || scope === 'global') {
    await q.query(`delete from auth.sessions where user_id = $1::uuid`, [userId]);
  } else if (scope === 'local') {
    await q.query(`delete from auth.sessions where id = $1::uuid`, [sessionId]);
  } else {
    await q.query(`delete from auth.sessions where user_id = $1::uuid and id <> $2::uuid`, [
      userId,
      sessionId,
    ]);
  }
}

export async function sessionExists(q: Queryable, sessionId: string): Promise<boolean> {
  const r = await q.query(
    `select 1 from auth.sessions where id = $1::uuid and (not_after is null or not_after > now())`,
    [sessionId],
  );
  return r.rows.length > 0;
}
