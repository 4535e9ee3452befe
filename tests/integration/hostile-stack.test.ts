// Hostile input against the whole stack, on a stack of this file's own (so its memory is
// this process's): bodies far larger than allowed, JSON that is not JSON or nests 5,000
// levels deep, on REST, auth, realtime (its broadcast endpoint and its socket) and storage.
// Each is a clear 4xx, never a 500; then a burst of all of them leaves the server up,
// answering normal requests, with its heap within a bound.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startStack, type Stack } from '../../supabase/local/server.ts';
import { rawExchange } from '../support/raw-http.ts';
import { openTestDatabase } from './auth/own-stack.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/migrations');
const MB = 1024 * 1024;
const deepObject = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
const deepArray = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

let stack: Stack;
let scratch: Awaited<ReturnType<typeof openTestDatabase>>;
let dataDir: string;
let service: Record<string, string>;
let owner: number;
let userToken: string;

beforeAll(async () => {
  scratch = await openTestDatabase();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'drape-hostile-'));
  stack = await startStack({
    db: scratch.db,
    port: 0,
    quiet: true,
    config: { dataDir, appPort: 0, extraMigrationsDirs: [FIXTURES] },
  });
  service = {
    apikey: stack.keys.serviceRole,
    Authorization: `Bearer ${stack.keys.serviceRole}`,
    'Content-Type': 'application/json',
  };
  const o = await call('POST', '/rest/v1/rest_owners', JSON.stringify({ name: 'hostile-owner' }), {
    ...service,
    Prefer: 'return=representation',
  });
  owner = o.json[0].id;
  const email = `hostile-${Date.now()}@example.test`;
  await call(
    'POST',
    '/auth/v1/admin/users',
    JSON.stringify({ email, password: 'hostile-password', email_confirm: true }),
    service,
  );
  const signIn = await call(
    'POST',
    '/auth/v1/token?grant_type=password',
    JSON.stringify({ email, password: 'hostile-password' }),
    {
      apikey: stack.keys.anon,
      'Content-Type': 'application/json',
    },
  );
  userToken = signIn.json.access_token;
}, 120_000);

afterAll(async () => {
  await stack?.close();
  await scratch?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function call(
  method: string,
  urlPath: string,
  body?: string | Uint8Array<ArrayBuffer>,
  headers: Record<string, string> = service,
) {
  const res = await fetch(`${stack.url}${urlPath}`, { method, headers, body });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, json, text };
}

/** A clear client error: a 4xx with a message, no stack trace. */
function clientError(r: { status: number; text: string }, status: number) {
  expect(r.status, r.text.slice(0, 200)).toBe(status);
  expect(r.text).not.toMatch(/Maximum call stack|at .*\.ts:\d+/);
}

const userHeaders = () => ({
  apikey: stack.keys.anon,
  Authorization: `Bearer ${userToken}`,
  'Content-Type': 'application/json',
});

describe('realtime broadcast over REST', () => {
  it('a 60 MB body is refused with 413', async () => {
    const r = await call('POST', '/realtime/v1/api/broadcast', new Uint8Array(60 * MB).fill(0x20), service);
    clientError(r, 413);
    expect(r.json.message).toBe('Payload too large');
  });

  it('a body that is not JSON, or nests 5,000 levels, is refused with 400', async () => {
    clientError(await call('POST', '/realtime/v1/api/broadcast', '{"messages": [', service), 400);
    clientError(
      await call(
        'POST',
        '/realtime/v1/api/broadcast',
        `{"messages":[{"topic":"t","event":"e","payload":${deepObject(5000)}}]}`,
        service,
      ),
      400,
    );
    clientError(
      await call('POST', '/realtime/v1/api/broadcast/room/events/ping', deepArray(5000), service),
      400,
    );
    clientError(await call('POST', '/realtime/v1/api/broadcast/%E0%A4%A/events/ping', '{}', service), 400);
  });

  it('a good broadcast is still accepted', async () => {
    const r = await call(
      'POST',
      '/realtime/v1/api/broadcast',
      JSON.stringify({ messages: [{ topic: 'room', event: 'hi', payload: { a: 1 } }] }),
      service,
    );
    expect(r.status).toBe(202);
  });
});

describe('JSON nested 5,000 levels deep', () => {
  it('REST insert, update and rpc answer 400 PGRST102', async () => {
    for (const body of [deepObject(5000), deepArray(5000)]) {
      const insert = await call(
        'POST',
        '/rest/v1/rest_projects',
        `{"owner_id":${owner},"name":"deep","meta":${body}}`,
      );
      clientError(insert, 400);
      expect(insert.json).toMatchObject({ code: 'PGRST102', message: 'Empty or invalid json' });
      expect(insert.json.details).toMatch(/nested deeper than/);
      clientError(
        await call('PATCH', `/rest/v1/rest_projects?owner_id=eq.${owner}`, `{"meta":${body}}`),
        400,
      );
      clientError(await call('POST', '/rest/v1/rpc/rest_echo', body), 400);
    }
  });

  it('PUT /auth/v1/user answers 400 bad_json', async () => {
    const r = await call('PUT', '/auth/v1/user', `{"data":${deepObject(5000)}}`, userHeaders());
    clientError(r, 400);
    expect(r.json.code).toBe('bad_json');
    expect(r.json.msg).toMatch(/nested deeper than/);
  });

  it('nesting that real data has is fine', async () => {
    const fine = await call('POST', '/rest/v1/rpc/rest_echo', deepObject(50));
    expect(fine.status).toBe(200);
    const user = await call('PUT', '/auth/v1/user', `{"data":{"prefs":${deepObject(20)}}}`, userHeaders());
    expect(user.status).toBe(200);
  });
});

describe('bodies larger than allowed are refused from Content-Length, at once', () => {
  const head = (method: string, urlPath: string, length: number, headers: Record<string, string>) =>
    [
      `${method} ${urlPath} HTTP/1.1`,
      'Host: 127.0.0.1',
      ...Object.entries({ ...headers, 'Content-Length': String(length) }).map(([k, v]) => `${k}: ${v}`),
    ].join('\r\n');

  for (const [name, method, urlPath, headers] of [
    ['REST', 'POST', '/rest/v1/rest_owners', () => service],
    [
      'auth',
      'POST',
      '/auth/v1/signup',
      () => ({ apikey: stack.keys.anon, 'Content-Type': 'application/json' }),
    ],
    ['broadcast', 'POST', '/realtime/v1/api/broadcast', () => service],
    ['storage JSON', 'POST', '/storage/v1/object/list/fixture-private', () => service],
    [
      'storage upload',
      'POST',
      '/storage/v1/object/fixture-private/huge.bin',
      () => ({ ...service, 'Content-Type': 'application/octet-stream' }),
    ],
  ] as const) {
    it(`${name}: 200 MB declared, 1 KiB sent → 413 and the connection closes`, async () => {
      const r = await rawExchange(
        stack.url,
        head(method, urlPath, 200 * MB, headers()),
        '{"a":"'.padEnd(1024, 'x'),
      );
      expect(r.status).toBe(413);
      expect(r.closed).toBe(true);
      expect(r.headers.connection).toBe('close');
    });
  }
});

describe('a realtime socket sent a frame nested 5,000 levels deep', () => {
  it('ignores the frame and keeps answering on the same socket', async () => {
    const socket = new WebSocket(
      `${stack.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${stack.keys.anon}&vsn=1.0.0`,
    );
    const replies: any[] = [];
    socket.on('message', (data) => replies.push(JSON.parse(String(data))));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    try {
      socket.send(`{"topic":"realtime:x","event":"broadcast","payload":${deepObject(5000)},"ref":"1"}`);
      socket.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '2' }));
      await expect
        .poll(() => replies.find((r) => r.ref === '2'), { timeout: 5000 })
        .toMatchObject({ event: 'phx_reply', payload: { status: 'ok' } });
      expect(socket.readyState).toBe(WebSocket.OPEN);
    } finally {
      socket.close();
    }
  });
});

describe('a burst of all of the above', () => {
  // a collectable heap, so the numbers compare live objects rather than garbage not yet swept
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const live = () => {
    gc();
    gc();
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };

  function hostileRound(i: number): Promise<unknown>[] {
    const rawHead = (method: string, urlPath: string, headers: Record<string, string>) =>
      [
        `${method} ${urlPath} HTTP/1.1`,
        'Host: 127.0.0.1',
        ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      ].join('\r\n');
    const chunk = 'x'.repeat(512 * 1024);
    const chunked = `${chunk.length.toString(16)}\r\n${chunk}\r\n`.repeat(8); // 4 MiB, no Content-Length
    return [
      rawExchange(
        stack.url,
        rawHead('POST', '/rest/v1/rest_owners', { ...service, 'Content-Length': String(200 * MB) }),
        'x'.repeat(1024),
      ),
      rawExchange(
        stack.url,
        rawHead('POST', '/storage/v1/object/fixture-private/burst.bin', {
          ...service,
          'Content-Type': 'application/octet-stream',
          'Content-Length': String(200 * MB),
        }),
        'x'.repeat(1024),
      ),
      rawExchange(
        stack.url,
        rawHead('POST', '/realtime/v1/api/broadcast', { ...service, 'Transfer-Encoding': 'chunked' }),
        chunked,
      ),
      rawExchange(
        stack.url,
        rawHead('POST', '/auth/v1/signup', {
          apikey: stack.keys.anon,
          'Content-Type': 'application/json',
          'Transfer-Encoding': 'chunked',
        }),
        chunked,
      ),
      call('POST', '/rest/v1/rpc/rest_echo', deepObject(5000)),
      call(
        'POST',
        '/rest/v1/rest_projects',
        `{"owner_id":${owner},"name":"b${i}","meta":${deepArray(5000)}}`,
      ),
      call('PUT', '/auth/v1/user', `{"data":${deepObject(5000)}}`, userHeaders()),
      call('POST', '/realtime/v1/api/broadcast', '{"messages": [', service),
      call(
        'POST',
        '/realtime/v1/api/broadcast',
        `{"messages":[{"topic":"t","event":"e","payload":${deepArray(5000)}}]}`,
        service,
      ),
      call('GET', '/auth/v1/admin/users', undefined, {
        apikey: stack.keys.anon,
        Authorization: `Bearer ${forgedAdmin}`,
      }),
      call('POST', '/rest/v1/rest_owners', '{"name": "unterminated', service),
    ].map((p) =>
      p.then((r: any) => {
        // every answer is a 4xx (or, for a raw exchange, a 4xx that closed the connection)
        expect(r.status, JSON.stringify(r).slice(0, 300)).toBeGreaterThanOrEqual(400);
        expect(r.status).toBeLessThan(500);
        return null;
      }),
    );
  }

  let forgedAdmin: string;
  beforeAll(async () => {
    const { SignJWT } = await import('jose');
    forgedAdmin = await new SignJWT({ role: 'supabase_admin' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode(stack.config.jwtSecret));
  });

  it('leaves the server up, answering normal requests, with its memory within a bound', async () => {
    await Promise.all(hostileRound(-1)); // warm up: first-use allocations are not growth
    const before = live();
    for (let i = 0; i < 8; i++) await Promise.all(hostileRound(i));
    const after = live();
    const growth = after - before;
    // a leak of what the burst sent (about 8 × 2 × 200 MB declared, 8 × 2 × 4 MiB streamed,
    // 8 × 5 deep bodies) would be far above this; buffering the streamed bodies alone is 64 MiB
    expect(growth, `heap + buffers grew by ${(growth / MB).toFixed(1)} MiB`).toBeLessThan(24 * MB);

    expect((await call('GET', '/health', undefined, {})).status).toBe(200);
    const insert = await call('POST', '/rest/v1/rest_owners', JSON.stringify({ name: 'after-the-burst' }), {
      ...service,
      Prefer: 'return=representation',
    });
    expect(insert.status).toBe(201);
    const user = await call('GET', '/auth/v1/user', undefined, userHeaders());
    expect(user.status).toBe(200);
    const broadcast = await call(
      'POST',
      '/realtime/v1/api/broadcast',
      JSON.stringify({ messages: [{ topic: 'room', event: 'ok', payload: {} }] }),
      service,
    );
    expect(broadcast.status).toBe(202);
  });
});
