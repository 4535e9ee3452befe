// Hostile input on the endpoints that trust a token: forged, unsigned, expired or
// tampered JWTs on /user are refused with a 4xx and nothing about the user leaks.
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { anonClient, createUser, stack } from '../../support/clients.ts';
import { jwtPayload } from './helpers.ts';

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

async function sign(claims: Record<string, unknown>, secret: string) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(secret));
}

async function userEndpoint(token: string, method = 'GET', body?: unknown) {
  const res = await fetch(`${stack().url}/auth/v1/user`, {
    method,
    headers: {
      apikey: stack().anonKey,
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
}

describe('forged tokens on /user', () => {
  it('refuses each forgery with 4xx, leaking neither the user nor the server internals', async () => {
    const victim = await createUser({ full_name: 'Secret Name' });
    const real = (await victim.client.auth.getSession()).data.session!.access_token;
    const claims = jwtPayload(real);
    const [h, p, s] = real.split('.');
    const now = Math.floor(Date.now() / 1000);

    const forgeries: Record<string, string> = {
      'wrong secret': await sign(claims, 'another-secret-that-is-at-least-32-characters'),
      'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${p}.`,
      'alg none with signature': `${b64({ alg: 'none', typ: 'JWT' })}.${p}.${s}`,
      expired: await sign({ ...claims, iat: now - 7200, exp: now - 3600 }, stack().jwtSecret),
      'tampered role': `${h}.${b64({ ...claims, role: 'service_role' })}.${s}`,
      'tampered subject': `${h}.${b64({ ...claims, sub: '00000000-0000-4000-8000-000000000000' })}.${s}`,
      'HS384 header': `${b64({ alg: 'HS384', typ: 'JWT' })}.${p}.${s}`,
      garbage: 'not-a-jwt-at-all',
      'three dots': 'a.b.c',
      'empty parts': '..',
      huge: 'x'.repeat(10_000),
    };
    for (const [name, token] of Object.entries(forgeries)) {
      for (const method of ['GET', 'PUT']) {
        const r = await userEndpoint(
          token,
          method,
          method === 'PUT' ? { data: { full_name: 'Hacked' } } : undefined,
        );
        expect(r.status, `${name} ${method}`).toBeGreaterThanOrEqual(400);
        expect(r.status, `${name} ${method}`).toBeLessThan(500);
        expect(r.text, name).not.toContain('Secret Name');
        expect(r.text, name).not.toContain(victim.email);
        expect(r.text, name).not.toMatch(/at .*\.ts:\d+/);
        const body = JSON.parse(r.text);
        expect(body.code, name).toMatch(/^(bad_jwt|no_authorization|session_not_found|user_not_found)$/);
      }
    }
    expect((await victim.client.auth.getUser()).data.user!.user_metadata.full_name).toBe('Secret Name');
  });

  it('the client reports a forged token as an error, not as a user', async () => {
    const victim = await createUser();
    const real = (await victim.client.auth.getSession()).data.session!.access_token;
    const claims = jwtPayload(real);
    const forged = await sign(claims, 'another-secret-that-is-at-least-32-characters');
    const { data, error } = await anonClient().auth.getUser(forged);
    expect(data.user).toBeNull();
    expect(error?.status).toBe(403);
    expect(error?.code).toBe('bad_jwt');
  });

  it('a validly signed token without a subject (an API key) is not a user', async () => {
    const { data, error } = await anonClient().auth.getUser(stack().anonKey);
    expect(data.user).toBeNull();
    expect(error?.status).toBe(403);
    expect(error?.code).toBe('bad_jwt');
    const service = await userEndpoint(stack().serviceRoleKey);
    expect(service.status).toBe(403);
  });

  it('refuses /user without a bearer token with 401 no_authorization', async () => {
    const res = await fetch(`${stack().url}/auth/v1/user`, { headers: { apikey: stack().anonKey } });
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe('no_authorization');
  });

  it('refuses requests without a valid API key like the hosted gateway', async () => {
    const none = await fetch(`${stack().url}/auth/v1/settings`);
    expect(none.status).toBe(401);
    expect((await none.json()).message).toBe('No API key found in request');
    const wrong = await fetch(`${stack().url}/auth/v1/settings`, {
      headers: { apikey: 'sb_publishable_wrong' },
    });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).message).toBe('Invalid API key');
  });

  it('answers malformed JSON bodies with 400 bad_json', async () => {
    const res = await fetch(`${stack().url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: stack().anonKey, 'Content-Type': 'application/json' },
      body: '{"email": "a@b.c", ',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('bad_json');
    const arr = await fetch(`${stack().url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: stack().anonKey, 'Content-Type': 'application/json' },
      body: '[1,2]',
    });
    expect(arr.status).toBe(400);
  });

  it('answers wrong types in a body with a 4xx, never a 500', async () => {
    const bodies = [
      { email: 42, password: { a: 1 } },
      { email: ['a@b.c'], password: 'longenough' },
      { email: 'a@b.c', password: 'longenough', data: 'not-an-object' },
      { email: 'a@b.c\u0000', password: 'longenough' },
      { email: 'nul@example.test', password: 'longenough', data: { note: 'a\u0000b' } },
    ];
    for (const body of bodies) {
      const res = await fetch(`${stack().url}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: stack().anonKey, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(body)).toBeLessThan(500);
    }
  });
});

describe('the admin API', () => {
  async function listUsers(token: string, apikey = stack().anonKey) {
    const res = await fetch(`${stack().url}/auth/v1/admin/users?per_page=1`, {
      headers: { apikey, Authorization: `Bearer ${token}` },
    });
    return { status: res.status, body: await res.json() };
  }
  const now = () => Math.floor(Date.now() / 1000);

  it('takes a service_role token that expires, and the secret key', async () => {
    expect(
      (await listUsers(await sign({ role: 'service_role', iat: now(), exp: now() + 600 }, stack().jwtSecret)))
        .status,
    ).toBe(200);
    expect((await listUsers(stack().secretKey)).status).toBe(200);
  });

  it('refuses a correctly signed token without exp', async () => {
    const r = await listUsers(await sign({ role: 'service_role', iat: now() }, stack().jwtSecret));
    expect(r.status).toBe(403);
    expect(r.body.code).toBe('bad_jwt');
  });

  for (const role of ['supabase_admin', 'postgres', 'authenticated', 'anon', 'authenticator']) {
    it(`refuses a correctly signed token for role ${role}`, async () => {
      const r = await listUsers(await sign({ role, iat: now(), exp: now() + 600 }, stack().jwtSecret));
      expect(r.status).toBe(403);
      expect(r.body.code).toBe('not_admin');
    });
  }

  it('refuses an apikey JWT without exp, as REST does', async () => {
    const key = await sign({ role: 'service_role', iat: now() }, stack().jwtSecret);
    const res = await fetch(`${stack().url}/auth/v1/admin/users?per_page=1`, {
      headers: { apikey: key, Authorization: `Bearer ${stack().serviceRoleKey}` },
    });
    expect(res.status).toBe(401);
    expect((await res.json()).message).toBe('Invalid API key');
  });
});
