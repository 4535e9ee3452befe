// A photo chosen offline in the wizard goes out when the connection returns even though the
// seller has moved on to /home (the wizard is not open). Needs the production build.
import { expect, test } from '../support/fixtures.ts';
import { choosePhoto, fixture, serviceSelect } from '../wizard/wizard-support.ts';

test('an upload queued offline goes out with the app on /home', async ({
  signedInPage: page,
  context,
  stack,
  user,
}) => {
  await page.goto('/onmodel/upload');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);

  await context.setOffline(true);
  await choosePhoto(page, fixture('shirt-exif-rotated.jpg'));
  await expect(page.getByText('Saved on this device. It uploads when you are back online.')).toBeVisible();

  // the seller leaves the wizard: the app opens again on /home, still offline
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: /^Welcome( back)?, / })).toBeVisible();
  expect(await serviceSelect(stack, 'uploaded_files', `user_id=eq.${user.id}`)).toEqual([]);

  await context.setOffline(false);
  await expect
    .poll(async () => (await serviceSelect(stack, 'uploaded_files', `user_id=eq.${user.id}`)).length, {
      timeout: 30_000,
    })
    .toBe(1);
  await expect(page).toHaveURL(/\/home$/);

  // and the wizard shows it uploaded
  await page.goto('/onmodel/upload');
  await expect(page.getByText('Uploaded', { exact: true })).toBeVisible();
});
