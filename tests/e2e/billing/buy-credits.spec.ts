// A seller on Lite buys a credit pack with the slider: the price is the server's (volume
// discount included), the checkout page charges it, /success and /history show the credits.
import { expect, test } from '../support/fixtures.ts';
import { serviceRpc } from '../support/auth-api.ts';
import { TEST_CARDS } from './pay.ts';

test('a 200-credit pack on Lite: €360.00 with 10 % off, paid with 4242, then 200 credits on /success and in the history', async ({
  signedInPage: page,
  stack,
  user,
}) => {
  await serviceRpc(stack, 'activate_plan', {
    user_id: user.id,
    plan: 'lite',
    period_start: new Date().toISOString(),
    period_end: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  });
  await page.goto('/pricing');
  const packs = page.getByRole('region', { name: 'Extra credits' });
  await expect(packs.getByText('€50.00')).toBeVisible(); // 25 × €2.00
  await packs.getByRole('slider').fill('200');
  await expect(packs.getByText('€360.00')).toBeVisible();
  await expect(packs.getByText('10% volume discount')).toBeVisible();
  await expect(packs.getByText('€2.00 per credit on your plan')).toBeVisible();

  // 350 is not offered: the slider snaps to 325
  await packs.getByRole('slider').fill('350');
  await expect(packs.getByText('325', { exact: true })).toBeVisible();
  await packs.getByRole('slider').fill('500');
  await expect(packs.getByRole('button', { name: 'Contact sales' })).toBeVisible();
  await packs.getByRole('slider').fill('200');

  await packs.getByRole('button', { name: 'Buy 200 credits' }).click();
  await page.waitForURL(/\/_dev\/stripe\/checkout\//);
  await expect(page.getByRole('heading', { name: 'Pay Drape' })).toBeVisible();
  await expect(page.getByText('200 Drape credits')).toBeVisible();
  await expect(page.getByText('€360.00').first()).toBeVisible();
  await page.getByLabel('Card number').fill(TEST_CARDS.visa);
  await page.getByLabel('Expiration date (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: 'Pay' }).click();

  await page.waitForURL(/\/success/);
  await expect(page.getByRole('heading', { name: '200 credits added' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('€360.00')).toBeVisible();
  await expect(page.getByRole('banner').getByText('222', { exact: true })).toBeVisible();

  await page.goto('/history?tab=purchases');
  const row = page.getByRole('row', { name: /Credit purchase/ });
  await expect(row.getByText('200 credits added')).toBeVisible();
  await expect(row.getByText('€360.00')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search purchases' }).fill('360');
  await expect(page.getByRole('row', { name: /Credit purchase/ })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search purchases' }).fill('nothing like this');
  await expect(page.getByText('Nothing matches your search.')).toBeVisible();
});

test('the free plan cannot buy a pack: the button is inert and says why', async ({ signedInPage: page }) => {
  await page.goto('/pricing');
  const packs = page.getByRole('region', { name: 'Extra credits' });
  await expect(
    packs.getByText('Credit packs are available on the Lite, Pro and Advanced plans.'),
  ).toBeVisible();
  await expect(packs.getByRole('button', { name: 'Buy 25 credits' })).toBeDisabled();
});
