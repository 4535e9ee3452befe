// The sender's side of where a push may go: the endpoint's host (the same rule as SQL at
// save, on the same table of endpoints), and the addresses the host resolves to.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALLOWED_ENDPOINTS, REFUSED_ENDPOINTS } from '../../../../tests/support/push-endpoints.ts';
import {
  addressProblem,
  checkedAddress,
  checkPushEndpoint,
  localPushOrigin,
  PUSH_SERVICE_DOMAINS,
  PUSH_SERVICE_HOSTS,
  type Resolve,
} from './endpoint.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

describe('the push endpoint rule', () => {
  it.each(ALLOWED_ENDPOINTS)('takes a browser push service: %s', (endpoint) => {
    const checked = checkPushEndpoint(endpoint, null);
    expect(checked).toMatchObject({ ok: true, local: false });
  });

  it.each(REFUSED_ENDPOINTS)('refuses %s (%s)', (endpoint) => {
    const checked = checkPushEndpoint(endpoint, null);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.reason).toMatch(/^\S/);
  });

  it('says why it refuses', () => {
    expect(checkPushEndpoint('https://storage.googleapis.com/bucket/x', null)).toEqual({
      ok: false,
      reason: "storage.googleapis.com is not a browser's push service",
    });
    expect(checkPushEndpoint('https://127.0.0.1:8443/push/x', null)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('a port, a user name, an IP address'),
    });
  });

  it("lets the local stack's stand-in through only at its exact origin", () => {
    const local = 'https://127.0.0.1:4433';
    expect(checkPushEndpoint('https://127.0.0.1:4433/push/abc', local)).toMatchObject({
      ok: true,
      local: true,
    });
    for (const other of [
      'https://127.0.0.1:44331/push/abc',
      'https://127.0.0.1:443/push/abc',
      'https://127.0.0.1:4433@169.254.169.254/push/abc',
      'https://127.0.0.1:4433.attacker.test/push/abc',
      'https://localhost:4433/push/abc',
      'https://[::1]:4433/push/abc',
      'https://127.0.0.1:4433\\@10.0.0.1/push/abc',
    ]) {
      expect(checkPushEndpoint(other, local).ok, other).toBe(false);
    }
    // a push service is still a push service
    expect(checkPushEndpoint(ALLOWED_ENDPOINTS[0], local)).toMatchObject({ ok: true, local: false });
  });

  it('reads the local origin only as an exact https origin', () => {
    const env = (v: string | undefined) => () => v;
    expect(localPushOrigin(env(undefined))).toBeNull();
    expect(localPushOrigin(env(''))).toBeNull();
    expect(localPushOrigin(env('https://127.0.0.1:4433'))).toBe('https://127.0.0.1:4433');
    expect(localPushOrigin(env('http://127.0.0.1:4433'))).toBeNull();
    expect(localPushOrigin(env('https://127.0.0.1:4433/push'))).toBeNull();
    expect(localPushOrigin(env('https://u@127.0.0.1:4433'))).toBeNull();
  });

  it("is the SQL's private.push_service_host_allowed, host for host", () => {
    const sql = readFileSync(
      path.join(ROOT, 'supabase/schemas/45_notifications_notices_dashboard.sql'),
      'utf8',
    );
    const body = /function private\.push_service_host_allowed[\s\S]*?\$\$([\s\S]*?)\$\$/.exec(sql)?.[1] ?? '';
    const hosts = /p_host in \(([^)]*)\)/.exec(body)?.[1].match(/'([^']+)'/g) ?? [];
    expect(hosts.map((h) => h.slice(1, -1))).toEqual([...PUSH_SERVICE_HOSTS]);
    const domains = /\\\.\(([^)]*)\)\$'/.exec(body)?.[1].split('|') ?? [];
    expect(domains.map((d) => d.replace(/\\\./g, '.'))).toEqual([...PUSH_SERVICE_DOMAINS]);
  });
});

describe('the address check', () => {
  const refused: [string, RegExp][] = [
    ['127.0.0.1', /loopback/],
    ['127.255.255.254', /loopback/],
    ['10.1.2.3', /private/],
    ['172.16.0.1', /private/],
    ['172.31.255.255', /private/],
    ['192.168.1.1', /private/],
    ['100.64.0.1', /carrier-grade/],
    ['169.254.169.254', /link-local/],
    ['0.0.0.0', /reserved/],
    ['0.1.2.3', /reserved/],
    ['192.0.0.8', /reserved/],
    ['192.0.2.1', /documentation/],
    ['198.18.0.1', /benchmarking/],
    ['198.51.100.7', /documentation/],
    ['203.0.113.9', /documentation/],
    ['224.0.0.1', /multicast/],
    ['239.255.255.250', /multicast/],
    ['240.0.0.1', /reserved/],
    ['255.255.255.255', /reserved/],
    ['::', /unspecified/],
    ['::1', /loopback/],
    ['[::1]', /loopback/],
    ['0:0:0:0:0:0:0:1', /loopback/],
    ['::ffff:127.0.0.1', /loopback/],
    ['::ffff:7f00:1', /loopback/],
    ['::FFFF:A9FE:A9FE', /link-local/],
    ['0:0:0:0:0:ffff:10.0.0.1', /private/],
    ['::127.0.0.1', /loopback/],
    ['::8.8.8.8', /IPv4-compatible/],
    ['64:ff9b::10.0.0.1', /private/],
    ['64:ff9b::a00:1', /private/],
    ['fe80::1', /link-local/],
    ['febf::1', /link-local/],
    ['fec0::1', /not global unicast/],
    ['fc00::1', /unique local/],
    ['fd12:3456::1', /unique local/],
    ['ff02::1', /multicast/],
    ['100::1', /not global unicast/],
    ['2001:db8::1', /documentation/],
    ['2001::1', /Teredo/],
    ['2001:2::1', /IETF/],
    ['2002:7f00:1::1', /6to4/],
    ['3fff::1', /documentation/],
    // not an address as DNS or a URL gives one: refused rather than guessed at
    ['fe80::1%eth0', /not an IP address/],
    ['2130706433', /not an IP address/],
    ['0x7f000001', /not an IP address/],
    ['0177.0.0.1', /not an IP address/],
    ['127.1', /not an IP address/],
    ['010.0.0.1', /not an IP address/],
    ['1.2.3.256', /not an IP address/],
    ['1:2:3:4:5:6:7:8:9', /not an IP address/],
    ['1::2::3', /not an IP address/],
    ['localhost', /not an IP address/],
    ['', /not an IP address/],
  ];
  it.each(refused)('refuses %s', (address, why) => {
    expect(addressProblem(address)).toMatch(why);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '142.250.185.74',
    '172.15.255.255',
    '172.32.0.1',
    '192.169.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '2a00:1450:4001:82f::200a',
    '2606:4700::1111',
    '2001:4860:4860::8888',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
  ])('takes the public address %s', (address) => {
    expect(addressProblem(address)).toBeNull();
  });
});

describe('resolving the host before connecting', () => {
  const resolver =
    (answers: Record<string, string[]>): Resolve =>
    async (host) => {
      const found = answers[host];
      if (!found) throw new Error(`getaddrinfo ENOTFOUND ${host}`);
      return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    };

  it('connects to the public address it checked', async () => {
    const resolve = resolver({ 'fcm.googleapis.com': ['142.250.185.74', '2a00:1450:4001:82f::200a'] });
    expect(await checkedAddress('fcm.googleapis.com', resolve)).toEqual({
      ok: true,
      address: { address: '142.250.185.74', family: 4 },
    });
  });

  it('refuses a host with any private address among its answers, and says which', async () => {
    const resolve = resolver({
      'fcm.googleapis.com': ['142.250.185.74', '10.0.0.7'],
      'web.push.apple.com': ['::ffff:169.254.169.254'],
      'updates.push.services.mozilla.com': ['::1'],
    });
    expect(await checkedAddress('fcm.googleapis.com', resolve)).toEqual({
      ok: false,
      refused: true,
      reason: 'fcm.googleapis.com resolves to 10.0.0.7, a private address',
    });
    expect(await checkedAddress('web.push.apple.com', resolve)).toMatchObject({
      ok: false,
      refused: true,
      reason: expect.stringContaining('link-local'),
    });
    expect(await checkedAddress('updates.push.services.mozilla.com', resolve)).toMatchObject({
      ok: false,
      refused: true,
      reason: expect.stringContaining('loopback'),
    });
  });

  it('judges an address given as the host without asking DNS', async () => {
    const resolve: Resolve = async () => {
      throw new Error('DNS must not be asked');
    };
    expect(await checkedAddress('127.0.0.1', resolve)).toMatchObject({ ok: false, refused: true });
    expect(await checkedAddress('[::ffff:7f00:1]', resolve)).toMatchObject({ ok: false, refused: true });
    expect(await checkedAddress('8.8.8.8', resolve)).toMatchObject({ ok: true });
  });

  it('a name that does not resolve now is worth another try, not refused', async () => {
    expect(await checkedAddress('fcm.googleapis.com', resolver({}))).toMatchObject({
      ok: false,
      refused: false,
      reason: expect.stringContaining('ENOTFOUND'),
    });
    expect(await checkedAddress('fcm.googleapis.com', resolver({ 'fcm.googleapis.com': [] }))).toMatchObject({
      ok: false,
      refused: false,
    });
  });

  it('the local stand-in may be private', async () => {
    expect(await checkedAddress('127.0.0.1', resolver({}), true)).toEqual({
      ok: true,
      address: { address: '127.0.0.1', family: 4 },
    });
  });
});
