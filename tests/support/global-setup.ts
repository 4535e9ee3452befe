// Starts one local stack for the integration suite, on a fresh database: an in-memory
// PGlite by default, or a new database on the PostgreSQL server named by
// TEST_DATABASE_URL (dropped afterwards). Tests reach it through inject('stack').
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openScratchDatabase } from '../../supabase/local/db/scratch.ts';
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
  // The domain tests drive the generation queue by hand (claim, report); the engine's tests
  // (tests/integration/engine) start stacks of their own with the dispatcher on.
  process.env.GENERATION_DISPATCH ??= 'off';

  const scratch = await openScratchDatabase(process.env.TEST_DATABASE_URL, 'test');
  const { db, url: databaseUrl } = scratch;
  const stack = await startStack({
    db,
    port: 0,
    quiet: !process.env.STACK_LOG,
    config: {
      databaseUrl,
      appPort: 0,
      extraMigrationsDirs: [FIXTURES],
      extraFunctionsDirs: [FIXTURE_FUNCTIONS],
    },
  });
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
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
