// Settings → Billing → Manage billing opens the Stripe stand-in's customer portal for the
// seller's customer; cancelling there comes back through the webhook (the plan ends at the
// period end), and renewing there takes it back.
import { expect, test } from '../support/fixtures.ts';
import { passwordSession } from '../support/auth-api.ts';
import { buyPlanFor } from './pay.ts';
import { E2E } from '../support/env.ts';

test('Manage billing → portal: cancel the plan, come back to a pending cancellation; renew it in the portal again', async ({
  signedInPage: page,
  stack,
  user,
}) => {
  const token = (await passwordSession(stack, user.email, user.password)).access_token as string;
  await buyPlanFor(stack, token, E2E.appUrl, 'pro');

  await page.goto('/settings?tab=billing');
  await expect(page.getByText('€50 / month')).toBeVisible();
  await page.getByRole('button', { name: 'Manage billing' }).click();
  await page.waitForURL(/\/_dev\/stripe\/portal\/bps_/);
  await expect(page.getByText('Drape Pro').first()).toBeVisible();
  await expect(page.getByText(/Your plan renews on/)).toBeVisible();

  await page.getByRole('link', { name: 'Cancel plan' }).click();
  await expect(page.getByRole('region', { name: 'Confirm cancellation' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel plan' }).click();
  await expect(page.getByText(/Your plan will be canceled on/)).toBeVisible();

  await page.getByRole('link', { name: /Return to Drape/ }).click();
  await page.waitForURL(/\/settings\?tab=billing/);
  await expect(page.getByText(/Your subscription is cancelled and ends on/)).toBeVisible();
  await expect(page.getByText('End date')).toBeVisible();

  // the portal is where a pending cancellation is taken back
  await page.getByRole('button', { name: 'Manage billing' }).click();
  await page.waitForURL(/\/_dev\/stripe\/portal\//);
  await page.getByRole('button', { name: 'Renew plan' }).click();
  await expect(page.getByText(/Your plan renews on/)).toBeVisible();
  await page.getByRole('link', { name: /Return to Drape/ }).click();
  await expect(page.getByText('Next billing date')).toBeVisible();
  await expect(page.getByText(/Your subscription is cancelled/)).toBeHidden();
});
