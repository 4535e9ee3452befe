// The first screens' catalogue is computed from the imports; a screen outside it must wait for
// the rest of the catalogue, or it would show message ids instead of words.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_ROOTS, firstScreenFiles } from '../first-screen-files.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const files = firstScreenFiles(root);

function routeFiles(dir = 'src/routes'): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? routeFiles(`${dir}/${e.name}`) : [`${dir}/${e.name}`],
  );
}

describe('the first screens’ files', () => {
  it('follow imports from the entry and the sign-in routes, dynamic ones included', () => {
    expect(files).toContain('src/features/auth/components/login-page.tsx');
    expect(files).toContain('src/lib/errors/messages.ts');
    // loaded with import() from the entry
    expect(files).toContain('src/lib/query-persistence.ts');
  });

  it('leave out the screens behind sign-in and the generated route tree', () => {
    expect(files).not.toContain('src/routeTree.gen.ts');
    expect(files.filter((f) => f.startsWith('src/routes/_app'))).toEqual([]);
    expect(files.some((f) => f.startsWith('src/features/projects/'))).toBe(false);
  });

  it('are found however an import is written', () => {
    const found = firstScreenFiles(root, ['scripts/i18n/__tests__/fixtures/entry.ts']);
    expect(found).toEqual([
      'scripts/i18n/__tests__/fixtures/dynamic.ts',
      'scripts/i18n/__tests__/fixtures/entry.ts',
      'scripts/i18n/__tests__/fixtures/folder/index.ts',
      'scripts/i18n/__tests__/fixtures/reexported.ts',
      'scripts/i18n/__tests__/fixtures/side-effect.ts',
    ]);
  });
});

describe('every other screen', () => {
  it('waits for the whole catalogue before it renders (its layout or its own beforeLoad)', () => {
    const firstRoutes = new Set(FIRST_SCREEN_ROOTS);
    const waits = (file: string) =>
      /beforeLoad[\s\S]*loadAllMessages\(\)/.test(readFileSync(path.join(root, file), 'utf8'));
    const redirectsOnly = (file: string) =>
      !/component\s*[:,(]/.test(readFileSync(path.join(root, file), 'utf8'));
    const missing = routeFiles()
      .filter((f) => !firstRoutes.has(f) && !f.startsWith('src/routes/_app/'))
      .filter((f) => !waits(f) && !redirectsOnly(f));
    expect(missing).toEqual([]);
    expect(waits('src/routes/_app.tsx')).toBe(true);
  });
});
