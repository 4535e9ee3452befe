// Words a seller reads where Greek has its own: the create cards, names the server gave what was
// left unnamed (an old row named in English), the history's project type, and the pricing page's
// checkout failure in the spec's words, in both languages.
import type { Page } from '@playwright/test';
import { serviceInsert, serviceRpc } from '../support/auth-api.ts';
import { expect, test } from '../support/fixtures.ts';
import { useLanguage } from '../support/skip-splash.ts';

/** The checkout function answers with something that is not its own (a gateway's error page). */
async function failCheckout(page: Page) {
  await page.route('**/functions/v1/stripe-checkout', (route) =>
    route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body>Bad gateway</body></html>' }),
  );
}

test('a checkout that fails unexpectedly says so in the spec’s words', async ({ signedInPage: page }) => {
  await failCheckout(page);
  await page.goto('/pricing');
  await page.getByRole('article', { name: 'Lite' }).getByRole('button', { name: 'Get started' }).click();
  await expect(
    page.getByText('An unexpected error occurred while creating the checkout session'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/pricing$/);
});

test.describe('in Greek', () => {
  test.beforeEach(async ({ page }) => {
    await useLanguage(page, 'el');
  });

  test('create cards, an old unnamed project, its history row and a failed checkout read in Greek', async ({
    signedInPage: page,
    stack,
    user,
  }) => {
    await page.goto('/create');
    const main = page.getByRole('main');
    await expect(main.getByText('Απλωμένο ρούχο', { exact: true })).toBeVisible();
    await expect(main.getByText('Δοκιμαστικό').first()).toBeVisible();
    await expect(main.getByText('Flat-Lay')).toHaveCount(0);
    await expect(main.getByText('Beta')).toHaveCount(0);

    // a row named before the server named projects in the seller's language, and charged
    const [project] = await serviceInsert(stack, 'projects', {
      user_id: user.id,
      name: 'Untitled Project2',
      type: 'flat-lay',
      status: 'completed',
    });
    await serviceRpc(stack, 'charge_credits', {
      user_id: user.id,
      amount: 1,
      reason: 'generation',
      reference: `project:${project.id}`,
      details: { projectId: project.id, images: 1 },
    });
    await page.goto('/projects');
    await expect(page.getByRole('article', { name: 'Έργο χωρίς τίτλο2' })).toBeVisible();
    await expect(page.getByText('Untitled Project')).toHaveCount(0);

    await page.goto('/history');
    await expect(page.getByText('«Έργο χωρίς τίτλο2» · απλωμένο ρούχο').first()).toBeVisible();
    await expect(page.getByText(/Untitled Project|flat-lay/)).toHaveCount(0);

    await failCheckout(page);
    await page.goto('/pricing');
    await page.getByRole('article', { name: 'Lite' }).getByRole('button').first().click();
    await expect(
      page.getByText('Παρουσιάστηκε απρόσμενο σφάλμα κατά τη δημιουργία της συνεδρίας πληρωμής'),
    ).toBeVisible();
  });
});
