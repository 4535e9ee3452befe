// /v1/invoices (retrieve, list by customer, subscription, status) and
// /v1/payment_intents (retrieve).
import { notFound } from '../errors.ts';
import { str } from '../form.ts';
import { listOf, one, type Route } from './context.ts';
import { allowOnly, LIST, oneOf } from './params.ts';

export const invoices: Route = (ctx, { method, parts, form }) => {
  const [id, sub] = parts;
  const s = ctx.store.state;
  if (!id && method === 'GET') {
    allowOnly(form, { ...LIST, customer: true, subscription: true, status: true });
    const customer = str(form, 'customer');
    const subscription = str(form, 'subscription');
    const status = oneOf(str(form, 'status'), ['draft', 'open', 'paid', 'uncollectible', 'void'], 'status');
    const found = Object.values(s.invoices).filter(
      (x) =>
        (!customer || x.customer === customer) &&
        (!subscription || x.parent?.subscription_details.subscription === subscription) &&
        (!status || x.status === status),
    );
    return [200, listOf(ctx, found, form, '/v1/invoices')];
  }
  if (id && !sub && method === 'GET') {
    const inv = s.invoices[id];
    if (!inv) throw notFound('invoice', id, 'invoice');
    return [200, one(ctx, inv, form)];
  }
  return null;
};

export const paymentIntents: Route = (ctx, { method, parts, form }) => {
  const [id, sub] = parts;
  if (!id || sub || method !== 'GET') return null;
  const pi = ctx.store.state.paymentIntents[id];
  if (!pi) throw notFound('payment_intent', id, 'intent');
  return [200, one(ctx, pi, form)];
};
