// /verify: GET is the link in a mail (answers 303 to redirect_to with the session in the
// fragment, ?code= for PKCE, or the error fragment); POST is verifyOtp({token_hash,type})
// or verifyOtp({email,token,type}) and answers the session JSON.
import type { Queryable } from '../../db/database.ts';
import { sendEmpty, sendJson } from '../../http.ts';
import type { Handler } from '../deps.ts';
import { AuthError, forbidden, unprocessable } from '../errors.ts';
import { consumeToken, findToken, PKCE_PREFIX, TOKEN_TYPES_FOR, type TokenRow } from '../one-time-tokens.ts';
import { clientInfo, str, validateEmail } from '../params.ts';
import { issueAuthCode } from '../pkce.ts';
import { chooseRedirect, withFragment, withQuery } from '../redirects.ts';
import { startSession, type AuthMethod, type SessionJson } from '../sessions.ts';
import { transaction } from '../transaction.ts';
import { applyEmailChange, confirmEmail, findUserById, isBanned } from '../users.ts';

const LINK_TYPES = ['signup', 'invite', 'recovery', 'magiclink', 'email_change'];
const OTP_TYPES = [...LINK_TYPES, 'email'];

/** The flow a verified token belongs to, as recorded in amr and flow_state. */
const METHOD_OF: Record<string, AuthMethod> = {
  signup: 'email/signup',
  invite: 'invite',
  recovery: 'recovery',
  magiclink: 'magiclink',
  email_change: 'email_change',
  email: 'otp',
};

const OAUTH_ERROR: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};

/** Applies what a token proves (confirmation, recovery, e-mail change) and uses it up. */
async function applyToken(tx: Queryable, row: TokenRow, type: string): Promise<string> {
  const user = await findUserById(tx, row.user_id, true);
  if (!user) throw forbidden('otp_expired', 'Token has expired or is invalid');
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  await consumeToken(tx, row);
  if (type === 'email_change') {
    await applyEmailChange(tx, user.id);
  } else if (row.token_type === 'confirmation_token' || !user.email_confirmed_at) {
    // a recovery or magic link proves the address too
    await confirmEmail(tx, user.id);
  }
  return user.id;
}

export const verifyLink: Handler = async (deps, req) => {
  deps.limits.verify(req.ip);
  const token = str(req.query.get('token'));
  const type = str(req.query.get('type'));
  const redirectTo = chooseRedirect(deps.config, str(req.query.get('redirect_to')));
  if (!type) throw unprocessable('validation_failed', 'Verify requires a verification type');
  if (!token) throw unprocessable('validation_failed', 'Verify requires a token or a token hash');
  if (!LINK_TYPES.includes(type)) throw unprocessable('validation_failed', 'Unsupported verification type');
  const pkce = token.startsWith(PKCE_PREFIX);

  let location: string;
  try {
    const out = await transaction(deps, 'Database error updating user', async (tx) => {
      const row = await findToken(tx, { tokenHash: token }, TOKEN_TYPES_FOR[type], deps.config.otpExpiry);
      if (!row) throw forbidden('otp_expired', 'Email link is invalid or has expired');
      const userId = await applyToken(tx, row, type);
      if (pkce) {
        const code = await issueAuthCode(tx, userId, METHOD_OF[type]);
        if (!code) throw forbidden('flow_state_not_found', 'No associated flow state found.');
        return { code, session: null };
      }
      return { code: null, session: await startSession(deps, tx, userId, 'otp', clientInfo(req)) };
    });
    location = out.session
      ? sessionFragment(redirectTo, out.session, type)
      : withQuery(redirectTo, { code: out.code ?? '' });
  } catch (err) {
    if (!(err instanceof AuthError)) throw err;
    location = errorRedirect(redirectTo, err, pkce);
  }
  sendEmpty(req.http.res, 303, { Location: location });
};

function sessionFragment(redirectTo: string, s: SessionJson, type: string): string {
  // url.Values.Encode in GoTrue: keys in alphabetical order
  return withFragment(redirectTo, {
    access_token: s.access_token,
    expires_at: String(s.expires_at),
    expires_in: String(s.expires_in),
    refresh_token: s.refresh_token,
    sb: '',
    token_type: s.token_type,
    type,
  });
}

function errorRedirect(redirectTo: string, err: AuthError, pkce: boolean): string {
  const params = {
    error: OAUTH_ERROR[err.status] ?? 'server_error',
    error_code: err.code,
    error_description: err.message,
  };
  // the PKCE flow reads the query (the browser may not run the fragment), implicit the fragment
  return withFragment(pkce ? withQuery(redirectTo.split('#')[0], params) : redirectTo, params);
}

export const verifyOtp: Handler = async (deps, req) => {
  deps.limits.verify(req.ip);
  const body = await req.body();
  const type = str(body.type);
  const token = str(body.token);
  const tokenHash = str(body.token_hash);
  if (!type) throw unprocessable('validation_failed', 'Verify requires a verification type');
  if ((!token && !tokenHash) || (token && tokenHash)) {
    throw unprocessable('validation_failed', 'Verify requires either a token or a token hash');
  }
  if (type === 'sms' || type === 'phone_change') {
    throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  }
  if (!OTP_TYPES.includes(type)) throw unprocessable('validation_failed', 'Unsupported verification type');
  let lookup: { tokenHash: string } | { email: string; otp: string };
  if (token) {
    if (str(body.phone) || !str(body.email)) {
      throw unprocessable(
        'validation_failed',
        'Only an email address or phone number should be provided on verify',
      );
    }
    lookup = { email: validateEmail(str(body.email)), otp: token };
  } else {
    if (str(body.email) || str(body.phone)) {
      throw unprocessable('validation_failed', 'Only the token_hash and type should be provided');
    }
    lookup = { tokenHash: tokenHash! };
  }
  const session = await transaction(deps, 'Database error updating user', async (tx) => {
    const row = await findToken(tx, lookup, TOKEN_TYPES_FOR[type], deps.config.otpExpiry);
    if (!row) throw forbidden('otp_expired', 'Token has expired or is invalid');
    const userId = await applyToken(tx, row, type);
    return startSession(deps, tx, userId, 'otp', clientInfo(req));
  });
  sendJson(req.http.res, 200, session);
};
