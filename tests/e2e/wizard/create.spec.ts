// /create: the four cards, the tips carousel and the guidelines link (spec 2 §2; mannequin: issue 36).
import { expect, test } from '../support/fixtures.ts';

test('create: cards, tips and guidelines', async ({ signedInPage: page }) => {
  await page.goto('/create');
  await expect(
    page.getByRole('main').getByRole('link', { name: 'Content guidelines', exact: true }),
  ).toHaveAttribute('href', '/content-guidelines');
  await expect(page.getByRole('link', { name: /Create Video/ })).toHaveAttribute(
    'href',
    '/video/select-project',
  );

  // mannequin: the guidelines first, then its own wizard (issue 36; no 'Under Construction')
  await page.getByRole('button', { name: /Mannequin/ }).click();
  const first = page.getByRole('dialog', { name: 'Content guidelines' });
  await first.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/mannequin\/upload$/);
  await expect(page).toHaveTitle(/Select Products · Mannequin shoot/);
  await page.goto('/create');

  // the guidelines come first; Cancel stays
  await page.getByRole('button', { name: /Flat-Lay/ }).click();
  const guidelines = page.getByRole('dialog', { name: 'Content guidelines' });
  await expect(guidelines).toContainText("Women's lingerie");
  await expect(guidelines).toContainText('Casual wear');
  await guidelines.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/create$/);

  // three tips: arrow keys, next, and Got it on the last
  await page.getByRole('button', { name: 'Tips' }).click();
  const tips = page.getByRole('dialog', { name: 'Tips for better results' });
  await expect(tips).toContainText('Tip 1 of 3');
  await page.keyboard.press('ArrowRight');
  await expect(tips).toContainText('Tip 2 of 3');
  await tips.getByRole('button', { name: 'Next tip' }).click();
  await expect(tips).toContainText('Tip 3 of 3');
  await tips.getByRole('button', { name: 'Got it' }).click();
  await expect(tips).toBeHidden();
});
