// /rpc through the official client: named arguments and overloads, POST and GET, result
// shapes (scalar, composite, set, void), filters on set results, and raised errors.
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, createUser, serviceClient } from '../../support/clients.ts';
import { makeWorld, rest, type World } from './helpers.ts';

const db = anonClient();
let w: World;

beforeAll(async () => {
  w = await makeWorld(3);
});

describe('calling functions', () => {
  it('calls by POST with named arguments and picks the overload by its argument names', async () => {
    expect((await db.rpc('rest_add', { a: 2, b: 3 })).data).toBe(5);
    expect((await db.rpc('rest_add', { b: 1, c: 1, a: 1 })).data).toBe(3);
  });

  it('calls stable functions by GET with arguments from the query string', async () => {
    const r = await db.rpc('rest_add', { a: 20, b: 22 }, { get: true });
    expect(r.status).toBe(200);
    expect(r.data).toBe(42);
    const raw = await rest('/rpc/rest_series?n=4');
    expect(raw.json).toEqual([1, 2, 3, 4]);
  });

  it('answers 404 PGRST202 for an unknown function or argument set', async () => {
    const unknown = await db.rpc('rest_nope', {});
    expect(unknown.status).toBe(404);
    expect(unknown.error!.code).toBe('PGRST202');
    const wrongArgs = await db.rpc('rest_add', { a: 1, z: 2 });
    expect(wrongArgs.status).toBe(404);
    expect(wrongArgs.error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.rest_add(a, z) in the schema cache',
    });
  });

  it('returns a set as an array that can be filtered, ordered, paged and embedded', async () => {
    const { data, error } = await db
      .rpc('rest_projects_by_status', { p_status: 'draft' })
      .select('name,owner:rest_owners!owner_id(name)')
      .eq('owner_id', w.owner.id)
      .order('name', { ascending: false })
      .limit(1);
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'p3', owner: { name: w.owner.name } }]);
    const counted = await db
      .rpc('rest_projects_by_status', { p_status: 'draft' }, { count: 'exact' })
      .eq('owner_id', w.owner.id);
    expect(counted.count).toBe(2);
    const single = await db
      .rpc('rest_projects_by_status', { p_status: 'ready' })
      .eq('owner_id', w.owner.id)
      .select('name')
      .single();
    expect(single.data).toEqual({ name: 'p1' });
  });

  it('returns TABLE results as rows and a composite as an object', async () => {
    const t = await db.rpc('rest_owner_summary', { p_owner: w.owner.id });
    expect(t.data).toEqual([{ project_count: 3, names: ['p1', 'p2', 'p3'] }]);
    const admin = serviceClient();
    const c = await admin
      .rpc('rest_rename_project', { p_id: w.projects[2].id, p_name: 'p3' })
      .select('id,name');
    expect(c.data).toEqual({ id: w.projects[2].id, name: 'p3' });
  });

  it('passes the whole body to a function with one unnamed json parameter', async () => {
    const r = await db.rpc('rest_echo', { anything: [1, { b: null }], n: 1.5 });
    expect(r.data).toEqual({ anything: [1, { b: null }], n: 1.5 });
  });

  it('answers 204 with no body for a void function', async () => {
    const r = await db.rpc('rest_touch_inbox', { p_message: 'hello' });
    expect(r.status).toBe(204);
    expect(r.data).toBeNull();
    expect(r.error).toBeNull();
  });

  it('runs GET calls read-only: a volatile function that writes gets 405', async () => {
    const get = await rest('/rpc/rest_touch_inbox?p_message=x');
    expect(get.status).toBe(405);
    expect(get.json.code).toBe('25006');
    const who = await db.rpc('rest_whoami', {}, { get: true });
    expect(who.data).toMatchObject({ role: 'anon', method: 'GET', read_only: 'on' });
  });
});

describe('errors raised in SQL', () => {
  it('P0001 is 400 with the RAISE message, detail and hint kept exactly', async () => {
    const r = await db.rpc('rest_fail', { msg: 'Ce projet est archivé — impossible de le modifier.' });
    expect(r.status).toBe(400);
    expect(r.error).toEqual({
      code: 'P0001',
      message: 'Ce projet est archivé — impossible de le modifier.',
      details: 'the details',
      hint: 'the hint',
    });
  });

  it('PTxyz sets the HTTP status', async () => {
    const r = await db.rpc('rest_teapot');
    expect(r.status).toBe(418);
    expect(r.error).toMatchObject({ code: 'PT418', message: "I'm a teapot", details: 'short and stout' });
  });

  it('response.status and response.headers set in SQL shape the response', async () => {
    const r = await rest('/rpc/rest_custom_status', { method: 'POST', body: {} });
    expect(r.status).toBe(202);
    expect(r.headers.get('x-rest-fixture')).toBe('yes');
    expect(r.json).toEqual({ accepted: true });
  });
});

describe('who the function runs as', () => {
  it('sees the caller: role and auth.uid() from the JWT', async () => {
    const user = await createUser();
    const r = await user.client.rpc('rest_whoami');
    expect(r.data).toMatchObject({
      role: 'authenticated',
      uid: user.id,
      claims_role: 'authenticated',
      method: 'POST',
    });
  });

  it('security definer functions run with their owner rights', async () => {
    const user = await createUser();
    await user.client.from('rest_notes').insert({ body: 'counted' });
    const anonCount = await db.rpc('rest_note_count');
    expect(anonCount.data).toBeGreaterThanOrEqual(1);
    const direct = await db.from('rest_notes').select('id');
    expect(direct.data).toEqual([]);
  });

  it('only grants execute where the database does', async () => {
    const denied = await db.rpc('rest_create_auth_user', { p_email: 'x@example.test' });
    expect(denied.status).toBe(401);
    expect(denied.error!.code).toBe('42501');
  });
});
