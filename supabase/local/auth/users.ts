// auth.users and auth.identities: reading, creating and changing users, and the user
// JSON exactly as GoTrue shapes it (field order, omitted empty timestamps).
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.ts';

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  phone: string | null;
  phone_confirmed_at: Date | null;
  confirmed_at: Date | null;
  banned_until: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
  email: string | null;
}

export type UserJson = Record<string, unknown> & {
  id: string;
  email: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  identities: Record<string, unknown>[];
};

const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, invited_at,
  confirmation_sent_at, recovery_sent_at, email_change, email_change_sent_at, last_sign_in_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at, phone, phone_confirmed_at,
  confirmed_at, banned_until, deleted_at, is_anonymous`;

/** Timestamps as ISO-8601 strings whatever the driver returned. */
export function iso(v: Date | string | null | undefined): string | undefined {
  if (v === null || v === undefined) return undefined;
  const d = v instanceof Date ? v : new Date(v);
  return Number.isNaN(d.getTime()) ? String(v) : d.toISOString();
}

export async function findUserById(q: Queryable, id: string, forUpdate = false): Promise<UserRow | null> {
  if (!isUuid(id)) return null;
  const r = await q.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where id = $1::uuid${forUpdate ? ' for update' : ''}`,
    [id],
  );
  return r.rows[0] ?? null;
}

export async function findUserByEmail(q: Queryable, email: string): Promise<UserRow | null> {
  const r = await q.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where lower(email) = lower($1) and deleted_at is null limit 1`,
    [email],
  );
  return r.rows[0] ?? null;
}

export async function identitiesOf(q: Queryable, userId: string): Promise<IdentityRow[]> {
  const r = await q.query<IdentityRow>(
    `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
       from auth.identities where user_id = $1::uuid order by created_at, id`,
    [userId],
  );
  return r.rows;
}

export function identityJson(i: IdentityRow): Record<string, unknown> {
  const out: Record<string, unknown> = {
    identity_id: i.id,
    id: i.provider_id,
    user_id: i.user_id,
    identity_data: i.identity_data ?? {},
    provider: i.provider,
  };
  if (i.last_sign_in_at) out.last_sign_in_at = iso(i.last_sign_in_at);
  out.created_at = iso(i.created_at);
  out.updated_at = iso(i.updated_at);
  if (i.email) out.email = i.email;
  return out;
}

/** The user object of GoTrue's API (GET /user, admin, sign-up, inside sessions). */
export function userJson(u: UserRow, identities: IdentityRow[]): UserJson {
  const out: Record<string, unknown> = {
    id: u.id,
    aud: u.aud ?? '',
    role: u.role ?? '',
    email: u.email ?? '',
    // GoTrue omits it when empty; the wire contract (2.4) wants an explicit null, which
    // reads the same to every client.
    email_confirmed_at: iso(u.email_confirmed_at) ?? null,
  };
  if (u.invited_at) out.invited_at = iso(u.invited_at);
  out.phone = u.phone ?? '';
  if (u.phone_confirmed_at) out.phone_confirmed_at = iso(u.phone_confirmed_at);
  if (u.confirmation_sent_at) out.confirmation_sent_at = iso(u.confirmation_sent_at);
  if (u.confirmed_at) out.confirmed_at = iso(u.confirmed_at);
  if (u.recovery_sent_at) out.recovery_sent_at = iso(u.recovery_sent_at);
  if (u.email_change) out.new_email = u.email_change;
  if (u.email_change_sent_at) out.email_change_sent_at = iso(u.email_change_sent_at);
  if (u.last_sign_in_at) out.last_sign_in_at = iso(u.last_sign_in_at);
  out.app_metadata = u.raw_app_meta_data ?? {};
  out.user_metadata = u.raw_user_meta_data ?? {};
  out.identities = identities.map(identityJson);
  out.created_at = iso(u.created_at);
  out.updated_at = iso(u.updated_at);
  if (u.banned_until) out.banned_until = iso(u.banned_until);
  if (u.deleted_at) out.deleted_at = iso(u.deleted_at);
  out.is_anonymous = u.is_anonymous ?? false;
  return out as UserJson;
}

export async function loadUserJson(q: Queryable, userId: string): Promise<UserJson | null> {
  const u = await findUserById(q, userId);
  if (!u) return null;
  return userJson(u, await identitiesOf(q, userId));
}

export function isUuid(s: unknown): s is string {
  return typeof s === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);
}

export function isBanned(u: Pick<UserRow, 'banned_until'>): boolean {
  return !!u.banned_until && new Date(u.banned_until).getTime() > Date.now();
}

export interface NewUser {
  id?: string;
  email: string;
  passwordHash: string | null;
  userMetadata: Record<string, unknown>;
  appMetadata: Record<string, unknown>;
  role?: string;
  confirmed?: boolean;
  invited?: boolean;
  bannedUntil?: Date | null;
  /** copy sub/email/email_verified/phone_verified into user_metadata (GoTrue's sign-up) */
  identityInMetadata?: boolean;
}

/**
 * Inserts a user and its e-mail identity. Call inside a transaction: triggers on
 * auth.users (a profile row, say) run here and a failure must leave nothing behind.
 */
export async function insertUser(tx: Queryable, n: NewUser): Promise<string> {
  const id = n.id ?? randomUUID();
  const email = n.email.toLowerCase();
  const identityData: Record<string, unknown> = {
    sub: id,
    email,
    email_verified: !!n.confirmed,
    phone_verified: false,
  };
  const userMetadata = n.identityInMetadata ? { ...n.userMetadata, ...identityData } : { ...n.userMetadata };
  if (n.confirmed) userMetadata.email_verified = true;
  for (const [k, v] of Object.entries(n.userMetadata)) if (!(k in identityData)) identityData[k] = v;
  await tx.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
        invited_at, raw_app_meta_data, raw_user_meta_data, banned_until, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1::uuid, 'authenticated', $2, $3, $4,
        case when $5::boolean then now() end, case when $6::boolean then now() end,
        $7::jsonb, $8::jsonb, $9::timestamptz, now(), now())`,
    [
      id,
      n.role ?? 'authenticated',
      email,
      n.passwordHash ?? '',
      String(!!n.confirmed),
      String(!!n.invited),
      JSON.stringify(n.appMetadata),
      JSON.stringify(userMetadata),
      n.bannedUntil ? n.bannedUntil.toISOString() : null,
    ],
  );
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1::uuid::text, $1::uuid, $2::jsonb, 'email', now(), now(), now())`,
    [id, JSON.stringify(identityData)],
  );
  return id;
}

/** GoTrue's metadata update: keys set to null are removed, the others replaced. */
export function mergeMetadata(
  current: Record<string, unknown> | null,
  updates: Record<string, unknown>,
): Record<string, unknown> {
  const out = { ...(current ?? {}) };
  for (const [k, v] of Object.entries(updates)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}

export async function updateUserMetadata(tx: Queryable, userId: string, updates: Record<string, unknown>) {
  const u = await findUserById(tx, userId, true);
  if (!u) return;
  await tx.query(
    `update auth.users set raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1::uuid`,
    [userId, JSON.stringify(mergeMetadata(u.raw_user_meta_data, updates))],
  );
}

export async function updateAppMetadata(tx: Queryable, userId: string, updates: Record<string, unknown>) {
  const u = await findUserById(tx, userId, true);
  if (!u) return;
  await tx.query(
    `update auth.users set raw_app_meta_data = $2::jsonb, updated_at = now() where id = $1::uuid`,
    [userId, JSON.stringify(mergeMetadata(u.raw_app_meta_data, updates))],
  );
}

/** Marks the e-mail confirmed (GoTrue's User.Confirm): metadata and identity say verified. */
export async function confirmEmail(tx: Queryable, userId: string) {
  await tx.query(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '',
        raw_user_meta_data = raw_user_meta_data || '{"email_verified": true}'::jsonb, updated_at = now()
      where id = $1::uuid`,
    [userId],
  );
  await tx.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
      where user_id = $1::uuid and provider = 'email'`,
    [userId],
  );
  await tx.query(`delete from auth.one_time_tokens where user_id = $1::uuid`, [userId]);
}

export async function setPassword(tx: Queryable, userId: string, hash: string) {
  await tx.query(
    `update auth.users set encrypted_password = $2, confirmation_token = '', recovery_token = '',
        email_change_token_new = '', recovery_sent_at = null, email_change_sent_at = null, updated_at = now()
      where id = $1::uuid`,
    [userId, hash],
  );
  await tx.query(`delete from auth.one_time_tokens where user_id = $1::uuid`, [userId]);
}

/** Applies a confirmed e-mail change (users.email_change becomes the address). */
export async function applyEmailChange(tx: Queryable, userId: string) {
  await tx.query(
    `update auth.users set email = email_change, email_change = '', email_change_token_new = '',
        email_change_sent_at = null, updated_at = now()
      where id = $1::uuid and coalesce(email_change, '') <> ''`,
    [userId],
  );
  const u = await findUserById(tx, userId);
  if (!u?.email) return;
  await tx.query(
    `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
      where user_id = $1::uuid and provider = 'email'`,
    [userId, u.email],
  );
  await tx.query(
    `update auth.users set raw_user_meta_data = raw_user_meta_data || jsonb_build_object('email', $2::text)
      where id = $1::uuid and raw_user_meta_data ? 'email'`,
    [userId, u.email],
  );
  if (!u.email_confirmed_at) await confirmEmail(tx, userId);
}

export async function touchLastSignIn(tx: Queryable, userId: string) {
  await tx.query(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1::uuid`, [
    userId,
  ]);
  await tx.query(
    `update auth.identities set last_sign_in_at = now() where user_id = $1::uuid and provider = 'email'`,
    [userId],
  );
}
