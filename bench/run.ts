// npm run bench [name…]: runs every bench/*.bench.ts one after another (each in its own
// process, so one bench's stack and memory never colour the next), or only those whose file
// name contains one of the given names, e.g. `npm run bench rest-projects`.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const dir = import.meta.dirname;
const wanted = process.argv.slice(2);
const all = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .sort();
const chosen = wanted.length ? all.filter((f) => wanted.some((w) => f.includes(w))) : all;

if (chosen.length === 0) {
  console.error(
    `no bench matches ${wanted.join(', ')}; available: ${all.map((f) => f.replace('.bench.ts', '')).join(', ')}`,
  );
  process.exit(1);
}

const tsx = path.resolve(dir, '../node_modules/.bin/tsx');
let failed = 0;
for (const file of chosen) {
  console.log(`\n=== ${file}`);
  const r = spawnSync(tsx, [path.join(dir, file)], { stdio: 'inherit', env: process.env });
  if (r.status !== 0) {
    failed++;
    console.error(`✗ ${file} exited with ${r.status ?? r.signal}`);
  }
}
process.exit(failed ? 1 : 0);
