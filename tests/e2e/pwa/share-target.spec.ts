// The phone's share sheet posts the shared photos to the manifest's share_target
// (/share-target, multipart); here a page posts the same form. The service worker keeps them
// and opens /create; the seller picks the shoot and the wizard has the photo, online and
// offline. Needs the production build (the service worker).
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { fixture, setPlan } from '../wizard/wizard-support.ts';

async function underServiceWorker(page: Page, path: string) {
  await page.goto(path);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
}

/** Posts `files` to the share target the way the share sheet does (a navigation with a form). */
async function share(page: Page, files: string[]) {
  await page.evaluate(() => {
    const form = document.createElement('form');
    form.method = 'POST';
    form.action = '/share-target';
    form.enctype = 'multipart/form-data';
    const input = document.createElement('input');
    input.type = 'file';
    input.name = 'photos';
    input.multiple = true;
    input.id = 'share-input';
    form.append(input);
    document.body.append(form);
  });
  await page.setInputFiles('#share-input', files);
  await page.evaluate(() => (document.getElementById('share-input') as HTMLInputElement).form?.submit());
  await expect(page).toHaveURL(/\/create\?shared=/);
}

async function startShoot(page: Page, card: 'On-Model' | 'Flat-Lay') {
  await page.getByRole('button', { name: new RegExp(card) }).click();
  await page
    .getByRole('dialog', { name: 'Content guidelines' })
    .getByRole('button', { name: 'Continue' })
    .click();
  await expect(page).toHaveURL(card === 'On-Model' ? /\/onmodel\/upload$/ : /\/flatlay\/upload$/);
}

test('one shared photo: /create says it is ready, the chosen shoot starts with it', async ({
  signedInPage: page,
}) => {
  await underServiceWorker(page, '/home');
  await share(page, [fixture('shirt-exif-rotated.jpg')]);
  await expect(
    page.getByText(
      'Your shared photo is ready. Choose On-Model, Flat-Lay or Mannequin to start a shoot with it.',
    ),
  ).toBeVisible();
  await startShoot(page, 'Flat-Lay');
  await expect(page.getByRole('img', { name: /Your product: shirt-exif-rotated\.jpg/ })).toBeVisible();
  await expect(page.getByText('Uploaded', { exact: true })).toBeVisible({ timeout: 30_000 });
});

test('offline, several photos: the first one is kept, the wizard says so, the upload waits', async ({
  signedInPage: page,
  context,
}) => {
  await underServiceWorker(page, '/home');
  await context.setOffline(true);
  await share(page, [fixture('shirt-exif-rotated.jpg'), fixture('shirt-exif-rotated.jpg')]);
  await expect(
    page.getByText('You shared 2 photos. A shoot takes one photo, so the first one is used.', {
      exact: false,
    }),
  ).toBeVisible();
  await startShoot(page, 'On-Model');
  await expect(
    page.getByText('You shared 2 photos. A shoot takes one photo, so the first one is used.'),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: /Your product: shirt-exif-rotated\.jpg/ })).toBeVisible();
  await expect(page.getByText('Saved on this device. It uploads when you are back online.')).toBeVisible();

  // a reload does not take the share twice
  await page.reload();
  await expect(page.getByRole('img', { name: /Your product: shirt-exif-rotated\.jpg/ })).toHaveCount(1);
});

test('several shared photos on Advanced: /create offers the Batch Processor, which takes them all', async ({
  signedInPage: page,
  stack,
  user,
}) => {
  await setPlan(stack, user.id, 'advanced', 10);
  await underServiceWorker(page, '/home');
  await share(page, [fixture('shirt-exif-rotated.jpg'), fixture('flatlay-top.jpg')]);
  await expect(
    page.getByText('You shared 2 photos. Put them all through the Batch Processor', { exact: false }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Open the Batch Processor' }).click();
  await expect(page).toHaveURL(/\/tools\/batch$/);
  await expect(page.getByTestId('batch-photo')).toHaveCount(2);
  await expect(page.locator('[data-upload="uploaded"]')).toHaveCount(2, { timeout: 30_000 });
  // a reload does not take the share twice
  await page.reload();
  await expect(page.getByTestId('batch-photo')).toHaveCount(2);
});
