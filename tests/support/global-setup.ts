// Starts one local stack for the integration suite, on a fresh database: an in-memory
// PGlite by default, or a new database on the PostgreSQL server named by
// TEST_DATABASE_URL (dropped afterwards). Tests reach it through inject('stack').
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openDatabase } from '../../supabase/local/db/database.ts';
import { startStack } from '../../supabase/local/server.ts';

/** Tables used only by the conformance tests (never part of the product's schema). */
const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/migrations');
/** Edge functions used only by the conformance tests, served after supabase/functions. */
const FIXTURE_FUNCTIONS = path.resolve(import.meta.dirname, '../fixtures/functions');

export interface StackInfo {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  publishableKey: string;
  secretKey: string;
  jwtSecret: string;
  dbKind: 'pglite' | 'postgres';
  /** connection string of the test database on PostgreSQL runs, for direct SQL in tests */
  databaseUrl: string | null;
  /** the stack's data folder (stored files live in its storage/ folder) */
  dataDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}

export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'drape-test-'));
  process.env.DATA_DIR = dataDir;
  // The suite signs up hundreds of users from one address; the limits themselves are
  // tested against a stack of their own with low limits.
  process.env.AUTH_RATE_LIMIT_EMAIL_SENT ??= '100000';
  process.env.AUTH_RATE_LIMIT_SIGN_IN ??= '100000';
  process.env.AUTH_RATE_LIMIT_TOKEN_REFRESH ??= '100000';
  process.env.AUTH_RATE_LIMIT_VERIFY ??= '100000';

  let databaseUrl: string | null = null;
  let dropDatabase: (() => Promise<void>) | null = null;
  const admin = process.env.TEST_DATABASE_URL;
  if (admin) {
    const name = `drape_test_${process.pid}_${Date.now()}`;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
    const u = new URL(admin);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }

  const db = await openDatabase({ databaseUrl, dataDir: null });
  const stack = await startStack({ db, port: 0, quiet: !process.env.STACK_LOG, config: { databaseUrl, appPort: 0, extraMigrationsDirs: [FIXTURES], extraFunctionsDirs: [FIXTURE_FUNCTIONS] } });
  const info: StackInfo = {
    url: stack.url,
    anonKey: stack.keys.anon,
    serviceRoleKey: stack.keys.serviceRole,
    publishableKey: stack.keys.publishable,
    secretKey: stack.keys.secret,
    jwtSecret: stack.config.jwtSecret,
    dbKind: db.kind,
    databaseUrl,
    dataDir: stack.config.dataDir,
  };
  project.provide('stack', info);

  return async () => {
    await stack.close();
    await db.close();
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
