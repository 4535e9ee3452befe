// The functions service on its own, over a folder of functions written by the test:
// per-function verify_jwt from config, secrets from functions/.env, reloading a function
// whose source changed, and the clear refusal of imports that only work under Deno.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../supabase/local/config.ts';
import { createFunctionsService } from '../../../supabase/local/functions/index.ts';
import type { Service, StackContext } from '../../../supabase/local/http.ts';
import { createJwt, deriveApiKeys } from '../../../supabase/local/jwt.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/functions');

let dir: string;
let server: http.Server;
let service: Service;
let base: string;
let anonKey: string;
const logs: string[] = [];

function writeFunction(name: string, source: string) {
  mkdirSync(path.join(dir, name), { recursive: true });
  const file = path.join(dir, name, 'index.ts');
  writeFileSync(file, source);
  return file;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'drape-functions-'));
  // as in the repository: .ts files are ES modules (outside a "type": "module" package,
  // tsx would compile them to CommonJS, where npm: specifiers cannot be mapped)
  writeFileSync(path.join(dir, 'package.json'), '{ "type": "module" }');
  writeFileSync(
    path.join(dir, '.env'),
    'FIXTURE_SECRET="from dotenv"\nOVERRIDDEN=from dotenv\n# a comment\n',
  );
  process.env.OVERRIDDEN = 'from process';
  writeFunction(
    'secret',
    `Deno.serve(() => Response.json({ secret: Deno.env.get('FIXTURE_SECRET'), overridden: Deno.env.get('OVERRIDDEN') }));`,
  );
  writeFunction('version', `Deno.serve(() => new Response('v1'));`);
  writeFunction(
    'jsr-import',
    `import { join } from 'jsr:@std/path@1';\nDeno.serve(() => new Response(join('a', 'b')));`,
  );

  const config = loadConfig({
    port: 0,
    functionsDir: dir,
    extraFunctionsDirs: [FIXTURES],
    functions: { 'test-echo': { verifyJwt: false } },
  });
  const secret = config.jwtSecret;
  const keys = await deriveApiKeys(secret);
  anonKey = keys.anon;
  server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const ctx = {
    config: { ...config, apiUrl: base },
    db: null as never,
    jwt: createJwt(secret),
    keys,
    url: base,
    mail: null as never,
    log: (_scope: string, message: string) => logs.push(message),
    onClose: () => {},
  } satisfies StackContext;
  service = await createFunctionsService(ctx);
  server.on('request', (req, res) => {
    const url = new URL(req.url!, base);
    void service.handle({
      req,
      res,
      method: req.method!,
      path: url.pathname.replace(/^\/functions\/v1/, ''),
      search: url.search.slice(1),
      url,
    });
  });
});

afterAll(async () => {
  await service.close?.();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  rmSync(dir, { recursive: true, force: true });
  delete process.env.OVERRIDDEN;
});

const call = (name: string, headers: Record<string, string> = { Authorization: `Bearer ${anonKey}` }) =>
  fetch(`${base}/functions/v1/${name}`, { method: 'POST', headers });

describe('functions service', () => {
  it('runs a function with verify_jwt = false without any token', async () => {
    const open = await call('test-echo', {});
    expect(open.status).toBe(200);
    expect(await open.json()).toMatchObject({ authorization: null });
    expect((await call('secret', {})).status).toBe(401);
  });

  it('gives functions the secrets from functions/.env, with the process environment winning', async () => {
    const res = await call('secret');
    expect(await res.json()).toEqual({ secret: 'from dotenv', overridden: 'from process' });
  });

  it('reloads a function when its source changes', async () => {
    expect(await (await call('version')).text()).toBe('v1');
    const file = writeFunction('version', `Deno.serve(() => new Response('v2'));`);
    const later = new Date(Date.now() + 5000);
    utimesSync(file, later, later);
    await new Promise((r) => setTimeout(r, 600));
    expect(await (await call('version')).text()).toBe('v2');
  });

  it('refuses jsr: imports locally with a message that says what to do', async () => {
    const res = await call('jsr-import');
    expect(res.status).toBe(503);
    expect(res.headers.get('x-relay-error')).toBe('true');
    expect(logs.join('\n')).toMatch(
      /jsr: and URL imports work on hosted Supabase but not locally; use the npm: package/,
    );
  });
});
