// The secrets mails carry (GoTrue's one-time tokens): a 6-digit code for the person to type
// and, in the link, its hash sha224(email + code). The hash is what is stored, in
// auth.one_time_tokens and in the matching auth.users column; a PKCE flow prefixes it
// with "pkce_" so the verify endpoint knows to answer with a code instead of tokens.
// Tokens are single-use and expire after config.auth.otpExpiry seconds.
import { createHash, randomInt } from 'node:crypto';
import type { Queryable, QueryResult } from '../db/database.ts';

export type TokenType = 'confirmation_token' | 'recovery_token' | 'email_change_token_new';

/** The auth.users column holding the token of each type and the time its mail went out. */
const USER_COLUMNS: Record<TokenType, { token: string; sentAt: string }> = {
  confirmation_token: { token: 'confirmation_token', sentAt: 'confirmation_sent_at' },
  recovery_token: { token: 'recovery_token', sentAt: 'recovery_sent_at' },
  email_change_token_new: { token: 'email_change_token_new', sentAt: 'email_change_sent_at' },
};

/** The verification types of /verify and the tokens each may use. */
export const TOKEN_TYPES_FOR: Record<string, TokenType[]> = {
  signup: ['confirmation_token'],
  invite: ['confirmation_token'],
  recovery: ['recovery_token'],
  magiclink: ['recovery_token'],
  email_change: ['email_change_token_new'],
  email: ['confirmation_token', 'recovery_token'],
};

export const PKCE_PREFIX = 'pkce_';

export function tokenHashOf(email: string, otp: string): string {
  return createHash('sha224')
    .update(email.toLowerCase() + otp)
    .digest('hex');
}

export interface IssuedToken {
  otp: string;
  tokenHash: string;
}

/**
 * Creates the token of a type for a user, replacing any earlier one of that type, and
 * stamps the matching *_sent_at. `email` is the address the mail goes to.
 */
export async function issueToken(
  tx: Queryable,
  userId: string,
  type: TokenType,
  email: string,
  pkce: boolean,
): Promise<IssuedToken> {
  await tx.query(`delete from auth.one_time_tokens where user_id = $1::uuid and token_type = $2`, [
    userId,
    type,
  ]);
  let otp = '';
  let tokenHash = '';
  for (let attempt = 0; attempt < 5; attempt++) {
    otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
    tokenHash = (pkce ? PKCE_PREFIX : '') + tokenHashOf(email, otp);
    const taken = await tx.query(`select 1 from auth.one_time_tokens where token_hash = $1`, [tokenHash]);
    if (taken.rows.length === 0) break;
  }
  await tx.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to, created_at, updated_at)
     values ($1::uuid, $2, $3, $4, now(), now())`,
    [userId, type, tokenHash, email.toLowerCase()],
  );
  const col = USER_COLUMNS[type];
  await tx.query(`update auth.users set ${col.token} = $2, ${col.sentAt} = now() where id = $1::uuid`, [
    userId,
    tokenHash,
  ]);
  return { otp, tokenHash };
}

export interface TokenRow {
  id: string;
  user_id: string;
  token_type: TokenType;
  token_hash: string;
  relates_to: string;
  created_at: Date;
}

/**
 * Finds a live token by its hash (a link, or verifyOtp({token_hash})) or by e-mail and
 * code (verifyOtp({email, token})). Expired tokens are not found.
 */
export async function findToken(
  q: Queryable,
  lookup: { tokenHash: string } | { email: string; otp: string },
  types: TokenType[],
  expirySeconds: number,
): Promise<TokenRow | null> {
  let r: QueryResult<TokenRow>;
  if ('tokenHash' in lookup) {
    r = await q.query<TokenRow>(
      `select id, user_id, token_type, token_hash, relates_to, created_at from auth.one_time_tokens
        where token_hash = $1 and token_type = any(string_to_array($2, ','))`,
      [lookup.tokenHash, types.join(',')],
    );
  } else {
    const hash = tokenHashOf(lookup.email, lookup.otp.trim());
    r = await q.query<TokenRow>(
      `select id, user_id, token_type, token_hash, relates_to, created_at from auth.one_time_tokens
        where token_hash in ($1, $2) and relates_to = lower($3) and token_type = any(string_to_array($4, ','))`,
      [hash, PKCE_PREFIX + hash, lookup.email, types.join(',')],
    );
  }
  const row = r.rows[0];
  if (!row) return null;
  if (new Date(row.created_at).getTime() + expirySeconds * 1000 < Date.now()) return null;
  return row;
}

/** Uses a token up: it cannot be presented again. */
export async function consumeToken(tx: Queryable, row: TokenRow) {
  await tx.query(`delete from auth.one_time_tokens where id = $1::uuid`, [row.id]);
  const col = USER_COLUMNS[row.token_type];
  await tx.query(`update auth.users set ${col.token} = '' where id = $1::uuid`, [row.user_id]);
}
