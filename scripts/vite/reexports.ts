// A file that only re-exports (a feature's index.ts or pages.ts, ui/index.ts) does nothing of
// its own when imported. Saying so to the bundler lets a route take its page from pages.ts
// without the sibling pages (and what they import, such as the database client) in its chunk.
import type { Plugin } from 'vite';

export function isReexportOnly(code: string): boolean {
  const statements = code
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .split(';')
    .map((st) => st.trim())
    .filter(Boolean);
  return (
    statements.length > 0 &&
    statements.every((st) =>
      /^export\s+(type\s+)?(\*|\{[^}]*\})(\s+as\s+\w+)?\s+from\s+['"][^'"]+['"]$/.test(st),
    )
  );
}

export function reexportsWithoutSideEffects(): Plugin {
  return {
    name: 'drape:reexports-without-side-effects',
    transform: {
      order: 'pre',
      filter: { id: /[\\/]src[\\/].*\.ts$/ },
      handler(code) {
        return isReexportOnly(code) ? { code, moduleSideEffects: false } : null;
      },
    },
  };
}
