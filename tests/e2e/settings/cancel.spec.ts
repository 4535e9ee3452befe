import { expect, test } from '../support/fixtures.ts';

test('a paid plan can be cancelled at the period end; the page reloads and cancel is then disabled', async ({
  signedInPage: page,
  stack,
  user,
}) => {
  const headers = {
    apikey: stack.serviceKey,
    Authorization: `Bearer ${stack.serviceKey}`,
    'Content-Type': 'application/json',
  };
  const res = await fetch(`${stack.apiUrl}/rest/v1/subscriptions?user_id=eq.${user.id}`, {
    method: 'PATCH',
    headers,
    body: JSON.stringify({ plan: 'pro', plan_credits: 25, purchased_credits: 0, credits_remaining: 25 }),
  });
  expect(res.ok).toBe(true);

  await page.goto('/settings');
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancel your subscription?' });
  await expect(confirm.getByText(/You keep the Pro plan and its credits until/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByText(/Your subscription has been cancelled. It stays active until/)).toBeVisible();

  // The page reloads 2 seconds later and shows the pending cancellation.
  await page.waitForEvent('load', { timeout: 5000 });
  await expect(page.getByText(/Your subscription ends on/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel subscription' })).toBeDisabled();
  await page.getByRole('tab', { name: 'Billing' }).click();
  await expect(page.getByText('End date')).toBeVisible();
  await expect(page.getByText('€50 / month')).toBeVisible();

  const sub = await (
    await fetch(
      `${stack.apiUrl}/rest/v1/subscriptions?user_id=eq.${user.id}&select=plan,cancel_at_period_end`,
      { headers },
    )
  ).json();
  expect(sub).toEqual([{ plan: 'pro', cancel_at_period_end: true }]);
});
