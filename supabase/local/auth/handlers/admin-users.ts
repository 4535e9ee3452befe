// The admin API for the service role, as supabase.auth.admin calls it: create (optionally
// confirmed), list (paged, Link + X-Total-Count headers), get, update (incl. bans and
// password), delete (hard or soft). Every route first checks the caller is an admin.
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/database.ts';
import { sendJson } from '../../http.ts';
import type { AuthDeps, AuthRequest, Handler } from '../deps.ts';
import { badRequest, notFound, unprocessable } from '../errors.ts';
import { requireAdmin } from '../guards.ts';
import { expectTypes, obj, str, validateEmail } from '../params.ts';
import { checkPassword, hashPassword } from '../passwords.ts';
import { endSessions } from '../sessions.ts';
import { isUniqueViolation, transaction } from '../transaction.ts';
import {
  confirmEmail,
  findUserByEmail,
  findUserById,
  insertUser,
  isUuid,
  loadUserJson,
  setPassword,
  updateAppMetadata,
  updateUserMetadata,
  userJson,
  type IdentityRow,
  type UserRow,
} from '../users.ts';

const DUPLICATE_EMAIL = 'A user with this email address has already been registered';

/** Go's time.ParseDuration, as GoTrue reads ban_duration ("24h", "1h30m", "none"). */
export function parseBanDuration(v: string): number | null {
  if (v === 'none') return 0;
  const units: Record<string, number> = {
    ns: 1e-6,
    us: 1e-3,
    µs: 1e-3,
    ms: 1,
    s: 1000,
    m: 60_000,
    h: 3_600_000,
  };
  const m = /^([+-])?((?:\d+(?:\.\d+)?(?:ns|us|µs|ms|s|m|h))+)$/.exec(v.trim());
  if (!m) return null;
  let total = 0;
  for (const part of m[2].matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g))
    total += Number(part[1]) * units[part[2]];
  return m[1] === '-' ? -total : total;
}

function banUntil(duration: string | undefined): { set: boolean; until: Date | null } {
  if (duration === undefined || duration === '') return { set: false, until: null };
  const ms = parseBanDuration(duration);
  if (ms === null)
    throw badRequest(
      'validation_failed',
      `invalid format for ban duration: time: invalid duration "${duration}"`,
    );
  return { set: true, until: ms === 0 ? null : new Date(Date.now() + ms) };
}

async function targetUser(deps: AuthDeps, req: AuthRequest): Promise<UserRow> {
  const id = req.params.id;
  if (!isUuid(id)) throw notFound('validation_failed', 'user_id must be an UUID');
  const user = await findUserById(deps.stack.db, id);
  if (!user) throw notFound('user_not_found', 'User not found');
  return user;
}

const ADMIN_FIELDS = {
  email: 'string',
  phone: 'string',
  password: 'string',
  password_hash: 'string',
  email_confirm: 'boolean',
  user_metadata: 'object',
  app_metadata: 'object',
  ban_duration: 'string',
  role: 'string',
  id: 'string',
} as const;

export const adminCreateUser: Handler = async (deps, req) => {
  await requireAdmin(deps, req);
  const body = await req.body();
  expectTypes(body, ADMIN_FIELDS);
  const rawEmail = str(body.email);
  if (!rawEmail && !str(body.phone)) {
    throw badRequest('validation_failed', 'Cannot create a user without either an email or phone');
  }
  if (!rawEmail)
    throw unprocessable(
      'phone_provider_disabled',
      'Phone users are not supported: phone logins are disabled',
    );
  const email = validateEmail(rawEmail);
  if (await findUserByEmail(deps.stack.db, email)) throw unprocessable('email_exists', DUPLICATE_EMAIL);
  const password = typeof body.password === 'string' && body.password !== '' ? body.password : undefined;
  const passwordHashParam = str(body.password_hash);
  if (password && passwordHashParam) {
    throw badRequest('validation_failed', 'Only a password or a password hash should be provided');
  }
  if (password && Buffer.byteLength(password) > 72) {
    throw badRequest('validation_failed', 'bcrypt: password length exceeds 72 bytes');
  }
  if (passwordHashParam && !/^\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}$/.test(passwordHashParam)) {
    throw badRequest('validation_failed', 'Invalid password hash: only bcrypt hashes are supported');
  }
  const id = str(body.id);
  if (id !== undefined && !isUuid(id))
    throw badRequest('validation_failed', 'ID must conform to the uuid v4 format');
  const ban = banUntil(str(body.ban_duration));
  // Without a password the account gets an unguessable one, as GoTrue does.
  const passwordHash =
    passwordHashParam ?? (await hashPassword(password ?? randomBytes(32).toString('base64url')));

  let userId = '';
  try {
    await transaction(deps, 'Database error creating new user', async (tx) => {
      userId = await insertUser(tx, {
        id,
        email,
        passwordHash,
        userMetadata: obj(body.user_metadata) ?? {},
        appMetadata: { provider: 'email', providers: ['email'], ...(obj(body.app_metadata) ?? {}) },
        role: str(body.role),
        bannedUntil: ban.until,
      });
      if (body.email_confirm === true) await confirmEmail(tx, userId);
    });
  } catch (err) {
    if (isUniqueViolation((err as { cause?: unknown }).cause))
      throw unprocessable('email_exists', DUPLICATE_EMAIL);
    throw err;
  }
  sendJson(req.http.res, 200, await loadUserJson(deps.stack.db, userId));
};

export const adminListUsers: Handler = async (deps, req) => {
  await requireAdmin(deps, req);
  const page = positiveInt(req.query.get('page'), 1, 'page');
  const perPage = positiveInt(req.query.get('per_page'), 50, 'per_page');
  const db = deps.stack.db;
  const total = Number(
    (await db.query<{ n: string }>(`select count(*)::text as n from auth.users`)).rows[0]?.n ?? 0,
  );
  const rows = (
    await db.query<UserRow>(
      `select * from auth.users order by created_at desc, id limit $1::int offset $2::int`,
      [String(perPage), String((page - 1) * perPage)],
    )
  ).rows;
  const identities = await identitiesByUser(
    db,
    rows.map((r) => r.id),
  );
  const lastPage = Math.ceil(total / perPage);
  const pageUrl = (p: number) => `</admin/users?page=${p}&per_page=${perPage}>`;
  const links = [];
  if (lastPage > page) links.push(`${pageUrl(page + 1)}; rel="next"`);
  links.push(`${pageUrl(lastPage)}; rel="last"`);
  sendJson(
    req.http.res,
    200,
    { users: rows.map((r) => userJson(r, identities.get(r.id) ?? [])), aud: 'authenticated' },
    { Link: links.join(', '), 'X-Total-Count': String(total) },
  );
};

function positiveInt(v: string | null, fallback: number, name: string): number {
  if (v === null || v === '') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1)
    throw badRequest('validation_failed', `Bad Pagination Parameters: bad ${name}`);
  return n;
}

async function identitiesByUser(q: Queryable, ids: string[]): Promise<Map<string, IdentityRow[]>> {
  const out = new Map<string, IdentityRow[]>();
  if (ids.length === 0) return out;
  const r = await q.query<IdentityRow>(
    `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
       from auth.identities where user_id = any(string_to_array($1, ',')::uuid[]) order by created_at, id`,
    [ids.join(',')],
  );
  for (const i of r.rows) out.set(i.user_id, [...(out.get(i.user_id) ?? []), i]);
  return out;
}

export const adminGetUser: Handler = async (deps, req) => {
  await requireAdmin(deps, req);
  const user = await targetUser(deps, req);
  sendJson(req.http.res, 200, await loadUserJson(deps.stack.db, user.id));
};

export const adminUpdateUser: Handler = async (deps, req) => {
  await requireAdmin(deps, req);
  const user = await targetUser(deps, req);
  const body = await req.body();
  expectTypes(body, ADMIN_FIELDS);
  const email = str(body.email) ? validateEmail(str(body.email)) : undefined;
  if (str(body.phone)) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  if (email && email !== user.email) {
    const other = await findUserByEmail(deps.stack.db, email);
    if (other && other.id !== user.id) throw unprocessable('email_exists', DUPLICATE_EMAIL);
  }
  const ban = banUntil(str(body.ban_duration));
  let passwordHash: string | undefined;
  if (typeof body.password === 'string') {
    checkPassword(body.password, deps.config.minPasswordLength);
    passwordHash = await hashPassword(body.password);
  }
  const userMetadata = obj(body.user_metadata);
  const appMetadata = obj(body.app_metadata);

  await transaction(deps, 'Error updating user', async (tx) => {
    const role = str(body.role);
    if (role)
      await tx.query(`update auth.users set role = $2, updated_at = now() where id = $1::uuid`, [
        user.id,
        role,
      ]);
    if (body.email_confirm === true) await confirmEmail(tx, user.id);
    if (passwordHash) {
      await setPassword(tx, user.id, passwordHash);
      await endSessions(tx, user.id, null, 'global');
    }
    if (email) {
      const verified = body.email_confirm === true || (!!user.email_confirmed_at && email === user.email);
      await tx.query(`update auth.users set email = $2, updated_at = now() where id = $1::uuid`, [
        user.id,
        email,
      ]);
      await tx.query(
        `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text,
            'email_verified', $3::boolean), updated_at = now()
          where user_id = $1::uuid and provider = 'email'`,
        [user.id, email, String(verified)],
      );
    }
    if (appMetadata) await updateAppMetadata(tx, user.id, appMetadata);
    if (userMetadata) await updateUserMetadata(tx, user.id, userMetadata);
    if (ban.set) {
      await tx.query(
        `update auth.users set banned_until = $2::timestamptz, updated_at = now() where id = $1::uuid`,
        [user.id, ban.until ? ban.until.toISOString() : null],
      );
    }
  });
  sendJson(req.http.res, 200, await loadUserJson(deps.stack.db, user.id));
};

export const adminDeleteUser: Handler = async (deps, req) => {
  await requireAdmin(deps, req);
  const user = await targetUser(deps, req);
  const body = await req.body();
  await transaction(deps, 'Database error deleting user', async (tx) => {
    if (body.should_soft_delete === true) {
      if (user.deleted_at) return;
      // GoTrue's soft delete: the row stays for references, the person is gone from it.
      await tx.query(
        `update auth.users set email = null, phone = null, encrypted_password = '', confirmation_token = '',
            recovery_token = '', email_change_token_new = '', email_change = '', raw_user_meta_data = '{}'::jsonb,
            raw_app_meta_data = '{}'::jsonb, deleted_at = now(), updated_at = now()
          where id = $1::uuid`,
        [user.id],
      );
      await tx.query(
        `update auth.identities set provider_id = md5(provider_id || id::text), identity_data = '{}'::jsonb,
            updated_at = now() where user_id = $1::uuid`,
        [user.id],
      );
      await tx.query(`delete from auth.one_time_tokens where user_id = $1::uuid`, [user.id]);
      await endSessions(tx, user.id, null, 'global');
    } else {
      await tx.query(`delete from auth.users where id = $1::uuid`, [user.id]);
    }
  });
  sendJson(req.http.res, 200, {});
};
