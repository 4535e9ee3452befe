import type { Page } from '@playwright/test';

/** The splash shows once per browser session; tests of other screens start after it. */
export async function skipSplash(page: Page) {
  await page.addInitScript(() => window.sessionStorage.setItem('drape.splashSeen', '1'));
}

export async function useLanguage(page: Page, locale: 'en' | 'el') {
  await page.addInitScript((l) => window.localStorage.setItem('language', l), locale);
}
