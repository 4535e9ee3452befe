// Who the dashboard greets and in which language: a seller who has just signed up is welcomed
// as new ("Welcome, …"), one who has made something as returning ("Welcome back, …"); a phone
// set to Greek opens the app in Greek until the seller picks a language, and the pick wins.
import { serviceInsert, signInThroughApi } from '../support/auth-api.ts';
import { expect, test } from '../support/fixtures.ts';
import { skipSplash } from '../support/skip-splash.ts';

test('a new seller is welcomed as new; once there is a project, as returning', async ({
  signedInPage: page,
  stack,
  user,
}) => {
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${user.fullName}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toHaveCount(0);

  await serviceInsert(stack, 'projects', { user_id: user.id, name: 'Linen dress', type: 'on-model' });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: `Welcome back, ${user.fullName}` })).toBeVisible();
});

test.describe('on a phone set to Greek', () => {
  test.use({ locale: 'el-GR' });

  test('the app opens in Greek before any choice; the seller’s choice of English then wins', async ({
    page,
    stack,
    user,
  }) => {
    await skipSplash(page);
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'el');
    await expect(page.getByRole('heading', { name: 'Καλώς ήρθατε ξανά' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Σύνδεση' })).toBeVisible();

    // a new seller, in Greek
    await signInThroughApi(page, stack, user);
    await page.goto('/home');
    await expect(
      page.getByRole('heading', { level: 1, name: `Καλώς ήρθατε, ${user.fullName}` }),
    ).toBeVisible();

    await page.goto('/settings');
    await page.getByLabel('English').check();
    await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});
