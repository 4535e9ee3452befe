// A stack of its own for the Realtime tests, started inside the test worker: the changes
// Realtime streams are made with SQL on its database, which on PGlite lives in the process
// that opened it (the suite's shared stack runs in the global-setup process). Same database
// kind as the suite: PGlite, or a fresh database on TEST_DATABASE_URL. Clients reach it
// through a TCP relay the tests can cut, to see the client reconnect.
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import ws from 'ws';
import type { Database } from '../../../supabase/local/db/database.ts';
import { openScratchDatabase } from '../../../supabase/local/db/scratch.ts';
import { startStack, type Stack } from '../../../supabase/local/server.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/migrations');

export interface Harness {
  stack: Stack;
  db: Database;
  /** the stack's URL through the relay */
  url: string;
  /** closes every client connection (as a network drop would); the stack keeps running */
  dropConnections(): void;
  close(): Promise<void>;
}

export interface RtUser {
  id: string;
  email: string;
}

export async function startHarness(): Promise<Harness> {
  const scratch = await openScratchDatabase(process.env.TEST_DATABASE_URL, 'rt');
  const { db, url: databaseUrl } = scratch;
  const stack = await startStack({
    db,
    port: 0,
    quiet: !process.env.STACK_LOG,
    config: { databaseUrl, appPort: 0, extraMigrationsDirs: [FIXTURES] },
  });

  const conns = new Set<net.Socket>();
  const relay = net.createServer((client) => {
    const upstream = net.connect(stack.port, '127.0.0.1');
    conns.add(client).add(upstream);
    const done = () => {
      client.destroy();
      upstream.destroy();
      conns.delete(client);
      conns.delete(upstream);
    };
    client.pipe(upstream).pipe(client);
    client.on('error', done).on('close', done);
    upstream.on('error', done).on('close', done);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const relayPort = (relay.address() as net.AddressInfo).port;

  return {
    stack,
    db,
    url: `http://127.0.0.1:${relayPort}`,
    dropConnections() {
      for (const s of conns) s.destroy();
      conns.clear();
    },
    async close() {
      for (const s of conns) s.destroy();
      await new Promise<void>((resolve) => relay.close(() => resolve()));
      await stack.close();
      await scratch.drop();
    },
  };
}

export async function createRtUser(h: Harness): Promise<RtUser> {
  const id = randomUUID();
  const email = `rt-${id.slice(0, 8)}@example.test`;
  await h.db.query(`insert into auth.users (id, email, email_confirmed_at) values ($1::uuid, $2, now())`, [
    id,
    email,
  ]);
  return { id, email };
}

/** An access token shaped like GoTrue's, signed with the stack's secret. */
export function accessToken(h: Harness, user: RtUser, expiresInSeconds = 3600): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    aud: 'authenticated',
    sub: user.id,
    email: user.email,
    phone: '',
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: {},
    role: 'authenticated',
    aal: 'aal1',
    amr: [{ method: 'password', timestamp: now }],
    session_id: randomUUID(),
    is_anonymous: false,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(`${h.stack.url}/auth/v1`)
    .setIssuedAt(now)
    .setExpirationTime(now + expiresInSeconds)
    .sign(new TextEncoder().encode(h.stack.config.jwtSecret));
}

export interface ClientOptions {
  /** the user's token; the API key when absent (signed out) */
  token?: string | null;
  key?: string;
  vsn?: '1.0.0' | '2.0.0';
}

/**
 * The official client as the app makes it, its access token supplied the way a
 * third-party-auth app does (accessToken callback). The token is set before anything
 * subscribes: realtime-js builds a join when subscribe() is called, and a join sent before
 * the token is known carries none (the channel then runs with the API key's role, on
 * hosted Supabase too).
 */
export async function rtClient(h: Harness, opts: ClientOptions = {}): Promise<SupabaseClient> {
  const key = opts.key ?? h.stack.keys.anon;
  const token = opts.token ?? key;
  const client = createClient(h.url, key, {
    accessToken: async () => token,
    realtime: { transport: ws as any, ...(opts.vsn ? { vsn: opts.vsn } : {}) },
  });
  await client.realtime.setAuth(token);
  return client;
}

/** Resolves once the condition holds (polling), or fails with the label after the timeout. */
export async function eventually<T>(
  probe: () => T | undefined | null | false,
  label: string,
  timeoutMs = 5000,
): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = probe();
    if (v) return v;
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${label}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
