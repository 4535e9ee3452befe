import { defineConfig } from 'vitest/config';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { lingui } from '@lingui/vite-plugin';
import { linguiMacro } from './scripts/vite/lingui-macro.ts';
import type { Plugin } from 'vite';
// @ts-expect-error plain JavaScript module (it runs on Node's loader thread)
import { npmSpecifierToBare } from './supabase/local/functions/npm-specifier-hooks.mjs';

// Edge-function code imports packages as Deno does (`npm:fashn@0.11.1`); tests resolve them
// from node_modules, as the local stack's function runner does.
const npmSpecifiers: Plugin = {
  name: 'npm-specifiers',
  enforce: 'pre',
  resolveId(id, importer) {
    const bare = id.startsWith('npm:') ? npmSpecifierToBare(id) : null;
    return bare ? this.resolve(bare, importer, { skipSelf: true }) : null;
  },
};

export default defineConfig({
  plugins: [npmSpecifiers],
  test: {
    projects: [
      {
        extends: true,
        // The app's unit tests see the same Lingui macros, catalogues and vanilla-extract styles
        // as the build; component tests (*.test.tsx) opt into a DOM with `@vitest-environment happy-dom`.
        plugins: [linguiMacro(), lingui(), vanillaExtractPlugin()],
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'supabase/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        plugins: [npmSpecifiers],
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
