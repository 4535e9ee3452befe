import { describe, expect, it } from 'vitest';
import { callbackSecret, signCallbackUrl, verifyCallbackUrl } from './callback-url.ts';

const BASE = 'https://ref.supabase.co/functions/v1/provider-callback';
const target = { kind: 'image' as const, id: '11111111-1111-4111-8111-111111111111', attempt: 2 };

describe('signed callback URLs', () => {
  it('verify what they sign, and nothing else', async () => {
    const url = new URL(await signCallbackUrl(BASE, 'secret-1', target, 2_000));
    expect(url.searchParams.get('k')).toBe('image');
    expect(await verifyCallbackUrl(url, 'secret-1', 1_000)).toEqual({ ok: true, target });
    expect(await verifyCallbackUrl(url, 'secret-2', 1_000)).toEqual({ ok: false, reason: 'bad signature' });
    expect(await verifyCallbackUrl(url, 'secret-1', 2_001)).toEqual({
      ok: false,
      reason: 'callback URL expired',
    });
    for (const [key, value] of [
      ['a', '3'],
      ['k', 'video'],
      ['id', '22222222-2222-4222-8222-222222222222'],
      ['e', '9999'],
    ]) {
      const changed = new URL(url);
      changed.searchParams.set(key, value);
      expect((await verifyCallbackUrl(changed, 'secret-1', 1_000)).ok, key).toBe(false);
    }
    const missing = new URL(url);
    missing.searchParams.delete('s');
    expect(await verifyCallbackUrl(missing, 'secret-1', 1_000)).toEqual({
      ok: false,
      reason: 'malformed callback URL',
    });
  });

  it('the secret is the configured one, else derived from the service key (never the key itself)', async () => {
    expect(await callbackSecret((n) => ({ PROVIDER_CALLBACK_SECRET: ' s3 ' })[n])).toBe('s3');
    const derived = await callbackSecret((n) => ({ SUPABASE_SERVICE_ROLE_KEY: 'service-key' })[n]);
    expect(derived).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(derived).not.toContain('service-key');
    expect(await callbackSecret(() => undefined)).toBeNull();
  });
});
