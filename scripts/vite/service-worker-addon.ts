// Code of our own for the generated service worker (vite-plugin-pwa's generateSW keeps the
// precaching and runtime caching it writes): a TypeScript entry bundled on its own into one
// classic script, emitted at the site's root, for the worker's `importScripts`. The browser
// keeps imported scripts with the worker, so they work offline, and compares them on each
// update check.
import { build, type Plugin } from 'vite';

export function serviceWorkerAddon({ entry, fileName }: { entry: string; fileName: string }): Plugin {
  return {
    name: 'drape:service-worker-addon',
    apply: 'build',
    async generateBundle() {
      const result = await build({
        configFile: false,
        logLevel: 'warn',
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        build: {
          write: false,
          target: 'es2022',
          minify: true,
          sourcemap: false,
          lib: { entry, formats: ['iife'], name: 'drapeServiceWorkerAddon', fileName: () => fileName },
        },
      });
      const outputs = Array.isArray(result) ? result : [result];
      const chunk = outputs.flatMap((o) => ('output' in o ? o.output : [])).find((o) => o.type === 'chunk');
      if (chunk?.type !== 'chunk') throw new Error(`service worker addon ${entry} produced no code`);
      this.emitFile({ type: 'asset', fileName, source: chunk.code });
    },
  };
}
