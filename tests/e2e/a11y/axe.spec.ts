// An accessibility scan (axe-core, WCAG 2.1 A/AA) of every screen and open overlay: no
// serious or critical violations.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { skipSplash, useLanguage } from '../support/skip-splash.ts';

async function expectNoSeriousViolations(page: Page, what: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = serious.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
  expect(summary, `${what}: ${summary.join('\n')}`).toEqual([]);
}

for (const locale of ['en', 'el'] as const) {
  test.describe(`screens in ${locale}`, () => {
    test('public screens', async ({ page }) => {
      await skipSplash(page);
      await useLanguage(page, locale);
      for (const route of ['/login', '/signup', '/forgot-password', '/content-guidelines', '/nowhere']) {
        await page.goto(route);
        await page.waitForLoadState('networkidle');
        await expectNoSeriousViolations(page, route);
      }
      await page.goto('/reset-password#error=access_denied&error_code=otp_expired');
      await expect(page.getByRole('link', { name: /./ }).first()).toBeVisible();
      await expectNoSeriousViolations(page, 'invalid link');
      await page.goto('/signup');
      await page
        .getByRole('button', { name: locale === 'en' ? 'Create account' : /./ })
        .last()
        .click();
      await expectNoSeriousViolations(page, 'sign-up with an error');
    });

    test('signed-in screens and overlays', async ({ signedInPage: page }) => {
      await useLanguage(page, locale);
      for (const route of [
        '/home',
        '/settings',
        '/settings?tab=billing',
        '/projects',
        '/create',
        '/tools',
        '/history',
        '/pricing',
      ]) {
        await page.goto(route);
        await page.waitForLoadState('networkidle');
        await expectNoSeriousViolations(page, route);
      }
      await page.goto('/home');
      await page.waitForLoadState('networkidle');
      const header = page.getByRole('banner');
      const buttons = header.getByRole('button');
      // bell, credits, user menu
      for (const index of [1, 2, 3]) {
        await buttons.nth(index).click();
        await expectNoSeriousViolations(page, `header overlay ${index}`);
        await page.keyboard.press('Escape');
      }
      await buttons.nth(3).click();
      await page.getByRole('menuitem').nth(0).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoSeriousViolations(page, 'contact dialog');
      await page.keyboard.press('Escape');
      await buttons.nth(3).click();
      await page.getByRole('menuitem').nth(1).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoSeriousViolations(page, 'feedback dialog');
      await page.keyboard.press('Escape');

      await page.setViewportSize({ width: 360, height: 800 });
      await page.goto('/home');
      await page.waitForLoadState('networkidle');
      await expectNoSeriousViolations(page, 'phone dashboard');
      await page.getByRole('banner').getByRole('button').first().click();
      await expectNoSeriousViolations(page, 'phone drawer');
    });
  });
}
