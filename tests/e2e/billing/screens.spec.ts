// The paying screens in both languages: the words the spec gives, and an axe scan (no serious
// or critical WCAG 2.1 A/AA violations) of /pricing with its dialogs, /success and /history.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { serviceRpc } from '../support/auth-api.ts';
import { useLanguage } from '../support/skip-splash.ts';

async function expectNoSeriousViolations(page: Page, what: string) {
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
    downgrade: 'Downgrade',
    contact: 'Contact Us',
    faq: 'What is a credit?',
    history: 'Activity history',
    noPayment: 'No payment to show',
    window: 'Downgrade is available only in the last 7 days before the period end.',
  },
  el: {
    downgrade: 'Υποβάθμιση',
    contact: 'Επικοινωνήστε μαζί μας',
    faq: 'Τι είναι μια πίστωση;',
    history: 'Ιστορικό δραστηριότητας',
    noPayment: 'Δεν υπάρχει πληρωμή για εμφάνιση',
    window: 'Η υποβάθμιση είναι διαθέσιμη μόνο τις τελευταίες 7 ημέρες πριν από το τέλος της περιόδου.',
  },
} as const;

for (const locale of ['en', 'el'] as const) {
  test(`pricing, success and history in ${locale}: words and accessibility`, async ({
    signedInPage: page,
    stack,
    user,
  }) => {
    const w = WORDS[locale];
    await useLanguage(page, locale);
    await serviceRpc(stack, 'activate_plan', {
      user_id: user.id,
      plan: 'pro',
      period_start: new Date().toISOString(),
      period_end: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    });

    await page.goto('/pricing');
    await page.waitForLoadState('networkidle');
    await expectNoSeriousViolations(page, '/pricing');
    await page.getByText(w.faq).click();
    await expectNoSeriousViolations(page, 'FAQ open');

    // Pro → Lite three weeks before the renewal: the dialog says when downgrading opens
    await page.getByRole('button', { name: w.downgrade, exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByText(w.window)).toBeVisible();
    await expectNoSeriousViolations(page, 'downgrade dialog');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: w.contact }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousViolations(page, 'enterprise dialog');
    await page.keyboard.press('Escape');

    await page.goto('/success');
    await expect(page.getByRole('heading', { name: w.noPayment })).toBeVisible();
    // the card rises in (420 ms): scan the colours it ends with, not a frame of the fade
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await expectNoSeriousViolations(page, '/success');

    await page.goto('/history');
    await expect(page.getByRole('tab', { name: w.history, selected: true })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoSeriousViolations(page, '/history');
    await page.goto('/history?tab=purchases');
    await page.waitForLoadState('networkidle');
    await expectNoSeriousViolations(page, '/history purchases');
  });
}

test('the enterprise form checks its fields with the spec’s words and sends the request', async ({
  signedInPage: page,
}) => {
  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Contact Us' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact sales' });
  await dialog.getByLabel('Full name').fill('');
  await dialog.getByLabel('Email').fill('not-an-email');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByText('Full name is required')).toBeVisible();
  await expect(dialog.getByText('Company name is required')).toBeVisible();
  await expect(dialog.getByText('Please enter a valid email')).toBeVisible();
  await dialog.getByLabel('Full name').fill('Eleni Papadopoulou');
  await dialog.getByLabel('Company name').fill('Linen & Co');
  await dialog.getByLabel('Email').fill('eleni@linen.example');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByText('Your request has been submitted successfully!')).toBeVisible();
  await expect(dialog.getByText('Our sales team will contact you shortly.')).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 6000 });
});
