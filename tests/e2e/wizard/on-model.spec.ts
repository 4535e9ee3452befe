// The on-model wizard end to end, as a new seller on the free plan (2 credits): a phone photo
// saved sideways (EXIF orientation 6) prepared in the browser and uploaded with a byte
// progress bar, a model, a pose, a background, and Generate — charged by the server.
import { expect, test } from '../support/fixtures.ts';
import {
  balance,
  chooseModelPoseBackground,
  choosePhoto,
  expectUploaded,
  fixture,
  nextButton,
  openWizard,
  serviceSelect,
} from './wizard-support.ts';

test('from a photo to Generate: lands on /projects with the project processing and the credits the server charged', async ({
  signedInPage: page,
  stack,
  user,
}) => {
  expect(await balance(stack, user.id)).toBe(2);

  // a later step by URL lands on the first incomplete one
  await page.goto('/onmodel/summary');
  await expect(page).toHaveURL(/\/onmodel\/upload$/);

  await openWizard(page, 'On-Model');
  await expect(page.getByRole('heading', { name: 'Select Products' })).toBeVisible();
  await expect(nextButton(page)).toBeDisabled();
  // before a photo, later steps are inert in the breadcrumb
  const steps = page.getByRole('navigation', { name: 'Steps' });
  await expect(steps.getByText('Select Models')).toHaveAttribute('aria-disabled', 'true');

  await choosePhoto(page, fixture('shirt-exif-rotated.jpg'));
  await expectUploaded(page);
  // stored upright: 2000 x 1600 pixels with orientation 6 is a 1600 x 2000 photo
  await expect(page.getByText(/1600 × 2000 px/)).toBeVisible();
  const [row] = await serviceSelect<{ file_path: string; mime_type: string; file_size: number }>(
    stack,
    'uploaded_files',
    `user_id=eq.${user.id}`,
  );
  expect(row.file_path).toMatch(new RegExp(`^${user.id}/\\d{13}-shirt-exif-rotated\\.jpg$`));
  expect(row.mime_type).toBe('image/jpeg');
  expect(row.file_size).toBeLessThanOrEqual(250_000);

  // the pose step is never directly clickable from the upload step
  await expect(steps.getByRole('link', { name: /Select Models/ })).toBeVisible();
  await expect(steps.getByText('Select Pose')).toHaveAttribute('aria-disabled', 'true');
  await nextButton(page).click();
  await expect(page).toHaveURL(/\/onmodel\/models$/);
  await chooseModelPoseBackground(page, { model: 'Sofia', pose: 'Front View', background: 'Santorini' });

  await expect(page.getByTestId('credits-needed')).toHaveText('1');
  await expect(page.getByTestId('credits-available')).toHaveText('2');
  await expect(page.getByText('Sofia')).toBeVisible();
  await expect(page.getByText('Santorini')).toBeVisible();

  // the name is edited in place; Enter finishes
  await page.getByRole('button', { name: /Project name: Untitled Project/ }).click();
  await page.getByLabel('Project name').fill('Linen shirt');
  await page.getByLabel('Project name').press('Enter');
  await expect(page.getByRole('button', { name: /Project name: Linen shirt/ })).toBeVisible();

  await page.getByRole('button', { name: /Generate/ }).click();
  await expect(page).toHaveURL(/\/projects$/, { timeout: 10_000 });

  const projects = await serviceSelect<{
    name: string;
    type: string;
    status: string;
    credits_charged: string;
  }>(stack, 'projects', `user_id=eq.${user.id}`);
  expect(projects).toHaveLength(1);
  expect(projects[0]).toMatchObject({ name: 'Linen shirt', type: 'on-model' });
  expect(['processing', 'completed']).toContain(projects[0].status);
  expect(await balance(stack, user.id)).toBe(2 - Number(projects[0].credits_charged));
  expect(Number(projects[0].credits_charged)).toBe(1);

  // the draft is gone: the wizard starts afresh
  await page.goto('/onmodel/upload');
  await expect(page.getByRole('button', { name: 'Choose a photo' })).toBeVisible();
});
