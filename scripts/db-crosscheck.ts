// npm run db:crosscheck — a second opinion on `npm run db:diff -- --check`: an established
// differ (@pgkit/migra) compares the database supabase/migrations build with the one
// supabase/schemas build, and any statement it would run is a difference (exit 1).
// On PostgreSQL when TEST_DATABASE_URL names a server (two fresh databases, dropped after;
// CI runs it so, on PostgreSQL 15), else on in-memory PGlite. npm test runs it.
// Options: --migrations <dir> and --schemas <dir> read other folders (its tests use copies).
import path from 'node:path';
import { crossCheck, EXCLUDED_SCHEMAS } from './db-schema/crosscheck.ts';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2).filter((a) => a !== '--');
const option = (flag: string) => {
  const i = args.indexOf(flag);
  if (i < 0) return undefined;
  const value = args[i + 1];
  if (!value || value.startsWith('--')) fail(`${flag} needs a value`);
  args.splice(i, 2);
  return value;
};
function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const migrationsDir = path.resolve(option('--migrations') ?? path.join(root, 'supabase/migrations'));
const schemasDir = path.resolve(option('--schemas') ?? path.join(root, 'supabase/schemas'));
if (args.length) fail(`unknown argument ${args.join(' ')} (options: --migrations <dir>, --schemas <dir>)`);

const rel = (p: string) => path.relative(process.cwd(), p) || '.';
const started = Date.now();
const result = await crossCheck({
  migrationsDir,
  schemasDir,
  databaseUrl: process.env.TEST_DATABASE_URL || null,
}).catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
const where = `migra on ${result.engine === 'postgres' ? 'PostgreSQL' : 'PGlite'} ${result.serverVersion.split(' ')[0]}`;
const secs = ((Date.now() - started) / 1000).toFixed(1);

if (result.statements.length === 0) {
  console.log(
    `${where}: ${rel(schemasDir)} and ${rel(migrationsDir)} build the same database (all schemas but ${EXCLUDED_SCHEMAS.join(', ')}; ${secs}s).`,
  );
  process.exit(0);
}
console.error(
  `${where}: ${rel(schemasDir)} and ${rel(migrationsDir)} differ; migra would run on the migrated database (${secs}s):\n`,
);
for (const st of result.statements) console.error(st.replace(/^/gm, '  '));
console.error(
  '\nFix: change SQL in supabase/schemas, then `npm run db:diff -- <what_it_does>` and commit the migration it writes.' +
    '\nIf `npm run db:diff -- --check` passes all the same, our differ misses this kind of difference: fix it in scripts/db-schema/.',
);
process.exit(1);
