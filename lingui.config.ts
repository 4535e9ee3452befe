import { fileURLToPath } from 'node:url';
import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
import { firstScreenFiles } from './scripts/i18n/first-screen-files.ts';

// Two catalogues per language: `first` holds the messages of the files the first screens are
// built from (sign-in, sign-up, password screens, the shell's splash, errors and toasts) and
// loads before the first screen; `messages` holds everything else and loads after it (a
// signed-in screen waits for it). The file list is computed from the imports, so a message
// never lands in the wrong one (scripts/i18n/first-screen-files.ts).
const first = firstScreenFiles(fileURLToPath(new URL('.', import.meta.url))).map(
  (file) => `<rootDir>/${file}`,
);
const notSources = ['**/node_modules/**', '**/*.test.*', '**/routeTree.gen.ts'];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'el'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/first',
      include: first,
      exclude: notSources,
    },
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: [...notSources, ...first],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
