// /v1/customers: create, retrieve, update (email, name, metadata), list (email).
import { list, metadata, str } from '../form.ts';
import { listOf, one, type Route } from './context.ts';
import { allowOnly, LIST, type ParamSpec } from './params.ts';

export const customers: Route = (ctx, { method, parts, form, request }) => {
  const [id, sub] = parts;
  const { billing, store } = ctx;
  const fields: Record<string, ParamSpec> = {
    email: true,
    name: true,
    metadata: 'hash',
    preferred_locales: [true],
    description: true,
    phone: true,
  };
  if (!id && method === 'POST') {
    allowOnly(form, fields);
    const preferred = (list(form, 'preferred_locales') ?? []).filter(
      (x): x is string => typeof x === 'string',
    );
    const customer = billing.customers.create({
      email: str(form, 'email') ?? null,
      name: str(form, 'name') ?? null,
      metadata: metadata(form),
      preferred_locales: preferred,
    });
    return [200, one(ctx, customer, form)];
  }
  if (!id && method === 'GET') {
    allowOnly(form, { ...LIST, email: true });
    const email = str(form, 'email');
    const found = Object.values(store.state.customers).filter((x) => !email || x.email === email);
    return [200, listOf(ctx, found, form, '/v1/customers')];
  }
  if (!id || sub) return null;
  const customer = billing.customers.get(id, 'customer');
  if (method === 'GET') return [200, one(ctx, customer, form)];
  if (method === 'POST') {
    allowOnly(form, fields);
    billing.customers.update(
      customer,
      {
        email: str(form, 'email'),
        name: str(form, 'name'),
        metadata: form.metadata === undefined ? undefined : metadata(form, 'metadata', customer.metadata),
      },
      request,
    );
    return [200, one(ctx, customer, form)];
  }
  return null;
};
