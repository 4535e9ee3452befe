// Layout of the wizard on a phone (390 x 844): the steps scroll sideways, and on every step
// the current one is shown whole (the router's scroll restoration used to carry the list's
// scroll over from the previous step, leaving 'Select Pose' and 'Summary' half off screen).
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { choosePhoto, expectUploaded, fixture, nextButton, openWizard } from './wizard-support.ts';

test.use({ viewport: { width: 390, height: 844 } });

/** The current step's box against the steps list's box (both in view coordinates). */
async function currentStepInView(page: Page) {
  const steps = page.getByRole('navigation', { name: 'Steps' });
  const current = steps.locator('[aria-current="step"]');
  await expect(current).toBeVisible();
  // the list centres the step once the route has rendered
  await expect
    .poll(async () => {
      const list = (await steps.locator('ol').boundingBox())!;
      const step = (await current.boundingBox())!;
      return step.x >= list.x - 0.5 && step.x + step.width <= list.x + list.width + 0.5;
    })
    .toBe(true);
}

test('on a phone the current step is shown whole on every step', async ({ signedInPage: page }) => {
  await openWizard(page, 'On-Model');
  await currentStepInView(page);
  await choosePhoto(page, fixture('shirt-exif-rotated.jpg'));
  await expectUploaded(page);
  await nextButton(page).click();
  await page
    .getByRole('dialog', { name: 'Who will wear your garment?' })
    .getByRole('button', { name: 'Women', exact: true })
    .click();
  await currentStepInView(page);
  await page.getByRole('button', { name: 'Choose Zoe' }).click();
  await nextButton(page).click();
  await expect(page).toHaveURL(/\/pose$/);
  await currentStepInView(page);
  await page.getByRole('radio', { name: 'Back View' }).click();
  await nextButton(page).click();
  await expect(page).toHaveURL(/\/background$/);
  await currentStepInView(page);
  await nextButton(page).click();
  await expect(page).toHaveURL(/\/summary$/);
  await currentStepInView(page);
});
