// The local Stripe stand-in, mounted by the stack at /_dev/stripe (like the mailbox): the
// subset of Stripe's API that Drape's payment functions use, its hosted checkout and
// customer portal pages, and signed webhooks to the stack's stripe-webhook function.
//   /v1/…                      the API (Bearer test key): customers, products, prices,
//                              checkout sessions, billing portal sessions, subscriptions,
//                              invoices, payment intents, events
//   /checkout/{id}             the hosted checkout page (Stripe's test cards)
//   /portal/{id}               the customer portal (cancel or renew the plan, invoices)
//   /invoices/{id}             an invoice page
//   /dev/…                     tools for people and tests (this machine only): events and
//                              their deliveries, resend an event, a subscription's renewal,
//                              failed renewal or end (optionally losing their deliveries),
//                              moving a subscription into the past (Stripe's test clocks,
//                              simplified)
// See README.md next to this file.
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { functionEnv } from '../functions/env.ts';
import { header, HttpError, readBody, sendJson, type Service, type StackContext } from '../http.ts';
import { createApi } from './api.ts';
import { Billing, publicView, StripeApiError } from './billing.ts';
import { cardOutcome } from './cards.ts';
import { localWebhookSecret, STRIPE_MOUNT } from './defaults.ts';
import { decodeForm, type FormObject } from './form.ts';
import {
  authenticatePage,
  CARD_MESSAGES,
  checkoutPage,
  invoicePage,
  type Lang,
  noticePage,
  pickLang,
  portalPage,
} from './pages.ts';
import { type CheckoutSession, nowSeconds, StripeStore } from './store.ts';
import { WebhookSender } from './webhooks.ts';

export { STRIPE_MOUNT } from './defaults.ts';

export interface StripeStandInOptions {
  /** {DATA_DIR}/stripe; null keeps everything in memory */
  dataDir: string | null;
  /** the public address of the mount, e.g. http://localhost:54321/_dev/stripe */
  base: string;
  apiKey: string | null;
  webhookEndpoint: () => string | null;
  webhookSecret: () => string;
  webhookBackoffMs: number[];
  businessName: string;
  /** how often open Checkout Sessions past their expiry are expired (default 60 s) */
  expirySweepMs?: number;
  /** the plans' monthly prices to create (price_drape_<plan>_monthly) */
  plans: () => Promise<{ plan: string; name: string; amountCents: number }[]>;
  log(message: string): void;
}

const PORTAL_SESSION_SECONDS = 3600;

function numbers(raw: string | undefined, fallback: number[]): number[] {
  if (!raw) return fallback;
  const list = raw
    .split(',')
    .map((x) => Number(x.trim()))
    .filter((x) => Number.isFinite(x) && x >= 0);
  return list.length ? list : fallback;
}

export function stripeOptionsFromEnv(ctx: StackContext): StripeStandInOptions {
  const internal = `http://127.0.0.1:${ctx.config.port}`;
  return {
    dataDir: path.join(ctx.config.dataDir, 'stripe'),
    base: `${ctx.url}${STRIPE_MOUNT}`,
    apiKey: process.env.LOCAL_STRIPE_SECRET_KEY || null,
    webhookEndpoint: () => {
      const v = process.env.LOCAL_STRIPE_WEBHOOK_URL;
      if (v === 'off') return null;
      return v || `${internal}/functions/v1/stripe-webhook`;
    },
    webhookSecret: () => functionEnv(ctx).STRIPE_WEBHOOK_SECRET || localWebhookSecret(ctx.config.jwtSecret),
    webhookBackoffMs: numbers(
      process.env.LOCAL_STRIPE_WEBHOOK_BACKOFF_MS,
      [2000, 5000, 15000, 60000, 300000],
    ),
    businessName: process.env.LOCAL_STRIPE_BUSINESS_NAME || 'Drape',
    plans: async () => {
      const exists = await ctx.db.query<{ ok: boolean }>(
        `select to_regclass('public.plans') is not null as ok`,
      );
      if (!exists.rows[0]?.ok) return [];
      const r = await ctx.db.query<{ id: string; name: string; cents: string }>(
        `select id, name, round(price_eur * 100)::text as cents from public.plans where price_eur > 0 order by rank`,
      );
      return r.rows.map((p) => ({ plan: p.id, name: p.name, amountCents: Number(p.cents) }));
    },
    log: (m) => ctx.log('stripe', m),
  };
}

export async function createStripeService(ctx: StackContext): Promise<Service> {
  return createStripeStandIn(stripeOptionsFromEnv(ctx));
}

function isLoopback(address: string | undefined): boolean {
  return !!address && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));
}

function sendHtml(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(html),
    'Cache-Control': 'no-store',
    // no form-action: a paid checkout redirects to the app's success_url on another origin
    'Content-Security-Policy':
      "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; frame-ancestors 'none'",
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  });
  res.end(html);
}

function redirect(res: ServerResponse, location: string) {
  res.writeHead(303, { Location: location, 'Cache-Control': 'no-store', 'Content-Length': '0' });
  res.end();
}

async function readForm(req: IncomingMessage): Promise<FormObject> {
  return decodeForm((await readBody(req, 64 * 1024)).toString('utf8'));
}

const field = (form: FormObject, key: string) => (typeof form[key] === 'string' ? (form[key] as string) : '');

export function createStripeStandIn(
  opts: StripeStandInOptions,
): Service & { billing: Billing; store: StripeStore; sender: WebhookSender } {
  const store = new StripeStore(opts.dataDir);
  const sender = new WebhookSender(store, {
    endpoint: opts.webhookEndpoint,
    secret: opts.webhookSecret,
    backoffMs: opts.webhookBackoffMs,
    log: opts.log,
  });
  const billing = new Billing(store, sender, opts.base);
  const api = createApi(store, billing, { apiKey: opts.apiKey, base: opts.base });
  const s = store.state;
  let seeded: Promise<void> | null = null;
  const seed = () => {
    seeded ??= opts
      .plans()
      .then((plans) => billing.seedPlanPrices(plans))
      .catch((err) => {
        seeded = null;
        opts.log(`could not read the plans: ${err instanceof Error ? err.message : err}`);
      });
    return seeded;
  };
  void seed();
  sender.restore();
  // Stripe expires an unpaid Checkout Session by itself (24 h by default) and tells the
  // webhook: the sweep does the same, so a purchase left unpaid is closed as 'expired'
  const sweep = setInterval(() => {
    try {
      billing.expireDueSessions();
    } catch (err) {
      opts.log(`could not expire checkout sessions: ${err instanceof Error ? err.message : err}`);
    }
  }, opts.expirySweepMs ?? 60_000);
  sweep.unref();

  const checkoutUrl = (id: string, step = '') => `${STRIPE_MOUNT}/checkout/${encodeURIComponent(id)}${step}`;
  const emailOf = (session: CheckoutSession) =>
    session.customer_email ?? (session.customer ? (s.customers[session.customer]?.email ?? null) : null);
  const successUrl = (session: CheckoutSession) =>
    (session.success_url ?? '').replace(/\{CHECKOUT_SESSION_ID\}/g, session.id);

  async function hosted(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    parts: string[],
    url: URL,
  ) {
    const accept = header(req, 'accept-language');
    const [kind, id, step, subId, action] = parts;
    if (kind === 'checkout' && id) {
      const session = s.sessions[id];
      const lang: Lang = pickLang(session?.locale, accept);
      if (!session) return sendHtml(res, 404, noticePage(lang, 'notFound', null));
      if (session.status === 'open' && session.expires_at <= nowSeconds()) billing.expireSession(session);
      if (session.status === 'expired')
        return sendHtml(res, 410, noticePage(lang, 'expired', session.cancel_url));
      if (session.status === 'complete')
        return sendHtml(res, 200, noticePage(lang, 'completed', successUrl(session)));
      const page = (
        status: number,
        error: string | null,
        values?: { email?: string; name?: string; expiry?: string },
      ) =>
        sendHtml(
          res,
          status,
          checkoutPage({
            session,
            business: opts.businessName,
            lang,
            error,
            values,
            email: emailOf(session),
            action: checkoutUrl(session.id, '/pay'),
          }),
        );

      if (!step && (method === 'GET' || method === 'HEAD')) return page(200, null);
      if (step === 'pay' && method === 'POST') {
        const form = await readForm(req);
        const email = emailOf(session) ?? field(form, 'email').trim();
        const values = { email, name: field(form, 'name'), expiry: field(form, 'exp') };
        if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
          return page(
            400,
            lang === 'el' ? 'Το email σας δεν είναι πλήρες.' : 'Your email is incomplete.',
            values,
          );
        }
        const outcome = cardOutcome({
          number: field(form, 'cardnumber'),
          expiry: field(form, 'exp'),
          cvc: field(form, 'cvc'),
        });
        if (outcome.kind === 'error') return page(400, CARD_MESSAGES[lang][outcome.message], values);
        if (outcome.kind === 'decline') {
          billing.declineSession(session, outcome, CARD_MESSAGES.en[outcome.message]);
          return page(402, CARD_MESSAGES[lang][outcome.message], values);
        }
        const card = {
          brand: outcome.brand,
          last4: outcome.last4,
          expMonth: outcome.expMonth,
          expYear: outcome.expYear,
        };
        if (outcome.kind === 'authenticate') {
          session._pending_card = { ...card, email, name: values.name || null };
          store.changed();
          return redirect(res, checkoutUrl(session.id, '/authenticate'));
        }
        billing.completeSession(session, card, { email, name: values.name || null });
        return redirect(res, successUrl(session));
      }
      if (step === 'authenticate') {
        const pending = session._pending_card;
        if (!pending) return redirect(res, checkoutUrl(session.id));
        if (method === 'GET' || method === 'HEAD') {
          return sendHtml(
            res,
            200,
            authenticatePage(session, opts.businessName, lang, checkoutUrl(session.id, '/authenticate')),
          );
        }
        if (method === 'POST') {
          const form = await readForm(req);
          if (field(form, 'result') === 'complete') {
            billing.completeSession(session, pending, { email: pending.email, name: pending.name });
            return redirect(res, successUrl(session));
          }
          session._pending_card = null;
          store.changed();
          return page(402, CARD_MESSAGES[lang].authentication_failed, {
            email: pending.email ?? '',
            name: pending.name ?? '',
          });
        }
      }
      return sendHtml(res, 405, noticePage(lang, 'notFound', null));
    }

    if (kind === 'portal' && id) {
      const portal = s.portalSessions[id];
      const lang = pickLang(portal?.locale, accept);
      if (!portal || portal.created + PORTAL_SESSION_SECONDS < nowSeconds())
        return sendHtml(res, 404, noticePage(lang, 'notFound', null));
      const customer = s.customers[portal.customer];
      if (!customer) return sendHtml(res, 404, noticePage(lang, 'notFound', null));
      const here = `${STRIPE_MOUNT}/portal/${encodeURIComponent(portal.id)}`;
      if (step === 'subscriptions' && subId && method === 'POST') {
        const sub = s.subscriptions[subId];
        if (!sub || sub.customer !== customer.id || sub.status === 'canceled')
          return sendHtml(res, 404, noticePage(lang, 'notFound', null));
        if (action === 'cancel') billing.updateSubscription(sub, { cancel_at_period_end: true });
        else if (action === 'renew') billing.updateSubscription(sub, { cancel_at_period_end: false });
        else return sendHtml(res, 404, noticePage(lang, 'notFound', null));
        return redirect(res, here);
      }
      if (step || (method !== 'GET' && method !== 'HEAD'))
        return sendHtml(res, 404, noticePage(lang, 'notFound', null));
      const subscriptions = Object.values(s.subscriptions)
        .filter((x) => x.customer === customer.id && x.status !== 'canceled')
        .sort((a, b) => b.created - a.created);
      const invoices = Object.values(s.invoices)
        .filter((x) => x.customer === customer.id)
        .sort((a, b) => b.created - a.created);
      return sendHtml(
        res,
        200,
        portalPage({
          lang,
          business: opts.businessName,
          base: STRIPE_MOUNT,
          portalId: portal.id,
          returnUrl: portal.return_url,
          customer,
          subscriptions,
          products: s.products,
          invoices,
          confirmCancel: url.searchParams.get('cancel'),
        }),
      );
    }

    if (kind === 'invoices' && id && !step && (method === 'GET' || method === 'HEAD')) {
      const inv = s.invoices[id];
      const lang = pickLang(null, accept);
      if (!inv) return sendHtml(res, 404, noticePage(lang, 'notFound', null));
      return sendHtml(res, 200, invoicePage(lang, inv, opts.businessName));
    }
    return sendHtml(res, 404, noticePage(pickLang(null, accept), 'notFound', null));
  }

  async function dev(req: IncomingMessage, res: ServerResponse, method: string, parts: string[], url: URL) {
    if (!isLoopback(req.socket.remoteAddress))
      return sendJson(res, 403, { message: 'the stand-in’s dev API answers only on this machine' });
    const [, what, id, action] = parts;
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
        const sub = billing.subscription(id);
        // lose=invoice.paid,invoice.payment_succeeded (or *): those deliveries never go out
        const lose = (url.searchParams.get('lose') ?? '')
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean);
        const out = billing.losing(lose, () =>
          action === 'renew'
            ? billing.renew(sub)
            : action === 'fail'
              ? billing.failRenewal(sub)
              : billing.cancelSubscription(sub),
        );
        await sender.idle();
        return sendJson(res, 200, publicView(out));
      }
      if (what === 'subscriptions' && id && action === 'backdate' && method === 'POST') {
        const months = Number(url.searchParams.get('months') ?? 0);
        const seconds = Number(url.searchParams.get('seconds') ?? 0);
        if (!Number.isInteger(months) || months < 0 || !Number.isInteger(seconds) || seconds < 0)
          return sendJson(res, 400, { message: 'months and seconds must be whole numbers ≥ 0' });
        return sendJson(res, 200, publicView(billing.backdate(billing.subscription(id), months, seconds)));
      }
      if (what === 'checkout_sessions' && id && action === 'backdate' && method === 'POST') {
        const seconds = Number(url.searchParams.get('seconds') ?? 0);
        if (!Number.isInteger(seconds) || seconds < 0)
          return sendJson(res, 400, { message: 'seconds must be a whole number ≥ 0' });
        const session = billing.backdateSession(billing.session(id), seconds);
        // what the sweep would do at its next turn, now
        billing.expireDueSessions();
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
  }

  return {
    billing,
    store,
    sender,
    async handle({ req, res, method, path: p, search, url }) {
      await seed();
      const parts = p
        .split('/')
        .filter(Boolean)
        .map((x) => {
          try {
            return decodeURIComponent(x);
          } catch {
            return x;
          }
        });
      try {
        if (parts[0] === 'v1') return await api(req, res, method, parts.slice(1), search);
        if (parts[0] === 'dev') return await dev(req, res, method, parts, url);
        return await hosted(req, res, method, parts, url);
      } catch (err) {
        if (err instanceof HttpError && !res.headersSent)
          return sendJson(res, err.status, { message: err.message });
        throw err;
      }
    },
    async close() {
      clearInterval(sweep);
      sender.close();
      store.close();
    },
  };
}
