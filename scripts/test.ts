// npm test: every test, in order, stopping at the first failure.
//   0. supabase/schemas and supabase/migrations build the same database (npm run db:diff),
//      and an established differ, migra, agrees (npm run db:crosscheck: on PostgreSQL when
//      TEST_DATABASE_URL names a server, else on PGlite),
//      src/lib/database.types.ts is what the migrations generate (npm run gen:types),
//      the lists in README.md and docs/ are what npm run docs:lists writes
//   1. type-check   2. lint (Biome)   3. catalogues as `lingui extract` makes them, translated
//   4. unit tests   5. integration suite on PGlite
//   6. integration suite on PostgreSQL (when TEST_DATABASE_URL names a server)
//   7. edge functions type-checked under Deno   8. end-to-end tests in Chromium
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
const only = process.argv.slice(2);

function step(name: string, cmd: string, args: string[], env: Record<string, string | undefined> = {}) {
  if (only.length && !only.includes(name)) return;
  console.log(`\n=== ${name}: ${[path.basename(cmd), ...args].join(' ')}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (r.status !== 0) {
    console.error(`\n✗ ${name} failed after ${secs}s`);
    process.exit(r.status ?? 1);
  }
  console.log(`✓ ${name} (${secs}s)`);
}

step('db-schemas', bin('tsx'), ['scripts/db-diff.ts', '--check']);
step('db-crosscheck', bin('tsx'), ['scripts/db-crosscheck.ts']);
step('db-types', bin('tsx'), ['scripts/gen-types.ts', '--check']);
step('docs-lists', bin('tsx'), ['scripts/docs-lists.ts', '--check']);
step('typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
step('lint', bin('biome'), ['lint', '--error-on-warnings']);
step('format', bin('biome'), ['format']);
step('i18n', bin('tsx'), ['scripts/check-catalogues.ts']);
step('unit', bin('vitest'), ['run', '--project', 'unit']);
step('integration-pglite', bin('vitest'), ['run', '--project', 'integration'], { TEST_DATABASE_URL: '' });
if (process.env.TEST_DATABASE_URL) {
  step('integration-postgres', bin('vitest'), ['run', '--project', 'integration']);
} else {
  console.log('\n(skipping integration-postgres: set TEST_DATABASE_URL to a PostgreSQL server to run it)');
}
// Product functions and the test-only fixture functions, checked offline: with the root
// package.json present deno resolves npm: specifiers from node_modules (no registry).
const functionEntries = ['supabase/functions', 'tests/fixtures/functions'].flatMap((rel) => {
  const dir = path.join(root, rel);
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((d) => !d.startsWith('_') && existsSync(path.join(dir, d, 'index.ts')))
        .map((d) => `${rel}/${d}/index.ts`)
    : [];
});
if (functionEntries.length)
  step('functions-deno', bin('deno'), ['check', '--quiet', ...functionEntries], {
    DENO_NO_UPDATE_CHECK: '1',
  });
if (existsSync(path.join(root, 'playwright.config.ts'))) step('e2e', bin('playwright'), ['test']);
console.log('\nAll tests passed.');
