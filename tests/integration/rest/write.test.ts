// Writes through the official client: inserts (single, bulk, missing keys), upserts,
// updates and deletes, representations, and the errors writes produce.
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceClient, stack } from '../../support/clients.ts';
import { makeWorld, rest, uid, type World } from './helpers.ts';

const db = serviceClient();
let w: World;

beforeAll(async () => {
  w = await makeWorld(2);
});

async function ownerWith(name = `o-${uid()}`) {
  const { data, error } = await db.from('rest_owners').insert({ name }).select().single();
  if (error) throw error;
  return data as { id: number; name: string; email: string | null; created_at: string };
}

describe('insert', () => {
  it('inserts one row: 201 and an empty body without .select()', async () => {
    const name = `o-${uid()}`;
    const r = await db.from('rest_owners').insert({ name });
    expect(r.status).toBe(201);
    expect(r.data).toBeNull();
    expect(r.error).toBeNull();
    const { data } = await db.from('rest_owners').select('name').eq('name', name);
    expect(data).toEqual([{ name }]);
  });

  it('returns the inserted rows, with defaults filled, when asked', async () => {
    const o = await ownerWith();
    expect(o.id).toBeTypeOf('number');
    expect(o.email).toBeNull();
    expect(new Date(o.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('bulk-inserts with columns=: missing keys become NULL unless missing=default', async () => {
    const o = await ownerWith();
    const nulls = await db.from('rest_projects').insert([
      { owner_id: o.id, name: 'a', status: 'ready' },
      { owner_id: o.id, name: 'b' },
    ]);
    expect(nulls.status).toBe(400);
    expect(nulls.error!.code).toBe('23502');
    expect(nulls.error!.message).toContain('"status"');

    const defaults = await db
      .from('rest_projects')
      .insert(
        [
          { owner_id: o.id, name: 'a', status: 'ready' },
          { owner_id: o.id, name: 'b' },
        ],
        { defaultToNull: false },
      )
      .select('name,status,tags')
      .order('name');
    expect(defaults.error).toBeNull();
    expect(defaults.data).toEqual([
      { name: 'a', status: 'ready', tags: [] },
      { name: 'b', status: 'draft', tags: [] },
    ]);
  });

  it('rolls back the whole bulk insert when one row fails', async () => {
    const o = await ownerWith();
    const r = await db.from('rest_projects').insert([
      { owner_id: o.id, name: 'x', status: 'draft' },
      { owner_id: o.id, name: 'y', status: 'bogus' },
    ]);
    expect(r.status).toBe(400);
    expect(r.error!.code).toBe('23514');
    const { count } = await db
      .from('rest_projects')
      .select('*', { count: 'exact', head: true })
      .eq('owner_id', o.id);
    expect(count).toBe(0);
  });

  it('embeds into the representation of an insert', async () => {
    const o = await ownerWith();
    const { data, error } = await db
      .from('rest_projects')
      .insert({ owner_id: o.id, name: 'with-owner' })
      .select('name,owner:rest_owners!owner_id(name)')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ name: 'with-owner', owner: { name: o.name } });
  });

  it('maps constraint and input errors to 409 and 400', async () => {
    const o = await ownerWith();
    const dup = await db.from('rest_owners').insert({ name: o.name });
    expect(dup.status).toBe(409);
    expect(dup.error!.code).toBe('23505');
    expect(dup.error!.details).toContain('already exists');
    const fk = await db.from('rest_projects').insert({ owner_id: -5, name: 'orphan' });
    expect(fk.status).toBe(409);
    expect(fk.error!.code).toBe('23503');
    const bad = await db.from('rest_notes').insert({ user_id: 'not-a-uuid', body: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.error!.code).toBe('22P02');
    const unknown = await db.from('rest_owners').insert({ name: 'z', nope: 1 });
    expect(unknown.status).toBe(400);
    expect(unknown.error).toMatchObject({
      code: 'PGRST204',
      message: "Could not find the 'nope' column of 'rest_owners' in the schema cache",
    });
  });

  it('a failed write inside an explicit transaction leaves nothing open behind it', async () => {
    const o = await ownerWith();
    for (let i = 0; i < 3; i++) {
      const dup = await db.from('rest_owners').insert({ name: o.name }).select().single();
      expect(dup.status).toBe(409);
      const ok = await db.from('rest_owners').select('name').eq('id', o.id).single();
      expect(ok.data).toEqual({ name: o.name });
    }
  });

  it('refuses a body that is not JSON', async () => {
    const r = await rest('/rest_owners', { method: 'POST', body: '{"name":', token: undefined });
    expect(r.status).toBe(400);
    expect(r.json.code).toBe('PGRST102');
  });

  it('answers .single() on insert with the object, and rolls back on a wrong count', async () => {
    const name = `o-${uid()}`;
    const many = await db
      .from('rest_owners')
      .insert([{ name }, { name: `${name}-2` }])
      .select()
      .single();
    expect(many.status).toBe(406);
    expect(many.error!.code).toBe('PGRST116');
    const { data } = await db
      .from('rest_owners')
      .select('id')
      .in('name', [name, `${name}-2`]);
    expect(data).toEqual([]);
  });

  it('Prefer: tx=rollback is ignored, as hosted PostgREST (db-tx-end = commit) ignores it: the write is kept', async () => {
    const name = `o-${uid()}`;
    const r = await db.from('rest_owners').insert({ name }).select('name').rollback();
    expect(r.status).toBe(201);
    expect(r.data).toEqual([{ name }]);
    const { data } = await db.from('rest_owners').select('name').eq('name', name);
    expect(data).toEqual([{ name }]);

    // recognised (no PGRST122 under handling=strict) but never applied
    const raw = await rest('/rest_owners', {
      method: 'POST',
      body: { name: `${name}-strict` },
      headers: { Prefer: 'handling=strict, tx=rollback, return=minimal' },
    });
    expect(raw.status).toBe(201);
    expect(raw.headers.get('preference-applied') ?? '').not.toContain('tx=');
    const kept = await db.from('rest_owners').select('name').eq('name', `${name}-strict`);
    expect(kept.data).toEqual([{ name: `${name}-strict` }]);

    const message = `inbox-${uid()}`;
    const rpc = await rest('/rpc/rest_touch_inbox', {
      method: 'POST',
      body: { p_message: message },
      headers: { Prefer: 'tx=rollback' },
    });
    expect(rpc.status).toBe(204);
    expect((await db.from('rest_inbox').select('message').eq('message', message)).data).toEqual([
      { message },
    ]);
  });

  it('reports a count for writes in Content-Range', async () => {
    const o = await ownerWith();
    const r = await db.from('rest_projects').insert(
      [
        { owner_id: o.id, name: 'c1', status: 'draft' },
        { owner_id: o.id, name: 'c2', status: 'draft' },
      ],
      { count: 'exact' },
    );
    expect(r.count).toBe(2);
  });
});

describe('upsert', () => {
  it('merges duplicates on the primary key', async () => {
    const o = await ownerWith();
    const { data, error } = await db
      .from('rest_owners')
      .upsert({ id: o.id, name: o.name, email: 'new@example.test' })
      .select('id,email')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: o.id, email: 'new@example.test' });
  });

  it('merges on on_conflict columns, or ignores duplicates', async () => {
    const o = await ownerWith();
    await db.from('rest_projects').insert({ owner_id: o.id, name: 'keep', status: 'draft' });
    const merged = await db
      .from('rest_projects')
      .upsert({ owner_id: o.id, name: 'keep', status: 'ready' }, { onConflict: 'owner_id,name' })
      .select('name,status');
    expect(merged.data).toEqual([{ name: 'keep', status: 'ready' }]);
    const ignored = await db
      .from('rest_projects')
      .upsert(
        [
          { owner_id: o.id, name: 'keep', status: 'archived' },
          { owner_id: o.id, name: 'fresh', status: 'draft' },
        ],
        {
          onConflict: 'owner_id,name',
          ignoreDuplicates: true,
        },
      )
      .select('name,status');
    expect(ignored.data).toEqual([{ name: 'fresh', status: 'draft' }]);
    const { data } = await db.from('rest_projects').select('name,status').eq('owner_id', o.id).order('name');
    expect(data).toEqual([
      { name: 'fresh', status: 'draft' },
      { name: 'keep', status: 'ready' },
    ]);
  });

  it('refuses an unknown on_conflict column', async () => {
    const r = await db.from('rest_owners').upsert({ name: 'x' }, { onConflict: 'nope' });
    expect(r.status).toBe(400);
    expect(r.error!.code).toBe('PGRST204');
  });
});

describe('update and delete', () => {
  it('updates the filtered rows: 204 without select, 200 with the rows', async () => {
    const o = await ownerWith();
    await db.from('rest_projects').insert([
      { owner_id: o.id, name: 'u1', status: 'draft' },
      { owner_id: o.id, name: 'u2', status: 'draft' },
    ]);
    const quiet = await db
      .from('rest_projects')
      .update({ status: 'ready' })
      .eq('owner_id', o.id)
      .eq('name', 'u1');
    expect(quiet.status).toBe(204);
    expect(quiet.data).toBeNull();
    const loud = await db
      .from('rest_projects')
      .update({ budget: 5, meta: { a: [1] } })
      .eq('owner_id', o.id)
      .select('name,status,budget,meta')
      .order('name');
    expect(loud.status).toBe(200);
    expect(loud.data).toEqual([
      { name: 'u1', status: 'ready', budget: 5, meta: { a: [1] } },
      { name: 'u2', status: 'draft', budget: 5, meta: { a: [1] } },
    ]);
    const none = await db.from('rest_projects').update({ status: 'ready' }).eq('id', -1).select();
    expect(none.status).toBe(200);
    expect(none.data).toEqual([]);
  });

  it('deletes the filtered rows and can return them', async () => {
    const o = await ownerWith();
    await db.from('rest_projects').insert([
      { owner_id: o.id, name: 'd1', status: 'draft' },
      { owner_id: o.id, name: 'd2', status: 'draft' },
    ]);
    const r = await db.from('rest_projects').delete().eq('owner_id', o.id).eq('name', 'd1').select('name');
    expect(r.data).toEqual([{ name: 'd1' }]);
    const quiet = await db.from('rest_projects').delete().eq('owner_id', o.id);
    expect(quiet.status).toBe(204);
    const { count } = await db
      .from('rest_projects')
      .select('*', { count: 'exact', head: true })
      .eq('owner_id', o.id);
    expect(count).toBe(0);
  });

  it('refuses DELETE and PATCH without any filter (21000), like hosted safeupdate', async () => {
    const del = await db.from('rest_images').delete();
    expect(del.status).toBe(400);
    expect(del.error).toMatchObject({ code: '21000', message: 'DELETE requires a WHERE clause' });
    const upd = await db.from('rest_images').update({ position: 9 });
    expect(upd.status).toBe(400);
    expect(upd.error).toMatchObject({ code: '21000', message: 'UPDATE requires a WHERE clause' });
    const { count } = await db
      .from('rest_images')
      .select('*', { count: 'exact', head: true })
      .eq('project_id', w.projects[0].id);
    expect(count).toBe(2);
  });

  it('limits a delete with order and limit', async () => {
    const o = await ownerWith();
    await db
      .from('rest_projects')
      .insert(['l1', 'l2', 'l3'].map((name) => ({ owner_id: o.id, name, status: 'draft' })));
    const r = await rest(`/rest_projects?owner_id=eq.${o.id}&order=name.desc&limit=2`, {
      method: 'DELETE',
      token: undefined,
      apikey: stack().serviceRoleKey,
      headers: { Prefer: 'return=representation' },
    });
    expect(r.status).toBe(200);
    expect(r.json.map((p: any) => p.name).sort()).toEqual(['l2', 'l3']);
  });

  it('enforces max-affected with handling=strict', async () => {
    const o = await ownerWith();
    await db
      .from('rest_projects')
      .insert(['m1', 'm2'].map((name) => ({ owner_id: o.id, name, status: 'draft' })));
    const r = await rest(`/rest_projects?owner_id=eq.${o.id}`, {
      method: 'PATCH',
      body: { status: 'ready' },
      apikey: stack().serviceRoleKey,
      headers: { Prefer: 'handling=strict, max-affected=1' },
    });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ code: 'PGRST124', details: 'The query affects 2 rows' });
    const { data } = await db.from('rest_projects').select('status').eq('owner_id', o.id);
    expect(data!.every((p) => p.status === 'draft')).toBe(true);
  });

  it('treats an empty PATCH body as a no-op', async () => {
    const r = await db.from('rest_projects').update({}).eq('id', w.projects[0].id).select('name');
    expect(r.status).toBe(200);
    expect(r.data).toEqual([]);
  });
});
