// Accessibility of the tools' and video screens (axe-core, WCAG 2.1 A/AA), in both languages
// and in the states a seller meets: empty, with a result, with an error, with a style chosen.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { seedFinishedProjects } from '../video/video-support.ts';
import { openAs, sellerOnPlan, shirtPhoto, solid } from './tool-support.ts';

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
  test(`tools and video screens in ${locale}`, async ({ page, stack }) => {
    test.setTimeout(150_000);
    const seller = await sellerOnPlan(stack, 'advanced');
    const [projectId] = await seedFinishedProjects(stack, seller, ['Linen shirt', 'Silk scarf']);
    await openAs(page, stack, seller, locale);

    await page.goto('/tools');
    await page.waitForLoadState('networkidle');
    await expectNoSeriousViolations(page, '/tools');

    await page.goto('/tools/photo-combiner');
    await page.waitForLoadState('networkidle');
    await expectNoSeriousViolations(page, 'combiner, empty');
    const combined = page.waitForEvent('download');
    await page.getByTestId('combiner-input').setInputFiles([
      { name: 'a.png', mimeType: 'image/png', buffer: await solid(200, 240, [40, 60, 90]) },
      { name: 'b.png', mimeType: 'image/png', buffer: await solid(160, 200, [190, 170, 140]) },
    ]);
    await combined;
    await expect(page.getByTestId('combined-result')).toBeVisible();
    await expectNoSeriousViolations(page, 'combiner, with a result');

    await page.goto('/tools/background-remover');
    await page.waitForLoadState('networkidle');
    await expectNoSeriousViolations(page, 'remover, empty');
    await page
      .getByTestId('remover-input')
      .setInputFiles({ name: 'notes.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoSeriousViolations(page, 'remover, wrong file');
    await page
      .getByTestId('remover-input')
      .setInputFiles({ name: 'shirt.jpg', mimeType: 'image/jpeg', buffer: await shirtPhoto(600, 750) });
    const cutOut = page.waitForEvent('download', { timeout: 90_000 });
    await page.getByTestId('remover-input').waitFor({ state: 'detached' });
    await page
      .locator('button', { hasText: locale === 'en' ? 'Remove Background' : 'Αφαίρεση φόντου' })
      .click();
    await cutOut;
    await expect(page.getByTestId('remover-result')).toBeVisible();
    await expectNoSeriousViolations(page, 'remover, with a result');
    await page.getByTestId('remover-result').locator('..').getByRole('button').nth(1).click();
    await expectNoSeriousViolations(page, 'remover, before/after');

    await page.goto('/video/select-project');
    await page.getByTestId('video-project').first().click();
    await expectNoSeriousViolations(page, '/video/select-project');

    await page.goto(`/video/create/${projectId}`);
    await page.waitForLoadState('networkidle');
    await page.getByTestId('video-style-casual').click();
    await expectNoSeriousViolations(page, '/video/create, a style chosen');
    await page.getByTestId('video-style-custom').click();
    await expectNoSeriousViolations(page, '/video/create, writing a custom style');
  });
}

test('the locked screens of a Lite seller', async ({ page, stack }) => {
  const seller = await sellerOnPlan(stack, 'lite');
  const [projectId] = await seedFinishedProjects(stack, seller, ['Cotton tee']);
  await openAs(page, stack, seller);
  for (const route of ['/tools', '/video/select-project', `/video/create/${projectId}`]) {
    await page.goto(route);
    await page.waitForLoadState('networkidle');
    await expectNoSeriousViolations(page, route);
  }
});
