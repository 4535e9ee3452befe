// /v1/subscriptions: retrieve, list (customer, status), update (cancel_at_period_end,
// items[n][id]+[price] without proration, metadata), cancel (DELETE).
import { bool, list, metadata, ParamError, str } from '../form.ts';
import { listOf, one, type Route } from './context.ts';

export const subscriptions: Route = (ctx, { method, parts, form, request }) => {
  const [id, sub] = parts;
  const billing = ctx.billing;
  if (!id && method === 'GET') {
    const customer = str(form, 'customer');
    const status = str(form, 'status');
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
  if (method === 'DELETE')
    return [200, one(ctx, billing.subscriptions.cancel(subscription, undefined, request), form)];
  return null;
};
