// Compiles Lingui's macros (`@lingui/core/macro`, `@lingui/react/macro`) in the app's sources
// with Babel, before Vite's own TypeScript and JSX transform. Only files that import a macro
// go through Babel; the rest stay on Vite's fast path. (Vite 8's React plugin no longer runs
// Babel itself, and the Rolldown Babel plugin declares Node 22, which this project does not
// require.)
import { transformAsync } from '@babel/core';
import type { Plugin } from 'vite';

const MACRO_IMPORT = /from\s+['"]@lingui\/(core|react)\/macro['"]/;

export function linguiMacro(): Plugin {
  return {
    name: 'drape:lingui-macro',
    enforce: 'pre',
    transform: {
      filter: { id: /\.[jt]sx?$/, code: MACRO_IMPORT },
      async handler(code, id) {
        const path = id.split('?')[0];
        if (path.includes('/node_modules/')) return null;
        const result = await transformAsync(code, {
          filename: path,
          babelrc: false,
          configFile: false,
          sourceMaps: true,
          parserOpts: { plugins: ['typescript', 'jsx'] },
          plugins: ['@lingui/babel-plugin-lingui-macro'],
        });
        return result?.code ? { code: result.code, map: result.map } : null;
      },
    },
  };
}
