// The dev API (/dev), in place of Stripe's dashboard and test clocks. It answers this machine
// while the stack listens on loopback, and otherwise only `Authorization: Bearer
// <LOCAL_STRIPE_SECRET_KEY>` (behind a reverse proxy every visitor looks local):
// events and their deliveries, resending an event, a subscription's renewal, failed
// renewal or end (optionally losing their deliveries), moving a subscription into the past.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { header, isDevKey, sendJson, trustedAsThisMachine } from '../http.ts';
import type { Billing } from './billing.ts';
import { publicView, StripeApiError } from './errors.ts';
import type { StripeStore } from './store.ts';
import type { WebhookSender } from './webhooks.ts';

export function devApi(
  store: StripeStore,
  billing: Billing,
  sender: WebhookSender,
  access: { apiKey: string | null; stackHost: string },
) {
  const s = store.state;
  return async function dev(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    parts: string[],
    url: URL,
  ) {
    const key = /^Bearer\s+(\S+)\s*$/i.exec(header(req, 'authorization') ?? '')?.[1];
    if (!isDevKey(key, access.apiKey) && !trustedAsThisMachine(req, access.stackHost))
      return sendJson(res, 403, {
        message:
          'the stand-in’s dev API answers only on this machine while the stack listens on loopback; otherwise only Authorization: Bearer <LOCAL_STRIPE_SECRET_KEY>',
      });
    const [what, id, action] = parts;
    try {
      if (what === 'events' && !id && method === 'GET') {
        const type = url.searchParams.get('type');
        const limit = Math.min(Number(url.searchParams.get('limit') ?? 100) || 100, 1000);
        // newest first, also within one second (the order they were made in, reversed)
        const events = Object.values(s.events)
          .filter((e) => !type || e.type === type)
          .reverse()
          .sort((a, b) => b.created - a.created)
          .slice(0, limit)
          .map((e) => ({ ...e, delivery: s.deliveries[e.id] ?? null }));
        return sendJson(res, 200, events);
      }
      if (what === 'events' && id && action === 'resend' && method === 'POST') {
        if (!s.events[id]) return sendJson(res, 404, { message: `No such event: '${id}'` });
        sender.resend(id);
        await sender.idle();
        return sendJson(res, 200, { ...s.events[id], delivery: s.deliveries[id] });
      }
      if (
        what === 'subscriptions' &&
        id &&
        (action === 'renew' || action === 'fail' || action === 'cancel') &&
        method === 'POST'
      ) {
        const subs = billing.subscriptions;
        const sub = subs.get(id);
        // lose=invoice.paid,invoice.payment_succeeded (or *): those deliveries never go out
        const lose = (url.searchParams.get('lose') ?? '')
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean);
        const out = billing.events.losing(lose, () =>
          action === 'renew' ? subs.renew(sub) : action === 'fail' ? subs.failRenewal(sub) : subs.cancel(sub),
        );
        await sender.idle();
        return sendJson(res, 200, publicView(out));
      }
      if (what === 'subscriptions' && id && action === 'backdate' && method === 'POST') {
        const months = Number(url.searchParams.get('months') ?? 0);
        const seconds = Number(url.searchParams.get('seconds') ?? 0);
        if (!Number.isInteger(months) || months < 0 || !Number.isInteger(seconds) || seconds < 0)
          return sendJson(res, 400, { message: 'months and seconds must be whole numbers ≥ 0' });
        const sub = billing.subscriptions.backdate(billing.subscriptions.get(id), months, seconds);
        return sendJson(res, 200, publicView(sub));
      }
      if (what === 'checkout_sessions' && id && action === 'delayed_payment' && method === 'POST') {
        const result = url.searchParams.get('result');
        if (result !== 'succeeded' && result !== 'failed')
          return sendJson(res, 400, { message: 'result must be succeeded or failed' });
        const session = billing.sessions.delayedPayment(billing.sessions.get(id), result);
        await sender.idle();
        return sendJson(res, 200, publicView(session));
      }
      if (what === 'checkout_sessions' && id && action === 'backdate' && method === 'POST') {
        const seconds = Number(url.searchParams.get('seconds') ?? 0);
        if (!Number.isInteger(seconds) || seconds < 0)
          return sendJson(res, 400, { message: 'seconds must be a whole number ≥ 0' });
        const session = billing.sessions.backdate(billing.sessions.get(id), seconds);
        // what the sweep would do at its next turn, now
        billing.sessions.expireDue();
        await sender.idle();
        return sendJson(res, 200, publicView(session));
      }
      if (what === 'idle' && method === 'POST') {
        await sender.idle();
        return sendJson(res, 200, { idle: true });
      }
    } catch (err) {
      if (err instanceof StripeApiError)
        return sendJson(res, err.status, { error: { type: err.type, message: err.message, code: err.code } });
      throw err;
    }
    return sendJson(res, 404, { message: 'not found' });
  };
}
