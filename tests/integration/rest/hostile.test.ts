// Hostile requests: SQL in every place a query string or path can carry it, oversized and
// deeply nested input, forged and tampered JWTs. Each is refused with a 4xx (or, for
// values, treated as plain data), nothing of the generated SQL comes back, and the
// fixture data is untouched afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, serviceClient, stack } from '../../support/clients.ts';
import { expectNoSqlLeak, makeWorld, rest, signJwt, type RawResponse, type World } from './helpers.ts';

let w: World;
let before: { owners: number; projects: number; images: number };

async function counts(world: World) {
  const admin = serviceClient();
  const c = async (table: string, col: string, v: number) =>
    (await admin.from(table).select('*', { count: 'exact', head: true }).eq(col, v)).count!;
  return {
    owners: (
      await admin
        .from('rest_owners')
        .select('*', { count: 'exact', head: true })
        .in('id', [world.owner.id, world.reviewer.id])
    ).count!,
    projects: await c('rest_projects', 'owner_id', world.owner.id),
    images: await c('rest_images', 'project_id', world.projects[0].id),
  };
}

beforeAll(async () => {
  w = await makeWorld(3);
  before = await counts(w);
});

afterAll(async () => {
  // every table still there, every row still there
  expect(await counts(w)).toEqual(before);
});

function refused(r: RawResponse, status?: number) {
  expect(r.status).toBeGreaterThanOrEqual(400);
  expect(r.status).toBeLessThan(500);
  if (status) expect(r.status).toBe(status);
  expect(r.json).toHaveProperty('code');
  expect(r.json).toHaveProperty('message');
  expectNoSqlLeak(r.text);
}

const enc = encodeURIComponent;

describe('SQL in identifiers is refused', () => {
  const selects = [
    'id;drop table rest_owners',
    'id,(select 1)',
    'id"--',
    '"id"";drop table rest_owners;--"',
    'id::text);drop table rest_owners;--',
    "meta->>'a');delete from rest_owners;--",
    'rest_images(url;drop table rest_images)',
    'pg_sleep(10)',
    '*,rest_owners!inner;--(name)',
  ];
  for (const s of selects) {
    it(`select=${s}`, async () => {
      refused(await rest(`/rest_projects?select=${enc(s)}&owner_id=eq.${w.owner.id}`));
    });
  }

  const keys = [
    'name;drop table rest_owners',
    '"na""me"',
    'name)or(1=1',
    'owner_id--',
    '1',
    'rest_images.url;drop',
  ];
  for (const k of keys) {
    it(`filter key ${k}`, async () => {
      refused(await rest(`/rest_projects?select=id&${enc(k)}=eq.1`));
    });
  }

  const orders = [
    'name;drop table rest_owners',
    '(select 1)',
    'name.desc,1',
    'name.sideways',
    'name.desc.nullslast.asc',
    'random()',
  ];
  for (const o of orders) {
    it(`order=${o}`, async () => {
      refused(await rest(`/rest_projects?select=id&order=${enc(o)}`));
    });
  }

  it('on_conflict with SQL', async () => {
    const r = await rest(`/rest_owners?on_conflict=${enc('id) do nothing; drop table rest_owners;--')}`, {
      method: 'POST',
      body: { name: 'x' },
      headers: { Prefer: 'resolution=merge-duplicates' },
    });
    refused(r, 400);
  });

  it('columns= with SQL', async () => {
    refused(
      await rest(`/rest_owners?columns=${enc('"name","x"" text); drop table rest_owners;--"')}`, {
        method: 'POST',
        body: [{ name: 'x' }],
      }),
      400,
    );
  });

  const paths = [
    '/rpc/rest_add;drop table rest_owners',
    '/rpc/pg_sleep?seconds=5',
    '/rpc/version',
    '/rpc/..%2Fauth.uid',
    '/auth.users',
    '/rest_owners;drop table rest_owners',
    '/%22rest_owners%22',
    '/pg_catalog.pg_authid',
    '/rest_owners/1',
  ];
  for (const p of paths) {
    it(`path ${p}`, async () => {
      const r = await rest(p);
      refused(r);
      expect(r.status).toBe(404);
    });
  }

  it('a cast to something that is not a type', async () => {
    refused(await rest(`/rest_projects?select=${enc('id::pg_sleep')}`), 400);
    refused(await rest(`/rest_projects?select=${enc('id::text;drop')}`), 400);
  });
});

describe('SQL in values is only data', () => {
  const values = [
    "x'; drop table rest_owners; --",
    "x' or '1'='1",
    '1 or 1=1',
    '$$; drop table rest_owners; $$',
    'p1") or ("1"="1',
  ];
  for (const v of values) {
    it(`eq.${v}`, async () => {
      const r = await rest(`/rest_projects?select=id&owner_id=eq.${w.owner.id}&name=eq.${enc(v)}`);
      expect(r.status).toBe(200);
      expect(r.json).toEqual([]);
    });
  }

  it('in-lists, like patterns and logic trees with SQL stay values', async () => {
    const inList = await rest(
      `/rest_projects?select=id&owner_id=eq.${w.owner.id}&name=in.(${enc('"p1\') or true --",x')})`,
    );
    expect(inList.json).toEqual([]);
    const like = await rest(
      `/rest_projects?select=id&owner_id=eq.${w.owner.id}&name=like.${enc("%' or '1'='1")}`,
    );
    expect(like.json).toEqual([]);
    const quoted = await rest(
      `/rest_projects?select=id&owner_id=eq.${w.owner.id}&or=(${enc('name.eq."x\') or true--",name.eq.y')})`,
    );
    expect(quoted.status).toBe(200);
    expect(quoted.json).toEqual([]);
    // an unquoted parenthesis breaks the tree itself: refused, not run
    refused(
      await rest(
        `/rest_projects?select=id&owner_id=eq.${w.owner.id}&or=(${enc("name.eq.x') or true--,name.eq.y")})`,
      ),
      400,
    );
  });

  it('a value of the wrong type is a 400, not a leak', async () => {
    const r = await rest(`/rest_projects?select=id&owner_id=eq.${enc('1; drop table rest_owners')}`);
    refused(r, 400);
    expect(r.json.code).toBe('22P02');
  });

  it('rpc arguments with SQL are values', async () => {
    const r = await rest('/rpc/rest_fail', {
      method: 'POST',
      body: { msg: "'); drop table rest_owners; --" },
    });
    expect(r.status).toBe(400);
    expect(r.json.message).toBe("'); drop table rest_owners; --");
    const get = await rest(`/rpc/rest_add?a=${enc('1); drop table rest_owners; --')}&b=1`);
    refused(get, 400);
  });

  it('JSON keys in a body must be columns', async () => {
    const r = await rest('/rest_owners', {
      method: 'POST',
      body: { "name\") values ('x'); drop table rest_owners; --": 'x' },
    });
    refused(r, 400);
    expect(r.json.code).toBe('PGRST204');
  });
});

describe('oversized and deeply nested input', () => {
  it('clamps a huge limit to max_rows', async () => {
    const r = await rest(`/rest_projects?select=id&owner_id=eq.${w.owner.id}&limit=999999999999999999999999`);
    expect(r.status).toBe(200);
    expect(r.json).toHaveLength(3);
  });

  it('refuses negative or non-numeric limits and offsets', async () => {
    refused(await rest('/rest_projects?select=id&limit=-1'), 400);
    refused(await rest('/rest_projects?select=id&limit=1e3'), 400);
    refused(await rest('/rest_projects?select=id&offset=abc'), 400);
  });

  it('answers a huge offset with an empty page or 416 when counting', async () => {
    const r = await rest(`/rest_projects?select=id&owner_id=eq.${w.owner.id}&offset=2147483647`);
    expect(r.json).toEqual([]);
    const c = await rest(`/rest_projects?select=id&owner_id=eq.${w.owner.id}&offset=2147483647`, {
      headers: { Prefer: 'count=exact' },
    });
    refused(c, 416);
  });

  it('refuses logic trees nested beyond the limit', async () => {
    let tree = 'id.eq.1';
    for (let i = 0; i < 40; i++) tree = `and(${tree},id.eq.1)`;
    refused(await rest(`/rest_projects?select=id&or=(${enc(tree)})`), 400);
    let ok = 'id.eq.1';
    for (let i = 0; i < 5; i++) ok = `and(${ok},name.neq.x)`;
    const fine = await rest(`/rest_projects?select=id&owner_id=eq.${w.owner.id}&or=(${enc(ok)})`);
    expect(fine.status).toBe(200);
  });

  it('refuses unbalanced or empty logic trees', async () => {
    refused(await rest(`/rest_projects?select=id&or=${enc('(id.eq.1,and(id.eq.2)')}`), 400);
    refused(await rest(`/rest_projects?select=id&or=${enc('()')}`), 400);
    refused(await rest(`/rest_projects?select=id&or=${enc('id.eq.1')}`), 400);
  });

  it('refuses embeds nested beyond the limit', async () => {
    let s = 'id';
    for (let i = 0; i < 40; i++) s = `rest_images(${s})`;
    refused(await rest(`/rest_projects?select=${enc(s)}`), 400);
  });

  it('accepts a long in-list', async () => {
    const list = Array.from({ length: 2000 }, (_, i) => `n${i}`).join(',');
    const r = await rest(`/rest_projects?select=id&owner_id=eq.${w.owner.id}&name=in.(${list},p2)`);
    expect(r.status).toBe(200);
    expect(r.json).toHaveLength(1);
  });
});

describe('forged credentials', () => {
  async function denied(token: string, expectCode?: string) {
    const r = await rest('/rest_secrets?select=value', { token });
    refused(r, 401);
    expect(r.headers.get('www-authenticate')).toMatch(/^Bearer/);
    if (expectCode) expect(r.json.code).toBe(expectCode);
    const w2 = await rest(`/rest_owners?id=eq.${w.owner.id}`, { method: 'DELETE', token });
    refused(w2, 401);
    return r;
  }

  it('a token signed with another secret', async () => {
    await denied(
      await signJwt({ role: 'service_role' }, { secret: 'not-the-project-secret-but-long-enough-to-sign' }),
      'PGRST301',
    );
  });

  it('alg none', async () => {
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    await denied(
      `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ role: 'service_role', exp: now + 3600 })}.`,
      'PGRST301',
    );
  });

  it('an expired token: PGRST303 JWT expired', async () => {
    const r = await denied(
      await signJwt({ role: 'authenticated', sub: crypto.randomUUID() }, { expiresIn: -60 }),
      'PGRST303',
    );
    expect(r.json.message).toBe('JWT expired');
    expect(r.headers.get('www-authenticate')).toContain('invalid_token');
  });

  it('a real user token whose role claim was edited', async () => {
    const user = await createUser();
    const token = (await user.client.auth.getSession()).data.session!.access_token;
    const [h, p, s] = token.split('.');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString('utf8'));
    payload.role = 'service_role';
    await denied(`${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${s}`, 'PGRST301');
  });

  for (const role of [
    'postgres',
    'supabase_admin',
    'authenticator',
    'pg_read_all_data',
    "anon'; reset role; --",
  ]) {
    it(`a correctly signed token for role ${role}`, async () => {
      await denied(await signJwt({ role }));
    });
  }

  it('garbage, empty and truncated bearer tokens', async () => {
    await denied('not-a-jwt', 'PGRST301');
    await denied('a.b.c', 'PGRST301');
    const good = await signJwt({ role: 'authenticated' });
    await denied(good.slice(0, -5), 'PGRST301');
  });

  it('a missing or unknown apikey', async () => {
    const none = await rest('/rest_owners?select=id', { apikey: null, token: null });
    refused(none, 401);
    const wrong = await rest('/rest_owners?select=id', { apikey: 'sb_publishable_nope', token: null });
    refused(wrong, 401);
  });

  it('an apikey in the URL authenticates and is not taken for a filter', async () => {
    const r = await rest(`/rest_owners?select=id&id=eq.${w.owner.id}&apikey=${stack().anonKey}`, {
      apikey: null,
      token: null,
    });
    expect(r.status).toBe(200);
    expect(r.json).toEqual([{ id: w.owner.id }]);
  });

  it('the opaque keys map to their roles without being decoded', async () => {
    const pub = await rest('/rpc/rest_whoami', { apikey: stack().publishableKey, method: 'POST', body: {} });
    expect(pub.json.role).toBe('anon');
    const sec = await rest('/rpc/rest_whoami', { apikey: stack().secretKey, method: 'POST', body: {} });
    expect(sec.json.role).toBe('service_role');
  });
});
