// What every API route gets: the stand-in's state and billing, the request (method, path
// after the resource, form, ids), and Stripe's object and list views with `expand`.
import type { Billing } from '../billing.ts';
import { publicView } from '../errors.ts';
import { type FormObject, int, list, str } from '../form.ts';
import type { RequestRef } from '../billing/events.ts';
import type { StripeStore } from '../store.ts';

export interface ApiContext {
  store: StripeStore;
  billing: Billing;
  /** the stand-in's public address, for portal URLs */
  base: string;
}

export interface ApiCall {
  method: string;
  /** the path after /v1/<resource> */
  parts: string[];
  form: FormObject;
  request: RequestRef & { id: string };
}

/** A resource's routes: [status, body], or null when the path or method is not one of them. */
export type Route = (ctx: ApiContext, call: ApiCall) => [number, unknown] | null;

export const expandList = (form: FormObject): string[] =>
  (list(form, 'expand') ?? []).filter((x): x is string => typeof x === 'string');

const dataPaths = (form: FormObject) =>
  expandList(form)
    .filter((p) => p.startsWith('data.'))
    .map((p) => p.slice(5));

function lookup(ctx: ApiContext, id: string): object | undefined {
  const s = ctx.store.state;
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
export function expand<T extends object>(ctx: ApiContext, o: T, paths: string[]): T {
  if (paths.length === 0) return o;
  const out = { ...o } as Record<string, unknown>;
  for (const p of paths) {
    const [head, ...rest] = p.split('.');
    if (head === 'line_items' && (o as { object?: string }).object === 'checkout.session') {
      const session = ctx.store.state.sessions[(o as { id: string }).id];
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
      const found = lookup(ctx, v);
      if (found) out[head] = rest.length ? expand(ctx, found, [rest.join('.')]) : found;
    } else if (v && typeof v === 'object' && rest.length) {
      out[head] = expand(ctx, v, [rest.join('.')]);
    }
  }
  return out as T;
}

/** One object as the API answers it, expanded as the request asks. */
export const one = <T extends object>(ctx: ApiContext, o: T, form: FormObject) =>
  expand(ctx, publicView(o), expandList(form));

/** A list page: newest first, `limit` (1–100, default 10), `starting_after`. */
export function listOf<T extends { id: string; created: number }>(
  ctx: ApiContext,
  items: T[],
  form: FormObject,
  url: string,
) {
  const limit = Math.min(Math.max(int(form, 'limit') ?? 10, 1), 100);
  // newest first; within one second, the later made first (items come in creation order)
  const sorted = [...items].reverse().sort((a, b) => b.created - a.created);
  const after = str(form, 'starting_after');
  const start = after ? sorted.findIndex((x) => x.id === after) + 1 : 0;
  const page = sorted.slice(start, start + limit);
  return {
    object: 'list',
    data: page.map((x) => expand(ctx, publicView(x), dataPaths(form))),
    has_more: start + limit < sorted.length,
    url,
  };
}
