import { expect, test } from '../support/fixtures.ts';
import { skipSplash } from '../support/skip-splash.ts';
import { verifyLink, waitForMail } from '../support/mailbox.ts';

test.beforeEach(async ({ page }) => skipSplash(page));

test('forgot and reset password end to end', async ({ page, user }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(user.email)).toBeVisible();
  await expect(page.getByText(/spam folder/)).toBeVisible();

  const mail = await waitForMail(user.email, 'recovery');
  await page.goto(verifyLink(mail));
  await expect(page).toHaveURL(/\/reset-password/);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();

  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm new password').fill('short');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();

  await page.getByLabel('New password', { exact: true }).fill('a-new-linen-password');
  await page.getByLabel('Confirm new password').fill('a-new-linen-password!');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  await page.getByLabel('Confirm new password').fill('a-new-linen-password');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('heading', { name: 'Password updated' })).toBeVisible();
  // Redirected to /login after 3 seconds.
  await expect(page).toHaveURL(/\/login$/, { timeout: 6000 });

  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('a-new-linen-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('a used or broken link shows the Invalid Link screen', async ({ page }) => {
  await page.goto(
    '/reset-password#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
  );
  await expect(page.getByRole('heading', { name: 'Invalid Link' })).toBeVisible();
  await page.getByRole('link', { name: 'Request a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('reset-password without a link goes to forgot-password', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page).toHaveURL(/\/forgot-password$/);
});
