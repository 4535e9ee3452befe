// Who may call the API: a Bearer (or Basic) secret key. With LOCAL_STRIPE_SECRET_KEY set,
// exactly that key, from anywhere; without it, any test-mode key from this machine only
// (the stack refuses to listen beyond this machine without the key).
import type { IncomingMessage } from 'node:http';
import { devKeyRefusal, header } from '../../http.ts';
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
  const refusal = devKeyRefusal(req, key, apiKey);
  if (refusal === 'wrong_key')
    throw new StripeApiError(401, 'invalid_request_error', `Invalid API Key provided: ${masked}`);
  if (refusal === 'not_this_machine')
    throw new StripeApiError(
      401,
      'invalid_request_error',
      `Invalid API Key provided: ${masked} (the local stand-in takes keys from other machines only when LOCAL_STRIPE_SECRET_KEY is set, and then only that key)`,
    );
  if (apiKey === null && !/^(sk|rk)_test_\S{4,}$/.test(key)) {
    throw new StripeApiError(
      401,
      'invalid_request_error',
      `Invalid API Key provided: ${masked} (the local stand-in takes test-mode keys only)`,
    );
  }
}
