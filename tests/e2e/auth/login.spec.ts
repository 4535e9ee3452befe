import { expect, test } from '../support/fixtures.ts';
import { skipSplash } from '../support/skip-splash.ts';

test.beforeEach(async ({ page }) => skipSplash(page));

test('the sign-in button waits for both fields; the password can be shown', async ({ page }) => {
  await page.goto('/login');
  const submit = page.getByRole('button', { name: 'Sign in' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('Email').fill('someone@example.com');
  await expect(submit).toBeDisabled();
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('secret');
  await expect(submit).toBeEnabled();
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(password).toHaveAttribute('type', 'password');
});

test('wrong credentials show the spec message', async ({ page, user }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Invalid email or password. Please try again.')).toBeVisible();
});

test('an anonymous visitor of a protected route lands on /login and returns after sign-in', async ({
  page,
  user,
}) => {
  await page.goto('/settings?tab=billing');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/settings\?tab=billing$/);
  await expect(page.getByRole('tab', { name: 'Billing', selected: true })).toBeVisible();
});

test('a signed-in visitor of /login goes to /home', async ({ signedInPage: page }) => {
  await page.goto('/login');
  await expect(page).toHaveURL(/\/home$/);
});

test('the splash welcomes a new session for 2.5 seconds', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  const splash = page.getByRole('status', { name: 'Welcome to Drape' });
  await expect(splash).toBeVisible();
  await expect(splash).toBeHidden({ timeout: 5000 });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(splash).toHaveCount(0);
  await context.close();
});

test('without "remember me" the session ends with the browser session', async ({ page, user }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Remember me').uncheck();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/home$/);
  const where = await page.evaluate(() => ({
    local: Object.keys(localStorage).some((k) => k.endsWith('-auth-token')),
    session: Object.keys(sessionStorage).some((k) => k.endsWith('-auth-token')),
  }));
  expect(where).toEqual({ local: false, session: true });
});
