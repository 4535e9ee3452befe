import { defineConfig } from 'vitest/config';
import babel from '@rolldown/plugin-babel';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { lingui } from '@lingui/vite-plugin';

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        // The app's unit tests see the same Lingui macros, catalogues and vanilla-extract styles
        // as the build; component tests (*.test.tsx) opt into a DOM with `@vitest-environment happy-dom`.
        plugins: [
          babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
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
