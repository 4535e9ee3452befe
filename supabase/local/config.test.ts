// Where the stack listens, and when it refuses to: loopback is always fine; any other
// address needs a JWT secret of one's own.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_JWT_SECRET,
  isLoopback,
  loadConfig,
  pushServiceOrigin,
  unsafeBindingReason,
} from './config.ts';

const OWN_SECRET = 'a-secret-of-our-own-that-is-long-enough-1234';

describe('listen address', () => {
  it('is 127.0.0.1 unless SUPABASE_HOST says otherwise, and the URL stays localhost', () => {
    const before = process.env.SUPABASE_HOST;
    delete process.env.SUPABASE_HOST;
    try {
      const config = loadConfig({ port: 54999 });
      expect(config.host).toBe('127.0.0.1');
      expect(config.apiUrl).toBe('http://localhost:54999');
      process.env.SUPABASE_HOST = '0.0.0.0';
      expect(loadConfig({ port: 54999 })).toMatchObject({
        host: '0.0.0.0',
        apiUrl: 'http://localhost:54999',
      });
      process.env.SUPABASE_HOST = '192.168.1.20';
      expect(loadConfig({ port: 54999 }).apiUrl).toBe('http://192.168.1.20:54999');
    } finally {
      if (before === undefined) delete process.env.SUPABASE_HOST;
      else process.env.SUPABASE_HOST = before;
    }
  });

  it('knows loopback addresses', () => {
    for (const h of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1'])
      expect(isLoopback(h), h).toBe(true);
    for (const h of ['0.0.0.0', '::', '192.168.1.20', 'fd00::2', 'example.test', '128.0.0.1'])
      expect(isLoopback(h), h).toBe(false);
  });

  const noKeys = { fashn: null, stripe: null };
  const ownKeys = {
    fashn: 'fashn-key-of-our-own-0123456789',
    stripe: 'sk_test_stand_in_key_of_our_own_0123',
  };

  it('refuses another address with the well-known secret or a short one, with a message that says what to do', () => {
    expect(
      unsafeBindingReason({ host: '127.0.0.1', jwtSecret: DEFAULT_JWT_SECRET, devKeys: noKeys }),
    ).toBeNull();
    const reason = unsafeBindingReason({ host: '0.0.0.0', jwtSecret: DEFAULT_JWT_SECRET, devKeys: ownKeys });
    expect(reason).toMatch(/^Refusing to listen on 0\.0\.0\.0/);
    expect(reason).toContain('service_role');
    expect(reason).toContain('JWT_SECRET');
    expect(unsafeBindingReason({ host: '::', jwtSecret: 'short-secret', devKeys: ownKeys })).toMatch(
      /at least 32 characters/,
    );
    expect(unsafeBindingReason({ host: '0.0.0.0', jwtSecret: OWN_SECRET, devKeys: ownKeys })).toBeNull();
  });

  it('refuses another address while the dev services have no keys of their own, naming the missing ones', () => {
    const open = unsafeBindingReason({ host: '0.0.0.0', jwtSecret: OWN_SECRET, devKeys: noKeys });
    expect(open).toMatch(/^Refusing to listen on 0\.0\.0\.0: the dev services/);
    expect(open).toContain('LOCAL_FASHN_KEY and LOCAL_STRIPE_SECRET_KEY');
    const stripeOnly = unsafeBindingReason({
      host: '192.168.1.20',
      jwtSecret: OWN_SECRET,
      devKeys: { fashn: 'short', stripe: ownKeys.stripe },
    });
    expect(stripeOnly).toContain('Set LOCAL_FASHN_KEY to');
    expect(
      unsafeBindingReason({
        host: '0.0.0.0',
        jwtSecret: OWN_SECRET,
        devKeys: { fashn: ownKeys.fashn, stripe: 'sk_live_not_a_test_key_0123456789' },
      }),
    ).toMatch(/test-mode key/);
    // this machine only: no keys needed
    expect(unsafeBindingReason({ host: '127.0.0.1', jwtSecret: OWN_SECRET, devKeys: noKeys })).toBeNull();
  });
});

describe('LOCAL_PUSH_SERVICE_ORIGIN', () => {
  it('is an https origin exactly, or unset; anything else stops the start', () => {
    expect(pushServiceOrigin(undefined)).toBeNull();
    expect(pushServiceOrigin(' ')).toBeNull();
    expect(pushServiceOrigin('https://127.0.0.1:8443')).toBe('https://127.0.0.1:8443');
    for (const bad of [
      'http://127.0.0.1:8443',
      'https://127.0.0.1:8443/',
      'https://u@127.0.0.1:8443',
      '127.0.0.1',
    ]) {
      expect(() => pushServiceOrigin(bad), bad).toThrow(/LOCAL_PUSH_SERVICE_ORIGIN must be an https origin/);
    }
  });
});
