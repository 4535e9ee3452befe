// The on-model flow on a phone (390 x 844, touch): the camera button, taps through every step.
import { expect, test } from '../support/fixtures.ts';
import { balance, choosePhoto, expectUploaded, fixture, nextButton } from './wizard-support.ts';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });

test('on-model on a phone, with touch', async ({ signedInPage: page, stack, user }) => {
  await page.goto('/create');
  await page.getByRole('button', { name: /On-Model/ }).tap();
  await page
    .getByRole('dialog', { name: 'Content guidelines' })
    .getByRole('button', { name: 'Continue' })
    .tap();
  await expect(page).toHaveURL(/\/onmodel\/upload$/);
  await expect(page.getByRole('button', { name: 'Take a photo' })).toBeVisible();

  await choosePhoto(page, fixture('shirt-exif-rotated.jpg'));
  await expectUploaded(page);
  await nextButton(page).tap();
  await page
    .getByRole('dialog', { name: 'Who will wear your garment?' })
    .getByRole('button', { name: 'Women', exact: true })
    .tap();
  await page.getByRole('button', { name: 'Choose Zoe' }).tap();
  await nextButton(page).tap();
  await page.getByRole('radio', { name: 'Back View' }).tap();
  await nextButton(page).tap();
  await expect(page.getByRole('radio', { name: 'Original' })).toHaveAttribute('aria-checked', 'true');
  await nextButton(page).tap();
  await expect(page).toHaveURL(/\/onmodel\/summary$/);
  await page.getByRole('button', { name: /Generate/ }).tap();
  await expect(page).toHaveURL(/\/projects$/, { timeout: 10_000 });
  expect(await balance(stack, user.id)).toBe(1);
});
