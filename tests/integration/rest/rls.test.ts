// Row-level security is Postgres's own: each request runs as the JWT's role with its
// claims, so two users of one table never see or change each other's rows, anonymous
// writes get 401 and authenticated ones 403, and the service role bypasses RLS.
import { describe, expect, it } from 'vitest';
import { anonClient, createUser, serviceClient } from '../../support/clients.ts';
import { rest } from './helpers.ts';

describe('a table with policies on auth.uid()', () => {
  it('keeps two users apart for reads, updates and deletes', async () => {
    const alice = await createUser();
    const bob = await createUser();
    const a = await alice.client
      .from('rest_notes')
      .insert({ body: 'alice secret' })
      .select('id,user_id,body')
      .single();
    expect(a.error).toBeNull();
    expect(a.data!.user_id).toBe(alice.id);
    const b = await bob.client
      .from('rest_notes')
      .insert([{ body: 'bob 1' }, { body: 'bob 2' }])
      .select('body');
    expect(b.data).toHaveLength(2);

    const aliceSees = await alice.client.from('rest_notes').select('body', { count: 'exact' });
    expect(aliceSees.data).toEqual([{ body: 'alice secret' }]);
    expect(aliceSees.count).toBe(1);
    const bobSees = await bob.client.from('rest_notes').select('body').order('body');
    expect(bobSees.data).toEqual([{ body: 'bob 1' }, { body: 'bob 2' }]);

    // Bob aims at Alice's note by id: nothing matches, nothing changes, no error.
    const upd = await bob.client.from('rest_notes').update({ body: 'pwned' }).eq('id', a.data!.id).select();
    expect(upd.status).toBe(200);
    expect(upd.data).toEqual([]);
    const del = await bob.client.from('rest_notes').delete().eq('id', a.data!.id);
    expect(del.status).toBe(204);
    const still = await alice.client.from('rest_notes').select('body').eq('id', a.data!.id).single();
    expect(still.data).toEqual({ body: 'alice secret' });

    // The service role sees both.
    const all = await serviceClient().from('rest_notes').select('user_id').in('user_id', [alice.id, bob.id]);
    expect(all.data).toHaveLength(3);
  });

  it('refuses rows written for someone else: 403 for a user, 401 for anon', async () => {
    const alice = await createUser();
    const bob = await createUser();
    const forged = await bob.client.from('rest_notes').insert({ user_id: alice.id, body: 'in your name' });
    expect(forged.status).toBe(403);
    expect(forged.error).toMatchObject({
      code: '42501',
      message: 'new row violates row-level security policy for table "rest_notes"',
    });
    const moved = await bob.client.from('rest_notes').insert({ body: 'mine' }).select('id').single();
    const steal = await bob.client.from('rest_notes').update({ user_id: alice.id }).eq('id', moved.data!.id);
    expect(steal.status).toBe(403);

    const anon = await anonClient().from('rest_notes').insert({ user_id: alice.id, body: 'anon' });
    expect(anon.status).toBe(401);
    expect(anon.error!.code).toBe('42501');
    const anonRead = await anonClient().from('rest_notes').select('body');
    expect(anonRead.data).toEqual([]);
  });

  it('insert + select needs the SELECT policy too (42501), a plain insert does not', async () => {
    const user = await createUser();
    const plain = await user.client.from('rest_inbox').insert({ message: 'hi' });
    expect(plain.status).toBe(201);
    const back = await user.client.from('rest_inbox').insert({ message: 'hi' }).select();
    expect(back.status).toBe(403);
    expect(back.error!.code).toBe('42501');
    const anonBack = await anonClient().from('rest_inbox').insert({ message: 'hi' }).select();
    expect(anonBack.status).toBe(401);
  });

  it('reports privilege errors as 401 for anon and 403 for users, with WWW-Authenticate on 401', async () => {
    const user = await createUser();
    const u = await user.client.from('rest_secrets').select();
    expect(u.status).toBe(403);
    expect(u.error!.code).toBe('42501');
    const a = await rest('/rest_secrets?select=id');
    expect(a.status).toBe(401);
    expect(a.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('settings are per transaction: a request never inherits the previous one', async () => {
    const user = await createUser();
    await user.client.rpc('rest_whoami');
    const after = await anonClient().rpc('rest_whoami');
    expect(after.data).toMatchObject({ role: 'anon', uid: null });
    const svc = await serviceClient().rpc('rest_whoami');
    expect(svc.data).toMatchObject({ role: 'service_role', uid: null });
  });
});
