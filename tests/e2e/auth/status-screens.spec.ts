// The sign-in area's status screens put their icon above the title (it sat between the title
// and the text, which read as a stray mark): 'Invalid Link' and 'Check your email', on a phone
// and a desktop.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { skipSplash } from '../support/skip-splash.ts';

test.beforeEach(async ({ page }) => skipSplash(page));

async function iconAboveTitle(page: Page, title: string) {
  const heading = page.getByRole('heading', { name: title });
  await expect(heading).toBeVisible();
  const icon = page.getByRole('main').locator('svg').first();
  const h = (await heading.boundingBox())!;
  const i = (await icon.boundingBox())!;
  expect(i.y + i.height).toBeLessThanOrEqual(h.y);
  // and within the screen
  expect(i.x).toBeGreaterThanOrEqual(0);
  expect(i.x + i.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`status screens at ${viewport.width}: the icon is above the title`, async ({ page, user }) => {
    await page.setViewportSize(viewport);
    await page.goto('/reset-password?token=not-a-real-token');
    await iconAboveTitle(page, 'Invalid Link');

    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await iconAboveTitle(page, 'Check your email');
  });
}
