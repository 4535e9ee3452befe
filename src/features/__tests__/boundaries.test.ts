// A feature is entered through its doors only: `index.ts` (its light API: data, hooks, rules),
// `pages.ts` (its screens, which routes load on demand), `components.ts` (widgets another
// feature renders), `background.ts` (work the shell loads once the first screen is idle) and
// `downloads.ts` (download helpers other features reuse, kept out of the light API's weight); a route may also use a feature's `guard.ts` (its route guard) and the
// shell's `root.ts` (the root route's layout). Everything else in a feature folder is its own
// business, so it can change without breaking another feature (docs/architecture.md).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const featuresDir = path.join(root, 'src/features');
const DOORS = new Set(['index.ts', 'pages.ts', 'components.ts', 'background.ts', 'downloads.ts']);
const ROUTE_DOORS = new Set([...DOORS, 'guard.ts', 'root.ts']);
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*)['"](\.[^'"]+)['"]/g;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** "file imports spec" for each import in `code` (of `file`) past another feature's doors. */
function crossings(file: string, code: string): string[] {
  const own = path.relative(featuresDir, file).split(path.sep)[0];
  const doors = own === '..' ? ROUTE_DOORS : DOORS;
  const found: string[] = [];
  for (const [, spec] of code.matchAll(IMPORT)) {
    const target = path.relative(featuresDir, path.resolve(path.dirname(file), spec)).split(path.sep);
    if (target[0] === '..' || target[0] === own) continue;
    if (target.length === 2 && doors.has(target[1])) continue;
    found.push(`${path.relative(root, file)} imports ${spec}`);
  }
  return found;
}

describe('feature boundaries', () => {
  it('features and routes reach a feature only through its doors', () => {
    const files = [...sources(featuresDir), ...sources(path.join(root, 'src/routes'))];
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((file) => crossings(file, readFileSync(file, 'utf8')))).toEqual([]);
  });

  it('tells a door from a deep import, and lets a feature use its own files', () => {
    const file = path.join(featuresDir, 'video/components/page.tsx');
    const code = [
      "import { StoredImage } from '../../projects/components/stored-image.tsx';",
      "import { projectKeys } from '../../projects/index.ts';",
      "const pages = () => import('../../projects/pages.ts');",
      "import { videoKeys } from '../api.ts';",
      "import { Button } from '../../../ui/index.ts';",
    ].join('\n');
    expect(crossings(file, code)).toEqual([
      'src/features/video/components/page.tsx imports ../../projects/components/stored-image.tsx',
    ]);
  });
});
