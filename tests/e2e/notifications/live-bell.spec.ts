import { expect, test } from '../support/fixtures.ts';
import { serviceInsert } from '../support/auth-api.ts';

test('a notification inserted by the server appears live in the bell, and can be read', async ({
  signedInPage: page,
  stack,
  user,
}) => {
  await page.goto('/home');
  const bell = page.getByRole('button', { name: 'Notifications', exact: true });
  await expect(bell).toBeVisible();

  await serviceInsert(stack, 'notifications', {
    user_id: user.id,
    type: 'credits_low',
    title: 'Low Credits',
    message: 'You have only 2 credits left. Purchase more to continue.',
    data: { credits: 2 },
  });
  await serviceInsert(stack, 'notifications', {
    user_id: user.id,
    type: 'credits_empty',
    title: 'Out of Credits',
    message: 'You have run out of credits. Purchase more to continue.',
  });

  const unreadBell = page.getByRole('button', { name: 'Notifications (2 unread)' });
  await expect(unreadBell).toBeVisible();
  await unreadBell.click();

  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByRole('tab', { name: /Unread/, selected: true })).toBeVisible();
  await expect(panel.getByText('You have only 2 credits left. Purchase more to continue.')).toBeVisible();

  // Mark one read by clicking it.
  await panel.getByRole('button', { name: /You have run out of credits/ }).click();
  await expect(page.getByRole('button', { name: 'Notifications (1 unread)' })).toBeVisible();

  // Mark all read.
  await panel.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(panel.getByText("You're all caught up.")).toBeVisible();
  await panel.getByRole('tab', { name: 'All' }).click();
  await expect(panel.getByRole('listitem')).toHaveCount(2);

  // Read state is stored on the server.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
});

test('a notification with a project opens that project', async ({ signedInPage: page, stack, user }) => {
  const [project] = await serviceInsert(stack, 'projects', {
    user_id: user.id,
    name: 'Linen summer dress',
    type: 'on-model',
    status: 'completed',
  });
  await page.goto('/home');
  await serviceInsert(stack, 'notifications', {
    user_id: user.id,
    type: 'project_completed',
    title: 'Project completed',
    message: 'Your project "Linen summer dress" is ready.',
    project_id: project.id,
    data: { projectName: 'Linen summer dress' },
  });
  await page.getByRole('button', { name: 'Notifications (1 unread)' }).click();
  await page.getByRole('button', { name: /Your project "Linen summer dress" is ready/ }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}$`));
});
