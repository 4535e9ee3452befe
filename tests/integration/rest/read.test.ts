// Reads through the official client: the select grammar, embedded resources from foreign
// keys, filters and logic trees, ordering, paging, counts and singular responses.
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, stack } from '../../support/clients.ts';
import { makeWorld, rest, type World } from './helpers.ts';

const db = anonClient();
let w: World;

beforeAll(async () => {
  w = await makeWorld(3);
});

describe('select', () => {
  it('returns the chosen columns with aliases, casts and JSON paths', async () => {
    const { data, error } = await db
      .from('rest_projects')
      .select('id,title:name,budget::text,rank:meta->rank,color:meta->>color,tags')
      .eq('owner_id', w.owner.id)
      .order('id');
    expect(error).toBeNull();
    expect(data![0]).toEqual({
      id: w.projects[0].id,
      title: 'p1',
      budget: '10.50',
      rank: 1,
      color: 'red',
      tags: ['red', 'blue'],
    });
    expect(Object.keys(data![0])).toEqual(['id', 'title', 'budget', 'rank', 'color', 'tags']);
    const path = await db.from('rest_projects').select('meta->>rank').eq('id', w.projects[1].id).single();
    expect(path.data).toEqual({ rank: '2' });
  });

  it('expands * to every column in table order', async () => {
    const { data } = await db.from('rest_projects').select('*').eq('id', w.projects[0].id).single();
    expect(Object.keys(data!)).toEqual([
      'id',
      'owner_id',
      'reviewer_id',
      'name',
      'status',
      'budget',
      'tags',
      'meta',
      'due_at',
      'created_at',
    ]);
    expect(data!.meta).toEqual({ rank: 1, color: 'red' });
    expect(data!.budget).toBe(10.5);
    expect(data!.created_at).toBe('2024-01-01T00:00:00+00:00');
  });

  it('refuses unknown columns and types with PostgREST errors', async () => {
    const col = await db.from('rest_projects').select('id,nope');
    expect(col.status).toBe(400);
    expect(col.error).toMatchObject({ code: '42703', message: 'column rest_projects.nope does not exist' });
    const cast = await db.from('rest_projects').select('id::nosuchtype');
    expect(cast.status).toBe(400);
    const syntax = await rest('/rest_projects?select=id,(name');
    expect(syntax.status).toBe(400);
    expect(syntax.json.code).toBe('PGRST100');
  });
});

describe('embedding', () => {
  it('embeds a to-one parent as an object and to-many children as arrays', async () => {
    const { data, error } = await db
      .from('rest_projects')
      .select('name,owner:rest_owners!owner_id(name),rest_images(url,position)')
      .eq('owner_id', w.owner.id)
      .order('name')
      .order('position', { referencedTable: 'rest_images', ascending: false });
    expect(error).toBeNull();
    expect(data).toHaveLength(3);
    expect(data![0]).toEqual({
      name: 'p1',
      owner: { name: w.owner.name },
      rest_images: [
        { url: 'https://img.test/p1-1.png', position: 1 },
        { url: 'https://img.test/p1-0.png', position: 0 },
      ],
    });
  });

  it('gives null for a missing to-one and [] for no children', async () => {
    const { data } = await db
      .from('rest_projects')
      .select('name,reviewer:rest_owners!reviewer_id(name),rest_images(url)')
      .eq('owner_id', w.owner.id)
      .eq('rest_images.url', 'none')
      .order('name');
    expect(data!.map((p) => p.reviewer)).toEqual([null, { name: w.reviewer.name }, null]);
    expect(data!.every((p) => Array.isArray(p.rest_images) && p.rest_images.length === 0)).toBe(true);
  });

  it('embeds from the other side (one-to-many) with a column hint', async () => {
    const { data, error } = await db
      .from('rest_owners')
      .select('name,projects:rest_projects!owner_id(name),reviews:rest_projects!reviewer_id(name)')
      .eq('id', w.owner.id)
      .single();
    expect(error).toBeNull();
    expect(data!.projects.map((p: any) => p.name).sort()).toEqual(['p1', 'p2', 'p3']);
    expect(data!.reviews).toEqual([]);
  });

  it('answers 300 PGRST201 for an ambiguous embed, and 400 PGRST200 for no relationship', async () => {
    const amb = await db.from('rest_projects').select('id,rest_owners(name)').eq('owner_id', w.owner.id);
    expect(amb.status).toBe(300);
    expect(amb.error!.code).toBe('PGRST201');
    expect(amb.error!.hint).toContain("'rest_owners!rest_projects_owner_id_fkey'");
    expect(amb.error!.details).toHaveLength(2);
    const none = await db.from('rest_projects').select('id,rest_labels_nope(name)');
    expect(none.status).toBe(400);
    expect(none.error).toMatchObject({
      code: 'PGRST200',
      message:
        "Could not find a relationship between 'rest_projects' and 'rest_labels_nope' in the schema cache",
    });
  });

  it('embeds many-to-many through a junction table and one-to-one as an object', async () => {
    const admin = (await import('../../support/clients.ts')).serviceClient();
    const tag = `${w.owner.name}-label`;
    const { data: labels } = await admin
      .from('rest_labels')
      .insert([{ name: `${tag}-a` }, { name: `${tag}-b` }])
      .select('id,name')
      .order('id');
    await admin
      .from('rest_project_labels')
      .insert(labels!.map((l) => ({ project_id: w.projects[0].id, label_id: l.id })));
    await admin.from('rest_project_settings').insert({ project_id: w.projects[0].id, theme: 'dark' });
    const { data, error } = await db
      .from('rest_projects')
      .select('name,rest_labels(name),rest_project_settings(theme)')
      .eq('id', w.projects[0].id)
      .single();
    expect(error).toBeNull();
    expect(data!.rest_labels.map((l: any) => l.name).sort()).toEqual([`${tag}-a`, `${tag}-b`]);
    expect(data!.rest_project_settings).toEqual({ theme: 'dark' });
  });

  it('!inner drops parents without a match; embed filters and is.null filter parents', async () => {
    const inner = await db
      .from('rest_projects')
      .select('name,rest_images!inner(url)')
      .eq('owner_id', w.owner.id)
      .eq('rest_images.url', 'https://img.test/p2-0.png');
    expect(inner.data!.map((p) => p.name)).toEqual(['p2']);
    expect(inner.data![0].rest_images).toEqual([{ url: 'https://img.test/p2-0.png' }]);

    const withReviewer = await db
      .from('rest_projects')
      .select('name,reviewer:rest_owners!reviewer_id(name)')
      .eq('owner_id', w.owner.id)
      .not('reviewer', 'is', null);
    expect(withReviewer.data!.map((p) => p.name)).toEqual(['p2']);

    const counted = await db
      .from('rest_projects')
      .select('name,rest_images!inner(url)', { count: 'exact' })
      .eq('owner_id', w.owner.id)
      .like('rest_images.url', '*p1-*');
    expect(counted.count).toBe(1);
  });

  it('refuses a filter on an embed that is not selected (PGRST108)', async () => {
    const r = await db.from('rest_projects').select('name').eq('rest_images.url', 'x');
    expect(r.status).toBe(400);
    expect(r.error!.code).toBe('PGRST108');
  });

  it('spreads a to-one embed into its parent', async () => {
    const { data } = await db
      .from('rest_projects')
      .select('name,...rest_owners!owner_id(owner_name:name)')
      .eq('id', w.projects[0].id)
      .single();
    expect(data).toEqual({ name: 'p1', owner_name: w.owner.name });
  });
});

describe('filters', () => {
  const names = async (q: any) => {
    const { data, error } = await q.order('name');
    expect(error).toBeNull();
    return data.map((p: any) => p.name);
  };
  const base = () => db.from('rest_projects').select('name').eq('owner_id', w.owner.id);

  it('compares with eq, neq, gt, gte, lt, lte', async () => {
    expect(await names(base().eq('status', 'ready'))).toEqual(['p1']);
    expect(await names(base().neq('status', 'ready'))).toEqual(['p2', 'p3']);
    expect(await names(base().gt('budget', 10.5))).toEqual(['p2', 'p3']);
    expect(await names(base().gte('budget', 21))).toEqual(['p2', 'p3']);
    expect(await names(base().lt('budget', 21))).toEqual(['p1']);
    expect(await names(base().lte('budget', 21))).toEqual(['p1', 'p2']);
    expect(await names(base().gte('budget', 11).lte('budget', 30))).toEqual(['p2']);
  });

  it('matches patterns with like/ilike (* as wildcard) and regex', async () => {
    expect(await names(base().like('name', 'p*'))).toEqual(['p1', 'p2', 'p3']);
    expect(await names(base().ilike('name', 'P2'))).toEqual(['p2']);
    expect(await names(base().likeAnyOf('name', ['*1', '*3']))).toEqual(['p1', 'p3']);
    expect(await names(base().match({ status: 'draft', name: 'p3' }))).toEqual(['p3']);
    expect(await names(base().filter('name', 'match', '^p[12]$'))).toEqual(['p1', 'p2']);
  });

  it('tests is null / true and not', async () => {
    expect(await names(base().is('due_at', null))).toEqual(['p3']);
    expect(await names(base().not('due_at', 'is', null))).toEqual(['p1', 'p2']);
    expect(await names(base().not('status', 'eq', 'ready'))).toEqual(['p2', 'p3']);
    expect(await names(base().eq('name', 'null'))).toEqual([]);
  });

  it('filters with in (quoted items with commas) and not.in', async () => {
    expect(await names(base().in('name', ['p1', 'p3', 'a,b', 'x"y']))).toEqual(['p1', 'p3']);
    expect(await names(base().not('name', 'in', '(p1,p2)'))).toEqual(['p3']);
    expect(await names(base().in('name', []))).toEqual([]);
  });

  it('filters arrays and jsonb with cs, cd, ov', async () => {
    expect(await names(base().contains('tags', ['red']))).toEqual(['p1']);
    expect(await names(base().containedBy('tags', ['green', 'blue']))).toEqual(['p2', 'p3']);
    expect(await names(base().overlaps('tags', ['blue', 'green']))).toEqual(['p1', 'p2', 'p3']);
    expect(await names(base().contains('meta', { rank: 2 }))).toEqual(['p2']);
    expect(await names(base().eq('meta->>color', 'red'))).toEqual(['p1']);
    expect(await names(base().gt('meta->rank', 1))).toEqual(['p2', 'p3']);
  });

  it('combines or= and nested and()/not.or()', async () => {
    expect(await names(base().or('status.eq.ready,name.eq.p3'))).toEqual(['p1', 'p3']);
    expect(await names(base().or('and(status.eq.draft,budget.gt.30),name.eq.p1'))).toEqual(['p1', 'p3']);
    expect(
      await names(base().or('name.in.(p1,p2),and(budget.gte.31,not.or(status.eq.ready,name.eq.p1))')),
    ).toEqual(['p1', 'p2', 'p3']);
    const notOr = await rest(
      `/rest_projects?select=name&owner_id=eq.${w.owner.id}&not.or=(name.eq.p1,name.eq.p2)`,
    );
    expect(notOr.json.map((p: any) => p.name)).toEqual(['p3']);
    const andKey = await rest(
      `/rest_projects?select=name&owner_id=eq.${w.owner.id}&and=(status.eq.draft,budget.lt.30)`,
    );
    expect(andKey.json.map((p: any) => p.name)).toEqual(['p2']);
  });

  it('ANDs repeated keys and reads + as a space', async () => {
    const r = await rest(`/rest_projects?select=name&owner_id=eq.${w.owner.id}&budget=gte.11&budget=lte.30`);
    expect(r.json.map((p: any) => p.name)).toEqual(['p2']);
    const space = await rest(`/rest_owners?select=name&name=eq.owner+zzz`);
    expect(space.status).toBe(200);
    expect(space.json).toEqual([]);
  });

  it('refuses an unknown operator with PGRST100', async () => {
    const r = await rest(`/rest_projects?name=eqq.p1`);
    expect(r.status).toBe(400);
    expect(r.json.code).toBe('PGRST100');
    expect(r.json).toHaveProperty('details');
    expect(r.json).toHaveProperty('hint');
  });
});

describe('order and paging', () => {
  const base = () => db.from('rest_projects').select('name').eq('owner_id', w.owner.id);

  it('orders by several columns with nullsfirst/nullslast', async () => {
    const first = await base().order('due_at', { ascending: true, nullsFirst: true });
    expect(first.data!.map((p) => p.name)).toEqual(['p3', 'p1', 'p2']);
    const last = await base().order('due_at', { ascending: false, nullsFirst: false });
    expect(last.data!.map((p) => p.name)).toEqual(['p2', 'p1', 'p3']);
    const multi = await base().order('status').order('name', { ascending: false });
    expect(multi.data!.map((p) => p.name)).toEqual(['p3', 'p2', 'p1']);
  });

  it('pages with limit, range and the Range header', async () => {
    const lim = await base().order('name').limit(2);
    expect(lim.data!.map((p) => p.name)).toEqual(['p1', 'p2']);
    const rng = await base().order('name').range(1, 2);
    expect(rng.data!.map((p) => p.name)).toEqual(['p2', 'p3']);
    const hdr = await rest(`/rest_projects?select=name&owner_id=eq.${w.owner.id}&order=name`, {
      headers: { Range: '1-1', 'Range-Unit': 'items' },
    });
    expect(hdr.json.map((p: any) => p.name)).toEqual(['p2']);
    expect(hdr.headers.get('content-range')).toBe('1-1/*');
  });

  it('counts exactly with Content-Range, 206 for a partial page and 416 past the end', async () => {
    const all = await db.from('rest_projects').select('name', { count: 'exact' }).eq('owner_id', w.owner.id);
    expect(all.status).toBe(200);
    expect(all.count).toBe(3);
    const page = await rest(`/rest_projects?select=name&owner_id=eq.${w.owner.id}&order=name&limit=2`, {
      headers: { Prefer: 'count=exact' },
    });
    expect(page.status).toBe(206);
    expect(page.headers.get('content-range')).toBe('0-1/3');
    const past = await rest(`/rest_projects?select=name&owner_id=eq.${w.owner.id}&offset=5&limit=2`, {
      headers: { Prefer: 'count=exact' },
    });
    expect(past.status).toBe(416);
    expect(past.json).toMatchObject({ code: 'PGRST103', message: 'Requested range not satisfiable' });
    const none = await rest(`/rest_projects?select=name&owner_id=eq.-1`, {
      headers: { Prefer: 'count=exact' },
    });
    expect(none.headers.get('content-range')).toBe('*/0');
    const nocount = await rest(`/rest_projects?select=name&owner_id=eq.${w.owner.id}`);
    expect(nocount.headers.get('content-range')).toBe('0-2/*');
  });

  it('answers HEAD with the count and no body', async () => {
    const { data, count, status } = await db
      .from('rest_projects')
      .select('*', { count: 'exact', head: true })
      .eq('owner_id', w.owner.id);
    expect(status).toBe(200);
    expect(data).toBeNull();
    expect(count).toBe(3);
    const raw = await rest(`/rest_projects?select=id&owner_id=eq.${w.owner.id}`, {
      method: 'HEAD',
      headers: { Prefer: 'count=exact' },
    });
    expect(raw.text).toBe('');
    expect(raw.headers.get('content-range')).toBe('0-2/3');
  });
});

describe('singular responses', () => {
  it('single() returns an object, or 406 PGRST116 with the row count', async () => {
    const one = await db.from('rest_projects').select('name').eq('id', w.projects[1].id).single();
    expect(one.data).toEqual({ name: 'p2' });
    const none = await db.from('rest_projects').select('name').eq('id', -1).single();
    expect(none.status).toBe(406);
    expect(none.error).toEqual({
      code: 'PGRST116',
      details: 'The result contains 0 rows',
      hint: null,
      message: 'Cannot coerce the result to a single JSON object',
    });
    const many = await db.from('rest_projects').select('name').eq('owner_id', w.owner.id).single();
    expect(many.status).toBe(406);
    expect(many.error!.details).toBe('The result contains 3 rows');
  });

  it('maybeSingle() gives null for no row and an error for several', async () => {
    const none = await db.from('rest_projects').select('name').eq('id', -1).maybeSingle();
    expect(none.error).toBeNull();
    expect(none.data).toBeNull();
    const many = await db.from('rest_projects').select('name').eq('owner_id', w.owner.id).maybeSingle();
    expect(many.error!.code).toBe('PGRST116');
  });

  it('strips nulls and renders CSV when asked', async () => {
    const { data } = await db
      .from('rest_projects')
      .select('name,due_at')
      .eq('id', w.projects[2].id)
      .stripNulls();
    expect(data).toEqual([{ name: 'p3' }]);
    const csv = await db
      .from('rest_projects')
      .select('name,status')
      .eq('owner_id', w.owner.id)
      .order('name')
      .csv();
    expect(csv.data).toBe('name,status\np1,ready\np2,draft\np3,draft');
  });
});

describe('schemas and media types', () => {
  it('refuses a schema that is not exposed with 406 PGRST106', async () => {
    const r = await rest('/rest_projects?select=id', { headers: { 'Accept-Profile': 'auth' } });
    expect(r.status).toBe(406);
    expect(r.json).toMatchObject({ code: 'PGRST106', message: 'Invalid schema: auth' });
    const w2 = await rest('/rest_projects', {
      method: 'POST',
      body: {},
      headers: { 'Content-Profile': 'storage' },
    });
    expect(w2.status).toBe(406);
  });

  it('echoes the profile and answers 404 PGRST205 for an unknown table', async () => {
    const ok = await rest('/rest_owners?select=id&limit=1', { headers: { 'Accept-Profile': 'public' } });
    expect(ok.headers.get('content-profile')).toBe('public');
    const missing = await rest('/rest_nope');
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({
      code: 'PGRST205',
      message: "Could not find the table 'public.rest_nope' in the schema cache",
    });
  });

  it('refuses media types it cannot produce with 406', async () => {
    const r = await rest('/rest_owners?select=id', { headers: { Accept: 'application/xml' } });
    expect(r.status).toBe(406);
    expect(r.json.code).toBe('PGRST107');
  });

  it('exposes Content-Range to browsers', async () => {
    const r = await fetch(`${stack().url}/rest/v1/rest_owners?select=id&limit=1`, {
      headers: { apikey: stack().anonKey, Origin: 'http://localhost:3000' },
    });
    expect(r.headers.get('access-control-expose-headers')).toContain('Content-Range');
  });
});
