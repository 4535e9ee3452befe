// Quiet without a connection: the backend client's fetch sends nothing while the browser is
// offline and one read at a time while the backend is unreachable; a HEAD answer is read to its
// end; Realtime backs off while unreachable and stays closed offline; a query a live channel
// reads on rejoining is not read again on reconnecting.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectivity, quietWhileOffline, UNREACHABLE_PROBE_MS } from '../connectivity.ts';
import { finishingHeadReads } from '../head-reads.ts';
import { refetchOnReconnect } from '../query-client.ts';
import { readOnJoin } from '../read-on-join.ts';
import { realtimeReconnectAfterMs, UNREACHABLE_MAX_MS } from '../realtime-connectivity.ts';
import type { Query } from '@tanstack/react-query';

afterEach(() => connectivity.requestSucceeded());

describe('quietWhileOffline', () => {
  it('sends nothing while the browser is offline, failing as fetch does', async () => {
    const sent = vi.fn(async () => new Response('[]'));
    let offline = true;
    const fetch = quietWhileOffline(sent, () => offline);
    await expect(fetch('https://api.test/rest/v1/projects')).rejects.toThrow('Failed to fetch');
    await expect(fetch('https://api.test/rest/v1/rpc/x', { method: 'POST' })).rejects.toThrow(TypeError);
    expect(sent).not.toHaveBeenCalled();
    offline = false;
    expect((await fetch('https://api.test/rest/v1/projects')).status).toBe(200);
    expect(sent).toHaveBeenCalledTimes(1);
  });

  it('while the backend is unreachable, one read at a time and at most every few seconds; writes go', async () => {
    let now = 0;
    let answer!: (r: Response) => void;
    const sent = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    const fetch = quietWhileOffline(
      sent,
      () => false,
      () => now,
    );
    connectivity.requestFailed(new TypeError('Failed to fetch'));
    const probe = fetch('https://api.test/rest/v1/projects');
    await expect(fetch('https://api.test/rest/v1/plans')).rejects.toThrow('Failed to fetch');
    answer(new Response('[]'));
    await probe;
    now += UNREACHABLE_PROBE_MS - 1;
    await expect(fetch('https://api.test/rest/v1/plans', { method: 'HEAD' })).rejects.toThrow(
      'Failed to fetch',
    );
    expect(sent).toHaveBeenCalledTimes(1);
    void fetch('https://api.test/rest/v1/rpc/save', { method: 'POST' });
    expect(sent).toHaveBeenCalledTimes(2);
    now += 1;
    void fetch('https://api.test/rest/v1/plans');
    expect(sent).toHaveBeenCalledTimes(3);
  });
});

describe('finishingHeadReads', () => {
  it('reads a HEAD answer to its end, leaving the answer whole', async () => {
    const body = new ReadableStream<Uint8Array>({ start: (c) => c.close() });
    const response = new Response(body, { status: 200, headers: { 'content-range': '0-0/3' } });
    const tee = vi.spyOn(response, 'clone');
    const fetch = finishingHeadReads(async () => response);
    const got = await fetch('https://api.test/rest/v1/notifications', { method: 'HEAD' });
    expect(tee).toHaveBeenCalledTimes(1);
    expect(got.headers.get('content-range')).toBe('0-0/3');
    expect(got.bodyUsed).toBe(false);
    // a GET's body is the caller's
    const get = new Response('[]');
    const spy = vi.spyOn(get, 'clone');
    await finishingHeadReads(async () => get)('https://api.test/rest/v1/notifications');
    expect(spy).not.toHaveBeenCalled();
  });
});

describe('realtimeReconnectAfterMs', () => {
  it('steps as supabase-js does while online, and grows to a minute while unreachable', () => {
    expect([1, 2, 3, 4, 9].map((t) => realtimeReconnectAfterMs(t, false))).toEqual([
      1000, 2000, 5000, 10_000, 10_000,
    ]);
    expect([1, 2, 3, 4, 5, 9].map((t) => realtimeReconnectAfterMs(t, true))).toEqual([
      5000,
      10_000,
      20_000,
      40_000,
      UNREACHABLE_MAX_MS,
      UNREACHABLE_MAX_MS,
    ]);
  });
});

describe('refetchOnReconnect', () => {
  const query = (queryKey: unknown[], status: 'success' | 'error' = 'success') =>
    ({ queryKey, state: { status } }) as unknown as Query;

  it('leaves a query to the live channel that reads it when it rejoins', () => {
    let joined = false;
    const forget = readOnJoin({ joined: () => joined, keys: () => [['projects', 'u1', 'list']] });
    expect(refetchOnReconnect(query(['projects', 'u1', 'list', { archived: false }], 'error'))).toBe(false);
    expect(refetchOnReconnect(query(['plans']))).toBe(true);
    expect(refetchOnReconnect(query(['plans'], 'error'))).toBe('always');
    // a channel joined now reads nothing on the reconnect: the query reads for itself
    joined = true;
    expect(refetchOnReconnect(query(['projects', 'u1', 'list']))).toBe(true);
    forget();
    joined = false;
    expect(refetchOnReconnect(query(['projects', 'u1', 'list']))).toBe(true);
  });
});
