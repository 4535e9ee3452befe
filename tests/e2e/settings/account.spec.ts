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

test('the language on screen is kept on the profile, for the words the server writes', async ({
  signedInPage: page,
  stack,
  user,
}) => {
  const savedLanguage = async () => {
    const res = await fetch(`${stack.apiUrl}/rest/v1/profiles?id=eq.${user.id}&select=language`, {
      headers: { apikey: stack.serviceKey, Authorization: `Bearer ${stack.serviceKey}` },
    });
    const rows = (await res.json()) as { language: string | null }[];
    return rows[0]?.language ?? null;
  };
  await page.goto('/settings');
  await expect.poll(savedLanguage).toBe('en');
  await page.getByLabel('Ελληνικά').check();
  await expect(page.getByRole('heading', { name: 'Ρυθμίσεις' })).toBeVisible();
  await expect.poll(savedLanguage).toBe('el');
  await page.getByLabel('English').check();
  await expect.poll(savedLanguage).toBe('en');
});
