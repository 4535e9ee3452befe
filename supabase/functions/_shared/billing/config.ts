// Billing settings, read from the function's environment (function secrets on hosted
// Supabase; supabase/functions/.env or the local stack's defaults locally — see
// docs/providers.md#payments-stripe):
//   STRIPE_SECRET_KEY       the API key (sk_test_… / sk_live_… / a restricted rk_…)
//   STRIPE_API_URL          another address for Stripe's API (the local stand-in); unset = Stripe
//   STRIPE_WEBHOOK_SECRET   the webhook endpoint's signing secret (whsec_…)
//   STRIPE_PRICE_LITE, STRIPE_PRICE_PRO, STRIPE_PRICE_ADVANCED   the plans' monthly price ids
//   APP_ORIGINS             comma-separated origins the app is served from (return URLs must
//                           start with one); unset = any http(s) URL
export const PAID_PLANS = ['lite', 'pro', 'advanced'] as const;
export type PaidPlan = (typeof PAID_PLANS)[number];
export const PLAN_RANK: Record<string, number> = { free: 0, lite: 1, pro: 2, advanced: 3 };

export type Env = (name: string) => string | undefined;

export interface BillingConfig {
  secretKey: string | null;
  apiUrl: string | null;
  webhookSecret: string | null;
  prices: Record<PaidPlan, string | null>;
  appOrigins: string[];
}

const clean = (v: string | undefined) => (v && v.trim() !== '' ? v.trim() : null);

export function billingConfig(env: Env): BillingConfig {
  return {
    secretKey: clean(env('STRIPE_SECRET_KEY')),
    apiUrl: clean(env('STRIPE_API_URL')),
    webhookSecret: clean(env('STRIPE_WEBHOOK_SECRET')),
    prices: {
      lite: clean(env('STRIPE_PRICE_LITE')),
      pro: clean(env('STRIPE_PRICE_PRO')),
      advanced: clean(env('STRIPE_PRICE_ADVANCED')),
    },
    appOrigins: (env('APP_ORIGINS') ?? '')
      .split(',')
      .map((o) => o.trim().replace(/\/+$/, ''))
      .filter(Boolean),
  };
}

export function isPaidPlan(v: unknown): v is PaidPlan {
  return typeof v === 'string' && (PAID_PLANS as readonly string[]).includes(v);
}

/** The plan a configured price id belongs to, or null. */
export function planForPrice(config: BillingConfig, priceId: string | null | undefined): PaidPlan | null {
  if (!priceId) return null;
  for (const plan of PAID_PLANS) if (config.prices[plan] === priceId) return plan;
  return null;
}

/**
 * Whether a return address (success, cancel, portal return) may be used: an absolute http(s)
 * URL, on one of the app's origins when they are configured.
 */
export function allowedReturnUrl(config: BillingConfig, raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length > 2000) return null;
  let url: URL;
  try {
    url = new URL(raw.replace('{CHECKOUT_SESSION_ID}', 'CHECKOUT_SESSION_ID'));
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (config.appOrigins.length > 0 && !config.appOrigins.includes(url.origin)) return null;
  return raw;
}
