// Leaving the creation flow with a stored photo asks first; 'Exit anyway' removes the photo from
// storage and uploaded_files and clears the draft.
import { expect, test } from '../support/fixtures.ts';
import {
  choosePhoto,
  expectUploaded,
  fixture,
  openWizard,
  serviceSelect,
  storedUploads,
} from './wizard-support.ts';

test('exit warning: continue editing, then exit anyway cleans storage', async ({
  signedInPage: page,
  stack,
  user,
}) => {
  await openWizard(page, 'On-Model');
  await choosePhoto(page, fixture('flatlay-top.jpg'));
  await expectUploaded(page);
  expect(await storedUploads(stack, user.id)).toHaveLength(1);

  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Home' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Exit without generating?' });
  await expect(dialog).toContainText(
    'Are you sure you want to leave the creation flow? Your progress will not be saved.',
  );
  await dialog.getByRole('button', { name: 'Continue editing' }).click();
  await expect(page).toHaveURL(/\/onmodel\/upload$/);
  await expect(page.getByText('Uploaded', { exact: true })).toBeVisible();

  await nav.getByRole('link', { name: 'Home' }).click();
  await page
    .getByRole('alertdialog', { name: 'Exit without generating?' })
    .getByRole('button', { name: 'Exit anyway' })
    .click();
  await expect(page).toHaveURL(/\/home$/);
  expect(await storedUploads(stack, user.id)).toEqual([]);
  expect(await serviceSelect(stack, 'uploaded_files', `user_id=eq.${user.id}`)).toEqual([]);

  await page.goto('/onmodel/upload');
  await expect(page.getByTestId('photo-input')).toBeAttached();
  await expect(page.getByRole('article', { name: /Product photo/ })).toHaveCount(0);
});
