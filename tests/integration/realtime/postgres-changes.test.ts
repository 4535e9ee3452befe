// postgres_changes through the official client: payload shapes, per-subscriber row-level
// security, filters, column privileges, vsn 1.0.0.
import type { SupabaseClient } from '@supabase/supabase-js';
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
import { subscribe } from './subscribe.ts';

let h: Harness;
let alice: RtUser;
let bob: RtUser;
const clients: SupabaseClient[] = [];

async function client(opts: Parameters<typeof rtClient>[1] = {}) {
  const c = await rtClient(h, opts);
  clients.push(c);
  return c;
}

const insertItem = async (owner: RtUser, fields: Record<string, string | null> = {}) => {
  const all: Record<string, string | null> = { owner_id: owner.id, title: 'item', ...fields };
  const cols = Object.keys(all);
  const { rows } = await h.db.query<{ id: string }>(
    `insert into public.rt_items (${cols.join(', ')}) values (${cols.map((_, i) => `$${i + 1}`).join(', ')}) returning id::text`,
    Object.values(all),
  );
  return Number(rows[0].id);
};

beforeAll(async () => {
  h = await startHarness();
  alice = await createRtUser(h);
  bob = await createRtUser(h);
});

afterAll(async () => {
  for (const c of clients) await c.removeAllChannels();
  await h?.close();
});

describe('postgres_changes', () => {
  it('delivers INSERT, UPDATE and DELETE with the payload the client expects, each user only their own rows', async () => {
    const a = await subscribe(await client({ token: await accessToken(h, alice) }), 'items-a', [
      { event: '*', schema: 'public', table: 'rt_items' },
    ]);
    const b = await subscribe(await client({ token: await accessToken(h, bob) }), 'items-b', [
      { event: '*', schema: 'public', table: 'rt_items' },
    ]);
    expect(a.statuses[0]).toEqual({ status: 'SUBSCRIBED', error: undefined });
    expect(a.system[0]).toEqual({
      extension: 'postgres_changes',
      status: 'ok',
      message: 'Subscribed to PostgreSQL',
      channel: 'items-a',
    });

    const id = await insertItem(alice, {
      title: 'Linen shirt',
      qty: '2',
      price: '19.90',
      tags: '{summer,linen}',
      meta: '{"size":"M"}',
    });
    const ins = await eventually(() => a.events[0][0], 'alice INSERT');
    expect(ins).toMatchObject({
      schema: 'public',
      table: 'rt_items',
      eventType: 'INSERT',
      old: {},
      errors: null,
      new: {
        id,
        owner_id: alice.id,
        title: 'Linen shirt',
        qty: 2,
        price: 19.9,
        done: false,
        tags: ['summer', 'linen'],
        meta: { size: 'M' },
      },
    });
    expect(ins.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(typeof ins.new.created_at).toBe('string');

    await h.db.query(`update public.rt_items set qty = qty + 1, done = true where id = $1`, [String(id)]);
    const upd = await eventually(() => a.events[0][1], 'alice UPDATE');
    expect(upd).toMatchObject({ eventType: 'UPDATE', new: { id, qty: 3, done: true }, old: { id } });
    expect(Object.keys(upd.old)).toEqual(['id']);

    await h.db.query(`delete from public.rt_items where id = $1`, [String(id)]);
    const del = await eventually(() => a.events[0][2], 'alice DELETE');
    expect(del).toMatchObject({ eventType: 'DELETE', new: {}, old: { id } });
    expect(Object.keys(del.old)).toEqual(['id']);

    // Bob's own row reaches Bob, so his silence about Alice's rows is row security at work.
    const bobs = await insertItem(bob, { title: 'Wool coat' });
    await eventually(() => b.events[0].find((e) => e.new.id === bobs), 'bob INSERT');
    expect(b.events[0].filter((e) => e.eventType !== 'DELETE').map((e) => e.new.id)).toEqual([bobs]);
    // DELETE events are not checked against policies (hosted does the same); they carry only the key
    expect(b.events[0].filter((e) => e.eventType === 'DELETE')).toMatchObject([{ old: { id }, new: {} }]);
    await sleep(100);
    expect(a.events[0].some((e) => e.new?.id === bobs)).toBe(false);
  });

  it('sends each event only to the bindings whose event type matches, with the ids from the join reply', async () => {
    const c = await client({ token: await accessToken(h, alice) });
    const r = await subscribe(c, 'events-by-type', [
      { event: 'INSERT', schema: 'public', table: 'rt_items' },
      { event: 'UPDATE', schema: 'public', table: 'rt_items' },
      { event: 'DELETE', schema: 'public', table: 'rt_items' },
    ]);
    const id = await insertItem(alice);
    await eventually(() => r.events[0].length === 1, 'INSERT');
    await h.db.query(`update public.rt_items set title = 'renamed' where id = $1`, [String(id)]);
    // (row security is checked against the row as it is when the change is read, as hosted
    // does: deleting at once would hide the UPDATE)
    await eventually(() => r.events[1].length === 1, 'UPDATE');
    await h.db.query(`delete from public.rt_items where id = $1`, [String(id)]);
    await eventually(() => r.events[2].length === 1, 'DELETE');
    expect(r.events.map((list) => list.map((e) => e.eventType))).toEqual([
      ['INSERT'],
      ['UPDATE'],
      ['DELETE'],
    ]);
  });

  it('applies filters: eq, neq, lt, lte, gt, gte, in, and comma-joined conditions', async () => {
    const c = await client({ token: await accessToken(h, alice) });
    const on = (filter: string) => ({
      event: 'INSERT' as const,
      schema: 'public',
      table: 'rt_items',
      filter,
    });
    const filters = [
      'qty=eq.5',
      'qty=neq.5',
      'qty=lt.5',
      'qty=lte.5',
      'qty=gt.5',
      'qty=gte.5',
      'title=in.(hat,"coat, long")',
      'qty=gt.1,qty=lt.9',
      'title=not.in.(hat,scarf)',
    ];
    const r = await subscribe(c, 'filters', filters.map(on));
    for (const [title, qty] of [
      ['hat', '5'],
      ['coat, long', '3'],
      ['scarf', '9'],
    ] as const)
      await insertItem(alice, { title, qty });
    await eventually(() => r.events[5].length === 2, 'gte events');
    await sleep(100);
    const got = r.events.map((list) => list.map((e) => e.new.title).sort());
    expect(Object.fromEntries(filters.map((f, i) => [f, got[i]]))).toEqual({
      'qty=eq.5': ['hat'],
      'qty=neq.5': ['coat, long', 'scarf'],
      'qty=lt.5': ['coat, long'],
      'qty=lte.5': ['coat, long', 'hat'],
      'qty=gt.5': ['scarf'],
      'qty=gte.5': ['hat', 'scarf'],
      'title=in.(hat,"coat, long")': ['coat, long', 'hat'],
      'qty=gt.1,qty=lt.9': ['coat, long', 'hat'],
      'title=not.in.(hat,scarf)': ['coat, long'],
    });
  });

  it('filters on uuid columns (the usual owner filter) and still applies row security', async () => {
    const c = await client({ token: await accessToken(h, alice) });
    const r = await subscribe(c, 'owner-filter', [
      { event: 'INSERT', schema: 'public', table: 'rt_items', filter: `owner_id=eq.${alice.id}` },
      { event: 'INSERT', schema: 'public', table: 'rt_items', filter: `owner_id=eq.${bob.id}` },
    ]);
    await insertItem(bob, { title: 'not for alice' });
    const mine = await insertItem(alice, { title: 'for alice' });
    await eventually(() => r.events[0].length === 1, 'own row');
    await sleep(100);
    expect(r.events[0][0].new.id).toBe(mine);
    expect(r.events[1]).toEqual([]);
  });

  it('leaves out the columns the role may not read, and sends whole old rows for replica identity full without row security', async () => {
    const anon = await client();
    const r = await subscribe(anon, 'notes-anon', [{ event: '*', schema: 'public', table: 'rt_notes' }]);
    await h.db.query(`insert into public.rt_notes (id, body, secret) values (1, 'hello', 'hidden')`);
    await h.db.query(`delete from public.rt_notes where id = 1`);
    await eventually(() => r.events[0].length === 2, 'notes events');
    expect(r.events[0][0]).toMatchObject({ eventType: 'INSERT', new: { id: 1, body: 'hello' } });
    expect(r.events[0][0].new).not.toHaveProperty('secret');
    expect(r.events[0][1]).toMatchObject({ eventType: 'DELETE', old: { id: 1, body: 'hello' } });
    expect(r.events[0][1].old).not.toHaveProperty('secret');
  });

  it('rejects a filter on a column the role cannot read, as hosted does', async () => {
    const r = await subscribe(await client(), 'notes-secret', [
      { event: '*', schema: 'public', table: 'rt_notes', filter: 'secret=eq.x' },
    ]);
    expect(r.system[0]).toMatchObject({ extension: 'postgres_changes', status: 'error' });
    expect(r.system[0].message).toContain('invalid column for filter secret');
  });

  it('reports a table that is not in the publication with a system error after the join', async () => {
    const r = await subscribe(await client(), 'unpublished', [
      { event: '*', schema: 'public', table: 'rt_unpublished' },
    ]);
    expect(r.statuses[0].status).toBe('SUBSCRIBED');
    expect(r.system[0]).toEqual({
      extension: 'postgres_changes',
      status: 'error',
      channel: 'unpublished',
      message:
        'Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [event: *, schema: public, table: rt_unpublished, filters: [], select: nil]',
    });
  });

  it('delivers all tables of a schema to a binding without a table', async () => {
    const r = await subscribe(await client({ key: h.stack.keys.serviceRole }), 'whole-schema', [
      { event: 'INSERT', schema: 'public' },
    ]);
    await h.db.query(`insert into public.rt_notes (id, body) values (2, 'note')`);
    await insertItem(bob, { title: 'any' });
    await eventually(() => r.events[0].length >= 2, 'both tables');
    expect(r.events[0].map((e) => e.table).sort()).toEqual(['rt_items', 'rt_notes']);
    // the service role reads every column and every row
    expect(r.events[0].find((e) => e.table === 'rt_notes').new).toHaveProperty('secret', null);
  });

  it('does not deliver changes of a rolled-back transaction', async () => {
    const r = await subscribe(await client({ token: await accessToken(h, alice) }), 'rollback', [
      { event: 'INSERT', schema: 'public', table: 'rt_items' },
    ]);
    await expect(
      h.db.transaction(async (tx) => {
        await tx.query(`insert into public.rt_items (owner_id, title) values ($1, 'ghost')`, [alice.id]);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const after = await insertItem(alice, { title: 'real' });
    await eventually(() => r.events[0].length, 'the committed insert');
    await sleep(50);
    expect(r.events[0].map((e) => e.new.id)).toEqual([after]);
  });

  it('works the same over protocol vsn 1.0.0', async () => {
    const c = await client({ token: await accessToken(h, alice), vsn: '1.0.0' });
    const r = await subscribe(c, 'v1', [{ event: '*', schema: 'public', table: 'rt_items' }]);
    const id = await insertItem(alice, { title: 'v1 item', qty: '7' });
    const ev = await eventually(() => r.events[0][0], 'v1 INSERT');
    expect(ev).toMatchObject({ eventType: 'INSERT', new: { id, title: 'v1 item', qty: 7 } });
  });
});
