// Channel tokens over time: access_token pushes change what a subscriber sees, expired and
// invalid tokens end or refuse the channel, and a dropped socket comes back on its own.
import type { SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessToken,
  createRtUser,
  eventually,
  rtClient,
  sleep,
  startHarness,
  type Harness,
  type RtUser,
} from './harness.ts';
import { subscribe, type Recorded } from './subscribe.ts';

let h: Harness;
let alice: RtUser;
let bob: RtUser;
const clients: SupabaseClient[] = [];

async function client(opts: Parameters<typeof rtClient>[1] = {}) {
  const c = await rtClient(h, opts);
  clients.push(c);
  return c;
}

async function insertItem(owner: RtUser, title: string) {
  const { rows } = await h.db.query<{ id: string }>(
    `insert into public.rt_items (owner_id, title) values ($1, $2) returning id::text`,
    [owner.id, title],
  );
  return Number(rows[0].id);
}

/** Waits until the server has applied a token push: it confirms the subscription again. */
async function tokenApplied(r: Recorded, before: number) {
  await eventually(
    () => r.system.filter((s) => s.message === 'Subscribed to PostgreSQL').length > before,
    'token applied',
  );
}

const subscribedCount = (r: Recorded) =>
  r.system.filter((s) => s.message === 'Subscribed to PostgreSQL').length;

beforeAll(async () => {
  h = await startHarness();
  alice = await createRtUser(h);
  bob = await createRtUser(h);
});

afterAll(async () => {
  for (const c of clients) await c.removeAllChannels();
  await h?.close();
});

describe('channel tokens', () => {
  it('sees rows according to the latest token pushed with setAuth', async () => {
    const c = await client(); // signed out: the anon key
    const r = await subscribe(c, 'switching', [{ event: 'INSERT', schema: 'public', table: 'rt_items' }]);
    const titles = () => r.events[0].map((e) => e.new.title);

    await insertItem(alice, 'as anon: hidden');
    await sleep(150);
    expect(titles()).toEqual([]);

    let n = subscribedCount(r);
    await c.realtime.setAuth(await accessToken(h, alice));
    await tokenApplied(r, n);
    await insertItem(bob, 'bob while alice');
    await insertItem(alice, 'alice while alice');
    await eventually(() => titles().length === 1, 'alice row');

    n = subscribedCount(r);
    await c.realtime.setAuth(await accessToken(h, bob));
    await tokenApplied(r, n);
    await insertItem(alice, 'alice while bob');
    await insertItem(bob, 'bob while bob');
    await eventually(() => titles().length === 2, 'bob row');

    n = subscribedCount(r);
    await c.realtime.setAuth(h.stack.keys.anon); // signed out again (legacy anon key)
    await tokenApplied(r, n);
    await insertItem(alice, 'anon again: hidden');
    await sleep(150);
    expect(titles()).toEqual(['alice while alice', 'bob while bob']);
  });

  it('closes the channel with a system error when its token expires', async () => {
    const c = await client({ token: await accessToken(h, alice, 2) });
    const r = await subscribe(c, 'expiring', [{ event: '*', schema: 'public', table: 'rt_items' }]);
    await eventually(() => r.statuses.some((s) => s.status === 'CLOSED'), 'CLOSED', 6000);
    const err = r.system.find((s) => s.extension === 'system');
    expect(err).toMatchObject({ extension: 'system', status: 'error', channel: 'expiring' });
    expect(err.message).toMatch(/^Token has expired \d+ seconds ago$/);
    expect(r.channel.state).toBe('closed');
  });

  it('closes the channel when an expired token is pushed', async () => {
    const c = await client({ token: await accessToken(h, alice) });
    const r = await subscribe(c, 'pushed-expired', [{ event: '*', schema: 'public', table: 'rt_items' }]);
    await c.realtime.setAuth(await accessToken(h, alice, -5));
    await eventually(() => r.statuses.some((s) => s.status === 'CLOSED'), 'CLOSED');
    expect(r.system.find((s) => s.extension === 'system')?.message).toMatch(
      /^Token has expired \d+ seconds ago$/,
    );
  });

  it('refuses to join with an expired token', async () => {
    const c = await client({ token: await accessToken(h, alice, -10) });
    const r = await subscribe(c, 'expired-join', [], { waitFor: 'status' });
    expect(r.statuses[0].status).toBe('CHANNEL_ERROR');
    expect(r.statuses[0].error).toMatch(/^InvalidJWTToken: Token has expired \d+ seconds ago$/);
  });

  it('refuses to join with a token signed with another secret', async () => {
    const forged = await new SignJWT({ role: 'authenticated', sub: alice.id })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-project-secret-not-the-project-secret'));
    const r = await subscribe(await client({ token: forged }), 'forged-join', [], { waitFor: 'status' });
    expect(r.statuses[0]).toEqual({
      status: 'CHANNEL_ERROR',
      error: 'JwtSignatureError: Failed to validate JWT signature',
    });
  });

  it('refuses a token without exp', async () => {
    const noExp = await new SignJWT({ role: 'authenticated', sub: alice.id })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode(h.stack.config.jwtSecret));
    const r = await subscribe(await client({ token: noExp }), 'no-exp', [], { waitFor: 'status' });
    expect(r.statuses[0]).toEqual({
      status: 'CHANNEL_ERROR',
      error: 'InvalidJWTToken: Fields `role` and `exp` are required in JWT',
    });
  });

  it('accepts the new opaque API keys', async () => {
    const c = await client({ key: h.stack.keys.publishable });
    const r = await subscribe(c, 'publishable', [{ event: '*', schema: 'public', table: 'rt_notes' }]);
    expect(r.statuses[0].status).toBe('SUBSCRIBED');
    await h.db.query(`insert into public.rt_notes (id, body, secret) values (10, 'public', 'x')`);
    const ev = await eventually(() => r.events[0][0], 'note as anon');
    expect(ev.new).toEqual({ id: 10, body: 'public' });
  });

  it('rejoins after the connection drops and keeps receiving', async () => {
    const c = await client({ token: await accessToken(h, alice) });
    const r = await subscribe(c, 'reconnecting', [{ event: 'INSERT', schema: 'public', table: 'rt_items' }]);
    const before = subscribedCount(r);
    h.dropConnections();
    await eventually(() => r.statuses.some((s) => s.status === 'CHANNEL_ERROR'), 'error after drop');
    await eventually(() => subscribedCount(r) > before, 'rejoined', 8000);
    expect(r.statuses.at(-1)?.status).toBe('SUBSCRIBED');
    const id = await insertItem(alice, 'after reconnect');
    const ev = await eventually(() => r.events[0].find((e) => e.new.id === id), 'event after reconnect');
    expect(ev.new.title).toBe('after reconnect');
  });

  it('answers heartbeats', async () => {
    const c = await client();
    await subscribe(c, 'heartbeat', [], { waitFor: 'status' });
    const seen: string[] = [];
    c.realtime.onHeartbeat((status) => seen.push(status));
    await c.realtime.sendHeartbeat();
    await eventually(() => seen.includes('ok'), 'heartbeat ok');
  });
});
