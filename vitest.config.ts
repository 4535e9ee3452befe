import { defineConfig } from 'vitest/config';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { lingui } from '@lingui/vite-plugin';
import { linguiMacro } from './scripts/vite/lingui-macro.ts';

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        // The app's unit tests see the same Lingui macros, catalogues and vanilla-extract styles
        // as the build; component tests (*.test.tsx) opt into a DOM with `@vitest-environment happy-dom`.
        plugins: [
          linguiMacro(),
          lingui(),
          vanillaExtractPlugin(),
        ],
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'supabase/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
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
