// The design card's promise: mid-wizard the connection goes and the page reloads (served by the
// service worker); the wizard is back with the photo and the choices; when the connection
// returns the queued upload goes out and the flow completes. Needs the production build (the
// service worker), as the suite runs it.
import { expect, test } from '../support/fixtures.ts';
import {
  balance,
  choosePhoto,
  expectUploaded,
  fixture,
  nextButton,
  openUploadUnderServiceWorker,
  serviceSelect,
} from './wizard-support.ts';

test('offline mid-wizard: reload keeps photo and choices; back online the upload finishes and Generate works', async ({
  signedInPage: page,
  context,
  stack,
  user,
}) => {
  await openUploadUnderServiceWorker(page, '/onmodel');

  await context.setOffline(true);
  await choosePhoto(page, fixture('shirt-exif-rotated.jpg'));
  await expect(page.getByText('Saved on this device. It uploads when you are back online.')).toBeVisible();
  expect(await serviceSelect(stack, 'uploaded_files', `user_id=eq.${user.id}`)).toEqual([]);
  await nextButton(page).click();
  await page
    .getByRole('dialog', { name: 'Who will wear your garment?' })
    .getByRole('button', { name: 'Women', exact: true })
    .click();
  await page.getByRole('button', { name: 'Choose Lena' }).click();
  await nextButton(page).click();
  await page.getByRole('radio', { name: 'Front View' }).click();

  // the phone drops the page; it comes back offline
  await page.reload();
  await expect(page).toHaveURL(/\/onmodel\/pose$/);
  await expect(page.getByRole('radio', { name: 'Front View' })).toHaveAttribute('aria-checked', 'true');
  await page
    .getByRole('navigation', { name: 'Steps' })
    .getByRole('link', { name: /Select Products/ })
    .click();
  await expect(page.getByRole('img', { name: /Your product: shirt-exif-rotated\.jpg/ })).toBeVisible();

  // Chromium tells a page loaded while offline that it is online; the app finds out from the
  // failed upload. The connection returns:
  await context.setOffline(false);
  await expectUploaded(page);
  expect(await serviceSelect(stack, 'uploaded_files', `user_id=eq.${user.id}`)).toHaveLength(1);

  await page
    .getByRole('navigation', { name: 'Steps' })
    .getByRole('link', { name: /Select Models/ })
    .click();
  await expect(page.getByRole('button', { name: 'Choose Lena' })).toHaveAttribute('aria-pressed', 'true');
  await nextButton(page).click();
  await page.getByRole('radio', { name: 'Front View' }).click();
  await nextButton(page).click();
  await nextButton(page).click();
  await expect(page).toHaveURL(/\/onmodel\/summary$/);
  await page.getByRole('button', { name: /Generate/ }).click();
  await expect(page).toHaveURL(/\/projects$/, { timeout: 10_000 });
  expect(await balance(stack, user.id)).toBe(1);
});
