// The REST API subset Drape's functions (and the official `stripe` package) use, answered
// in Stripe's shapes: form-encoded requests, JSON objects and lists, `expand`, idempotency
// keys, `Request-Id`, errors as {error: {type, code, message, param}}. One module per
// resource in api/.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { header, HttpError, readBody } from '../http.ts';
import type { Billing } from './billing.ts';
import { API_VERSION } from './billing/events.ts';
import { StripeApiError } from './errors.ts';
import { decodeForm, type FormValue, ParamError } from './form.ts';
import { newId, type StripeStore } from './store.ts';
import { authorise } from './api/auth.ts';
import { billingPortal } from './api/billing-portal.ts';
import { prices, products } from './api/catalogue.ts';
import { checkoutSessions } from './api/checkout-sessions.ts';
import type { ApiCall, ApiContext, Route } from './api/context.ts';
import { customers } from './api/customers.ts';
import { events } from './api/events.ts';
import { IdempotencyKeys } from './api/idempotency.ts';
import { invoices, paymentIntents } from './api/invoices.ts';
import { subscriptions } from './api/subscriptions.ts';

export interface ApiOptions {
  /** the only accepted secret key; null accepts any test-mode key (sk_test_… / rk_test_…) */
  apiKey: string | null;
  /** the stand-in's public address, for portal URLs */
  base: string;
}

const ROUTES: Record<string, Route> = {
  customers,
  products,
  prices,
  checkout: checkoutSessions,
  billing_portal: billingPortal,
  subscriptions,
  invoices,
  payment_intents: paymentIntents,
  events,
};

function route(ctx: ApiContext, resource: string, call: ApiCall): [number, unknown] {
  const answer = Object.hasOwn(ROUTES, resource) ? ROUTES[resource](ctx, call) : null;
  if (answer) return answer;
  throw new StripeApiError(
    404,
    'invalid_request_error',
    `Unrecognized request URL (${call.method}: /v1/${[resource, ...call.parts].join('/')}). The local Stripe stand-in serves the subset Drape uses (see supabase/local/stripe/README.md).`,
  );
}

export function createApi(store: StripeStore, billing: Billing, opts: ApiOptions) {
  const ctx: ApiContext = { store, billing, base: opts.base };
  const keys = new IdempotencyKeys(store);

  return async function handleApi(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    parts: string[],
    search: string,
  ) {
    const requestId = newId('req', 14);
    const respond = (status: number, text: string, extra: Record<string, string> = {}) => {
      res.writeHead(status, {
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(text),
        'Request-Id': requestId,
        'Stripe-Version': header(req, 'stripe-version') ?? API_VERSION,
        'Cache-Control': 'no-cache, no-store',
        ...extra,
      });
      res.end(text);
    };
    const fail = (err: StripeApiError) =>
      respond(
        err.status,
        JSON.stringify(
          {
            error: {
              type: err.type,
              message: err.message,
              ...(err.code ? { code: err.code } : {}),
              ...(err.param ? { param: err.param } : {}),
              request_log_url: null,
            },
          },
          null,
          2,
        ),
      );
    try {
      authorise(req, opts.apiKey);
      let body = '';
      try {
        body = (await readBody(req, 256 * 1024)).toString('utf8');
      } catch (err) {
        if (err instanceof HttpError)
          throw new StripeApiError(err.status, 'invalid_request_error', err.message);
        throw err;
      }
      const form = decodeForm(method === 'GET' || method === 'DELETE' ? search : body);
      const key = method === 'POST' ? (header(req, 'idempotency-key') ?? null) : null;
      const fingerprint = IdempotencyKeys.fingerprint(method, parts.join('/'), body);
      if (key) {
        const replay = keys.replay(key, fingerprint);
        if (replay) return respond(replay.status, replay.body, { 'Idempotent-Replayed': 'true' });
      }
      const [resource = '', ...rest] = parts;
      const [status, result] = route(ctx, resource, {
        method,
        parts: rest,
        form,
        request: { id: requestId, idempotency_key: header(req, 'idempotency-key') ?? null },
      });
      const text = JSON.stringify(result, null, 2);
      if (key) keys.remember(key, fingerprint, status, text);
      respond(status, text);
    } catch (err) {
      if (err instanceof ParamError)
        return fail(new StripeApiError(400, 'invalid_request_error', err.message, err.code, err.param));
      if (err instanceof StripeApiError) return fail(err);
      throw err;
    }
  };
}

export type { FormValue };
