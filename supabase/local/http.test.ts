import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { authorise } from './stripe/api/auth.ts';
import { devKeyRefusal, fromThisMachine } from './http.ts';

const from = (remoteAddress: string, authorization?: string) =>
  ({
    socket: { remoteAddress },
    headers: authorization ? { authorization } : {},
  }) as unknown as IncomingMessage;

describe('dev services’ keys', () => {
  it('knows a connection from this machine', () => {
    for (const a of ['127.0.0.1', '127.9.9.9', '::1', '::ffff:127.0.0.1'])
      expect(fromThisMachine(from(a)), a).toBe(true);
    for (const a of ['192.0.2.2', '::ffff:10.0.0.1', 'fd00::2', ''])
      expect(fromThisMachine(from(a)), a).toBe(false);
  });

  it('without a configured key: any key from this machine, none from another', () => {
    expect(devKeyRefusal(from('127.0.0.1'), 'anything', null)).toBeNull();
    expect(devKeyRefusal(from('127.0.0.1'), undefined, null)).toBe('no_key');
    expect(devKeyRefusal(from('192.0.2.7'), 'anything', null)).toBe('not_this_machine');
  });

  it('with a configured key: only that key, from anywhere', () => {
    expect(devKeyRefusal(from('192.0.2.7'), 'the-key', 'the-key')).toBeNull();
    expect(devKeyRefusal(from('127.0.0.1'), 'the-kez', 'the-key')).toBe('wrong_key');
    expect(devKeyRefusal(from('192.0.2.7'), 'the-key-longer', 'the-key')).toBe('wrong_key');
  });

  it('the Stripe stand-in refuses a made-up test key from another machine, and a non-test key anywhere', () => {
    expect(() => authorise(from('127.0.0.1', 'Bearer sk_test_made_up'), null)).not.toThrow();
    expect(() => authorise(from('192.0.2.7', 'Bearer sk_test_made_up'), null)).toThrow(/Invalid API Key/);
    expect(() => authorise(from('127.0.0.1', 'Bearer sk_live_xxxxxxxx'), null)).toThrow(
      /test-mode keys only/,
    );
    expect(() => authorise(from('192.0.2.7', 'Bearer sk_test_made_up'), 'sk_test_configured')).toThrow(
      /Invalid API Key/,
    );
    expect(() =>
      authorise(from('192.0.2.7', 'Bearer sk_test_configured'), 'sk_test_configured'),
    ).not.toThrow();
  });
});
