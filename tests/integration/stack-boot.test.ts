// A stack that is still starting answers every request (503 + Retry-After) instead of
// leaving it unanswered: the database is held at two points of the boot — while the
// migrations run, and while the services are being set up after them — and requests are
// sent at each.
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../supabase/local/db/database.ts';
import { startStack } from '../../supabase/local/server.ts';
import { openTestDatabase } from './auth/own-stack.ts';

/** Wraps db so calls of the named methods wait until that method's gate is opened. */
function gated(db: Database, methods: (keyof Database)[]) {
  const gates = new Map<
    string,
    { open(): void; opened: Promise<void>; reached: Promise<void>; reach(): void }
  >();
  for (const m of methods) {
    let open!: () => void;
    let reach!: () => void;
    const opened = new Promise<void>((r) => (open = r));
    const reached = new Promise<void>((r) => (reach = r));
    gates.set(m, { open, opened, reached, reach });
  }
  const wrapped = new Proxy(db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      const gate = gates.get(prop as string);
      if (!gate || typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        gate.reach();
        await gate.opened;
        return value.apply(target, args);
      };
    },
  });
  return { db: wrapped, gate: (m: keyof Database) => gates.get(m)! };
}

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const { port } = s.address() as net.AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/** Sends a request and reports its answer, or 'no answer' when none came within 5 s. */
async function probe(url: string, init: RequestInit = {}) {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(5000) });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
  } catch (err) {
    return { status: 'no answer', error: String((err as Error)?.cause ?? err) };
  }
}

describe('a request during boot', () => {
  it('gets 503 with Retry-After while the stack starts, and the real answer once it is ready', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const scratch = await openTestDatabase();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'drape-boot-'));
    // exec: the migrations; listen: the REST and realtime services subscribing to the database
    const { db, gate } = gated(scratch.db, ['exec', 'listen']);
    const starting = startStack({ db, port, quiet: true, config: { dataDir, appPort: 0 } });
    starting.catch(() => {});
    try {
      await Promise.race([gate('exec').reached, starting]);
      const duringMigrations = await probe(`${base}/health`);
      expect(duringMigrations).toMatchObject({ status: 503, retryAfter: '1', body: { status: 'starting' } });

      gate('exec').open();
      await Promise.race([gate('listen').reached, starting]);
      const duringSetup = await probe(`${base}/rest/v1/plans?select=id`, {
        headers: { Origin: 'http://localhost:3000' },
      });
      expect(duringSetup).toMatchObject({ status: 503, retryAfter: '1' });
      expect(duringSetup.body.message).toMatch(/starting/);
      const upload = await probe(`${base}/storage/v1/object/x/y.txt`, { method: 'POST', body: 'hello' });
      expect(upload.status).toBe(503);

      gate('listen').open();
      const stack = await starting;
      try {
        expect(await probe(`${base}/health`)).toMatchObject({ status: 200, body: { status: 'ok' } });
        const plans = await probe(`${base}/rest/v1/plans?select=id&limit=1`, {
          headers: { apikey: stack.keys.anon },
        });
        expect(plans.status).toBe(200);
      } finally {
        await stack.close();
      }
    } finally {
      gate('exec').open();
      gate('listen').open();
      await starting.then(
        (s) => s.close(),
        () => {},
      );
      await scratch.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('a stack that fails to start lets go of its port', async () => {
    const port = await freePort();
    const scratch = await openTestDatabase();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'drape-boot-'));
    const broken = new Proxy(scratch.db, {
      get(target, prop, receiver) {
        if (prop === 'exec')
          return async () => {
            throw new Error('the database went away');
          };
        return Reflect.get(target, prop, receiver);
      },
    });
    try {
      await expect(
        startStack({ db: broken, port, quiet: true, config: { dataDir, appPort: 0 } }),
      ).rejects.toThrow(/went away/);
      const again = net.createServer();
      await new Promise<void>((resolve, reject) => {
        again.once('error', reject);
        again.listen(port, () => resolve());
      });
      await new Promise<void>((r) => again.close(() => r()));
    } finally {
      await scratch.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
