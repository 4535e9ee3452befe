// The Amount column of the activity history counts credits with the right plural in both
// languages: '1 credit' / '1 πίστωση' (it read '1 credits' / '1 πιστώσεις'), '3 credits',
// and a tool's fraction in the reader's number format ('0,4 πιστώσεις'); a row's status is a
// past tense in Greek ('Απορρίφθηκε').
import { serviceInsert } from '../support/auth-api.ts';
import { expect, test } from '../support/fixtures.ts';
import { useLanguage } from '../support/skip-splash.ts';

const AMOUNTS = {
  en: ['1 credit', '3 credits', '0.4 credits'],
  el: ['1 πίστωση', '3 πιστώσεις', '0,4 πιστώσεις'],
} as const;

for (const locale of ['en', 'el'] as const) {
  test(`history amounts in ${locale}: one credit, several, a fraction`, async ({
    signedInPage: page,
    stack,
    user,
  }) => {
    for (const [name, credits, status] of [
      ['Linen dress', 1, 'completed'],
      ['Wool coat', 3, 'completed'],
      ['Lace top', 0, 'rejected'],
    ] as const)
      await serviceInsert(stack, 'projects', {
        user_id: user.id,
        name,
        type: 'on-model',
        status,
        credits_charged: credits,
      });
    await serviceInsert(stack, 'webhook_logs', {
      user_id: user.id,
      event_type: 'user_activity_tool_used',
      raw_data: { toolName: 'background-remover', creditsUsed: 0.4, details: 'Background Remover' },
    });
    await useLanguage(page, locale);
    await page.goto('/history');
    const main = page.getByRole('main');
    for (const amount of AMOUNTS[locale])
      await expect(main.getByText(amount, { exact: true }).first()).toBeVisible();
    await expect(main.getByText(locale === 'el' ? '1 πιστώσεις' : '1 credits', { exact: true })).toHaveCount(
      0,
    );
  });
}
