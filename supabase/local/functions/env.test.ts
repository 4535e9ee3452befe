import { describe, expect, it } from 'vitest';
import { parseDotenv } from './env.ts';

describe('parseDotenv', () => {
  it('reads the forms a supabase/functions/.env file uses', () => {
    const text = [
      '# provider settings',
      'PLAIN=value',
      'export EXPORTED=yes',
      'SPACED = around equals ',
      'DOUBLE="line one\\nline two"',
      "SINGLE='kept \\n as is'",
      'TRAILING=value # comment',
      'HASH_IN_QUOTES="a # b"',
      'EMPTY=',
      'not a pair',
      '',
    ].join('\r\n');
    expect(parseDotenv(text)).toEqual({
      PLAIN: 'value',
      EXPORTED: 'yes',
      SPACED: 'around equals',
      DOUBLE: 'line one\nline two',
      SINGLE: 'kept \\n as is',
      TRAILING: 'value',
      HASH_IN_QUOTES: 'a # b',
      EMPTY: '',
    });
  });
});

describe('engineDefaults', () => {
  const ctx = {
    config: {
      jwtSecret: 'a-secret-of-at-least-thirty-two-characters',
      port: 54999,
      auth: { siteUrl: 'http://localhost:3000' },
      devKeys: { fashn: null, stripe: null },
    },
  } as any;

  it('points the local provider at the stack and signs callbacks with a secret of its own', async () => {
    const { engineDefaults } = await import('./env.ts');
    const d = engineDefaults(ctx, {});
    expect(d).toMatchObject({
      GENERATION_PROVIDER: 'local',
      FASHN_API_URL: 'http://127.0.0.1:54999/_dev/fashn',
      CATALOGUE_BASE_URL: 'http://localhost:3000',
    });
    expect(d.PROVIDER_CALLBACK_SECRET).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(d.PROVIDER_CALLBACK_SECRET).not.toContain(ctx.config.jwtSecret);
  });

  it('leaves FASHN_API_URL alone for the real FASHN and the webhook workflow', async () => {
    const { engineDefaults } = await import('./env.ts');
    expect(engineDefaults(ctx, { GENERATION_PROVIDER: 'fashn' }).FASHN_API_URL).toBeUndefined();
    expect(engineDefaults(ctx, { GENERATION_PROVIDER: 'webhook' }).FASHN_API_URL).toBeUndefined();
  });

  it('gives the local provider the endpoint’s key when LOCAL_FASHN_KEY is set (the endpoint takes no other)', async () => {
    const { engineDefaults } = await import('./env.ts');
    expect(engineDefaults(ctx, {}).FASHN_API_KEY).toBeUndefined();
    const keyed = { config: { ...ctx.config, devKeys: { fashn: 'the-endpoint-key', stripe: null } } } as any;
    expect(engineDefaults(keyed, {}).FASHN_API_KEY).toBe('the-endpoint-key');
    expect(engineDefaults(keyed, { GENERATION_PROVIDER: 'fashn' }).FASHN_API_KEY).toBeUndefined();
  });
});

describe('the local push service origin', () => {
  async function envWith(localPushServiceOrigin: string | null) {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'drape-env-'));
    // what a .env meant for hosted, or a shell, might carry: never taken
    writeFileSync(path.join(dir, '.env'), 'SUPABASE_LOCAL_PUSH_SERVICE_ORIGIN=https://10.0.0.1:8443\n');
    const ctx = {
      url: 'http://127.0.0.1:54999',
      keys: { anon: 'a', serviceRole: 's', publishable: 'p', secret: 'x' },
      config: {
        jwtSecret: 'a-secret-of-at-least-thirty-two-characters',
        port: 54999,
        auth: { siteUrl: 'http://localhost:3000', redirectUrls: [] },
        devKeys: { fashn: null, stripe: null },
        functionsDir: dir,
        dataDir: dir,
        databaseUrl: null,
        localPushServiceOrigin,
      },
    } as any;
    const { functionEnv } = await import('./env.ts');
    return functionEnv(ctx);
  }

  it('reaches the functions only from the stack’s own LOCAL_PUSH_SERVICE_ORIGIN', async () => {
    expect((await envWith(null)).SUPABASE_LOCAL_PUSH_SERVICE_ORIGIN).toBeUndefined();
    expect((await envWith('https://127.0.0.1:4433')).SUPABASE_LOCAL_PUSH_SERVICE_ORIGIN).toBe(
      'https://127.0.0.1:4433',
    );
  });
});
