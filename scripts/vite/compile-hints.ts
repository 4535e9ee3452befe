// Eager compilation for the files whose code runs as the app starts.
//
// V8 compiles a function lazily by default: the first call stops the main thread to parse it
// fully and compile it. Nearly all of React, the router, React Query and the app's own start-up
// code is called before the first screen, so a phone's main thread compiled them one call at a
// time while it started the app, after their bytes had long arrived. A file that begins with the
// `//# allFunctionsCalledOnLoad` comment (V8's explicit compile hints, Chromium 136+) is
// compiled whole on a background thread as it streams in, which on a slow link is while the
// page waits for its other files anyway. Other browsers read it as a comment.
//
// Only for the chunks every first screen (or every signed-in one) runs from top to bottom: the
// framework, the app's start-up code and the signed-in shell. Screens, the database client and
// the language catalogues stay lazy, since much of them is not called on load and compiling it
// would only cost memory.
import type { Plugin } from 'vite';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
const HINT_LINE = `${COMPILE_HINT}\n`;

export function compileHints(chunkNames: readonly string[]): Plugin {
  const names = new Set(chunkNames);
  return {
    name: 'drape:compile-hints',
    apply: 'build',
    // Once the bundle is done: Vite puts its map of a chunk's preloads above the code late, and
    // the comment only counts as the file's first line. File names do not change with it (the
    // bundler hashes the code before plugins add to it, as with Vite's map); a copy cached
    // without the comment runs the same.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const missing = new Set(names);
        for (const file of Object.values(bundle)) {
          if (file.type !== 'chunk' || !names.has(file.name)) continue;
          missing.delete(file.name);
          file.code = HINT_LINE + file.code;
        }
        if (missing.size > 0) this.error(`compile hints: no chunk named ${[...missing].join(', ')}`);
      },
    },
  };
}
