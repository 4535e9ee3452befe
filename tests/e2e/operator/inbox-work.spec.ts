// The operator console's Inbox and Work tabs, on a phone in English and on a desktop in Greek:
// a seller's feedback reaches the Inbox (whatever became of the optional webhook) and the
// operator marks it handled, which names them and the time; the Work tab shows the dispatch
// queue and the health report (the database's checks and the functions' secrets). axe on
// both tabs; screenshots of each for review.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { signInThroughApi } from '../support/auth-api.ts';
import { expect, test } from '../support/fixtures.ts';
import { skipSplash, useLanguage as chooseLanguage } from '../support/skip-splash.ts';
import { createSeller, serviceClientOf } from '../projects/seed.ts';

test.setTimeout(90_000);

const WORDS = {
  en: {
    inboxTab: 'Inbox',
    workTab: 'Work',
    card: (email: string) => `Feedback from ${email}`,
    markHandled: 'Mark as handled',
    marked: 'Marked as handled.',
    showHandled: 'Show handled messages',
    handledBy: (email: string) => `Handled by ${email} on`,
    queue: 'Dispatch queue',
    imagesWaiting: 'Images waiting',
    health: 'Health report',
    dbChecks: 'Database checks',
    localStack: 'Handled by the local stack',
    secrets: 'Functions’ secrets',
  },
  el: {
    inboxTab: 'Εισερχόμενα',
    workTab: 'Εργασίες',
    card: (email: string) => `Σχόλια από ${email}`,
    markHandled: 'Σήμανση ως διεκπεραιωμένο',
    marked: 'Σημειώθηκε ως διεκπεραιωμένο.',
    showHandled: 'Εμφάνιση διεκπεραιωμένων μηνυμάτων',
    handledBy: (email: string) => `Το διεκπεραίωσε ο/η ${email} στις`,
    queue: 'Ουρά αποστολής',
    imagesWaiting: 'Εικόνες σε αναμονή',
    health: 'Αναφορά υγείας',
    dbChecks: 'Έλεγχοι βάσης δεδομένων',
    localStack: 'Το αναλαμβάνει η τοπική στοίβα',
    secrets: 'Μυστικά των συναρτήσεων',
  },
} as const;

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const cases = [
  { locale: 'en', viewport: { width: 390, height: 844 } },
  { locale: 'el', viewport: { width: 1440, height: 900 } },
] as const;

for (const { locale, viewport } of cases) {
  test.describe(`${viewport.width}×${viewport.height} (${locale})`, () => {
    test.use({ viewport });

    test(`a seller's feedback handled in the Inbox, the health report on Work (${locale})`, async ({
      page,
      stack,
    }) => {
      const w = WORDS[locale];
      const seller = await createSeller(stack, { fullName: 'Eleni Feedback' });
      const words = `The new poses are lovely ${randomUUID().slice(0, 6)}`;
      const sent = await seller.client.rpc('submit_feedback', { feedback: words });
      if (sent.error) throw new Error(sent.error.message);

      const op = await createSeller(stack, { fullName: 'Nikos Operator' });
      const set = await serviceClientOf(stack).auth.admin.updateUserById(op.id, {
        app_metadata: { role: 'operator' },
      });
      if (set.error) throw new Error(set.error.message);
      await skipSplash(page);
      await chooseLanguage(page, locale);
      await signInThroughApi(page, stack, op);

      // the Inbox: the feedback, who sent it
      await page.goto('/operator');
      await page.getByRole('link', { name: w.inboxTab, exact: true }).click();
      await expect(page).toHaveURL(/\/operator\/inbox$/);
      const card = page.getByRole('article', { name: w.card(seller.email) }).filter({ hasText: words });
      await expect(card).toBeVisible();
      await expect(card.getByText('Eleni Feedback')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await page.screenshot({ path: test.info().outputPath(`inbox-${locale}.png`), fullPage: true });

      // marked handled: it leaves the list, and shows who and when among the handled ones
      await card.getByRole('button', { name: w.markHandled }).click();
      await expect(page.getByText(w.marked)).toBeVisible();
      await expect(card).toHaveCount(0);
      await page.getByRole('checkbox', { name: w.showHandled }).check();
      await expect(card.getByText(w.handledBy(op.email))).toBeVisible();
      const { data: audit } = await serviceClientOf(stack)
        .from('operator_actions')
        .select('action, operator_email, seller_id')
        .eq('seller_id', seller.id);
      expect(audit).toEqual([{ action: 'mark_handled', operator_email: op.email, seller_id: seller.id }]);

      // Work: the queue and the health report, both halves
      await page.getByRole('link', { name: w.workTab, exact: true }).click();
      await expect(page).toHaveURL(/\/operator\/work$/);
      await expect(page.getByRole('heading', { name: w.queue })).toBeVisible();
      await expect(page.getByText(w.imagesWaiting)).toBeVisible();
      await expect(page.getByRole('heading', { name: w.health })).toBeVisible();
      await expect(
        page.getByRole('list', { name: w.dbChecks }).getByText('pg_net', { exact: true }),
      ).toBeVisible();
      // the local stack runs its own schedules: pg_cron, pg_net and Vault are its, not warnings
      for (const check of ['pg_cron', 'pg_net']) {
        await expect(
          page
            .getByRole('list', { name: w.dbChecks })
            .getByRole('listitem')
            .filter({
              has: page.getByText(check, { exact: true }),
            }),
        ).toContainText(w.localStack);
      }
      await expect(
        page.getByRole('list', { name: w.secrets }).getByText('stripe', { exact: true }),
      ).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await page.screenshot({ path: test.info().outputPath(`work-${locale}.png`), fullPage: true });
    });
  });
}
