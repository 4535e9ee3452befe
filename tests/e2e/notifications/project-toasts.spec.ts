import { expect, test } from '../support/fixtures.ts';
import { serviceInsert } from '../support/auth-api.ts';
import type { StackInfo } from '../support/auth-api.ts';
import { watchRealtime } from '../support/realtime.ts';

async function setProjectStatus(stack: StackInfo, id: string, status: string) {
  const res = await fetch(`${stack.apiUrl}/rest/v1/projects?id=eq.${id}`, {
    method: 'PATCH',
    headers: {
      apikey: stack.serviceKey,
      Authorization: `Bearer ${stack.serviceKey}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ status }),
  });
  expect(res.ok).toBe(true);
}

test('project status changes show live toasts; the local toggle mutes them', async ({
  signedInPage: page,
  stack,
  user,
}) => {
  const realtime = watchRealtime(page);
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: /^Welcome( back)?, / })).toBeVisible();
  // The live channel listens before the first change is made.
  await realtime.joined('projects:');

  const [project] = await serviceInsert(stack, 'projects', {
    user_id: user.id,
    name: 'Wool coat',
    type: 'on-model',
    status: 'processing',
  });
  await expect(page.getByRole('status').filter({ hasText: 'Generating "Wool coat"' })).toBeVisible();
  // The dashboard reloads live on project changes.
  await expect(page.getByText('0 completed · 1 in progress')).toBeVisible();

  await setProjectStatus(stack, project.id, 'completed');
  await expect(page.getByRole('status').filter({ hasText: 'Project "Wool coat" is ready' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Generating "Wool coat"' })).toHaveCount(0);
  await expect(page.getByText('1 completed · 0 in progress')).toBeVisible();

  // Mute app notifications in settings: the next changes show no toast. The projects list
  // shows them arrive, so the absence of a toast is checked after the event that would cause it.
  await page.goto('/settings');
  await page.getByRole('switch', { name: 'App notifications' }).click();
  await expect(page.getByRole('switch', { name: 'App notifications' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  const mark = realtime.mark();
  await page.goto('/projects');
  await realtime.joined('projects:', mark);
  const [second] = await serviceInsert(stack, 'projects', {
    user_id: user.id,
    name: 'Silk scarf',
    type: 'flat-lay',
    status: 'processing',
  });
  const card = page.getByRole('article', { name: 'Silk scarf' });
  await expect(card).toBeVisible();
  await setProjectStatus(stack, second.id, 'failed');
  await expect(card.getByText('Failed', { exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Silk scarf/ })).toHaveCount(0);
});

test('a batch of projects shows one toast per kind with how many more; opening the bell clears them', async ({
  signedInPage: page,
  stack,
  user,
}) => {
  const realtime = watchRealtime(page);
  await page.goto('/home');
  await realtime.joined('projects:');
  for (const name of ['Linen 1', 'Linen 2', 'Linen 3'])
    await serviceInsert(stack, 'projects', {
      user_id: user.id,
      name,
      type: 'on-model',
      status: 'processing',
    });

  const toasts = page.getByRole('region', { name: 'Messages' });
  await expect(toasts.getByRole('status').filter({ hasText: 'Generating "Linen 3"' })).toContainText(
    '2 more',
  );
  await expect(toasts.getByRole('status')).toHaveCount(1);

  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Notifications/ })
    .click();
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
  await expect(toasts.getByRole('status')).toHaveCount(0);
});
