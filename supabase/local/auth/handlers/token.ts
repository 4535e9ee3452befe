// POST /token: grant_type=password (sign-in), refresh_token (rotation) and pkce (a mail
// link's code). Rate-limited per IP like GoTrue's /token.
import { sendJson } from '../../http.ts';
import type { AuthDeps, AuthRequest, Handler } from '../deps.ts';
import { badRequest, unprocessable } from '../errors.ts';
import { clientInfo, expectTypes, str } from '../params.ts';
import { passwordProblem, spendPasswordCheck, verifyPassword } from '../passwords.ts';
import { exchangeAuthCode } from '../pkce.ts';
import { refreshSession, startSession } from '../sessions.ts';
import { transaction } from '../transaction.ts';
import { findUserByEmail, isBanned } from '../users.ts';

const INVALID_LOGIN = 'Invalid login credentials';

export const token: Handler = async (deps, req) => {
  const grant = req.query.get('grant_type');
  if (grant !== 'password' && grant !== 'refresh_token' && grant !== 'pkce') {
    throw badRequest('invalid_credentials', 'unsupported_grant_type');
  }
  deps.limits.token(req.ip);
  if (grant === 'password') return passwordGrant(deps, req);
  if (grant === 'refresh_token') return refreshGrant(deps, req);
  return pkceGrant(deps, req);
};

async function passwordGrant(deps: AuthDeps, req: AuthRequest) {
  const body = await req.body();
  expectTypes(body, { email: 'string', phone: 'string', password: 'string' });
  const rawEmail = str(body.email);
  const phone = str(body.phone);
  const password = typeof body.password === 'string' ? body.password : '';
  if (rawEmail && phone) {
    throw badRequest(
      'validation_failed',
      'Only an email address or phone number should be provided on login.',
    );
  }
  if (phone) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  if (!rawEmail) throw badRequest('validation_failed', 'missing email or phone');
  const user = await findUserByEmail(deps.stack.db, rawEmail.toLowerCase());
  if (!user?.encrypted_password) {
    await spendPasswordCheck(password);
    throw badRequest('invalid_credentials', INVALID_LOGIN);
  }
  if (isBanned(user)) throw badRequest('user_banned', 'User is banned');
  if (!(await verifyPassword(password, user.encrypted_password)))
    throw badRequest('invalid_credentials', INVALID_LOGIN);
  if (!user.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed');

  const session = await transaction(deps, 'Database error granting user', (tx) =>
    startSession(deps, tx, user.id, 'password', clientInfo(req)),
  );
  // A password that no longer meets the rules still signs in; the client hears about it.
  const weak = passwordProblem(password, deps.config.minPasswordLength);
  const reasons = (weak?.extra.weak_password as { reasons?: string[] } | undefined)?.reasons;
  if (weak && reasons) session.weak_password = { reasons, message: weak.message };
  sendJson(req.http.res, 200, session);
}

async function refreshGrant(deps: AuthDeps, req: AuthRequest) {
  const body = await req.body();
  expectTypes(body, { refresh_token: 'string' });
  const refreshToken = str(body.refresh_token);
  if (!refreshToken) throw badRequest('validation_failed', 'refresh_token required');
  sendJson(req.http.res, 200, await refreshSession(deps, refreshToken, clientInfo(req)));
}

async function pkceGrant(deps: AuthDeps, req: AuthRequest) {
  const body = await req.body();
  const authCode = str(body.auth_code);
  const verifier = str(body.code_verifier);
  if (!authCode || !verifier) {
    throw badRequest(
      'validation_failed',
      'invalid request: both auth code and code verifier should be non-empty',
    );
  }
  const session = await transaction(deps, 'Database error granting user', async (tx) => {
    const { userId, method } = await exchangeAuthCode(tx, authCode, verifier);
    return startSession(deps, tx, userId, method, clientInfo(req));
  });
  sendJson(req.http.res, 200, session);
}
