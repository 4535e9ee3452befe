// The endpoints that send a mail on request: POST /recover (password reset; its link
// lands on {site}/reset-password by default), POST /resend and POST /otp (magic link, or a
// confirmation for a new address). None says whether the address has an account.
import { sendJson } from '../../http.ts';
import type { AuthDeps, Handler } from '../deps.ts';
import { badRequest, unprocessable } from '../errors.ts';
import { checkFrequency, sendAuthMail } from '../mails.ts';
import { issueToken } from '../one-time-tokens.ts';
import { obj, pkceParams, redirectParam, str, validateEmail, type PkceParams } from '../params.ts';
import { createFlowState } from '../pkce.ts';
import { chooseRedirect, sitePath } from '../redirects.ts';
import { transaction } from '../transaction.ts';
import { findUserByEmail, insertUser, type UserRow } from '../users.ts';

export const recover: Handler = async (deps, req) => {
  deps.limits.signInSignUp(req.ip);
  const body = await req.body();
  const rawEmail = str(body.email);
  if (!rawEmail) throw unprocessable('validation_failed', 'Password recovery requires an email');
  const email = validateEmail(rawEmail);
  const pkce = pkceParams(body);
  const redirectTo = chooseRedirect(
    deps.config,
    redirectParam(req, body),
    sitePath(deps.config, '/reset-password'),
  );
  const user = await findUserByEmail(deps.stack.db, email);
  if (user) {
    checkFrequency(deps, user.recovery_sent_at);
    await transaction(deps, 'Error sending recovery email', async (tx) => {
      if (pkce) await createFlowState(tx, user.id, pkce, 'recovery');
      const token = await issueToken(tx, user.id, 'recovery_token', email, !!pkce);
      await sendAuthMail(deps, {
        type: 'recovery',
        to: email,
        ...token,
        redirectTo,
        data: user.raw_user_meta_data,
      });
    });
  }
  sendJson(req.http.res, 200, {});
};

const RESEND_TYPES = ['signup', 'email_change', 'sms', 'phone_change'];

export const resend: Handler = async (deps, req) => {
  deps.limits.signInSignUp(req.ip);
  const body = await req.body();
  const type = str(body.type);
  if (!type || !RESEND_TYPES.includes(type)) {
    throw badRequest(
      'validation_failed',
      'Missing one of these types: signup, email_change, sms, phone_change',
    );
  }
  if (type === 'sms' || type === 'phone_change') {
    throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  }
  const email = validateEmail(str(body.email));
  const pkce = pkceParams(body);
  const requested = redirectParam(req, obj(body.options) ?? body);
  const user = await findUserByEmail(deps.stack.db, email);
  if (!user) return sendJson(req.http.res, 200, {});

  if (type === 'signup') {
    if (user.email_confirmed_at) return sendJson(req.http.res, 200, {});
    checkFrequency(deps, user.confirmation_sent_at);
    await sendConfirmation(
      deps,
      user,
      email,
      pkce,
      chooseRedirect(deps.config, requested, sitePath(deps.config, '/home')),
    );
  } else {
    const newEmail = user.email_change;
    if (!newEmail) return sendJson(req.http.res, 200, {});
    checkFrequency(deps, user.email_change_sent_at);
    await transaction(deps, 'Error sending email change email', async (tx) => {
      if (pkce) await createFlowState(tx, user.id, pkce, 'email_change');
      const token = await issueToken(tx, user.id, 'email_change_token_new', newEmail, !!pkce);
      await sendAuthMail(deps, {
        type: 'email_change',
        to: newEmail,
        ...token,
        redirectTo: chooseRedirect(deps.config, requested),
        email: user.email ?? '',
        newEmail,
        data: user.raw_user_meta_data,
      });
    });
  }
  sendJson(req.http.res, 200, {});
};

async function sendConfirmation(
  deps: AuthDeps,
  user: UserRow,
  email: string,
  pkce: PkceParams | null,
  redirectTo: string,
) {
  await transaction(deps, 'Error sending confirmation email', async (tx) => {
    if (pkce) await createFlowState(tx, user.id, pkce, 'email/signup');
    const token = await issueToken(tx, user.id, 'confirmation_token', email, !!pkce);
    await sendAuthMail(deps, {
      type: 'signup',
      to: email,
      ...token,
      redirectTo,
      data: user.raw_user_meta_data,
    });
  });
}

/**
 * POST /otp (signInWithOtp) and POST /magiclink: a confirmed address gets a magic link;
 * an unknown or unconfirmed one is signed up without a password and gets the
 * confirmation, whose link signs in just the same.
 */
export const otp: Handler = async (deps, req) => {
  deps.limits.signInSignUp(req.ip);
  const body = await req.body();
  if (str(body.phone)) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  const email = validateEmail(str(body.email));
  const pkce = pkceParams(body);
  const data = obj(body.data) ?? {};
  const createUser = body.create_user !== false;
  await sendOtp(deps, email, data, createUser, pkce, redirectParam(req, body));
  sendJson(req.http.res, 200, {});
};

async function sendOtp(
  deps: AuthDeps,
  email: string,
  data: Record<string, unknown>,
  createUser: boolean,
  pkce: PkceParams | null,
  requested: string | undefined,
) {
  const user = await findUserByEmail(deps.stack.db, email);
  if (!user) {
    if (!createUser) throw unprocessable('otp_disabled', 'Signups not allowed for otp');
    if (!deps.config.enableSignup)
      throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
  }
  if (!user?.email_confirmed_at) {
    if (user) checkFrequency(deps, user.confirmation_sent_at);
    const autoconfirm = !deps.config.enableConfirmations;
    const redirectTo = chooseRedirect(deps.config, requested, sitePath(deps.config, '/home'));
    const existing = user;
    await transaction(deps, 'Database error saving new user', async (tx) => {
      const userId =
        existing?.id ??
        (await insertUser(tx, {
          email,
          passwordHash: null,
          userMetadata: data,
          appMetadata: { provider: 'email', providers: ['email'] },
          confirmed: autoconfirm,
          identityInMetadata: true,
        }));
      if (autoconfirm && !existing) {
        // signups are confirmed at once: the magic link is the way in
        if (pkce) await createFlowState(tx, userId, pkce, 'magiclink');
        const token = await issueToken(tx, userId, 'recovery_token', email, !!pkce);
        await sendAuthMail(deps, {
          type: 'magiclink',
          to: email,
          ...token,
          redirectTo: chooseRedirect(deps.config, requested),
          data,
        });
        return;
      }
      if (pkce) await createFlowState(tx, userId, pkce, 'email/signup');
      const token = await issueToken(tx, userId, 'confirmation_token', email, !!pkce);
      await sendAuthMail(deps, {
        type: 'signup',
        to: email,
        ...token,
        redirectTo,
        data: existing?.raw_user_meta_data ?? data,
      });
    });
    return;
  }
  checkFrequency(deps, user.recovery_sent_at);
  const confirmed = user;
  await transaction(deps, 'Error sending magic link email', async (tx) => {
    if (pkce) await createFlowState(tx, confirmed.id, pkce, 'magiclink');
    const token = await issueToken(tx, confirmed.id, 'recovery_token', email, !!pkce);
    await sendAuthMail(deps, {
      type: 'magiclink',
      to: email,
      ...token,
      redirectTo: chooseRedirect(deps.config, requested),
      data: confirmed.raw_user_meta_data,
    });
  });
}
