// /v1/events: retrieve, list (type, with a trailing * for a prefix).
import { notFound } from '../errors.ts';
import { str } from '../form.ts';
import { listOf, type Route } from './context.ts';
import { allowOnly, LIST } from './params.ts';

export const events: Route = (ctx, { method, parts, form }) => {
  const [id, sub] = parts;
  const all = ctx.store.state.events;
  if (!id && method === 'GET') {
    allowOnly(form, { ...LIST, type: true, types: [true] });
    const type = str(form, 'type');
    const matches = (t: string) =>
      !type || (type.endsWith('*') ? t.startsWith(type.slice(0, -1)) : t === type);
    return [
      200,
      listOf(
        ctx,
        Object.values(all).filter((e) => matches(e.type)),
        form,
        '/v1/events',
      ),
    ];
  }
  if (id && !sub && method === 'GET') {
    const e = all[id];
    if (!e) throw notFound('event', id);
    return [200, e];
  }
  return null;
};
