// Which provider renders, chosen by the environment (supabase secrets on hosted Supabase,
// supabase/functions/.env or the stack's own settings locally):
//
//   GENERATION_PROVIDER   local (default) | fashn | webhook
//   local    FASHN's API as the local stack serves it: FASHN_API_URL (the stack sets
//            http://127.0.0.1:<port>/_dev/fashn; else SUPABASE_URL + /_dev/fashn),
//            FASHN_API_KEY (any value the endpoint accepts)
//   fashn    FASHN_API_URL (default https://api.fashn.ai), FASHN_API_KEY (required)
//   webhook  GENERATION_WEBHOOK_URL_ON_MODEL, GENERATION_WEBHOOK_URL_FLAT_LAY (default: the
//            on-model one), VIDEO_WEBHOOK_URL, BACKGROUND_REMOVAL_WEBHOOK_URL
import { createFashnProvider } from './fashn.ts';
import type { Fetch, Provider } from './types.ts';
import { createWebhookProvider } from './webhook.ts';

export type Env = (name: string) => string | undefined;

export interface ProviderDeps {
  fetch?: Fetch;
  keepAlive?: (work: Promise<unknown>) => void;
}

export class ProviderConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderConfigError';
  }
}

export const PROVIDER_NAMES = ['local', 'fashn', 'webhook'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

export function providerName(env: Env): ProviderName {
  const v = (env('GENERATION_PROVIDER') ?? '').trim().toLowerCase() || 'local';
  if (!(PROVIDER_NAMES as readonly string[]).includes(v)) {
    throw new ProviderConfigError(
      `GENERATION_PROVIDER must be one of ${PROVIDER_NAMES.join(', ')} (got ${v})`,
    );
  }
  return v as ProviderName;
}

export function providerFromEnv(env: Env, deps: ProviderDeps = {}): Provider {
  const name = providerName(env);
  const value = (key: string) => env(key)?.trim() || null;
  if (name === 'webhook') {
    const onModelUrl = value('GENERATION_WEBHOOK_URL_ON_MODEL') ?? value('GENERATION_WEBHOOK_URL');
    if (!onModelUrl)
      throw new ProviderConfigError('GENERATION_PROVIDER=webhook needs GENERATION_WEBHOOK_URL_ON_MODEL');
    return createWebhookProvider({
      onModelUrl,
      flatLayUrl: value('GENERATION_WEBHOOK_URL_FLAT_LAY') ?? onModelUrl,
      videoUrl: value('VIDEO_WEBHOOK_URL'),
      backgroundRemovalUrl: value('BACKGROUND_REMOVAL_WEBHOOK_URL'),
      fetch: deps.fetch,
      keepAlive: deps.keepAlive,
    });
  }
  if (name === 'fashn') {
    const apiKey = value('FASHN_API_KEY');
    if (!apiKey) throw new ProviderConfigError('GENERATION_PROVIDER=fashn needs FASHN_API_KEY');
    return createFashnProvider({
      name: 'fashn',
      baseUrl: value('FASHN_API_URL') ?? 'https://api.fashn.ai',
      apiKey,
      fetch: deps.fetch,
    });
  }
  const supabaseUrl = value('SUPABASE_URL');
  const baseUrl =
    value('FASHN_API_URL') ?? (supabaseUrl ? `${supabaseUrl.replace(/\/+$/, '')}/_dev/fashn` : null);
  if (!baseUrl) throw new ProviderConfigError('the local provider needs FASHN_API_URL or SUPABASE_URL');
  return createFashnProvider({
    name: 'local',
    baseUrl,
    apiKey: value('FASHN_API_KEY') ?? 'local',
    fetch: deps.fetch,
  });
}
