// The draft lives in IndexedDB: a reload mid-wizard comes back to the same step with the photo
// and the choices, and /create offers the saved shoot back.
import { expect, test } from '../support/fixtures.ts';
import { choosePhoto, expectUploaded, fixture, nextButton, openWizard } from './wizard-support.ts';

test('a reload mid-wizard resumes where the seller was', async ({ signedInPage: page }) => {
  await openWizard(page, 'On-Model');
  await choosePhoto(page, fixture('shirt-exif-rotated.jpg'));
  await expectUploaded(page);
  await nextButton(page).click();
  await page
    .getByRole('dialog', { name: 'Who will wear your garment?' })
    .getByRole('button', { name: 'Men', exact: true })
    .click();
  await page.getByRole('button', { name: 'Choose Marco' }).click();
  await nextButton(page).click();
  await page.getByRole('radio', { name: 'Side View' }).click();

  await page.reload();
  await expect(page).toHaveURL(/\/onmodel\/pose$/);
  await expect(page.getByRole('radio', { name: 'Side View' })).toHaveAttribute('aria-checked', 'true');
  await expect(nextButton(page)).toBeEnabled();

  // the photo came back too, and the model (men's models, Marco chosen)
  await page
    .getByRole('navigation', { name: 'Steps' })
    .getByRole('link', { name: /Select Products/ })
    .click();
  await expect(page.getByRole('img', { name: /Your product: shirt-exif-rotated\.jpg/ })).toBeVisible();
  await expect(page.getByText('Uploaded', { exact: true })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Steps' })
    .getByRole('link', { name: /Select Models/ })
    .click();
  await expect(page.getByRole('button', { name: 'Choose Marco' })).toHaveAttribute('aria-pressed', 'true');

  // /create offers the saved shoot back
  await page.goto('/create');
  const waiting = page.getByRole('region', { name: 'On-model shoot' });
  await expect(waiting).toContainText('Your on-model shoot is waiting');
  await waiting.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/onmodel\/models$/);
});
