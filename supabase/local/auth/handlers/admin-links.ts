// Admin links: POST /admin/generate_link (the link and code of any auth mail, returned to
// the caller instead of mailed, with the user flattened into the answer as auth-js
// expects) and POST /invite (creates the user and mails the invitation).
import type { Queryable } from '../../db/database.ts';
import { sendJson } from '../../http.ts';
import type { Handler } from '../deps.ts';
import { badRequest, notFound, unprocessable } from '../errors.ts';
import { requireAdmin } from '../guards.ts';
import { sendAuthMail, verifyLink, type VerifyType } from '../mails.ts';
import { issueToken, type TokenType } from '../one-time-tokens.ts';
import { obj, redirectParam, str, validateEmail } from '../params.ts';
import { checkPassword, hashPassword } from '../passwords.ts';
import { chooseRedirect, sitePath } from '../redirects.ts';
import { transaction } from '../transaction.ts';
import { findUserByEmail, insertUser, loadUserJson, type UserRow } from '../users.ts';

const DUPLICATE_EMAIL = 'A user with this email address has already been registered';
const LINK_TYPES = ['signup', 'invite', 'magiclink', 'recovery', 'email_change_current', 'email_change_new'];

async function createUnconfirmed(
  tx: Queryable,
  email: string,
  passwordHash: string | null,
  data: Record<string, unknown>,
  invited: boolean,
): Promise<string> {
  return insertUser(tx, {
    email,
    passwordHash,
    userMetadata: data,
    appMetadata: { provider: 'email', providers: ['email'] },
    invited,
    identityInMetadata: true,
  });
}

export const generateLink: Handler = async (deps, req) => {
  await requireAdmin(deps, req);
  const body = await req.body();
  const type = str(body.type);
  if (!type || !LINK_TYPES.includes(type))
    throw badRequest('validation_failed', 'Invalid email action link type requested');
  const email = validateEmail(str(body.email));
  const data = obj(body.data) ?? {};
  const db = deps.stack.db;
  const existing = await findUserByEmail(db, email);
  const requested = redirectParam(req, body);

  let passwordHash: string | null = null;
  if (type === 'signup') {
    const password = typeof body.password === 'string' ? body.password : '';
    if (!password) throw unprocessable('validation_failed', 'Signup requires a valid password');
    checkPassword(password, deps.config.minPasswordLength);
    passwordHash = await hashPassword(password);
  }
  let newEmail: string | undefined;
  if (type === 'email_change_current' || type === 'email_change_new') {
    newEmail = validateEmail(str(body.new_email));
    if (!existing) throw notFound('user_not_found', 'User with this email not found');
    const other = await findUserByEmail(db, newEmail);
    if (other) throw unprocessable('email_exists', DUPLICATE_EMAIL);
  }
  if ((type === 'signup' || type === 'invite') && existing?.email_confirmed_at) {
    throw unprocessable('email_exists', DUPLICATE_EMAIL);
  }
  if (type === 'recovery' && !existing) throw notFound('user_not_found', 'User with this email not found');

  const plan = linkPlan(type, email, newEmail);
  const redirectTo = chooseRedirect(
    deps.config,
    requested,
    plan.defaultPath ? sitePath(deps.config, plan.defaultPath) : undefined,
  );
  const out = await transaction(deps, 'Database error generating link', async (tx) => {
    const userId =
      existing?.id ?? (await createUnconfirmed(tx, email, passwordHash, data, type === 'invite'));
    if (newEmail) {
      await tx.query(`update auth.users set email_change = $2, updated_at = now() where id = $1::uuid`, [
        userId,
        newEmail,
      ]);
    }
    const token = await issueToken(tx, userId, plan.tokenType, plan.tokenEmail, false);
    return { userId, token };
  });
  const user = await loadUserJson(db, out.userId);
  sendJson(req.http.res, 200, {
    ...user,
    action_link: verifyLink(deps, out.token.tokenHash, plan.verifyType, redirectTo),
    email_otp: out.token.otp,
    hashed_token: out.token.tokenHash,
    redirect_to: redirectTo,
    verification_type: plan.verifyType,
  });
};

function linkPlan(
  type: string,
  email: string,
  newEmail: string | undefined,
): { tokenType: TokenType; verifyType: VerifyType; tokenEmail: string; defaultPath?: string } {
  switch (type) {
    case 'signup':
      return {
        tokenType: 'confirmation_token',
        verifyType: 'signup',
        tokenEmail: email,
        defaultPath: '/home',
      };
    case 'invite':
      return { tokenType: 'confirmation_token', verifyType: 'invite', tokenEmail: email };
    case 'recovery':
      return {
        tokenType: 'recovery_token',
        verifyType: 'recovery',
        tokenEmail: email,
        defaultPath: '/reset-password',
      };
    case 'magiclink':
      return { tokenType: 'recovery_token', verifyType: 'magiclink', tokenEmail: email };
    default:
      // both e-mail change links confirm the change; the code is tied to the new address
      return {
        tokenType: 'email_change_token_new',
        verifyType: 'email_change',
        tokenEmail: newEmail ?? email,
      };
  }
}

export const invite: Handler = async (deps, req) => {
  await requireAdmin(deps, req);
  const body = await req.body();
  const email = validateEmail(str(body.email));
  const data = obj(body.data) ?? {};
  const existing: UserRow | null = await findUserByEmail(deps.stack.db, email);
  if (existing?.email_confirmed_at) throw unprocessable('email_exists', DUPLICATE_EMAIL);
  const redirectTo = chooseRedirect(deps.config, redirectParam(req, body));
  const userId = await transaction(deps, 'Database error saving new user', async (tx) => {
    const id = existing?.id ?? (await createUnconfirmed(tx, email, null, data, true));
    if (existing) await tx.query(`update auth.users set invited_at = now() where id = $1::uuid`, [id]);
    const token = await issueToken(tx, id, 'confirmation_token', email, false);
    await sendAuthMail(deps, {
      type: 'invite',
      to: email,
      ...token,
      redirectTo,
      data: existing?.raw_user_meta_data ?? data,
    });
    return id;
  });
  sendJson(req.http.res, 200, await loadUserJson(deps.stack.db, userId));
};
