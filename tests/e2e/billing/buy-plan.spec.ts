// A free seller buys a plan the way a person does: /pricing → the Stripe stand-in's hosted
// checkout page → a test card → back on /success, which shows what the webhook did.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import type { StackInfo } from '../support/auth-api.ts';
import { TEST_CARDS } from './pay.ts';

async function subscription(stack: StackInfo, userId: string) {
  const res = await fetch(
    `${stack.apiUrl}/rest/v1/subscriptions?user_id=eq.${userId}&select=plan,credits_remaining,stripe_subscription_id`,
    {
      headers: { apikey: stack.serviceKey, Authorization: `Bearer ${stack.serviceKey}` },
    },
  );
  return (
    (await res.json()) as { plan: string; credits_remaining: number; stripe_subscription_id: string | null }[]
  )[0];
}

async function payWithCard(page: Page, card: string) {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiration date (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Cardholder name').fill('Eleni Papadopoulou');
  await page.getByRole('button', { name: /^(Subscribe|Pay)$/ }).click();
}

test('Free → Lite with 4242 on the checkout page: /success shows Lite and its 20 credits, the header follows live', async ({
  signedInPage: page,
  stack,
  user,
}) => {
  await page.goto('/home');
  const header = page.getByRole('banner');
  await expect(header.getByText('2', { exact: true })).toBeVisible();

  await page.goto('/pricing');
  const lite = page.getByRole('article', { name: 'Lite' });
  await expect(lite.getByText('€40')).toBeVisible();
  await expect(lite.getByText('20 credits per month')).toBeVisible();
  await lite.getByRole('button', { name: 'Get started' }).click();

  // the stand-in's hosted checkout page lists what is bought
  await page.waitForURL(/\/_dev\/stripe\/checkout\/cs_test_/);
  await expect(page.getByRole('heading', { name: 'Subscribe to Drape Lite' })).toBeVisible();
  await expect(page.getByText('Total due today')).toBeVisible();
  await expect(page.getByText('€40.00').first()).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(user.email);
  await payWithCard(page, TEST_CARDS.visa);

  await page.waitForURL(/\/success\?session_id=cs_test_/);
  await expect(page.getByRole('heading', { name: 'Welcome to Lite!' })).toBeVisible({ timeout: 20_000 });
  await expect(
    page.getByText('Your Lite plan is active. 20 credits were added to your account.'),
  ).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: 'Lite Plan' })).toBeVisible();
  // 2 free credits carried over + 20
  await expect(page.getByRole('banner').getByText('22', { exact: true })).toBeVisible();
  expect(await subscription(stack, user.id)).toMatchObject({ plan: 'lite', credits_remaining: 22 });

  await page.getByRole('link', { name: 'View purchase history' }).click();
  await expect(page.getByRole('tab', { name: 'Purchase history', selected: true })).toBeVisible();
  const row = page.getByRole('row', { name: /Plan purchase/ });
  await expect(row.getByText('Lite plan')).toBeVisible();
  await expect(row.getByText('€40.00')).toBeVisible();
  await expect(row.getByText('Paid')).toBeVisible();

  await page.goto('/pricing');
  await expect(
    page.getByRole('article', { name: 'Lite' }).getByRole('button', { name: 'Current plan' }),
  ).toBeDisabled();
  await expect(
    page.getByRole('article', { name: 'Pro' }).getByRole('button', { name: 'Upgrade' }),
  ).toBeEnabled();
});

test('a declined card shows the stand-in’s decline; going back leads to /pricing and nothing changed', async ({
  signedInPage: page,
  stack,
  user,
}) => {
  await page.goto('/pricing');
  await page.getByRole('article', { name: 'Pro' }).getByRole('button', { name: 'Get started' }).click();
  await page.waitForURL(/\/_dev\/stripe\/checkout\//);
  await payWithCard(page, TEST_CARDS.declined);
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
  expect(page.url()).toMatch(/\/_dev\/stripe\/checkout\//);

  await page.getByRole('link', { name: /Back/ }).click();
  await page.waitForURL(/\/pricing$/);
  await expect(
    page.getByRole('article', { name: 'Pro' }).getByRole('button', { name: 'Get started' }),
  ).toBeEnabled();
  expect(await subscription(stack, user.id)).toMatchObject({
    plan: 'free',
    credits_remaining: 2,
    stripe_subscription_id: null,
  });
});

test('4000 0025 0000 3155 asks for 3D Secure; completing it pays', async ({
  signedInPage: page,
  stack,
  user,
}) => {
  await page.goto('/pricing');
  await page.getByRole('article', { name: 'Advanced' }).getByRole('button', { name: 'Get started' }).click();
  await page.waitForURL(/\/_dev\/stripe\/checkout\//);
  await payWithCard(page, TEST_CARDS.authenticate);
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await page.waitForURL(/\/success/);
  await expect(page.getByRole('heading', { name: 'Welcome to Advanced!' })).toBeVisible({ timeout: 20_000 });
  expect(await subscription(stack, user.id)).toMatchObject({ plan: 'advanced', credits_remaining: 32 });
});
