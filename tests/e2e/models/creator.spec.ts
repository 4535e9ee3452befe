// The Custom Model Creator: an Advanced seller on a phone (390×844, English) describes a person,
// pays the server's price once, sees the three views drawn by the local renderer, keeps the
// model under a name and finds it in My models; on a desktop (1440×900, Greek) the screen passes
// axe, and a Lite seller finds the tool locked with the way up. Screenshots of both sizes go to
// the output directory.
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { creditsOf, openAs, rows, sellerOnPlan } from '../tools/tool-support.ts';

const shot = (name: string) =>
  path.join(process.env.E2E_OUTPUT_DIR || 'test-results', 'screenshots', `${name}.png`);

async function expectNoSeriousViolations(page: Page, what: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = serious.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `${what}: ${summary.join('\n')}`).toEqual([]);
}

/** Every picture in the list has loaded (a signed URL of the seller's own object). */
async function expectPicturesLoaded(page: Page, list: string) {
  const pictures = page.getByRole('list', { name: list }).getByRole('img');
  await expect(pictures).toHaveCount(3);
  for (const img of await pictures.all())
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
}

test.describe('phone, English', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('an Advanced seller makes a model, keeps it and finds it in My models', async ({ page, stack }) => {
    test.setTimeout(150_000);
    const seller = await sellerOnPlan(stack, 'advanced', 12);
    await openAs(page, stack, seller, 'en');
    await page.goto('/tools');
    await page
      .getByTestId('tool-custom-model-creator')
      .getByRole('link', { name: 'Custom Model Creator' })
      .click();
    await expect(page).toHaveURL(/\/tools\/model-creator$/);
    await expect(page.getByText('5 credits per model')).toBeVisible();

    await page.getByLabel('Gender').selectOption({ label: 'Man' });
    await page.getByLabel('Age range').selectOption('36-45');
    await page.getByLabel('Skin').selectOption({ label: 'Brown' });
    await page.getByLabel('Hair').selectOption({ label: 'Short, dark' });
    await page.getByLabel('Anything else (optional)').fill('a short beard');
    await expect(page.getByText('13/300')).toBeVisible();
    await page.getByRole('button', { name: 'Make my model (5 credits)' }).click();

    await expect(page.getByRole('heading', { name: 'Your new model' })).toBeVisible({ timeout: 90_000 });
    await expectPicturesLoaded(page, 'The three views of Model 1');
    expect(await creditsOf(stack, seller.id)).toBe(7);
    await expectNoSeriousViolations(page, 'creator, three views');
    await page.screenshot({ path: shot('creator-views-390-en'), fullPage: true });

    await page.getByLabel('Model name', { exact: true }).fill('Nikos, studio');
    await page.getByRole('button', { name: 'Keep this model' }).click();
    await expect(page.getByRole('heading', { name: 'Saved to My models' })).toBeVisible();
    const mine = page.getByRole('region', { name: 'My models' });
    await expect(mine.getByText('Nikos, studio')).toBeVisible();
    const [row] = await rows<{ kept: boolean; status: string }>(
      stack,
      `seller_models?select=kept,status&user_id=eq.${seller.id}`,
    );
    expect(row).toEqual({ kept: true, status: 'ready' });
    await page.screenshot({ path: shot('creator-kept-390-en'), fullPage: true });

    // rename from My models
    await mine.getByRole('button', { name: 'Rename Nikos, studio' }).click();
    await mine.getByLabel('New name for Nikos, studio').fill('Nikos');
    await mine.getByRole('button', { name: 'Save name' }).click();
    await expect(mine.getByText('Nikos', { exact: true })).toBeVisible();
    // charged once for the one model
    expect(await creditsOf(stack, seller.id)).toBe(7);
  });
});

test.describe('desktop, Greek', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the creator in Greek passes axe; a Lite seller sees the lock', async ({ browser, page, stack }) => {
    test.setTimeout(120_000);
    const advanced = await sellerOnPlan(stack, 'advanced', 12);
    await openAs(page, stack, advanced, 'el');
    await page.goto('/tools/model-creator');
    await expect(page.getByRole('heading', { name: 'Δημιουργός Προσαρμοσμένου Μοντέλου' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Δημιουργία μοντέλου (5 πιστώσεις)' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoSeriousViolations(page, 'creator, el');
    await page.screenshot({ path: shot('creator-form-1440-el'), fullPage: true });

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const litePage = await context.newPage();
    const lite = await sellerOnPlan(stack, 'lite', 12);
    await openAs(litePage, stack, lite, 'el');
    await litePage.goto('/tools');
    const card = litePage.getByTestId('tool-custom-model-creator');
    await expect(card.getByText('Διαθέσιμο μόνο στο πλάνο Advanced')).toBeVisible();
    await expect(card.getByRole('link', { name: /Advanced/ })).toHaveAttribute('href', '/pricing');
    await litePage.screenshot({ path: shot('tools-locked-1440-el'), fullPage: true });
    await litePage.goto('/tools/model-creator');
    await expect(litePage.getByText('Διαθέσιμο μόνο στο πλάνο Advanced')).toBeVisible();
    await expect(litePage.getByRole('button', { name: /Δημιουργία μοντέλου/ })).toHaveCount(0);
    await context.close();
  });
});
