// Saving a push subscription (save_push_subscription) as the app does, through supabase-js:
// only the browsers' push services are taken (the same table of endpoints the sender's unit
// test checks), and a seller keeps at most 10 devices. The shared test stack has no
// LOCAL_PUSH_SERVICE_ORIGIN, as a hosted project has none.
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../support/clients.ts';
import { ALLOWED_ENDPOINTS, REFUSED_ENDPOINTS } from '../../support/push-endpoints.ts';

function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

const save = (client: SupabaseClient, endpoint: string) =>
  client.rpc('save_push_subscription', {
    endpoint,
    ...browserKeys(),
    language: 'en',
    device_label: 'Chrome',
  });

const mine = async (client: SupabaseClient) =>
  ((await client.from('push_subscriptions').select('endpoint').order('updated_at')).data ?? []).map(
    (r) => r.endpoint as string,
  );

/** A push service endpoint no other test uses (unique by its token). */
const fcm = (tag: string) => `https://fcm.googleapis.com/fcm/send/${tag}-${randomUUID()}:APA91b`;

describe('which endpoints are saved', () => {
  it.each(ALLOWED_ENDPOINTS)('saves a browser push service: %s', async (endpoint) => {
    const seller = await createUser();
    // endpoints are unique across sellers: a tail of this test's own keeps runs apart
    const saved = await save(seller.client, `${endpoint}${randomUUID()}`);
    expect(saved.error).toBeNull();
    expect(await mine(seller.client)).toHaveLength(1);
  });

  it.each(REFUSED_ENDPOINTS)('refuses %s (%s)', async (endpoint) => {
    const seller = await createUser();
    const saved = await save(seller.client, endpoint);
    expect(saved.error).not.toBeNull();
    expect(['push_service_not_allowed', 'push_subscription_invalid']).toContain(saved.error?.hint);
    expect(await mine(seller.client)).toEqual([]);
  });

  it('says why, in words the app translates', async () => {
    const seller = await createUser();
    const saved = await save(seller.client, 'https://127.0.0.1:54321/functions/v1/send-push');
    expect(saved.error?.message).toBe(
      "This browser's push service is not supported, so notifications cannot reach this device.",
    );
    expect(saved.error?.hint).toBe('push_service_not_allowed');
    expect(saved.error?.code).toBe('P0001');
  });
});

describe('at most 10 devices per seller', () => {
  it('saving an 11th and a 12th device drops the two saved longest ago', async () => {
    const seller = await createUser();
    const endpoints = Array.from({ length: 12 }, (_, i) => fcm(`device-${i}`));
    for (const endpoint of endpoints) expect((await save(seller.client, endpoint)).error).toBeNull();
    expect(await mine(seller.client)).toEqual(endpoints.slice(2));
  });

  it('a device saved again (the app opening) is the newest, so another goes first', async () => {
    const seller = await createUser();
    const endpoints = Array.from({ length: 10 }, (_, i) => fcm(`device-${i}`));
    for (const endpoint of endpoints) expect((await save(seller.client, endpoint)).error).toBeNull();
    expect((await save(seller.client, endpoints[0])).error).toBeNull();
    const newest = fcm('newest');
    expect((await save(seller.client, newest)).error).toBeNull();
    const kept = await mine(seller.client);
    expect(kept).toHaveLength(10);
    expect(kept).toContain(endpoints[0]);
    expect(kept).not.toContain(endpoints[1]);
    expect(kept.at(-1)).toBe(newest);
  });

  it('many saves at once still leave 10', async () => {
    const seller = await createUser();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => save(seller.client, fcm(`burst-${i}`))),
    );
    expect(results.map((r) => r.error)).toEqual(results.map(() => null));
    expect(await mine(seller.client)).toHaveLength(10);
  });

  it("another seller's devices are not counted", async () => {
    const a = await createUser();
    const b = await createUser();
    for (let i = 0; i < 10; i++) expect((await save(a.client, fcm(`a-${i}`))).error).toBeNull();
    for (let i = 0; i < 3; i++) expect((await save(b.client, fcm(`b-${i}`))).error).toBeNull();
    expect(await mine(a.client)).toHaveLength(10);
    expect(await mine(b.client)).toHaveLength(3);
  });
});
