import { describe, expect, it } from 'vitest';
import { ProviderConfigError, providerFromEnv } from './index.ts';
import { json, sampleImageJob, sampleInputs, scriptedFetch } from './testing.ts';

const envOf = (vars: Record<string, string>) => (name: string) => vars[name];

describe('provider selection', () => {
  it('unset means local: FASHN code against the stack /_dev/fashn', async () => {
    const fetch = scriptedFetch([json({ id: 'l1', error: null })]);
    const p = providerFromEnv(envOf({ SUPABASE_URL: 'http://127.0.0.1:54321' }), { fetch });
    expect(p.name).toBe('local');
    await p.submitOnModel(sampleImageJob(), sampleInputs({ callbackUrl: null }));
    expect(fetch.calls[0].url).toBe('http://127.0.0.1:54321/_dev/fashn/v1/run');
  });

  it('local honours FASHN_API_URL (the stack passes its own address)', async () => {
    const fetch = scriptedFetch([json({ id: 'l1', error: null })]);
    const p = providerFromEnv(
      envOf({ FASHN_API_URL: 'http://127.0.0.1:4000/_dev/fashn', SUPABASE_URL: 'http://x' }),
      { fetch },
    );
    await p.submitOnModel(sampleImageJob(), sampleInputs({ callbackUrl: null }));
    expect(fetch.calls[0].url).toBe('http://127.0.0.1:4000/_dev/fashn/v1/run');
  });

  it('fashn needs a key and defaults to the public API', async () => {
    expect(() => providerFromEnv(envOf({ GENERATION_PROVIDER: 'fashn' }))).toThrow(ProviderConfigError);
    const fetch = scriptedFetch([json({ id: 'f1', error: null })]);
    const p = providerFromEnv(envOf({ GENERATION_PROVIDER: 'FASHN', FASHN_API_KEY: 'fa-secret' }), { fetch });
    await p.submitOnModel(sampleImageJob(), sampleInputs({ callbackUrl: null }));
    expect(fetch.calls[0].url).toBe('https://api.fashn.ai/v1/run');
    expect(fetch.calls[0].headers.authorization).toBe('Bearer fa-secret');
  });

  it('webhook needs its on-model URL; flat-lay falls back to it', async () => {
    expect(() => providerFromEnv(envOf({ GENERATION_PROVIDER: 'webhook' }))).toThrow(
      /GENERATION_WEBHOOK_URL_ON_MODEL/,
    );
    const fetch = scriptedFetch([json({}), json({})]);
    const p = providerFromEnv(
      envOf({ GENERATION_PROVIDER: 'webhook', GENERATION_WEBHOOK_URL_ON_MODEL: 'https://flows/om' }),
      { fetch },
    );
    await p.submitFlatLay(sampleImageJob({ project_type: 'flat-lay' }), sampleInputs());
    expect(fetch.calls[0].url).toBe('https://flows/om');
  });

  it('an unknown provider name is a configuration error', () => {
    expect(() => providerFromEnv(envOf({ GENERATION_PROVIDER: 'replicate' }))).toThrow(
      /one of local, fashn, webhook/,
    );
  });
});
