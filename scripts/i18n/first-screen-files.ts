// The source files the first screens are built from: what /login, /signup, /forgot-password
// and /reset-password import, followed through static imports from the app's entry and those
// routes (dynamic `import()`s load later and are not followed; the generated route tree is
// not followed either, since it names every screen). Their messages form the small catalogue
// that loads before the first screen (lingui.config.ts); the rest load after it.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Where the first screens start, relative to the repository root. */
export const FIRST_SCREEN_ROOTS = [
  'src/main.tsx',
  'src/routes/__root.tsx',
  'src/routes/_public.tsx',
  'src/routes/_public/login.tsx',
  'src/routes/_public/signup.tsx',
  'src/routes/_public/forgot-password.tsx',
  'src/routes/reset-password.tsx',
];

const NOT_FOLLOWED = /(^|\/)routeTree\.gen\.ts$/;
// `import x from '…'`, `import '…'`, `export … from '…'` (not `import type`)
const STATIC_IMPORT =
  /(?:^|\n)\s*(?:import(?!\s+type\b)\s*(?:[^'"();]*?\sfrom\s*)?|export(?!\s+type\b)[^'"();]*?\sfrom\s*)['"]([^'"]+)['"]/g;
// `import('…')`
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolveRelative(fromFile: string, spec: string): string | null {
  const base = path.resolve(path.dirname(fromFile), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Repository-relative paths of every source file reachable from the roots. */
export function firstScreenFiles(rootDir: string, roots = FIRST_SCREEN_ROOTS): string[] {
  const seen = new Set<string>();
  const queue = roots.map((r) => path.resolve(rootDir, r));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || NOT_FOLLOWED.test(file) || !/\.(ts|tsx)$/.test(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of [...source.matchAll(STATIC_IMPORT), ...source.matchAll(DYNAMIC_IMPORT)]) {
      const spec = match[1];
      if (!spec.startsWith('.')) continue;
      const resolved = resolveRelative(file, spec);
      if (resolved) queue.push(resolved);
    }
  }
  return [...seen].map((f) => path.relative(rootDir, f).split(path.sep).join('/')).sort();
}
