// /v1/subscriptions: retrieve, list (customer, status), update (cancel_at_period_end,
// items[n][id]+[price] without proration, metadata), cancel (DELETE).
import { bool, list, metadata, ParamError, str } from '../form.ts';
import { listOf, one, type Route } from './context.ts';
import { allowOnly, LIST, oneOf } from './params.ts';

const STATUSES = [
  'active',
  'all',
  'canceled',
  'ended',
  'incomplete',
  'incomplete_expired',
  'past_due',
  'paused',
  'trialing',
  'unpaid',
] as const;

export const subscriptions: Route = (ctx, { method, parts, form, request }) => {
  const [id, sub] = parts;
  const billing = ctx.billing;
  if (!id && method === 'GET') {
    allowOnly(form, { ...LIST, customer: true, status: true });
    const customer = str(form, 'customer');
    const status = oneOf(str(form, 'status'), STATUSES, 'status');
    const found = Object.values(ctx.store.state.subscriptions).filter(
      (x) =>
        (!customer || x.customer === customer) &&
        (status === 'all' || (status ? x.status === status : x.status !== 'canceled')),
    );
    return [200, listOf(ctx, found, form, '/v1/subscriptions')];
  }
  if (!id || sub) return null;
  const subscription = billing.subscriptions.get(id, 'id');
  if (method === 'GET') return [200, one(ctx, subscription, form)];
  if (method === 'POST') {
    allowOnly(form, {
      cancel_at_period_end: true,
      items: [{ id: true, price: true, quantity: true }],
      metadata: 'hash',
      proration_behavior: true,
    });
    oneOf(
      str(form, 'proration_behavior'),
      ['always_invoice', 'create_prorations', 'none'],
      'proration_behavior',
    );
    const items = (list(form, 'items') ?? []).map((raw, i) => {
      if (typeof raw !== 'object' || Array.isArray(raw))
        throw new ParamError(`items[${i}]`, `Invalid object: items[${i}]`);
      return { id: str(raw, 'id', `items[${i}][id]`), price: str(raw, 'price', `items[${i}][price]`) };
    });
    const updated = billing.subscriptions.update(
      subscription,
      {
        cancel_at_period_end: bool(form, 'cancel_at_period_end'),
        items,
        metadata: form.metadata === undefined ? undefined : metadata(form, 'metadata', subscription.metadata),
      },
      request,
    );
    return [200, one(ctx, updated, form)];
  }
  if (method === 'DELETE') {
    allowOnly(form, {
      prorate: true,
      invoice_now: true,
      cancellation_details: { comment: true, feedback: true },
    });
    return [200, one(ctx, billing.subscriptions.cancel(subscription, undefined, request), form)];
  }
  return null;
};
