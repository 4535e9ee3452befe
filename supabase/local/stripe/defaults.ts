// What Drape's payment functions see locally unless supabase/functions/.env or the process
// environment says otherwise: without STRIPE_SECRET_KEY they talk to the stand-in
// (/_dev/stripe on this stack) with a test key, its plan prices and a webhook secret derived
// from the JWT secret — the same secret the stand-in signs its webhooks with. With a real
// STRIPE_SECRET_KEY none of this applies: the functions reach Stripe and read the price ids
// and STRIPE_WEBHOOK_SECRET the operator set (see docs/providers.md).
import { createHmac } from 'node:crypto';
import type { StackContext } from '../http.ts';

export const STRIPE_MOUNT = '/_dev/stripe';
export const LOCAL_PLAN_PRICES = {
  lite: 'price_drape_lite_monthly',
  pro: 'price_drape_pro_monthly',
  advanced: 'price_drape_advanced_monthly',
};

export function localWebhookSecret(jwtSecret: string): string {
  return `whsec_${createHmac('sha256', jwtSecret).update('drape stripe webhooks').digest('base64url')}`;
}

/** The key the functions use with the stand-in: LOCAL_STRIPE_SECRET_KEY, else a test key of ours. */
export function localStripeKey(configured = process.env.LOCAL_STRIPE_SECRET_KEY || null): string {
  return configured || 'sk_test_drape_local_stand_in';
}

/** Origins the app is served from: where checkout and the portal may send the seller back. */
export function appOrigins(ctx: StackContext): string[] {
  const origins = new Set<string>();
  for (const u of [ctx.config.auth.siteUrl, ...ctx.config.auth.redirectUrls]) {
    try {
      origins.add(new URL(u.replace(/\*+$/, '')).origin);
    } catch {
      // not a URL (a pattern the CLI accepts): skip
    }
  }
  return [...origins];
}

export function stripeDefaults(ctx: StackContext, env: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = { APP_ORIGINS: appOrigins(ctx).join(',') };
  if (env.STRIPE_SECRET_KEY) return out;
  return {
    ...out,
    STRIPE_SECRET_KEY: localStripeKey(ctx.config.devKeys.stripe),
    STRIPE_API_URL: `http://127.0.0.1:${ctx.config.port}${STRIPE_MOUNT}`,
    STRIPE_WEBHOOK_SECRET: localWebhookSecret(ctx.config.jwtSecret),
    STRIPE_PRICE_LITE: LOCAL_PLAN_PRICES.lite,
    STRIPE_PRICE_PRO: LOCAL_PLAN_PRICES.pro,
    STRIPE_PRICE_ADVANCED: LOCAL_PLAN_PRICES.advanced,
  };
}
