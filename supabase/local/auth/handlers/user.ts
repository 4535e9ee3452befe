// GET /user and PUT /user (metadata, password, e-mail change) for the signed-in user, and
// POST /logout with its three scopes.
import { sendEmpty, sendJson } from '../../http.ts';
import type { Handler } from '../deps.ts';
import { badRequest, forbidden, unprocessable } from '../errors.ts';
import { requireUser } from '../guards.ts';
import { checkFrequency, sendAuthMail } from '../mails.ts';
import { issueToken } from '../one-time-tokens.ts';
import { expectTypes, obj, pkceParams, redirectParam, str, validateEmail } from '../params.ts';
import { checkPassword, hashPassword, verifyPassword } from '../passwords.ts';
import { createFlowState } from '../pkce.ts';
import { chooseRedirect } from '../redirects.ts';
import { endSessions, type LogoutScope } from '../sessions.ts';
import { transaction } from '../transaction.ts';
import { findUserByEmail, loadUserJson, setPassword, updateUserMetadata } from '../users.ts';

export const getUser: Handler = async (deps, req) => {
  const { user } = await requireUser(deps, req);
  sendJson(req.http.res, 200, await loadUserJson(deps.stack.db, user.id));
};

export const updateUser: Handler = async (deps, req) => {
  const { user, sessionId } = await requireUser(deps, req);
  const body = await req.body();
  expectTypes(body, { email: 'string', phone: 'string', password: 'string', data: 'object' });
  const db = deps.stack.db;

  const newEmail = str(body.email) ? validateEmail(str(body.email)) : undefined;
  if (str(body.phone)) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  const password = typeof body.password === 'string' ? body.password : undefined;
  if (password !== undefined) checkPassword(password, deps.config.minPasswordLength);
  const data = obj(body.data);
  if (body.app_metadata !== undefined) {
    throw forbidden('not_admin', 'Updating app_metadata requires admin privileges');
  }
  const pkce = pkceParams(body);

  const changingEmail = !!newEmail && newEmail !== (user.email ?? '').toLowerCase();
  if (changingEmail) {
    const other = await findUserByEmail(db, newEmail);
    if (other && other.id !== user.id) {
      throw unprocessable('email_exists', 'A user with this email address has already been registered');
    }
    checkFrequency(deps, user.email_change_sent_at);
  }
  let passwordHash: string | undefined;
  if (password !== undefined) {
    if (await verifyPassword(password, user.encrypted_password)) {
      throw unprocessable('same_password', 'New password should be different from the old password.');
    }
    passwordHash = await hashPassword(password);
  }

  await transaction(deps, 'Error updating user', async (tx) => {
    if (passwordHash) {
      await setPassword(tx, user.id, passwordHash);
      // A new password means the old one may be known: every other device signs in again.
      await endSessions(tx, user.id, sessionId, sessionId ? 'others' : 'global');
    }
    if (data) await updateUserMetadata(tx, user.id, data);
    if (changingEmail && newEmail) {
      await tx.query(`update auth.users set email_change = $2, updated_at = now() where id = $1::uuid`, [
        user.id,
        newEmail,
      ]);
      if (pkce) await createFlowState(tx, user.id, pkce, 'email_change');
      const token = await issueToken(tx, user.id, 'email_change_token_new', newEmail, !!pkce);
      await sendAuthMail(deps, {
        type: 'email_change',
        to: newEmail,
        ...token,
        redirectTo: chooseRedirect(deps.config, redirectParam(req, body)),
        email: user.email ?? '',
        newEmail,
        data: { ...(user.raw_user_meta_data ?? {}), ...(data ?? {}) },
      });
    }
  });
  sendJson(req.http.res, 200, await loadUserJson(db, user.id));
};

const SCOPES: LogoutScope[] = ['global', 'local', 'others'];

export const logout: Handler = async (deps, req) => {
  const { user, sessionId } = await requireUser(deps, req);
  const scope = (req.query.get('scope') ?? 'global') as LogoutScope;
  if (!SCOPES.includes(scope)) throw badRequest('validation_failed', `Unsupported logout scope "${scope}"`);
  await transaction(deps, 'Error logging out user', (tx) => endSessions(tx, user.id, sessionId, scope));
  sendEmpty(req.http.res, 204);
};
