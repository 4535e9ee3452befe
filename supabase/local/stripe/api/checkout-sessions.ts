// /v1/checkout/sessions: create, retrieve, list (subscription, payment_intent, customer),
// line_items, expire.
import type { LineItemInput } from '../billing/checkout-sessions.ts';
import {
  absoluteUrl,
  type FormObject,
  int,
  list,
  metadata,
  obj,
  ParamError,
  requiredStr,
  str,
} from '../form.ts';
import { listOf, one, type Route } from './context.ts';
import { allowOnly, LIST, LOCALES, oneOf, type ParamSpec } from './params.ts';

/** The parameters of POST /v1/checkout/sessions the stand-in takes (Drape's and the tests'). */
const SESSION_PARAMS: Record<string, ParamSpec> = {
  mode: true,
  line_items: [
    {
      price: true,
      quantity: true,
      price_data: {
        currency: true,
        unit_amount: true,
        product: true,
        product_data: { name: true, description: true, metadata: 'hash' },
        recurring: { interval: true, interval_count: true },
      },
    },
  ],
  success_url: true,
  cancel_url: true,
  customer: true,
  customer_email: true,
  client_reference_id: true,
  metadata: 'hash',
  subscription_data: { metadata: 'hash', description: true },
  payment_intent_data: { metadata: 'hash', description: true },
  locale: true,
  expires_at: true,
};

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
          interval: oneOf(
            requiredStr(recurring, 'interval', `line_items[${i}][price_data][recurring][interval]`),
            ['day', 'month', 'week', 'year'],
            `line_items[${i}][price_data][recurring][interval]`,
          ) as 'month',
          interval_count: int(recurring, 'interval_count'),
        },
      },
      quantity: int(raw, 'quantity', `line_items[${i}][quantity]`) ?? 0,
    };
  });
}

export const checkoutSessions: Route = (ctx, { method, parts, form }) => {
  const [kind, id, action] = parts;
  if (kind !== 'sessions') return null;
  const sessions = ctx.billing.sessions;
  if (!id && method === 'POST') {
    allowOnly(form, SESSION_PARAMS);
    const mode = oneOf(requiredStr(form, 'mode'), ['payment', 'setup', 'subscription'], 'mode');
    oneOf(str(form, 'locale'), LOCALES, 'locale');
    if (mode !== 'payment' && mode !== 'subscription') {
      throw new ParamError(
        'mode',
        `Invalid mode: must be one of payment or subscription (the local stand-in does not offer ${mode})`,
      );
    }
    const session = sessions.create({
      mode,
      line_items: lineItems(form),
      success_url: absoluteUrl(form, 'success_url', true) as string,
      cancel_url: absoluteUrl(form, 'cancel_url', false),
      customer: str(form, 'customer') || null,
      customer_email: str(form, 'customer_email') || null,
      client_reference_id: str(form, 'client_reference_id') || null,
      metadata: metadata(form),
      subscription_metadata: metadata(obj(form, 'subscription_data'), 'metadata'),
      payment_intent_metadata: metadata(obj(form, 'payment_intent_data'), 'metadata'),
      locale: str(form, 'locale') || null,
      expires_at: int(form, 'expires_at') ?? null,
    });
    return [200, one(ctx, session, form)];
  }
  if (!id && method === 'GET') {
    allowOnly(form, { ...LIST, subscription: true, payment_intent: true, customer: true });
    const sub = str(form, 'subscription');
    const pi = str(form, 'payment_intent');
    const customer = str(form, 'customer');
    const found = Object.values(ctx.store.state.sessions).filter(
      (x) =>
        (!sub || x.subscription === sub) &&
        (!pi || x.payment_intent === pi) &&
        (!customer || x.customer === customer),
    );
    return [200, listOf(ctx, found, form, '/v1/checkout/sessions')];
  }
  if (!id) return null;
  const session = sessions.get(id);
  if (!action && method === 'GET') return [200, one(ctx, session, form)];
  if (action === 'line_items' && method === 'GET') {
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
  if (action === 'expire' && method === 'POST') {
    sessions.expire(session);
    ctx.store.changed();
    return [200, one(ctx, session, form)];
  }
  return null;
};
