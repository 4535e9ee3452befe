import { expect, test } from '../support/fixtures.ts';
import { uniqueEmail, uniquePhone } from '../support/auth-api.ts';
import { waitForMail, verifyLink } from '../support/mailbox.ts';
import { skipSplash } from '../support/skip-splash.ts';

test('a new seller signs up, confirms by mail, signs in, uses the app in Greek and signs out', async ({
  page,
}) => {
  const email = uniqueEmail('journey');
  const password = 'cotton-summer-24';
  await skipSplash(page);

  // Sign up
  await page.goto('/signup');
  await page.getByLabel('Full name').fill('Maria Konstantinou');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone number').fill(uniquePhone());
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByText(
      'Account created successfully! Please check your email to verify your account before logging in.',
    ),
  ).toBeVisible();

  // Confirm through the dev mailbox: the link signs the seller in on /home.
  const mail = await waitForMail(email, 'confirmation');
  await page.goto(verifyLink(mail));
  await expect(page).toHaveURL(/\/home/);
  await expect(page.getByRole('heading', { name: 'Welcome, Maria Konstantinou' })).toBeVisible();

  // Sign out, then sign in through the form.
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/home$/);

  // The dashboard shows the 2 free credits.
  await expect(page.getByRole('button', { name: 'Credits: 2 remaining' })).toBeVisible();
  await expect(page.getByText('Free Plan').first()).toBeVisible();

  // Switch to Greek and back.
  await page.goto('/settings');
  await page.getByLabel('Ελληνικά').check();
  await expect(page.getByRole('heading', { name: 'Ρυθμίσεις' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Αρχική' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Ρυθμίσεις' })).toBeVisible();
  await page.getByLabel('English').check();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();

  // Change the name: the greeting follows.
  await page.getByLabel('Full name').fill('Maria K. Konstantinou');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Name updated successfully')).toBeVisible();
  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Maria K. Konstantinou' })).toBeVisible();

  // Sign out: back on /login, and /home is closed again.
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fhome$/);
});

test('sign-up refuses an e-mail that already has an account', async ({ page, user }) => {
  await skipSplash(page);
  await page.goto('/signup');
  await page.getByLabel('Full name').fill('Someone Else');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Phone number').fill(uniquePhone());
  await page.getByLabel('Password', { exact: true }).fill('another-pass');
  await page.getByLabel('Confirm password').fill('another-pass');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(
    page.getByText('An account with this email already exists. Please sign in or use a different email.'),
  ).toBeVisible();
});

test('sign-up checks the rules in the spec order', async ({ page }) => {
  await skipSplash(page);
  await page.goto('/signup');
  await page.getByLabel('Email').fill(uniqueEmail());
  await page.getByLabel('Password', { exact: true }).fill('12345');
  await page.getByLabel('Confirm password').fill('1234');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm password').fill('12345');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('123456');
  await page.getByLabel('Confirm password').fill('123456');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Full name is required')).toBeVisible();
  await page.getByLabel('Full name').fill('Nikos');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Phone number is required')).toBeVisible();
});

test('sign-up refuses a phone number that already has an account', async ({ page, user }) => {
  await skipSplash(page);
  await page.goto('/signup');
  await page.getByLabel('Full name').fill('Someone Else');
  await page.getByLabel('Email').fill(uniqueEmail('phone-taken'));
  await page.getByLabel('Phone number').fill(user.phone);
  await page.getByLabel('Password', { exact: true }).fill('another-pass');
  await page.getByLabel('Confirm password').fill('another-pass');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(
    page.getByText('An account with this phone number already exists. Please use a different phone number.'),
  ).toBeVisible();
});
