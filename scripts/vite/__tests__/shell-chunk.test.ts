import { describe, expect, it } from 'vitest';
import { signedInShellChunk } from '../shell-chunk.ts';

const R = '/app/src/routes';
/** module → what it imports statically */
const graph: Record<string, string[]> = {
  '/app/src/main.tsx': ['/app/src/lib/i18n.ts'],
  '/app/src/lib/i18n.ts': [],
  [`${R}/_app.tsx?tsr-split=component---loader`]: [
    '/app/src/features/shell/app-shell.tsx',
    '/app/src/lib/i18n.ts',
  ],
  '/app/src/features/shell/app-shell.tsx': [
    '/app/src/features/shell/header.tsx',
    '/app/src/ui/field.tsx',
    '/app/node_modules/zip/index.js',
  ],
  '/app/src/features/shell/header.tsx': ['/app/src/ui/field.tsx'],
  '/app/node_modules/zip/index.js': [],
  '/app/src/ui/field.tsx': ['/app/src/ui/icons.tsx'],
  '/app/src/ui/icons.tsx': [],
  [`${R}/_public/login.tsx?tsr-split=component---loader`]: ['/app/src/ui/field.tsx'],
  [`${R}/_app/home.tsx?tsr-split=component---loader`]: [
    '/app/src/features/dashboard/page.tsx',
    '/app/src/features/shell/header.tsx',
  ],
  '/app/src/features/dashboard/page.tsx': [],
};

function chunkOf() {
  const { plugin, group } = signedInShellChunk();
  const context = {
    getModuleIds: () => Object.keys(graph)[Symbol.iterator](),
    getModuleInfo: (id: string) => (id in graph ? { importedIds: graph[id] } : null),
  };
  (plugin.buildEnd as (this: unknown) => void).call(context);
  return Object.keys(graph).filter((id) => group.test(id));
}

describe('the signed-in shell chunk', () => {
  it('gathers what only the shell needs, its libraries included', () => {
    expect(chunkOf().sort()).toEqual([
      '/app/node_modules/zip/index.js',
      '/app/src/features/shell/app-shell.tsx',
      '/app/src/features/shell/header.tsx',
    ]);
  });

  it('leaves what a signed-out screen or the entry also runs, and what only a screen runs', () => {
    const captured = chunkOf();
    expect(captured).not.toContain('/app/src/ui/field.tsx'); // the login form's
    expect(captured).not.toContain('/app/src/ui/icons.tsx'); // imported by the login form's field
    expect(captured).not.toContain('/app/src/lib/i18n.ts'); // the entry's
    expect(captured).not.toContain('/app/src/features/dashboard/page.tsx'); // /home's own
    expect(captured).not.toContain(`${R}/_app.tsx?tsr-split=component---loader`); // the route's own chunk
  });

  it('does not take a module’s imports along', () => {
    const { group } = signedInShellChunk();
    expect(group.includeDependenciesRecursively).toBe(false);
  });
});
