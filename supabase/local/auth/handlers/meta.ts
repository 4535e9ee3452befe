// The cheap informational endpoints: health, settings (what the sign-in screens may offer),
// the JWKS (empty: tokens are HS256) and /authorize (no OAuth providers are configured).
import { sendJson } from '../../http.ts';
import type { Handler } from '../deps.ts';
import { badRequest } from '../errors.ts';

const EXTERNAL_PROVIDERS = [
  'anonymous_users',
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin_oidc',
  'notion',
  'spotify',
  'slack',
  'slack_oidc',
  'workos',
  'twitch',
  'twitter',
  'x',
  'zoom',
];

export const health: Handler = async (deps, req) => {
  await deps.stack.db.query('select 1');
  sendJson(req.http.res, 200, {
    version: 'local',
    name: 'GoTrue',
    description: 'GoTrue is a user registration and authentication API',
  });
};

export const settings: Handler = async (deps, req) => {
  const external: Record<string, boolean> = Object.fromEntries(EXTERNAL_PROVIDERS.map((p) => [p, false]));
  external.email = true;
  external.phone = false;
  sendJson(req.http.res, 200, {
    external,
    disable_signup: !deps.config.enableSignup,
    mailer_autoconfirm: !deps.config.enableConfirmations,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  });
};

export const jwks: Handler = async (_deps, req) => {
  sendJson(req.http.res, 200, { keys: [] });
};

export const authorize: Handler = async (_deps, req) => {
  const provider = req.query.get('provider') ?? '';
  throw badRequest('validation_failed', `Unsupported provider: provider ${provider} could not be found`);
};
