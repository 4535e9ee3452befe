// The local Stripe stand-in, mounted by the stack at /_dev/stripe (like the mailbox): the
// subset of Stripe's API that Drape's payment functions use, its hosted checkout and
// customer portal pages, and signed webhooks to the stack's stripe-webhook function.
//   /v1/…                      the API (Bearer test key): customers, products, prices,
//                              checkout sessions, billing portal sessions, subscriptions,
//                              invoices, payment intents, events
//   /checkout/{id}             the hosted checkout page (Stripe's test cards)
//   /portal/{id}               the customer portal (cancel or renew the plan, invoices)
//   /invoices/{id}             an invoice page
//   /dev/…                     tools for people and tests (this machine on a loopback stack,
//                              else only the API key): events and
//                              their deliveries, resend an event, a subscription's renewal,
//                              failed renewal or end (optionally losing their deliveries),
//                              moving a subscription into the past (Stripe's test clocks,
//                              simplified)
// See README.md next to this file.
import path from 'node:path';
import { header, HttpError, sendJson, type Service, type StackContext } from '../http.ts';
import { createApi } from './api.ts';
import { Billing } from './billing.ts';
import { localWebhookSecret, STRIPE_MOUNT } from './defaults.ts';
import { devApi } from './dev.ts';
import { checkoutPages } from './hosted/checkout.ts';
import { type PageRequest, sendHtml } from './hosted/html.ts';
import { invoicePages, portalPages } from './hosted/portal.ts';
import { noticePage, pickLang } from './pages.ts';
import { StripeStore } from './store.ts';
import { WebhookSender } from './webhooks.ts';

export { STRIPE_MOUNT } from './defaults.ts';

export interface StripeStandInOptions {
  /** {DATA_DIR}/stripe; null keeps everything in memory */
  dataDir: string | null;
  /** the public address of the mount, e.g. http://localhost:54321/_dev/stripe */
  base: string;
  apiKey: string | null;
  /** the address the stack listens on: the dev API trusts this machine only on loopback */
  stackHost: string;
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

function numbers(raw: string | undefined, fallback: number[]): number[] {
  if (!raw) return fallback;
  const list = raw
    .split(',')
    .map((x) => Number(x.trim()))
    .filter((x) => Number.isFinite(x) && x >= 0);
  return list.length ? list : fallback;
}

/**
 * The stand-in's settings from the stack's. `functionEnv` is what the edge functions see
 * (functions/env.ts, passed in by server.ts): the stand-in signs its webhooks with the
 * STRIPE_WEBHOOK_SECRET stripe-webhook checks them with.
 */
export function stripeOptionsFromEnv(
  ctx: StackContext,
  functionEnv: () => Record<string, string>,
): StripeStandInOptions {
  const internal = `http://127.0.0.1:${ctx.config.port}`;
  return {
    dataDir: path.join(ctx.config.dataDir, 'stripe'),
    base: `${ctx.url}${STRIPE_MOUNT}`,
    apiKey: ctx.config.devKeys.stripe,
    stackHost: ctx.config.host,
    webhookEndpoint: () => {
      const v = process.env.LOCAL_STRIPE_WEBHOOK_URL;
      if (v === 'off') return null;
      return v || `${internal}/functions/v1/stripe-webhook`;
    },
    webhookSecret: () => functionEnv().STRIPE_WEBHOOK_SECRET || localWebhookSecret(ctx.config.jwtSecret),
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

export async function createStripeService(
  ctx: StackContext,
  functionEnv: () => Record<string, string>,
): Promise<Service> {
  return createStripeStandIn(stripeOptionsFromEnv(ctx, functionEnv));
}

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
  let seeded: Promise<void> | null = null;
  const seed = () => {
    seeded ??= opts
      .plans()
      .then((plans) => billing.catalogue.seedPlanPrices(plans))
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
      billing.sessions.expireDue();
    } catch (err) {
      opts.log(`could not expire checkout sessions: ${err instanceof Error ? err.message : err}`);
    }
  }, opts.expirySweepMs ?? 60_000);
  sweep.unref();

  const pages: Record<string, (r: PageRequest) => void | Promise<void>> = {
    checkout: checkoutPages(store, billing, opts.businessName),
    portal: portalPages(store, billing, opts.businessName),
    invoices: invoicePages(store, opts.businessName),
  };
  const dev = devApi(store, billing, sender, { apiKey: opts.apiKey, stackHost: opts.stackHost });

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
        if (parts[0] === 'dev') return await dev(req, res, method, parts.slice(1), url);
        const page = Object.hasOwn(pages, parts[0] ?? '') ? pages[parts[0]] : null;
        if (page) return await page({ req, res, method, parts: parts.slice(1), url });
        return sendHtml(
          res,
          404,
          noticePage(pickLang(null, header(req, 'accept-language')), 'notFound', null),
        );
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
