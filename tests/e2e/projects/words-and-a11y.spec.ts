// The projects screens in English and Greek: their own words in each language, and no serious
// accessibility violation (axe, WCAG 2.1 A/AA) on the screens and their dialogs.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { animationsDone } from '../support/settled.ts';
import { useLanguage } from '../support/skip-splash.ts';
import { expect, test } from '../support/fixtures.ts';
import { sellerOnPage } from './helpers.ts';
import { filesOf, generateProject, seedProjects, serviceClientOf } from './seed.ts';

test.setTimeout(120_000);

async function expectNoSeriousViolations(page: Page, what: string) {
  // colours are checked as shown, not halfway through a dialog's entrance
  await animationsDone(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = serious.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
  expect(summary, `${what}: ${summary.join('\n')}`).toEqual([]);
}

const WORDS = {
  en: {
    tabs: ['All projects', 'Fixes', 'Archived'],
    today: 'Today',
    older: 'Older',
    rejected: 'Rejected: This project was rejected due to content guideline violation.',
    report: 'Report an Issue',
    download: 'Download',
    noFixes: 'No fix requests yet',
    nothingArchived: 'Nothing archived',
    deleteTitle: 'Delete Confirmation',
    deleteBody: 'Are you sure you want to delete this item? This action cannot be undone.',
    notFound: 'Project not found',
  },
  el: {
    tabs: ['Όλα τα έργα', 'Διορθώσεις', 'Αρχειοθετημένα'],
    today: 'Σήμερα',
    older: 'Παλαιότερα',
    rejected: 'Απορρίφθηκε: Αυτό το έργο απορρίφθηκε λόγω παραβίασης των οδηγιών περιεχομένου.',
    report: 'Αναφορά προβλήματος',
    download: 'Λήψη',
    noFixes: 'Δεν υπάρχουν ακόμη αιτήματα διόρθωσης',
    nothingArchived: 'Δεν υπάρχουν αρχειοθετημένα έργα',
    deleteTitle: 'Επιβεβαίωση διαγραφής',
    deleteBody:
      'Είστε σίγουροι ότι θέλετε να διαγράψετε αυτό το στοιχείο; Η ενέργεια δεν μπορεί να αναιρεθεί.',
    notFound: 'Το έργο δεν βρέθηκε',
  },
} as const;

for (const locale of ['en', 'el'] as const) {
  test(`projects screens and dialogs in ${locale}`, async ({ page, stack }) => {
    const w = WORDS[locale];
    await useLanguage(page, locale);
    const seller = await sellerOnPage(page, stack, { plan: 'pro', extraCredits: 3 });
    const projectId = await generateProject(seller);
    const [, rejected] = await seedProjects(stack, seller, 2, await filesOf(stack, projectId), {
      spreadDays: 90,
    });
    await seller.client.rpc('rename_project', { project_id: rejected, name: 'Lace bodysuit' });
    await serviceClientOf(stack).from('projects').update({ status: 'rejected' }).eq('id', rejected);

    await page.goto('/projects');
    for (const tab of w.tabs) await expect(page.getByRole('link', { name: tab, exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: w.today })).toBeVisible();
    await expect(page.getByRole('heading', { name: w.older })).toBeVisible();
    await expect(page.getByText(w.rejected)).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoSeriousViolations(page, '/projects');

    await page.getByRole('article').first().getByRole('button').last().click();
    await expect(page.getByRole('alertdialog', { name: w.deleteTitle })).toContainText(w.deleteBody);
    await expectNoSeriousViolations(page, 'delete confirmation');
    await page.keyboard.press('Escape');

    await page.goto(`/projects/${projectId}`);
    await expect(page.getByRole('button', { name: w.report })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoSeriousViolations(page, 'project detail');
    await page.getByRole('button', { name: w.download, exact: true }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousViolations(page, 'download dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: w.report }).click();
    await expect(page.getByRole('dialog', { name: w.report })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoSeriousViolations(page, 'fix dialog');
    await page.keyboard.press('Escape');

    await page.goto('/fixes');
    await expect(page.getByText(w.noFixes)).toBeVisible();
    await expectNoSeriousViolations(page, '/fixes');
    await page.goto('/archived');
    await expect(page.getByText(w.nothingArchived)).toBeVisible();
    await expectNoSeriousViolations(page, '/archived');
    await page.goto('/projects/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText(w.notFound)).toBeVisible();
  });
}
