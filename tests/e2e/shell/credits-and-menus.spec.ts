import { expect, test } from '../support/fixtures.ts';
import { serviceRpc, type StackInfo } from '../support/auth-api.ts';
import { afterNextPaint } from '../support/settled.ts';
import { watchRealtime } from '../support/realtime.ts';

async function setBalance(stack: StackInfo, userId: string, plan: string, credits: number) {
  const res = await fetch(`${stack.apiUrl}/rest/v1/subscriptions?user_id=eq.${userId}`, {
    method: 'PATCH',
    headers: {
      apikey: stack.serviceKey,
      Authorization: `Bearer ${stack.serviceKey}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ plan, plan_credits: credits, purchased_credits: 0, credits_remaining: credits }),
  });
  expect(res.ok).toBe(true);
}

test('the credits dropdown opens on hover and shows every row', async ({ signedInPage: page }) => {
  await page.goto('/home');
  const trigger = page.getByRole('button', { name: 'Credits: 2 remaining' });
  await trigger.hover();
  const panel = page.getByRole('dialog', { name: 'Credits' });
  await expect(panel).toBeVisible();
  await expect(panel.getByText('Free Plan')).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Upgrade' })).toBeVisible();
  await expect(panel.getByText('Current cycle')).toBeVisible();
  await expect(panel.getByText('Rollover from previous cycles')).toBeVisible();
  await expect(panel.getByText('Total available')).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Add credits' })).toHaveAttribute('href', '/pricing');
  // A click on the trigger the mouse has just opened keeps it open (it used to close it).
  await trigger.click();
  await afterNextPaint(page);
  await expect(panel).toBeVisible();
  // Leaving closes it after a short delay.
  await page.mouse.move(10, 500);
  await expect(panel).toBeHidden();
});

test('the dropdown shows the rollover the server carried over, and a total that is the balance', async ({
  signedInPage: page,
  stack,
  user,
}) => {
  // a lite seller with 15 plan credits left when the period ends: the renewal carries them over
  const day = 24 * 60 * 60_000;
  const now = Date.now();
  const start = new Date(now - 20 * day).toISOString();
  const res = await fetch(`${stack.apiUrl}/rest/v1/subscriptions?user_id=eq.${user.id}`, {
    method: 'PATCH',
    headers: {
      apikey: stack.serviceKey,
      Authorization: `Bearer ${stack.serviceKey}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({
      plan: 'lite',
      plan_credits: 15,
      purchased_credits: 0,
      credits_remaining: 15,
      period_anchor: start,
      current_period_start: start,
      current_period_end: new Date(now - day).toISOString(),
    }),
  });
  expect(res.ok).toBe(true);
  expect(
    await serviceRpc(stack, 'renew_due_subscriptions', {
      p_now: new Date(now).toISOString(),
      only_user: user.id,
    }),
  ).toMatchObject({ periods: 1 });

  await page.goto('/home');
  await page.getByRole('button', { name: 'Credits: 35 remaining' }).click();
  const panel = page.getByRole('dialog', { name: 'Credits' });
  const row = (term: string) =>
    panel.getByRole('term').filter({ hasText: term }).locator('xpath=following-sibling::dd');
  await expect(row('Current cycle')).toHaveText('20 + 0 used');
  await expect(row('Rollover from previous cycles')).toHaveText('15');
  await expect(row('Total available')).toHaveText('35');
});

test('with no credits left the dropdown says so and offers more', async ({
  signedInPage: page,
  stack,
  user,
}) => {
  await setBalance(stack, user.id, 'free', 0);
  await page.goto('/home');
  const trigger = page.getByRole('button', { name: 'Credits: 0 remaining' });
  await trigger.click();
  const panel = page.getByRole('dialog', { name: 'Credits' });
  await expect(panel.getByRole('status')).toContainText('Out of Credits');
  await expect(panel.getByRole('status')).toContainText('Purchase more credits to continue creating');
  await expect(panel.getByRole('link', { name: 'Add credits' })).toBeVisible();
  // with credits there is no such note
  await setBalance(stack, user.id, 'free', 2);
  await expect(page.getByRole('button', { name: 'Credits: 2 remaining' })).toBeVisible();
  await expect(panel.getByText('Out of Credits')).toBeHidden();
});

test.describe('on a touch phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a tap opens the credits dropdown and it stays open; a second tap closes it', async ({
    signedInPage: page,
  }) => {
    await page.goto('/home');
    const trigger = page.getByRole('banner').getByRole('button', { name: 'Credits: 2 remaining' });
    const panel = page.getByRole('dialog', { name: 'Credits' });
    await trigger.tap();
    await expect(panel).toBeVisible();
    // the tap's emulated mouse events must not close it again once they are handled
    await afterNextPaint(page);
    await expect(panel).toBeVisible();
    await trigger.tap();
    await expect(panel).toBeHidden();
  });
});

test('the low-credits modal opens when the server balance drops on a paid plan', async ({
  signedInPage: page,
  stack,
  user,
}) => {
  const realtime = watchRealtime(page);
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: /^Welcome( back)?, / })).toBeVisible();
  await realtime.joined('subscription:');
  await setBalance(stack, user.id, 'lite', 2);
  const modal = page.getByRole('alertdialog', { name: "You're running low on credits (2 left)" });
  await expect(modal).toBeVisible();
  await expect(
    modal.getByText('Upgrade your plan to continue creating amazing fashion content'),
  ).toBeVisible();
  await modal.getByRole('button', { name: 'Maybe Later' }).click();
  await expect(modal).toBeHidden();

  await setBalance(stack, user.id, 'lite', 0);
  const empty = page.getByRole('alertdialog', { name: "You've used all your credits" });
  await expect(empty).toBeVisible();
  await empty.getByRole('button', { name: 'View Pricing Plans' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});

test('feedback is stored and thanked; contact validates and submits', async ({ signedInPage: page }) => {
  await page.goto('/home');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Give feedback' }).click();
  const feedback = page.getByRole('dialog', { name: 'Give feedback' });
  await expect(feedback.getByRole('button', { name: 'Send' })).toBeDisabled();
  await feedback.getByLabel('Your feedback').fill('The greek translation reads well.');
  await feedback.getByRole('button', { name: 'Send' }).click();
  await expect(feedback.getByText('Thank you for your feedback!')).toBeVisible();
  await expect(feedback).toBeHidden({ timeout: 7000 });

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Contact us' }).click();
  const contact = page.getByRole('dialog', { name: 'Contact us' });
  await contact.getByLabel('Email').fill('not-an-address');
  await contact.getByRole('button', { name: 'Submit request' }).click();
  await expect(contact.getByText('Please enter a valid email address')).toBeVisible();
  await expect(contact.getByText('Please provide request details')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(contact).toBeHidden();

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Contact us' }).click();
  await contact.getByLabel('Email').fill('maria@shop.gr');
  await contact.getByLabel('Details').fill('We need 600 credits a month.');
  await contact.getByRole('button', { name: 'Submit request' }).click();
  await expect(contact.getByText('Request submitted successfully!')).toBeVisible();
  await expect(contact).toBeHidden({ timeout: 5000 });
});

test('the sidebar marks the active section and becomes a drawer on phones', async ({
  signedInPage: page,
}) => {
  await page.goto('/projects');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const items = nav.getByRole('listitem');
  await expect(items).toHaveText(['Home', 'Projects', 'Create', 'Tools', 'History', 'Pricing', 'Settings']);
  await expect(nav.getByRole('link', { name: 'Projects' })).toHaveAttribute('aria-current', 'page');

  await page.setViewportSize({ width: 360, height: 800 });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const drawer = page.getByRole('dialog', { name: 'Navigation' });
  await drawer.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(drawer).toBeHidden();
});
