// functions.invoke through supabase-js against the fixture functions in
// tests/fixtures/functions, as the app calls its edge functions.
import { FunctionsHttpError, FunctionsRelayError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { anonClient, createUser, stack } from '../../support/clients.ts';
import { tokenUser } from '../storage/token-user.ts';

describe('edge functions', () => {
  it('passes the JSON body, path, query and caller’s token to the handler, and its JSON back', async () => {
    const user = await tokenUser();
    const { data, error, response } = await user.client.functions.invoke('test-echo/sub/path?x=1', {
      body: { garment: 'coat' },
    });
    expect(error).toBeNull();
    expect(response?.headers.get('x-fixture')).toBe('test-echo');
    expect(data).toMatchObject({
      method: 'POST',
      path: '/test-echo/sub/path',
      query: { x: '1' },
      authorization: `Bearer ${user.token}`,
      apikey: stack().anonKey,
      contentType: 'application/json',
      body: { garment: 'coat' },
      env: { url: stack().url, hasAnonKey: true, hasServiceRoleKey: true },
    });
  });

  it('sends text and GET as the client encodes them', async () => {
    const client = anonClient();
    const text = await client.functions.invoke('test-echo', { body: 'plain words' });
    expect(text.data).toMatchObject({ contentType: 'text/plain', body: 'plain words' });
    const get = await client.functions.invoke('test-echo', { method: 'GET' });
    expect(get.data).toMatchObject({ method: 'GET', body: '' });
  });

  it('streams a body through in both directions', async () => {
    const chunks = ['first,', 'second,', 'third'];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const c of chunks) controller.enqueue(new TextEncoder().encode(c));
        controller.close();
      },
    });
    const res = await fetch(`${stack().url}/functions/v1/test-echo?stream=1`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${stack().anonKey}`, 'Content-Type': 'application/octet-stream' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(chunks.join(''));
  });

  it('hands a non-2xx answer to the client as FunctionsHttpError with the body intact', async () => {
    const { data, error } = await anonClient().functions.invoke('test-echo?status=422', {
      body: { bad: true },
    });
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const context = (error as FunctionsHttpError).context as Response;
    expect(context.status).toBe(422);
    expect(context.headers.get('x-relay-error')).toBeNull();
    expect(await context.json()).toMatchObject({ body: { bad: true }, query: { status: '422' } });
  });

  it('rejects a missing or invalid JWT with 401 before the function runs', async () => {
    const missing = await fetch(`${stack().url}/functions/v1/test-echo`, {
      method: 'POST',
      headers: { apikey: stack().anonKey },
    });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ code: 401, message: 'Missing authorization header' });
    const invalid = await fetch(`${stack().url}/functions/v1/test-echo`, {
      method: 'POST',
      headers: { Authorization: 'Bearer not-a-jwt', apikey: stack().anonKey },
    });
    expect(invalid.status).toBe(401);
    expect(await invalid.json()).toEqual({ code: 401, message: 'Invalid JWT' });

    const viaClient = await anonClient().functions.invoke('test-echo', {
      headers: { Authorization: 'Bearer expired.or.forged' },
    });
    expect(viaClient.error).toBeInstanceOf(FunctionsHttpError);
    expect(viaClient.response?.status).toBe(401);
  });

  it('reports a crashing handler and a module that fails to load as relay errors', async () => {
    const crash = await anonClient().functions.invoke('test-crash');
    expect(crash.error).toBeInstanceOf(FunctionsRelayError);
    expect(crash.response?.status).toBe(500);
    expect(crash.response?.headers.get('x-relay-error')).toBe('true');

    const boot = await anonClient().functions.invoke('test-boot-error');
    expect(boot.error).toBeInstanceOf(FunctionsRelayError);
    expect(boot.response?.status).toBe(503);
  });

  it('answers 404 for a function that does not exist', async () => {
    const { error, response } = await anonClient().functions.invoke('no-such-function');
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect(response?.status).toBe(404);
    expect(await response!.json()).toEqual({
      code: 'NOT_FOUND',
      message: 'Requested function was not found',
    });
    expect((await anonClient().functions.invoke('_shared')).response?.status).toBe(404);
  });

  it('answers a browser preflight with CORS headers', async () => {
    const res = await fetch(`${stack().url}/functions/v1/test-echo`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:3000',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, apikey, content-type, x-client-info',
      },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-origin')).toBeTruthy();
    expect(res.headers.get('access-control-allow-headers')).toContain('authorization');
    const post = await anonClient().functions.invoke('test-echo', {
      headers: { Origin: 'http://localhost:3000' },
    });
    expect(post.response?.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('acts as the caller when the function forwards their Authorization to supabase-js', async () => {
    const user = await tokenUser();
    const other = await tokenUser();
    await user.client.storage.from('fixture-private').upload(`${user.id}/mine.txt`, 'mine');
    await other.client.storage.from('fixture-private').upload(`${other.id}/theirs.txt`, 'theirs');
    const own = await user.client.functions.invoke('test-whoami', { body: { folder: user.id } });
    expect(own.data).toMatchObject({ files: ['mine.txt'], filesError: null });
    const foreign = await user.client.functions.invoke('test-whoami', { body: { folder: other.id } });
    expect(foreign.data).toMatchObject({ files: [] });
  });

  it('lets the function see the signed-in user through auth.getUser()', async () => {
    const user = await createUser();
    const { data, error } = await user.client.functions.invoke('test-whoami', { body: {} });
    expect(error).toBeNull();
    expect(data).toMatchObject({ user: { id: user.id, email: user.email }, userError: null });
  });
});
