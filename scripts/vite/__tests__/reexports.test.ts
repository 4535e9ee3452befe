import { describe, expect, it } from 'vitest';
import { isReexportOnly } from '../reexports.ts';

describe('re-export-only files', () => {
  it('recognises a barrel of re-exports, with comments and type exports', () => {
    const barrel = `// The auth screens, for the route files.
export { LoginPage } from './components/login-page.tsx';
export { SignUpPage, type SignUpProps } from './components/signup-page.tsx';
export type { AuthStore } from './auth-store.ts';
export * from './messages.ts';
export * as rules from './validation.ts';`;
    expect(isReexportOnly(barrel)).toBe(true);
  });

  it('does not take a file that does anything else', () => {
    expect(
      isReexportOnly(`export { a } from './a.ts';\nexport const LANGUAGE_NAMES = { en: 'English' };`),
    ).toBe(false);
    expect(isReexportOnly(`import './global.css.ts';\nexport { a } from './a.ts';`)).toBe(false);
    expect(isReexportOnly(`import { a } from './a.ts';\nexport { a };`)).toBe(false);
    expect(isReexportOnly('// nothing here')).toBe(false);
  });
});
