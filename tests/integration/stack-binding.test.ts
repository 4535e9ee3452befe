// The stack listens on 127.0.0.1 unless told otherwise, and refuses to listen where other
// machines can reach it while it signs with the well-known local JWT secret.
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StackConfigError, startStack } from '../../supabase/local/server.ts';
import { openTestDatabase } from './auth/own-stack.ts';

/** An address of this machine that other machines could connect to, if it has one. */
const lanAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host, port });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

let scratch: Awaited<ReturnType<typeof openTestDatabase>>;
let dataDir: string;
beforeAll(async () => {
  scratch = await openTestDatabase();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'drape-bind-'));
});
afterAll(async () => {
  await scratch?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('where the stack listens', () => {
  it('on 127.0.0.1 by default: reachable there, not from the network', async () => {
    const stack = await startStack({ db: scratch.db, port: 0, quiet: true, config: { dataDir, appPort: 0 } });
    try {
      expect(stack.config.host).toBe('127.0.0.1');
      expect(await connects('127.0.0.1', stack.port)).toBe(true);
      if (lanAddress) expect(await connects(lanAddress, stack.port)).toBe(false);
    } finally {
      await stack.close();
    }
  });

  it('refuses every interface with the well-known JWT secret, before taking the port', async () => {
    const start = startStack({
      db: scratch.db,
      port: 0,
      quiet: true,
      config: { dataDir, appPort: 0, host: '0.0.0.0' },
    });
    await expect(start).rejects.toBeInstanceOf(StackConfigError);
    await expect(start).rejects.toThrow(/Refusing to listen on 0\.0\.0\.0.*JWT_SECRET/s);
  });

  it('listens on every interface with a secret of its own', async () => {
    const jwtSecret = `own-secret-${'x'.repeat(40)}`;
    const stack = await startStack({
      db: scratch.db,
      port: 0,
      quiet: true,
      config: { dataDir, appPort: 0, host: '0.0.0.0', jwtSecret },
    });
    try {
      const target = lanAddress ?? '127.0.0.1';
      const res = await fetch(`http://${target}:${stack.port}/rest/v1/plans?select=id&limit=1`, {
        headers: { apikey: stack.keys.anon },
      });
      expect(res.status).toBe(200);
    } finally {
      await stack.close();
    }
  });
});
