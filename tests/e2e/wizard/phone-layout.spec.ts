// Layout of the wizard on a phone (390 x 844): the steps scroll sideways, and on every step
// the current one is shown whole (the router's scroll restoration used to carry the list's
// scroll over from the previous step, leaving 'Select Pose' and 'Summary' half off screen);
// a dialog's footer buttons fill their row instead of standing ragged at the right.
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
  // the gallery's footer buttons fill their row(s) from edge to edge (they stood ragged at the right)
  await page.getByRole('button', { name: 'Preview Zoe' }).click();
  const gallery = page.getByRole('dialog');
  const close = gallery.getByRole('button', { name: 'Close', exact: true }).last();
  const choose = gallery.getByRole('button', { name: 'Choose this model' });
  await expect(choose).toBeVisible();
  // measured once the dialog's entrance (a slight scale) has finished
  await gallery.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
  const footer = (await close.evaluate((el) => {
    const r = (el.parentElement as HTMLElement).getBoundingClientRect();
    return { left: r.left, right: r.right };
  }))!;
  const rows = new Map<number, { left: number; right: number }>();
  for (const b of [close, choose]) {
    const box = (await b.boundingBox())!;
    const row = rows.get(Math.round(box.y)) ?? { left: Number.POSITIVE_INFINITY, right: 0 };
    rows.set(Math.round(box.y), {
      left: Math.min(row.left, box.x),
      right: Math.max(row.right, box.x + box.width),
    });
  }
  for (const row of rows.values()) {
    expect(Math.abs(row.left - footer.left)).toBeLessThan(1);
    expect(Math.abs(row.right - footer.right)).toBeLessThan(1);
  }
  await page.keyboard.press('Escape');
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
