import { expect, test } from '../support/fixtures.ts';
import { startWebhookCatcher, type Catcher } from '../support/webhook-catcher.ts';

let catcher: Catcher;
test.beforeAll(async () => {
  catcher = await startWebhookCatcher();
});
test.afterAll(async () => catcher.close());

test('feedback is stored and then posted to the webhook', async ({ signedInPage: page, user }) => {
  await page.goto('/home');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Give feedback' }).click();
  const dialog = page.getByRole('dialog', { name: 'Give feedback' });
  await dialog.getByLabel('Your feedback').fill('  Please add a linen texture background.  ');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Thank you for your feedback!')).toBeVisible();

  const body = await catcher.waitFor((b) => b?.email === user.email && 'feedback' in b);
  expect(body).toEqual({
    feedback: 'Please add a linen texture background.',
    email: user.email,
    name: user.fullName,
  });
});

test('a contact request survives a webhook that is down and is posted on the next delivery', async ({
  signedInPage: page,
  user,
  stack,
}) => {
  catcher.failWith = 503;
  await page.goto('/home');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Contact us' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact us' });
  await dialog.getByLabel('Details').fill('Invoice for October, please.');
  await dialog.getByRole('button', { name: 'Submit request' }).click();
  // Stored: the seller sees success even though the webhook is down.
  await expect(dialog.getByText('Request submitted successfully!')).toBeVisible();
  // its delivery was tried and refused, so it is not among the received
  await expect
    .poll(() => catcher.refused.some((b: any) => b?.details === 'Invoice for October, please.'))
    .toBe(true);
  expect(catcher.received.some((b: any) => b?.details === 'Invoice for October, please.')).toBe(false);

  // The webhook is back. The failed attempt waits out its backoff (1 minute); bring it
  // forward, then run a delivery as the scheduler would.
  catcher.failWith = null;
  const headers = {
    apikey: stack.serviceKey,
    Authorization: `Bearer ${stack.serviceKey}`,
    'Content-Type': 'application/json',
  };
  const rows = await (
    await fetch(
      `${stack.apiUrl}/rest/v1/outbound_notices?user_id=eq.${user.id}&kind=eq.contact&select=status,attempts,last_error`,
      { headers },
    )
  ).json();
  expect(rows).toEqual([{ status: 'pending', attempts: 1, last_error: 'webhook answered 503' }]);
  await fetch(`${stack.apiUrl}/rest/v1/outbound_notices?user_id=eq.${user.id}&kind=eq.contact`, {
    method: 'PATCH',
    headers,
    body: JSON.stringify({ next_attempt_at: new Date().toISOString() }),
  });
  const run = await fetch(`${stack.apiUrl}/functions/v1/send-notice`, {
    method: 'POST',
    headers,
    body: '{}',
  });
  expect(run.ok).toBe(true);

  const body = await catcher.waitFor((b) => b?.details === 'Invoice for October, please.');
  expect(body).toEqual({
    fullName: user.fullName,
    email: user.email,
    details: 'Invoice for October, please.',
  });
  const after = await (
    await fetch(
      `${stack.apiUrl}/rest/v1/outbound_notices?user_id=eq.${user.id}&kind=eq.contact&select=status`,
      { headers },
    )
  ).json();
  expect(after).toEqual([{ status: 'sent' }]);
});
