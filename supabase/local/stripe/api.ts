// The REST API subset Drape's functions (and the official `stripe` package) use, answered
// in Stripe's shapes: form-encoded requests, JSON objects and lists, `expand`, idempotency
// keys, `Request-Id`, errors as {error: {type, code, message, param}}.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { header, HttpError, readBody } from '../http.ts';
import { type Billing, type LineItemInput, notFound, publicView, StripeApiError } from './billing.ts';
import {
  bool,
  decodeForm,
  type FormObject,
  type FormValue,
  int,
  list,
  metadata,
  obj,
  ParamError,
  requiredStr,
  str,
} from './form.ts';
import { newId, type PortalSession, nowSeconds, type StripeStore } from './store.ts';

export interface ApiOptions {
  /** the only accepted secret key; null accepts any test-mode key (sk_test_… / rk_test_…) */
  apiKey: string | null;
  /** the stand-in's public address, for portal URLs */
  base: string;
}

type Request = { id: string; idempotency_key: string | null };

export function createApi(store: StripeStore, billing: Billing, opts: ApiOptions) {
  const s = store.state;

  function authorise(req: IncomingMessage) {
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
    if (opts.apiKey !== null) {
      const a = Buffer.from(key);
      const b = Buffer.from(opts.apiKey);
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

  const listOf = <T extends { id: string; created: number }>(items: T[], form: FormObject, url: string) => {
    const limit = Math.min(Math.max(int(form, 'limit') ?? 10, 1), 100);
    // newest first; within one second, the later made first (items come in creation order)
    const sorted = [...items].reverse().sort((a, b) => b.created - a.created);
    const after = str(form, 'starting_after');
    const start = after ? sorted.findIndex((x) => x.id === after) + 1 : 0;
    const page = sorted.slice(start, start + limit);
    return {
      object: 'list',
      data: page.map((x) => expand(publicView(x), dataPaths(form))),
      has_more: start + limit < sorted.length,
      url,
    };
  };

  const expandList = (form: FormObject): string[] =>
    (list(form, 'expand') ?? []).filter((x): x is string => typeof x === 'string');
  const dataPaths = (form: FormObject) =>
    expandList(form)
      .filter((p) => p.startsWith('data.'))
      .map((p) => p.slice(5));

  function lookup(id: string): object | undefined {
    const prefix = id.slice(0, id.indexOf('_'));
    const table: Record<string, Record<string, object>> = {
      cus: s.customers,
      sub: s.subscriptions,
      in: s.invoices,
      pi: s.paymentIntents,
      price: s.prices,
      prod: s.products,
      cs: s.sessions,
    };
    const found = table[prefix]?.[id];
    return found ? publicView(found) : undefined;
  }

  /** Replaces ids named by expand paths ('customer', 'subscription.latest_invoice', 'line_items') with objects. */
  function expand<T extends object>(o: T, paths: string[]): T {
    if (paths.length === 0) return o;
    const out = { ...o } as Record<string, unknown>;
    for (const p of paths) {
      const [head, ...rest] = p.split('.');
      if (head === 'line_items' && (o as { object?: string }).object === 'checkout.session') {
        const session = s.sessions[(o as { id: string }).id];
        out.line_items = {
          object: 'list',
          data: session?._line_items ?? [],
          has_more: false,
          url: `/v1/checkout/sessions/${session?.id}/line_items`,
        };
        continue;
      }
      const v = out[head];
      if (typeof v === 'string') {
        const found = lookup(v);
        if (found) out[head] = rest.length ? expand(found, [rest.join('.')]) : found;
      } else if (v && typeof v === 'object' && rest.length) {
        out[head] = expand(v, [rest.join('.')]);
      }
    }
    return out as T;
  }

  const one = <T extends object>(o: T, form: FormObject) => expand(publicView(o), expandList(form));

  function lineItems(form: FormObject): LineItemInput[] {
    return (list(form, 'line_items') ?? []).map((raw, i) => {
      if (typeof raw !== 'object' || Array.isArray(raw))
        throw new ParamError(`line_items[${i}]`, `Invalid object: line_items[${i}]`);
      const pd = obj(raw, 'price_data', `line_items[${i}][price_data]`);
      const recurring = pd ? obj(pd, 'recurring', `line_items[${i}][price_data][recurring]`) : undefined;
      const productData = pd
        ? obj(pd, 'product_data', `line_items[${i}][price_data][product_data]`)
        : undefined;
      return {
        price: str(raw, 'price', `line_items[${i}][price]`),
        price_data: pd && {
          currency: requiredStr(pd, 'currency', `line_items[${i}][price_data][currency]`),
          unit_amount: int(pd, 'unit_amount', `line_items[${i}][price_data][unit_amount]`) ?? Number.NaN,
          product: str(pd, 'product', `line_items[${i}][price_data][product]`),
          product_data: productData && {
            name: requiredStr(productData, 'name', `line_items[${i}][price_data][product_data][name]`),
            description: str(productData, 'description'),
          },
          recurring: recurring && {
            interval: requiredStr(recurring, 'interval') as 'month',
            interval_count: int(recurring, 'interval_count'),
          },
        },
        quantity: int(raw, 'quantity', `line_items[${i}][quantity]`) ?? 0,
      };
    });
  }

  const absoluteUrl = (v: string | undefined, param: string, required: boolean): string | null => {
    if (v === undefined || v === '') {
      if (required) throw new ParamError(param, `Missing required param: ${param}.`, 'parameter_missing');
      return null;
    }
    if (!/^https?:\/\/[^\s]+$/i.test(v)) throw new ParamError(param, 'Not a valid URL');
    return v;
  };

  async function route(
    method: string,
    parts: string[],
    form: FormObject,
    request: Request,
  ): Promise<[number, unknown]> {
    const [a, b, c, d] = parts;
    const mutate = <T>(v: T) => {
      store.changed();
      return v;
    };
    switch (a) {
      case 'customers': {
        if (!b && method === 'POST') {
          const preferred = (list(form, 'preferred_locales') ?? []).filter(
            (x): x is string => typeof x === 'string',
          );
          return [
            200,
            one(
              billing.createCustomer({
                email: str(form, 'email') ?? null,
                name: str(form, 'name') ?? null,
                metadata: metadata(form),
                preferred_locales: preferred,
              }),
              form,
            ),
          ];
        }
        if (!b && method === 'GET') {
          const email = str(form, 'email');
          return [
            200,
            listOf(
              Object.values(s.customers).filter((x) => !email || x.email === email),
              form,
              '/v1/customers',
            ),
          ];
        }
        const customer = billing.customer(b, 'customer');
        if (!c && method === 'GET') return [200, one(customer, form)];
        if (!c && method === 'POST') {
          const previous: Record<string, unknown> = {};
          const email = str(form, 'email');
          const name = str(form, 'name');
          if (email !== undefined && email !== customer.email) {
            previous.email = customer.email;
            customer.email = email || null;
          }
          if (name !== undefined && name !== customer.name) {
            previous.name = customer.name;
            customer.name = name || null;
          }
          if (form.metadata !== undefined) {
            previous.metadata = customer.metadata;
            customer.metadata = metadata(form, 'metadata', customer.metadata);
          }
          if (Object.keys(previous).length)
            billing.emit('customer.updated', customer, previous, {
              id: request.id,
              idempotency_key: request.idempotency_key,
            });
          return [200, mutate(one(customer, form))];
        }
        break;
      }
      case 'products': {
        if (!b && method === 'POST') {
          return [
            200,
            mutate(
              one(
                billing.createProduct(
                  requiredStr(form, 'name'),
                  str(form, 'description') ?? null,
                  metadata(form),
                  bool(form, 'active') ?? true,
                ),
                form,
              ),
            ),
          ];
        }
        if (b && !c && method === 'GET') {
          const p = s.products[b];
          if (!p) throw notFound('product', b);
          return [200, one(p, form)];
        }
        break;
      }
      case 'prices': {
        if (!b && method === 'POST') {
          const recurring = obj(form, 'recurring');
          const price = billing.createPrice({
            currency: requiredStr(form, 'currency'),
            unit_amount: int(form, 'unit_amount') ?? Number.NaN,
            product: requiredStr(form, 'product'),
            recurring: recurring && {
              interval: requiredStr(recurring, 'interval', 'recurring[interval]') as 'month',
              interval_count: int(recurring, 'interval_count'),
            },
            nickname: str(form, 'nickname') ?? null,
            lookup_key: str(form, 'lookup_key') ?? null,
            metadata: metadata(form),
            active: bool(form, 'active'),
          });
          return [200, mutate(one(price, form))];
        }
        if (!b && method === 'GET') {
          const keys = (list(form, 'lookup_keys') ?? []).filter((x): x is string => typeof x === 'string');
          const active = bool(form, 'active');
          const product = str(form, 'product');
          const found = Object.values(s.prices).filter(
            (p) =>
              (!keys.length || (p.lookup_key && keys.includes(p.lookup_key))) &&
              (active === undefined || p.active === active) &&
              (!product || p.product === product),
          );
          return [200, listOf(found, form, '/v1/prices')];
        }
        if (b && !c && method === 'GET') {
          const p = s.prices[b];
          if (!p) throw notFound('price', b, 'price');
          return [200, one(p, form)];
        }
        break;
      }
      case 'checkout': {
        if (b !== 'sessions') break;
        if (!c && method === 'POST') {
          const mode = requiredStr(form, 'mode');
          if (mode !== 'payment' && mode !== 'subscription') {
            throw new ParamError(
              'mode',
              `Invalid mode: must be one of payment or subscription (the local stand-in does not offer ${mode})`,
            );
          }
          const subscriptionData = obj(form, 'subscription_data');
          const paymentIntentData = obj(form, 'payment_intent_data');
          const session = billing.createSession({
            mode,
            line_items: lineItems(form),
            success_url: absoluteUrl(str(form, 'success_url'), 'success_url', true) as string,
            cancel_url: absoluteUrl(str(form, 'cancel_url'), 'cancel_url', false),
            customer: str(form, 'customer') || null,
            customer_email: str(form, 'customer_email') || null,
            client_reference_id: str(form, 'client_reference_id') || null,
            metadata: metadata(form),
            subscription_metadata: metadata(subscriptionData, 'metadata'),
            payment_intent_metadata: metadata(paymentIntentData, 'metadata'),
            locale: str(form, 'locale') || null,
            expires_at: int(form, 'expires_at') ?? null,
          });
          return [200, one(session, form)];
        }
        if (!c && method === 'GET') {
          const sub = str(form, 'subscription');
          const pi = str(form, 'payment_intent');
          const customer = str(form, 'customer');
          const found = Object.values(s.sessions).filter(
            (x) =>
              (!sub || x.subscription === sub) &&
              (!pi || x.payment_intent === pi) &&
              (!customer || x.customer === customer),
          );
          return [200, listOf(found, form, '/v1/checkout/sessions')];
        }
        const session = billing.session(c);
        if (!d && method === 'GET') return [200, one(session, form)];
        if (d === 'line_items' && method === 'GET') {
          return [
            200,
            {
              object: 'list',
              data: session._line_items,
              has_more: false,
              url: `/v1/checkout/sessions/${session.id}/line_items`,
            },
          ];
        }
        if (d === 'expire' && method === 'POST')
          return [200, mutate(one(billing.expireSession(session), form))];
        break;
      }
      case 'billing_portal': {
        if (b !== 'sessions' || c || method !== 'POST') break;
        const customer = billing.customer(requiredStr(form, 'customer'), 'customer');
        const id = newId('bps', 24);
        const portal: PortalSession = {
          id,
          object: 'billing_portal.session',
          created: nowSeconds(),
          customer: customer.id,
          return_url: absoluteUrl(str(form, 'return_url'), 'return_url', false),
          url: `${opts.base}/portal/${id}`,
          locale: str(form, 'locale') || null,
          livemode: false,
          configuration: 'bpc_local_default',
          flow: null,
          on_behalf_of: null,
        };
        s.portalSessions[id] = portal;
        return [200, mutate(publicView(portal))];
      }
      case 'subscriptions': {
        if (!b && method === 'GET') {
          const customer = str(form, 'customer');
          const status = str(form, 'status');
          const found = Object.values(s.subscriptions).filter(
            (x) =>
              (!customer || x.customer === customer) &&
              (status === 'all' || (status ? x.status === status : x.status !== 'canceled')),
          );
          return [200, listOf(found, form, '/v1/subscriptions')];
        }
        if (!b) break;
        const sub = billing.subscription(b, 'id');
        if (!c && method === 'GET') return [200, one(sub, form)];
        if (!c && method === 'POST') {
          const items = (list(form, 'items') ?? []).map((raw, i) => {
            if (typeof raw !== 'object' || Array.isArray(raw))
              throw new ParamError(`items[${i}]`, `Invalid object: items[${i}]`);
            return { id: str(raw, 'id', `items[${i}][id]`), price: str(raw, 'price', `items[${i}][price]`) };
          });
          const updated = billing.updateSubscription(
            sub,
            {
              cancel_at_period_end: bool(form, 'cancel_at_period_end'),
              items,
              metadata: form.metadata === undefined ? undefined : metadata(form, 'metadata', sub.metadata),
            },
            { id: request.id, idempotency_key: request.idempotency_key },
          );
          return [200, one(updated, form)];
        }
        if (!c && method === 'DELETE')
          return [
            200,
            mutate(
              one(
                billing.cancelSubscription(sub, nowSeconds(), {
                  id: request.id,
                  idempotency_key: request.idempotency_key,
                }),
                form,
              ),
            ),
          ];
        break;
      }
      case 'invoices': {
        if (!b && method === 'GET') {
          const customer = str(form, 'customer');
          const sub = str(form, 'subscription');
          const status = str(form, 'status');
          const found = Object.values(s.invoices).filter(
            (x) =>
              (!customer || x.customer === customer) &&
              (!sub || x.parent?.subscription_details.subscription === sub) &&
              (!status || x.status === status),
          );
          return [200, listOf(found, form, '/v1/invoices')];
        }
        if (b && !c && method === 'GET') {
          const inv = s.invoices[b];
          if (!inv) throw notFound('invoice', b, 'invoice');
          return [200, one(inv, form)];
        }
        break;
      }
      case 'payment_intents': {
        if (b && !c && method === 'GET') {
          const pi = s.paymentIntents[b];
          if (!pi) throw notFound('payment_intent', b, 'intent');
          return [200, one(pi, form)];
        }
        break;
      }
      case 'events': {
        if (!b && method === 'GET') {
          const type = str(form, 'type');
          const matches = (t: string) =>
            !type || (type.endsWith('*') ? t.startsWith(type.slice(0, -1)) : t === type);
          return [
            200,
            listOf(
              Object.values(s.events).filter((e) => matches(e.type)),
              form,
              '/v1/events',
            ),
          ];
        }
        if (b && !c && method === 'GET') {
          const e = s.events[b];
          if (!e) throw notFound('event', b);
          return [200, e];
        }
        break;
      }
    }
    throw new StripeApiError(
      404,
      'invalid_request_error',
      `Unrecognized request URL (${method}: /v1/${parts.join('/')}). The local Stripe stand-in serves the subset Drape uses (see supabase/local/stripe/README.md).`,
    );
  }

  return async function handleApi(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    parts: string[],
    search: string,
  ) {
    const requestId = newId('req', 14);
    const respond = (status: number, body: unknown, extra: Record<string, string> = {}) => {
      const text = JSON.stringify(body, null, 2);
      res.writeHead(status, {
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(text),
        'Request-Id': requestId,
        'Stripe-Version': header(req, 'stripe-version') ?? '2026-10-28.endive',
        'Cache-Control': 'no-cache, no-store',
        ...extra,
      });
      res.end(text);
    };
    const fail = (err: StripeApiError) =>
      respond(err.status, {
        error: {
          type: err.type,
          message: err.message,
          ...(err.code ? { code: err.code } : {}),
          ...(err.param ? { param: err.param } : {}),
          request_log_url: null,
        },
      });
    try {
      authorise(req);
      let body = '';
      try {
        body = (await readBody(req, 256 * 1024)).toString('utf8');
      } catch (err) {
        if (err instanceof HttpError)
          throw new StripeApiError(err.status, 'invalid_request_error', err.message);
        throw err;
      }
      const form = decodeForm(method === 'GET' || method === 'DELETE' ? search : body);
      const key = header(req, 'idempotency-key') ?? null;
      const fingerprint = createHash('sha256')
        .update(`${method} ${parts.join('/')} ${body}`)
        .digest('hex');
      if (key && method === 'POST') {
        const seen = store.state.idempotency[key];
        if (seen && seen.at > nowSeconds() - 24 * 3600) {
          if (seen.fingerprint !== fingerprint) {
            throw new StripeApiError(
              400,
              'idempotency_error',
              `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            );
          }
          res.writeHead(seen.status, {
            'Content-Type': 'application/json',
            'Request-Id': requestId,
            'Idempotent-Replayed': 'true',
          });
          res.end(seen.body);
          return;
        }
      }
      const [status, result] = await route(method, parts, form, { id: requestId, idempotency_key: key });
      if (key && method === 'POST') {
        store.state.idempotency[key] = {
          at: nowSeconds(),
          fingerprint,
          status,
          body: JSON.stringify(result, null, 2),
        };
        store.changed();
      }
      respond(status, result);
    } catch (err) {
      if (err instanceof ParamError)
        return fail(new StripeApiError(400, 'invalid_request_error', err.message, err.code, err.param));
      if (err instanceof StripeApiError) return fail(err);
      throw err;
    }
  };
}

export type { FormValue };
