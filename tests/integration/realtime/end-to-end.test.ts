// The whole path on the suite's shared stack, as the app uses it: users signed in through
// Auth, rows written through REST under their own row-level security, changes arriving on
// the official client — and sign-out handing the channel back to the anon role.
import { afterAll, describe, expect, it } from 'vitest';
import { createUser, serviceClient, type TestUser } from '../../support/clients.ts';
import { eventually, sleep } from './harness.ts';
import { subscribe } from './subscribe.ts';

const users: TestUser[] = [];

afterAll(async () => {
  for (const u of users) await u.client.removeAllChannels();
});

describe('realtime with Auth and REST', () => {
  it('streams a signed-in user their own REST writes and nobody else’s', async () => {
    const alice = await createUser();
    const bob = await createUser();
    users.push(alice, bob);

    const a = await subscribe(alice.client, `items:${alice.id}`, [
      { event: '*', schema: 'public', table: 'rt_items', filter: `owner_id=eq.${alice.id}` },
    ]);
    const b = await subscribe(bob.client, `items:${bob.id}`, [
      { event: '*', schema: 'public', table: 'rt_items' },
    ]);

    const ins = await alice.client
      .from('rt_items')
      .insert({ owner_id: alice.id, title: 'Silk scarf', qty: 1 })
      .select('id')
      .single();
    expect(ins.error).toBeNull();
    const id = ins.data!.id as number;
    const created = await eventually(() => a.events[0][0], 'INSERT through REST');
    expect(created).toMatchObject({
      eventType: 'INSERT',
      new: { id, owner_id: alice.id, title: 'Silk scarf', qty: 1 },
    });

    const upd = await alice.client.from('rt_items').update({ qty: 4 }).eq('id', id);
    expect(upd.error).toBeNull();
    expect(await eventually(() => a.events[0][1], 'UPDATE through REST')).toMatchObject({
      eventType: 'UPDATE',
      new: { id, qty: 4 },
      old: { id },
    });

    const bobs = await bob.client
      .from('rt_items')
      .insert({ owner_id: bob.id, title: 'Bob hat' })
      .select('id')
      .single();
    await eventually(() => b.events[0].find((e) => e.new?.id === bobs.data!.id), 'bob sees his own');
    await sleep(100);
    expect(b.events[0].some((e) => e.new?.owner_id === alice.id)).toBe(false);
    expect(a.events[0].some((e) => e.new?.owner_id === bob.id)).toBe(false);
  });

  it('falls back to the anon role after sign-out', async () => {
    const carol = await createUser();
    users.push(carol);
    const r = await subscribe(carol.client, `signout:${carol.id}`, [
      { event: 'INSERT', schema: 'public', table: 'rt_items' },
    ]);
    const first = await carol.client
      .from('rt_items')
      .insert({ owner_id: carol.id, title: 'before sign-out' })
      .select('id')
      .single();
    await eventually(() => r.events[0].length === 1, 'event while signed in');

    // the client pushes the anon key as the channel's token; from then on policies see anon
    const before = r.system.length;
    await carol.client.auth.signOut();
    await eventually(() => r.system.length > before, 'token applied');
    const later = await serviceClient()
      .from('rt_items')
      .insert({ owner_id: carol.id, title: 'after sign-out' });
    expect(later.error).toBeNull();
    await sleep(300);
    expect(r.events[0].map((e) => e.new.id)).toEqual([first.data!.id]);
  });
});
