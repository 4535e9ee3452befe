import { expect, test } from '../support/fixtures.ts';

test('change password follows its rules', async ({ signedInPage: page }) => {
  await page.goto('/settings');
  await page.getByLabel('New password', { exact: true }).fill('abc');
  await page.getByLabel('Confirm new password').fill('abc');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('velvet-autumn');
  await page.getByLabel('Confirm new password').fill('velvet-autumn-x');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm new password').fill('velvet-autumn');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('Password updated successfully')).toBeVisible();
});

test('phone number is saved on the profile', async ({ signedInPage: page }) => {
  await page.goto('/settings');
  await page.getByLabel('Phone number').fill('+30 210 555 0100');
  await page.getByRole('button', { name: 'Save phone number' }).click();
  await expect(page.getByText('Phone number updated successfully')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Phone number')).toHaveValue('+30 210 555 0100');
});

test('billing shows the free plan and disables cancel', async ({ signedInPage: page }) => {
  await page.goto('/settings?tab=billing');
  await expect(page.getByText('Free Plan')).toBeVisible();
  await expect(page.getByText('€0 / month')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Manage billing' })).toBeDisabled();
  await page.getByRole('tab', { name: 'Account' }).click();
  await expect(page.getByRole('button', { name: 'Cancel subscription' })).toBeDisabled();
});
