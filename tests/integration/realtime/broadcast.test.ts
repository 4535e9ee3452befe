// Broadcast and presence between clients of the official library, and the REST endpoints.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, rtClient, sleep, startHarness, type Harness } from './harness.ts';
import { subscribe } from './subscribe.ts';

let h: Harness;
const clients: SupabaseClient[] = [];

async function client(opts: Parameters<typeof rtClient>[1] = {}) {
  const c = await rtClient(h, opts);
  clients.push(c);
  return c;
}

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  for (const c of clients) await c.removeAllChannels();
  await h?.close();
});

describe('broadcast', () => {
  it('reaches the other clients on the topic but not the sender (self off by default)', async () => {
    const a = await subscribe(await client(), 'room-1', []);
    const b = await subscribe(await client(), 'room-1', []);
    const other = await subscribe(await client(), 'room-2', []);
    const res = await a.channel.send({ type: 'broadcast', event: 'cursor', payload: { x: 1, y: [2, 3] } });
    expect(res).toBe('ok');
    const got = await eventually(() => b.broadcasts[0], 'broadcast at b');
    expect(got).toEqual({ type: 'broadcast', event: 'cursor', payload: { x: 1, y: [2, 3] } });
    await sleep(100);
    expect(a.broadcasts).toEqual([]);
    expect(other.broadcasts).toEqual([]);
  });

  it('echoes to the sender with self on, and acknowledges with ack on', async () => {
    const a = await subscribe(await client(), 'room-self', [], {
      config: { broadcast: { self: true, ack: true } },
    });
    const res = await a.channel.send({ type: 'broadcast', event: 'ping', payload: { n: 1 } });
    expect(res).toBe('ok');
    const got = await eventually(() => a.broadcasts[0], 'own broadcast');
    expect(got).toEqual({ type: 'broadcast', event: 'ping', payload: { n: 1 } });
  });

  it('only calls the listeners of the broadcast event', async () => {
    const b = await client();
    const seen: string[] = [];
    const ch = b.channel('room-events').on('broadcast', { event: 'wanted' }, (p) => seen.push(p.event));
    await new Promise<void>((resolve) => ch.subscribe((s) => s === 'SUBSCRIBED' && resolve()));
    const a = await subscribe(await client(), 'room-events', []);
    await a.channel.send({ type: 'broadcast', event: 'other', payload: {} });
    await a.channel.send({ type: 'broadcast', event: 'wanted', payload: {} });
    await eventually(() => seen.length === 1, 'wanted event');
    await sleep(50);
    expect(seen).toEqual(['wanted']);
  });

  it('carries broadcasts between vsn 1.0.0 and 2.0.0 clients', async () => {
    const v1 = await subscribe(await client({ vsn: '1.0.0' }), 'room-mixed', []);
    const v2 = await subscribe(await client(), 'room-mixed', []);
    await v2.channel.send({ type: 'broadcast', event: 'from-v2', payload: { ok: true } });
    await v1.channel.send({ type: 'broadcast', event: 'from-v1', payload: { ok: 1 } });
    expect(await eventually(() => v1.broadcasts[0], 'v1 got')).toEqual({
      type: 'broadcast',
      event: 'from-v2',
      payload: { ok: true },
    });
    expect(await eventually(() => v2.broadcasts[0], 'v2 got')).toEqual({
      type: 'broadcast',
      event: 'from-v1',
      payload: { ok: 1 },
    });
  });

  it('relays binary payloads between vsn 2.0.0 clients', async () => {
    const a = await subscribe(await client(), 'room-bin', []);
    const b = await subscribe(await client(), 'room-bin', []);
    const bytes = new Uint8Array([0, 1, 2, 250, 255]).buffer;
    await a.channel.send({ type: 'broadcast', event: 'blob', payload: bytes });
    const got = await eventually(() => b.broadcasts[0], 'binary broadcast');
    expect(got.event).toBe('blob');
    expect([...new Uint8Array(got.payload)]).toEqual([0, 1, 2, 250, 255]);
  });

  it('delivers messages sent through the REST endpoints', async () => {
    const listener = await subscribe(await client(), 'room-rest', []);
    const sender = await client();
    const unjoined = sender.channel('room-rest');
    expect(await unjoined.httpSend('via-http', { a: 1 })).toEqual({ success: true });
    expect(await eventually(() => listener.broadcasts[0], 'httpSend')).toEqual({
      type: 'broadcast',
      event: 'via-http',
      payload: { a: 1 },
    });

    const res = await fetch(`${h.url}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: h.stack.keys.anon, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        messages: [{ topic: 'room-rest', event: 'via-batch', payload: { b: 2 }, private: false }],
      }),
    });
    expect(res.status).toBe(202);
    expect(await eventually(() => listener.broadcasts[1], 'batch')).toEqual({
      type: 'broadcast',
      event: 'via-batch',
      payload: { b: 2 },
    });
    await sender.removeChannel(unjoined);
  });

  it('refuses REST broadcasts without a valid key', async () => {
    const res = await fetch(`${h.url}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: 'sb_publishable_wrong', 'Content-Type': 'application/json' },
      body: JSON.stringify({ messages: [{ topic: 'x', event: 'y', payload: {} }] }),
    });
    expect(res.status).toBe(401);
  });
});

describe('presence', () => {
  it('shares tracked state with everyone on the topic and removes it on leave', async () => {
    const a = await client();
    const b = await client();
    const chA = a.channel('lobby', { config: { presence: { key: 'alice' } } });
    const chB = b.channel('lobby', { config: { presence: { key: 'bob' } } });
    chA.on('presence', { event: 'sync' }, () => {});
    chB.on('presence', { event: 'sync' }, () => {});
    await new Promise<void>((resolve) => chA.subscribe((s) => s === 'SUBSCRIBED' && resolve()));
    await new Promise<void>((resolve) => chB.subscribe((s) => s === 'SUBSCRIBED' && resolve()));
    expect(await chA.track({ status: 'online' })).toBe('ok');
    expect(await chB.track({ status: 'away' })).toBe('ok');
    await eventually(
      () => Object.keys(chA.presenceState()).length === 2 && Object.keys(chB.presenceState()).length === 2,
      'both present',
    );
    expect(chB.presenceState().alice).toMatchObject([{ status: 'online' }]);
    expect(chA.presenceState().bob).toMatchObject([{ status: 'away' }]);

    await b.removeChannel(chB);
    await eventually(() => !('bob' in chA.presenceState()), 'bob left');
    expect(Object.keys(chA.presenceState())).toEqual(['alice']);
  });
});
