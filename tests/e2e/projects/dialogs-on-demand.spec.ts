// The list's and the project page's download, rename and fix dialogs load when first opened
// (src/features/projects/components/dialog-modules.ts). When their code cannot be fetched (a
// phone offline before the service worker has cached it), the tap says why, in the seller's
// language, and the screen stays as it was; the next tap, with the link back, opens the dialog.
import { expect, test } from '../support/fixtures.ts';
import { useLanguage } from '../support/skip-splash.ts';
import { sellerOnPage } from './helpers.ts';
import { generateProject } from './seed.ts';

// the page fetches the dialogs' code itself, not from a worker's cache
test.use({ serviceWorkers: 'block' });

/** the download dialog's own file (the page's static code stays reachable) */
const DIALOG_CODE = /\/assets\/download-dialog-[^/]*\.js$/;

for (const { language, download, says } of [
  {
    language: 'en',
    download: 'Download',
    says: 'Drape could not be reached. Check your connection and try again.',
  },
  {
    language: 'el',
    download: 'Λήψη',
    says: 'Δεν ήταν δυνατή η σύνδεση με το Drape. Ελέγξτε τη σύνδεσή σας και δοκιμάστε ξανά.',
  },
] as const) {
  test(`a dialog whose code cannot be fetched says so and leaves the page as it was (${language})`, async ({
    page,
    stack,
  }) => {
    await useLanguage(page, language);
    const seller = await sellerOnPage(page, stack, { plan: 'lite' });
    const projectId = await generateProject(seller);
    await page.route(DIALOG_CODE, (route) => route.abort('internetdisconnected'));
    await page.goto(`/projects/${projectId}`);
    const button = page.getByRole('button', { name: download, exact: true });
    await button.click();
    await expect(page.getByText(says)).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(button).toBeVisible();

    await page.unroute(DIALOG_CODE);
    await button.click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });
}
