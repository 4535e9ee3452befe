// Who may call the API: a Bearer (or Basic) secret key — the configured one, or, when none is
// configured, any test-mode key.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { header } from '../../http.ts';
import { StripeApiError } from '../errors.ts';

export function authorise(req: IncomingMessage, apiKey: string | null) {
  const raw = header(req, 'authorization') ?? '';
  let key = /^Bearer\s+(\S+)\s*$/i.exec(raw)?.[1];
  const basic = /^Basic\s+(\S+)\s*$/i.exec(raw)?.[1];
  if (!key && basic) key = Buffer.from(basic, 'base64').toString('utf8').split(':')[0];
  if (!key) {
    throw new StripeApiError(
      401,
      'invalid_request_error',
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    );
  }
  const masked = `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`;
  if (apiKey !== null) {
    const a = Buffer.from(key);
    const b = Buffer.from(apiKey);
    if (a.length !== b.length || !timingSafeEqual(a, b))
      throw new StripeApiError(401, 'invalid_request_error', `Invalid API Key provided: ${masked}`);
  } else if (!/^(sk|rk)_test_\S{4,}$/.test(key)) {
    throw new StripeApiError(
      401,
      'invalid_request_error',
      `Invalid API Key provided: ${masked} (the local stand-in takes test-mode keys only)`,
    );
  }
}
