// A stack of a test file's own, for settings the shared test stack does not have
// (autoconfirm, low rate limits) and for direct access to its database (ageing tokens).
// Fresh in-memory PGlite, or a fresh database on the PostgreSQL server the suite runs on.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { inject } from 'vitest';
import ws from 'ws';
import { loadConfig, type StackConfig } from '../../../supabase/local/config.ts';
import type { Database } from '../../../supabase/local/db/database.ts';
import { openScratchDatabase } from '../../../supabase/local/db/scratch.ts';
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
const GENEROUS = {
  emailSent: 100_000,
  signInSignUps: 100_000,
  tokenRefresh: 100_000,
  tokenVerifications: 100_000,
};

export async function openTestDatabase(): Promise<{ db: Database; drop(): Promise<void> }> {
  return openScratchDatabase(inject('stack').databaseUrl, 'auth', { poolSize: 5 });
}

export async function startOwnStack(
  auth: AuthOverrides = {},
  reuse?: { db: Database; dataDir: string },
): Promise<OwnStack> {
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
