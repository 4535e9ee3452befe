// npm run gen:types — writes src/lib/database.types.ts from supabase/migrations.
// npm run gen:types -- --check — fails (exit 1) when the committed file is not what the
// migrations produce; npm test runs this.
// --migrations <dir> reads the migrations from another folder.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { changedLines, generateDatabaseTypes } from './db-types/generate.ts';

const root = path.resolve(import.meta.dirname, '..');
const target = path.join(root, 'src/lib/database.types.ts');
const relTarget = path.relative(root, target);
const check = process.argv.includes('--check');
const dirFlag = process.argv.indexOf('--migrations');
const migrationsDir =
  dirFlag > 0 ? path.resolve(process.argv[dirFlag + 1]) : path.join(root, 'supabase/migrations');

const generated = await generateDatabaseTypes(migrationsDir);
const current = existsSync(target) ? readFileSync(target, 'utf8') : '';

if (check) {
  if (current === generated) {
    console.log(`${relTarget} matches supabase/migrations.`);
  } else {
    console.error(`${relTarget} is stale: it does not match the schema of supabase/migrations.`);
    for (const line of changedLines(current, generated)) console.error(`  ${line}`);
    console.error('Fix: run `npm run gen:types` and commit src/lib/database.types.ts.');
    process.exitCode = 1;
  }
} else if (current === generated) {
  console.log(`${relTarget} is up to date.`);
} else {
  writeFileSync(target, generated);
  console.log(`wrote ${relTarget}`);
}
