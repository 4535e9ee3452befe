// The activity history is the credit ledger, in both languages: each movement is a row with
// its signed credits and the right plural — '−1 credit' / '−1 πίστωση' (it read '1 credits'),
// '−3 credits' for a video (it was missing), a tool's fraction in the reader's number format
// ('−0,4 πιστώσεις'), '+10 credits' for a pack, the welcome credits — each with its time of
// day; and a checkout Stripe expired reads 'Not completed' / 'Δεν ολοκληρώθηκε', never Pending.
import { randomUUID } from 'node:crypto';
import { serviceInsert, serviceRpc } from '../support/auth-api.ts';
import { expect, test } from '../support/fixtures.ts';
import { useLanguage } from '../support/skip-splash.ts';

const AMOUNTS = {
  en: ['−1 credit', '−3 credits', '−0.4 credits', '+10 credits', '+2 credits'],
  el: ['−1 πίστωση', '−3 πιστώσεις', '−0,4 πιστώσεις', '+10 πιστώσεις', '+2 πιστώσεις'],
} as const;

for (const locale of ['en', 'el'] as const) {
  test(`history in ${locale}: every credit movement with its amount and time; an expired checkout`, async ({
    signedInPage: page,
    stack,
    user,
  }) => {
    await serviceRpc(stack, 'grant_purchased_credits', {
      user_id: user.id,
      credits: 10,
      reference: `cs_test_${randomUUID()}`,
    });
    const [project] = (await serviceInsert(stack, 'projects', {
      user_id: user.id,
      name: 'Linen dress',
      type: 'on-model',
      status: 'completed',
      credits_charged: 1,
    })) as { id: string }[];
    const charge = (amount: number, reason: string, reference: string | null, details: object) =>
      serviceRpc(stack, 'charge_credits', { user_id: user.id, amount, reason, reference, details });
    await charge(1, 'generation', `project:${project.id}`, { projectId: project.id });
    await charge(3, 'video', null, { projectId: project.id, videoStyle: 'zoom-in' });
    await charge(0.4, 'tool', null, { tool: 'background-remover' });
    await serviceInsert(stack, 'webhook_logs', {
      user_id: user.id,
      event_type: 'plan_determination',
      raw_data: { plan: 'free', determined_plan: 'advanced', amount: 60, currency: 'eur', status: 'expired' },
    });

    await useLanguage(page, locale);
    await page.goto('/history');
    const main = page.getByRole('main');
    for (const amount of AMOUNTS[locale])
      await expect(main.getByText(amount, { exact: true }).first()).toBeVisible();
    await expect(main.getByText(locale === 'el' ? '1 πιστώσεις' : '1 credits', { exact: false })).toHaveCount(
      0,
    );
    // the video is a row of its own, for its project
    await expect(main.getByText(locale === 'el' ? 'Αίτημα βίντεο' : 'Video requested').first()).toBeVisible();
    // date and time of day
    const firstRow = page.getByRole('row').nth(1);
    await expect(firstRow.getByRole('cell').first()).toHaveText(/\d{1,2}:\d{2}/);

    await page.getByRole('tab', { name: locale === 'el' ? /Ιστορικό αγορών/ : /Purchase history/ }).click();
    await expect(
      main.getByText(locale === 'el' ? 'Δεν ολοκληρώθηκε' : 'Not completed').first(),
    ).toBeVisible();
    await expect(main.getByText(locale === 'el' ? 'Σε αναμονή' : 'Pending', { exact: true })).toHaveCount(0);
  });
}
