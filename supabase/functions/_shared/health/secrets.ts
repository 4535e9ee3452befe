// What the edge functions' environment lacks, named for the operator: the generation
// provider's secrets, the catalogue address providers fetch model and background photos
// from, and Stripe's secrets. The `health` function reports it (with the database's own
// checks, public.deploy_health) for `npm run health`; the local stack prints it at start-up.
// Only whether a secret is set is reported, never its value.
import { billingConfig } from '../billing/config.ts';
import { engineConfig } from '../engine/config.ts';
import { webhookFor } from '../notices/deliver.ts';
import { PROVIDER_NAMES, type ProviderName } from '../providers/index.ts';
import { vapidFromEnv } from '../push/vapid.ts';

export type Env = (name: string) => string | undefined;

/** public.outbound_notices.kind */
const NOTICE_KINDS = ['feedback', 'contact', 'sales', 'low_credits', 'fix_request'];

export interface HealthCheck {
  name: string;
  ok: boolean;
  detail: string;
}

/** Running on hosted Supabase: its edge runtime sets these (the local stack does not). */
export function isHosted(env: Env): boolean {
  return Boolean(env('SB_REGION') || env('SB_EXECUTION_ID') || env('DENO_DEPLOYMENT_ID'));
}

/** An address only this machine can reach (localhost, 127.x, ::1, 0.0.0.0). */
export function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  } catch {
    return false;
  }
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127(\.\d{1,3}){3}$/.test(host) ||
    host === '::1' ||
    host === '0.0.0.0'
  );
}

/**
 * Why the dispatcher must not hand work to a provider, or null: on hosted Supabase a
 * catalogue address on loopback (CATALOGUE_BASE_URL unset, falling back to SITE_URL and then
 * http://localhost:3000) makes every on-model and flat-lay render fetch a photo it can never
 * reach.
 */
export function catalogueUrlProblem(env: Env): string | null {
  if (!isHosted(env)) return null;
  const { catalogueBaseUrl } = engineConfig(env, 'local');
  if (!isLoopbackUrl(catalogueBaseUrl)) return null;
  const source = env('CATALOGUE_BASE_URL')?.trim()
    ? 'CATALOGUE_BASE_URL'
    : env('SITE_URL')?.trim()
      ? 'SITE_URL (CATALOGUE_BASE_URL is not set)'
      : 'the default (neither CATALOGUE_BASE_URL nor SITE_URL is set)';
  return (
    `the catalogue address ${catalogueBaseUrl}, from ${source}, is on loopback: providers could ` +
    'not fetch model and background photos from it. Set CATALOGUE_BASE_URL (or SITE_URL) to the ' +
    "app's public origin: `supabase secrets set CATALOGUE_BASE_URL=https://…`."
  );
}

export function functionSecretsHealth(env: Env): HealthCheck[] {
  const value = (name: string) => env(name)?.trim() || null;
  const hosted = isHosted(env);
  const checks: HealthCheck[] = [];

  const raw = (value('GENERATION_PROVIDER') ?? 'local').toLowerCase();
  const provider = (PROVIDER_NAMES as readonly string[]).includes(raw) ? (raw as ProviderName) : null;
  const missing = (names: string[]) => names.filter((n) => !value(n));
  if (!provider) {
    checks.push({
      name: 'provider',
      ok: false,
      detail: `GENERATION_PROVIDER is ${raw}; it must be one of ${PROVIDER_NAMES.join(', ')}: nothing is rendered`,
    });
  } else if (provider === 'fashn') {
    const gone = missing(['FASHN_API_KEY']);
    checks.push({
      name: 'provider',
      ok: gone.length === 0,
      detail: gone.length ? 'GENERATION_PROVIDER=fashn without FASHN_API_KEY: every render fails' : 'fashn',
    });
  } else if (provider === 'webhook') {
    const ok = Boolean(value('GENERATION_WEBHOOK_URL_ON_MODEL') ?? value('GENERATION_WEBHOOK_URL'));
    checks.push({
      name: 'provider',
      ok,
      detail: ok
        ? 'webhook'
        : 'GENERATION_PROVIDER=webhook without GENERATION_WEBHOOK_URL_ON_MODEL: every render fails',
    });
  } else {
    checks.push({
      name: 'provider',
      ok: !hosted,
      detail: hosted
        ? "GENERATION_PROVIDER is local (the default): the local stack's stand-in, which hosted Supabase does not serve. Set GENERATION_PROVIDER=fashn and FASHN_API_KEY (or webhook)"
        : "local (the stack's FASHN stand-in)",
    });
  }

  const catalogue = catalogueUrlProblem(env);
  checks.push({
    name: 'catalogue_url',
    ok: catalogue === null,
    detail: catalogue ?? engineConfig(env, provider ?? 'local').catalogueBaseUrl,
  });

  const billing = billingConfig(env);
  const stripeMissing = [
    billing.secretKey ? null : 'STRIPE_SECRET_KEY',
    billing.webhookSecret ? null : 'STRIPE_WEBHOOK_SECRET',
    ...Object.entries(billing.prices).map(([plan, id]) => (id ? null : `STRIPE_PRICE_${plan.toUpperCase()}`)),
  ].filter((n): n is string => n !== null);
  checks.push({
    name: 'stripe',
    ok: stripeMissing.length === 0,
    detail: stripeMissing.length
      ? `not set: ${stripeMissing.join(', ')} — paid plans and credit packs cannot be bought or renewed`
      : billing.apiUrl
        ? `set (API at ${billing.apiUrl})`
        : 'set',
  });

  const unrouted = NOTICE_KINDS.filter((kind) => !webhookFor(kind, env));
  checks.push({
    name: 'notices',
    ok: unrouted.length === 0,
    detail: unrouted.length
      ? `no webhook for ${unrouted.join(', ')} (NOTICE_WEBHOOK_URL or NOTICE_WEBHOOK_<KIND>): those notices stay queued`
      : 'every kind has a webhook',
  });

  const push = vapidFromEnv(env);
  checks.push({
    name: 'web_push',
    ok: push.vapid !== null,
    detail: push.vapid
      ? 'VAPID keys set'
      : `${push.problem}: no pushes are sent (the settings switch keeps to in-app messages)`,
  });
  return checks;
}
