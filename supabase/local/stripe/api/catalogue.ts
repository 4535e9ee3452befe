// /v1/products (create, retrieve) and /v1/prices (create, retrieve, list by lookup_keys,
// active, product).
import { bool, int, list, metadata, obj, requiredStr, str } from '../form.ts';
import { listOf, one, type Route } from './context.ts';
import { allowOnly, LIST, oneOf } from './params.ts';

const INTERVALS = ['day', 'month', 'week', 'year'] as const;

export const products: Route = (ctx, { method, parts, form }) => {
  const [id, sub] = parts;
  if (!id && method === 'POST') {
    allowOnly(form, { name: true, description: true, metadata: 'hash', active: true });
    const product = ctx.billing.catalogue.createProduct(
      requiredStr(form, 'name'),
      str(form, 'description') ?? null,
      metadata(form),
      bool(form, 'active') ?? true,
    );
    ctx.store.changed();
    return [200, one(ctx, product, form)];
  }
  if (id && !sub && method === 'GET') return [200, one(ctx, ctx.billing.catalogue.product(id, 'id'), form)];
  return null;
};

export const prices: Route = (ctx, { method, parts, form }) => {
  const [id, sub] = parts;
  if (!id && method === 'POST') {
    allowOnly(form, {
      currency: true,
      unit_amount: true,
      product: true,
      recurring: { interval: true, interval_count: true },
      nickname: true,
      lookup_key: true,
      metadata: 'hash',
      active: true,
    });
    const recurring = obj(form, 'recurring');
    const price = ctx.billing.catalogue.createPrice({
      currency: requiredStr(form, 'currency'),
      unit_amount: int(form, 'unit_amount') ?? Number.NaN,
      product: requiredStr(form, 'product'),
      recurring: recurring && {
        interval: oneOf(
          requiredStr(recurring, 'interval', 'recurring[interval]'),
          INTERVALS,
          'recurring[interval]',
        ) as 'month',
        interval_count: int(recurring, 'interval_count'),
      },
      nickname: str(form, 'nickname') ?? null,
      lookup_key: str(form, 'lookup_key') ?? null,
      metadata: metadata(form),
      active: bool(form, 'active'),
    });
    ctx.store.changed();
    return [200, one(ctx, price, form)];
  }
  if (!id && method === 'GET') {
    allowOnly(form, { ...LIST, lookup_keys: [true], active: true, product: true });
    const keys = (list(form, 'lookup_keys') ?? []).filter((x): x is string => typeof x === 'string');
    const active = bool(form, 'active');
    const product = str(form, 'product');
    const found = Object.values(ctx.store.state.prices).filter(
      (p) =>
        (!keys.length || (p.lookup_key && keys.includes(p.lookup_key))) &&
        (active === undefined || p.active === active) &&
        (!product || p.product === product),
    );
    return [200, listOf(ctx, found, form, '/v1/prices')];
  }
  if (id && !sub && method === 'GET') return [200, one(ctx, ctx.billing.catalogue.price(id), form)];
  return null;
};
