// No import circles in src/, supabase/ or scripts/ (nor through the configuration files at the
// root). A circle is counted at every level of the tree: two files of one folder importing each
// other, or two folders of one parent (or a folder and a file beside it) whose files import
// each other's — `supabase/local/stripe` using `supabase/local/functions` while `functions`
// uses `stripe`, `scripts/` using `lingui.config.ts` while the config uses `scripts/`. Only
// imports that stay at run time count (`import type` is erased), dynamic `import()` included;
// tests and test helpers (`__tests__/`, `*.test.*`, `testing/`) may import anything.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const AREAS = ['src', 'supabase', 'scripts'];
const SOURCE = /\.(?:tsx?|mts|mjs)$/;
const TEST = /(?:^|\/)(?:__tests__|testing)\/|\.test\.tsx?$/;

/**
 * Circles known and not yet broken, each with why it is left: the test fails when one
 * disappears, so this list only shrinks.
 */
const KNOWN: Record<string, string> = {};

// `import … from '…'`, `export … from '…'`, `import '…'` and `import('…')`; group 1 is the
// clause between the keyword and `from` (to tell type-only imports), group 2/3 the specifier.
const IMPORT =
  /(?:^|[\n;])\s*(?:import|export)\s+(?:([^'";]*?)\s*from\s*)?['"](\.{1,2}\/[^'"]+)['"]|\bimport\s*\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function typeOnly(clause: string): boolean {
  if (/^type\b/.test(clause)) return true;
  const named = /^\{([^}]*)\}$/.exec(clause.trim());
  if (!named) return false;
  const names = named[1]
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((n) => /^type\s/.test(n));
}

/** The relative imports of `code` that stay at run time, as written. */
function runtimeImports(code: string): string[] {
  const out: string[] = [];
  for (const [, clause, spec, dynamic] of code.matchAll(IMPORT)) {
    if (clause !== undefined && typeOnly(clause)) continue;
    out.push(spec ?? dynamic);
  }
  return out;
}

/** file → the files it imports, for files named relative to the root (a/b.ts). */
type Graph = Map<string, Set<string>>;

function buildGraph(files: Map<string, string>): Graph {
  const resolve = (from: string, spec: string) => {
    const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
    return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((f) => files.has(f));
  };
  const graph: Graph = new Map();
  for (const [file, code] of files) {
    const deps = new Set<string>();
    for (const spec of runtimeImports(code)) {
      const target = resolve(file, spec);
      if (target && target !== file) deps.add(target);
    }
    graph.set(file, deps);
  }
  return graph;
}

/** Strongly connected groups of more than one node (Tarjan). */
function circlesOf(edges: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string | undefined;
    do {
      w = stack.pop();
      if (w !== undefined) {
        onStack.delete(w);
        group.push(w);
      }
    } while (w !== undefined && w !== v);
    if (group.length > 1) found.push(group.sort());
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found;
}

/**
 * Every circle, named "<folder>: a ↔ b" (the folder's children that import each other, '.' for
 * the root), with one import of each step as the evidence.
 */
function importCircles(files: Map<string, string>): Map<string, string[]> {
  const graph = buildGraph(files);
  // per folder: child → child → an import that makes the step
  const levels = new Map<string, Map<string, Map<string, string>>>();
  for (const [from, deps] of graph) {
    for (const to of deps) {
      const a = from.split('/');
      const b = to.split('/');
      let i = 0;
      while (a[i] === b[i]) i++;
      const folder = a.slice(0, i).join('/') || '.';
      const level = levels.get(folder) ?? new Map<string, Map<string, string>>();
      levels.set(folder, level);
      const steps = level.get(a[i]) ?? new Map<string, string>();
      level.set(a[i], steps);
      if (!steps.has(b[i])) steps.set(b[i], `${from} → ${to}`);
    }
  }
  const out = new Map<string, string[]>();
  for (const [folder, level] of levels) {
    const edges = new Map([...level].map(([k, v]) => [k, new Set(v.keys())]));
    for (const group of circlesOf(edges)) {
      const evidence = group.flatMap((x) =>
        group.flatMap((y) => {
          const step = level.get(x)?.get(y);
          return step ? [step] : [];
        }),
      );
      out.set(`${folder}: ${group.join(' ↔ ')}`, evidence);
    }
  }
  return out;
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name.startsWith('.')) return [];
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return SOURCE.test(name) ? [path.relative(root, full).split(path.sep).join('/')] : [];
  });
}

describe('import circles', () => {
  it('src/, supabase/, scripts/ and the root configuration have none but the known ones', () => {
    const names = [
      ...AREAS.flatMap((area) => sources(path.join(root, area))),
      ...readdirSync(root).filter((name) => SOURCE.test(name)),
    ].filter((name) => !TEST.test(name));
    expect(names.length).toBeGreaterThan(500);
    const files = new Map(names.map((name) => [name, readFileSync(path.join(root, name), 'utf8')]));
    const circles = importCircles(files);
    const unknown = [...circles].filter(([name]) => !(name in KNOWN));
    expect(unknown.map(([name, evidence]) => `${name} (${evidence.join('; ')})`)).toEqual([]);
    expect(Object.keys(KNOWN).filter((name) => !circles.has(name))).toEqual([]);
  });

  it('finds circles between files, between folders and through the root, not through types', () => {
    const files = new Map([
      // two files of one folder, one of the imports dynamic
      ['src/lib/a.ts', "import { b } from './b.ts';"],
      ['src/lib/b.ts', "export const load = () => import('./a.ts');"],
      // two folders, no file circle: local/stripe/index.ts → functions/env.ts → stripe/defaults.ts
      ['supabase/local/stripe/index.ts', "import { functionEnv } from '../functions/env.ts';"],
      ['supabase/local/stripe/defaults.ts', 'export const x = 1;'],
      ['supabase/local/functions/env.ts', "import {\n  x,\n} from '../stripe/defaults.ts';"],
      // a root file and a folder
      ['lingui.config.ts', "import { first } from './scripts/i18n/first.ts';"],
      ['scripts/i18n/first.ts', 'export const first = 1;'],
      ['scripts/check.ts', "import config from '../lingui.config.ts';"],
      // types only: erased, no circle
      ['src/ui/c.ts', "import type { D } from './d.ts';\nexport const c = 1;"],
      ['src/ui/d.ts', "import { type C } from './c.ts';\nexport * from './e';"],
      ['src/ui/e.ts', "export { c } from './c.ts';"],
    ]);
    expect([...importCircles(files).keys()].sort()).toEqual([
      '.: lingui.config.ts ↔ scripts',
      'src/lib: a.ts ↔ b.ts',
      'supabase/local: functions ↔ stripe',
    ]);
  });
});
