// A stack of a test file's own, for settings the shared test stack does not have
// (autoconfirm, low rate limits) and for direct access to its database (ageing tokens).
// Fresh in-memory PGlite, or a fresh database on the PostgreSQL server the suite runs on.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { inject } from 'vitest';
import ws from 'ws';
import { loadConfig, type StackConfig } from '../../../supabase/local/config.ts';
import { openDatabase, type Database } from '../../../supabase/local/db/database.ts';
import { startStack, type Stack } from '../../../supabase/local/server.ts';

export type AuthOverrides = Partial<Omit<StackConfig['auth'], 'rateLimits'>> & {
  rateLimits?: Partial<StackConfig['auth']['rateLimits']>;
};

export interface OwnStack {
  stack: Stack;
  db: Database;
  url: string;
  dataDir: string;
  anon(): SupabaseClient;
  service(): SupabaseClient;
  close(): Promise<void>;
}

/** Rate limits high enough not to get in the way of tests that are not about them. */
const GENEROUS = { emailSent: 100_000, signInSignUps: 100_000, tokenRefresh: 100_000, tokenVerifications: 100_000 };

export async function openTestDatabase(): Promise<{ db: Database; drop(): Promise<void> }> {
  const shared = inject('stack');
  if (!shared.databaseUrl) {
    const db = await openDatabase({ dataDir: null });
    return { db, drop: () => db.close() };
  }
  const name = `drape_auth_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: shared.databaseUrl! });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`create database ${name}`);
  const u = new URL(shared.databaseUrl);
  u.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: u.toString(), poolSize: 5 });
  return {
    db,
    async drop() {
      await db.close();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

export async function startOwnStack(auth: AuthOverrides = {}, reuse?: { db: Database; dataDir: string }): Promise<OwnStack> {
  const base = loadConfig();
  const opened = reuse ? null : await openTestDatabase();
  const db = reuse?.db ?? opened!.db;
  const dataDir = reuse?.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'drape-auth-'));
  const { rateLimits, ...rest } = auth;
  const stack = await startStack({
    db,
    port: 0,
    quiet: true,
    config: {
      dataDir,
      appPort: 0,
      auth: { ...base.auth, ...rest, rateLimits: { ...GENEROUS, ...rateLimits } },
    },
  });
  const client = (key: string) =>
    createClient(stack.url, key, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: ws as any },
    });
  return {
    stack,
    db,
    url: stack.url,
    dataDir,
    anon: () => client(stack.keys.anon),
    service: () => client(stack.keys.serviceRole),
    async close() {
      await stack.close();
      if (opened) {
        await opened.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
