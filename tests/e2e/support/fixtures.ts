// Test fixtures: the stack's URL and keys, a fresh confirmed user per test, and a page that
// starts signed in (through the auth API) with the splash already seen.
import { test as base, expect, type Page } from '@playwright/test';
import { DEFAULT_JWT_SECRET } from '../../../supabase/local/config.ts';
import { deriveApiKeys } from '../../../supabase/local/jwt.ts';
import { E2E } from './env.ts';
import { createConfirmedUser, signInThroughApi, type StackInfo, type TestUser } from './auth-api.ts';
import { skipSplash } from './skip-splash.ts';

interface Fixtures {
  user: TestUser;
  signedInPage: Page;
}

export const test = base.extend<Fixtures, { stack: StackInfo }>({
  stack: [
    async ({}, use) => {
      const keys = await deriveApiKeys(DEFAULT_JWT_SECRET);
      await use({ apiUrl: E2E.apiUrl, anonKey: keys.anon, serviceKey: keys.serviceRole });
    },
    { scope: 'worker' },
  ],
  user: async ({ stack }, use) => {
    await use(await createConfirmedUser(stack));
  },
  signedInPage: async ({ page, stack, user }, use) => {
    await skipSplash(page);
    await signInThroughApi(page, stack, user);
    await use(page);
  },
});

export { expect };
