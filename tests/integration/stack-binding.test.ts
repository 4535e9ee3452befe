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
      // there the dev routes answer this machine without a key, as the tests and dev links use them
      expect((await fetch(`${stack.url}/_dev/mail/api/messages`)).status).toBe(200);
      expect((await fetch(`${stack.url}/_dev/stripe/dev/events`)).status).toBe(200);
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

  const jwtSecret = `own-secret-${'x'.repeat(40)}`;
  const devKeys = { fashn: `fashn-${'k'.repeat(30)}`, stripe: `sk_test_${'s'.repeat(30)}` };

  it('refuses every interface while the dev services have no keys of their own', async () => {
    const start = startStack({
      db: scratch.db,
      port: 0,
      quiet: true,
      config: { dataDir, appPort: 0, host: '0.0.0.0', jwtSecret, devKeys: { fashn: null, stripe: null } },
    });
    await expect(start).rejects.toBeInstanceOf(StackConfigError);
    await expect(start).rejects.toThrow(/LOCAL_FASHN_KEY and LOCAL_STRIPE_SECRET_KEY/);
  });

  it('listens on every interface with a secret of its own', async () => {
    const stack = await startStack({
      db: scratch.db,
      port: 0,
      quiet: true,
      config: { dataDir, appPort: 0, host: '0.0.0.0', jwtSecret, devKeys },
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

  it('there, behind a reverse proxy on this machine, the dev routes take only their keys', async () => {
    const stack = await startStack({
      db: scratch.db,
      port: 0,
      quiet: true,
      config: { dataDir, appPort: 0, host: '0.0.0.0', jwtSecret, devKeys },
    });
    try {
      // what a proxy on the same machine forwards: a visitor's request, arriving from 127.0.0.1
      const viaProxy = (p: string, headers: Record<string, string> = {}) =>
        fetch(`http://127.0.0.1:${stack.port}${p}`, {
          headers: { 'X-Forwarded-For': '203.0.113.7', ...headers },
        });
      // the mailbox holds every reset link: closed (it has no key) unless DEV_MAILBOX_REMOTE=1
      const mail = await viaProxy('/_dev/mail/api/messages');
      expect(mail.status).toBe(403);
      expect((await mail.json()).message).toMatch(/only on this machine while the stack listens on loopback/);
      expect((await viaProxy('/_dev/mail')).status).toBe(403);
      // the Stripe stand-in's dev API (every event, renewals at will): only its key
      expect((await viaProxy('/_dev/stripe/dev/events')).status).toBe(403);
      expect(
        (await viaProxy('/_dev/stripe/dev/events', { Authorization: 'Bearer sk_test_made_up_by_anyone' }))
          .status,
      ).toBe(403);
      expect(
        (await viaProxy('/_dev/stripe/dev/events', { Authorization: `Bearer ${devKeys.stripe}` })).status,
      ).toBe(200);
      // the Stripe API and the local FASHN endpoint: only theirs, as before
      expect(
        (await viaProxy('/_dev/stripe/v1/customers', { Authorization: 'Bearer sk_test_any_1234' })).status,
      ).toBe(401);
      expect(
        (
          await viaProxy('/_dev/fashn/v1/status/00000000-0000-4000-8000-000000000000', {
            Authorization: 'Bearer made-up-key',
          })
        ).status,
      ).toBe(401);
    } finally {
      await stack.close();
    }
  });

  it.runIf(lanAddress)('there, the dev services take only their keys from other machines', async () => {
    const stack = await startStack({
      db: scratch.db,
      port: 0,
      quiet: true,
      config: { dataDir, appPort: 0, host: '0.0.0.0', jwtSecret, devKeys },
    });
    try {
      const remote = `http://${lanAddress}:${stack.port}`;
      const fashnStatus = (key: string) =>
        fetch(`${remote}/_dev/fashn/v1/status/00000000-0000-4000-8000-000000000000`, {
          headers: { Authorization: `Bearer ${key}` },
        });
      expect((await fashnStatus('made-up-key')).status).toBe(401);
      // the key is taken: the prediction is simply unknown
      expect((await fashnStatus(devKeys.fashn)).status).toBe(404);
      const customers = (key: string) =>
        fetch(`${remote}/_dev/stripe/v1/customers`, { headers: { Authorization: `Bearer ${key}` } });
      const madeUp = await customers('sk_test_made_up_by_anyone');
      expect(madeUp.status).toBe(401);
      expect((await madeUp.json()).error.message).toMatch(/^Invalid API Key provided/);
      expect((await customers(devKeys.stripe)).status).toBe(200);
    } finally {
      await stack.close();
    }
  });
});
