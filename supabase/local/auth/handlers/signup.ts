// POST /signup: e-mail + password + user metadata, in GoTrue's variants (wire contract
// 2.4): with confirmations on, the bare user and a confirmation mail (its link lands on
// {site}/home unless the app names a redirect); an already-confirmed address gets a
// fabricated user with no identities and no mail; with autoconfirm, a session, or 422
// user_already_exists.
import { randomUUID } from 'node:crypto';
import { sendJson } from '../../http.ts';
import type { Handler } from '../deps.ts';
import { badRequest, unprocessable } from '../errors.ts';
import { checkFrequency, sendAuthMail } from '../mails.ts';
import { issueToken } from '../one-time-tokens.ts';
import { clientInfo, expectTypes, obj, pkceParams, redirectParam, str, validateEmail } from '../params.ts';
import { hashPassword, checkPassword } from '../passwords.ts';
import { createFlowState } from '../pkce.ts';
import { chooseRedirect, sitePath } from '../redirects.ts';
import { startSession, type SessionJson } from '../sessions.ts';
import { isUniqueViolation, transaction } from '../transaction.ts';
import { findUserByEmail, insertUser, loadUserJson, type UserRow } from '../users.ts';

export const signup: Handler = async (deps, req) => {
  const { config } = deps;
  deps.limits.signInSignUp(req.ip);
  if (!config.enableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');

  const body = await req.body();
  expectTypes(body, { email: 'string', phone: 'string', password: 'string', data: 'object' });
  const password = typeof body.password === 'string' ? body.password : '';
  const data = obj(body.data) ?? {};
  if (!password && !str(body.email) && !str(body.phone)) {
    // signInAnonymously(): the anonymous provider is off, as in a new hosted project
    throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  }
  if (!password) throw badRequest('validation_failed', 'Signup requires a valid password');
  checkPassword(password, config.minPasswordLength);
  const rawEmail = str(body.email);
  const phone = str(body.phone);
  if (rawEmail && phone) {
    throw badRequest(
      'validation_failed',
      'Only an email address or phone number should be provided on signup.',
    );
  }
  if (phone) throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
  if (!rawEmail) throw badRequest('validation_failed', 'Sign up only available with email provider');
  const pkce = pkceParams(body);
  const email = validateEmail(rawEmail);
  const redirectTo = chooseRedirect(config, redirectParam(req, body), sitePath(config, '/home'));
  const autoconfirm = !config.enableConfirmations;
  const res = req.http.res;

  const existing = await findUserByEmail(deps.stack.db, email);
  if (existing) {
    if (autoconfirm) throw unprocessable('user_already_exists', 'User already registered');
    if (existing.email_confirmed_at) {
      sendJson(res, 200, fabricatedUser(existing, data));
      return;
    }
    // Not confirmed yet: the confirmation goes out again; the account is left as it is,
    // since nothing proves this caller is the one who signed up.
    checkFrequency(deps, existing.confirmation_sent_at);
    await transaction(deps, 'Error sending confirmation email', async (tx) => {
      if (pkce) await createFlowState(tx, existing.id, pkce, 'email/signup');
      const token = await issueToken(tx, existing.id, 'confirmation_token', email, !!pkce);
      await sendAuthMail(deps, {
        type: 'signup',
        to: email,
        ...token,
        redirectTo,
        data: existing.raw_user_meta_data,
      });
    });
    sendJson(res, 200, await loadUserJson(deps.stack.db, existing.id));
    return;
  }

  const passwordHash = await hashPassword(password);
  const appMetadata = { provider: 'email', providers: ['email'] };
  let userId = '';
  let session: SessionJson | null;
  try {
    session = await transaction(deps, 'Database error saving new user', async (tx) => {
      userId = await insertUser(tx, {
        email,
        passwordHash,
        userMetadata: data,
        appMetadata,
        confirmed: autoconfirm,
        identityInMetadata: true,
      });
      if (autoconfirm) return startSession(deps, tx, userId, 'password', clientInfo(req));
      if (pkce) await createFlowState(tx, userId, pkce, 'email/signup');
      const token = await issueToken(tx, userId, 'confirmation_token', email, !!pkce);
      await sendAuthMail(deps, { type: 'signup', to: email, ...token, redirectTo, data });
      return null;
    });
  } catch (err) {
    if (isUniqueViolation((err as { cause?: unknown }).cause)) {
      throw unprocessable('user_already_exists', 'User already registered');
    }
    throw err;
  }
  sendJson(res, 200, session ?? (await loadUserJson(deps.stack.db, userId)));
};

/**
 * GoTrue's sanitizeUser: what sign-up answers for an address that is already registered
 * and confirmed, so the response does not reveal the account (identities is empty).
 */
function fabricatedUser(existing: UserRow, data: Record<string, unknown>) {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: existing.aud ?? 'authenticated',
    role: '',
    email: existing.email ?? '',
    email_confirmed_at: null,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}
