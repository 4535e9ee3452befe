import { describe, expect, it } from 'vitest';
import { catalogueUrlProblem, functionSecretsHealth, isLoopbackUrl } from './secrets.ts';

const envOf =
  (vars: Record<string, string>) =>
  (name: string): string | undefined =>
    vars[name];
const hosted = { SB_REGION: 'eu-central-1', SUPABASE_URL: 'https://abc.supabase.co' };

describe('isLoopbackUrl', () => {
  it('knows the addresses only this machine reaches', () => {
    for (const u of [
      'http://localhost:3000',
      'http://127.0.0.1',
      'http://127.4.5.6:9',
      'http://[::1]:3000',
      'http://app.localhost',
      'http://0.0.0.0:3000',
    ])
      expect(isLoopbackUrl(u), u).toBe(true);
    for (const u of ['https://drape.example', 'http://10.0.0.2:3000', 'not a url'])
      expect(isLoopbackUrl(u), u).toBe(false);
  });
});

describe('catalogueUrlProblem', () => {
  it('refuses a loopback catalogue on hosted Supabase and names where it came from', () => {
    expect(catalogueUrlProblem(envOf(hosted))).toMatch(
      /http:\/\/localhost:3000, from the default \(neither CATALOGUE_BASE_URL nor SITE_URL is set\), is on loopback/,
    );
    expect(catalogueUrlProblem(envOf({ ...hosted, SITE_URL: 'http://127.0.0.1:3000' }))).toMatch(
      /from SITE_URL \(CATALOGUE_BASE_URL is not set\)/,
    );
    expect(catalogueUrlProblem(envOf({ ...hosted, CATALOGUE_BASE_URL: 'http://localhost:4000' }))).toMatch(
      /http:\/\/localhost:4000, from CATALOGUE_BASE_URL,/,
    );
  });

  it('accepts a public origin on hosted, and anything on the local stack', () => {
    expect(catalogueUrlProblem(envOf({ ...hosted, SITE_URL: 'https://drape.example' }))).toBeNull();
    expect(catalogueUrlProblem(envOf({ SUPABASE_URL: 'http://127.0.0.1:54321' }))).toBeNull();
  });
});

describe('functionSecretsHealth', () => {
  const byName = (vars: Record<string, string>) =>
    Object.fromEntries(functionSecretsHealth(envOf(vars)).map((c) => [c.name, c]));

  it('names what hosted Supabase lacks: a real provider, its key, the catalogue, Stripe, notice webhooks', () => {
    const c = byName(hosted);
    expect(c.provider).toMatchObject({ ok: false });
    expect(c.provider.detail).toContain('GENERATION_PROVIDER is local');
    expect(c.catalogue_url.ok).toBe(false);
    expect(c.stripe).toMatchObject({ ok: false });
    expect(c.stripe.detail).toContain(
      'STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_LITE, STRIPE_PRICE_PRO, STRIPE_PRICE_ADVANCED',
    );
    expect(c.notices.detail).toContain('feedback, contact, sales, low_credits, fix_request');
    expect(byName({ ...hosted, GENERATION_PROVIDER: 'fashn' }).provider.detail).toContain(
      'without FASHN_API_KEY',
    );
    expect(byName({ ...hosted, GENERATION_PROVIDER: 'magic' }).provider.ok).toBe(false);
  });

  it('passes a complete hosted configuration and never repeats a secret', () => {
    const vars = {
      ...hosted,
      GENERATION_PROVIDER: 'fashn',
      FASHN_API_KEY: 'fa-secret-value',
      CATALOGUE_BASE_URL: 'https://drape.example',
      STRIPE_SECRET_KEY: 'sk_live_secret',
      STRIPE_WEBHOOK_SECRET: 'whsec_secret',
      STRIPE_PRICE_LITE: 'price_1',
      STRIPE_PRICE_PRO: 'price_2',
      STRIPE_PRICE_ADVANCED: 'price_3',
      NOTICE_WEBHOOK_URL: 'https://hooks.example/x',
      VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`,
      VAPID_PRIVATE_KEY: `vapid${'p'.repeat(38)}`,
      VAPID_SUBJECT: 'mailto:ops@drape.example',
    };
    const checks = functionSecretsHealth(envOf(vars));
    expect(checks.filter((c) => !c.ok)).toEqual([]);
    expect(JSON.stringify(checks)).not.toMatch(/fa-secret-value|sk_live_secret|whsec_secret|vapidppp/);
  });

  it('names missing or malformed VAPID keys: no pushes are sent', () => {
    expect(byName({}).web_push).toMatchObject({
      ok: false,
      detail: expect.stringContaining('VAPID_PUBLIC_KEY'),
    });
    expect(
      byName({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: 'p'.repeat(43), VAPID_SUBJECT: 'mailto:a@b.c' })
        .web_push,
    ).toMatchObject({ ok: false, detail: expect.stringContaining('65 bytes') });
  });

  it('is content with the local stand-in on the local stack', () => {
    expect(byName({ SUPABASE_URL: 'http://127.0.0.1:54321' }).provider).toMatchObject({ ok: true });
  });
});
