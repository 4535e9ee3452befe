// Files the wizard refuses, each with its message, and nothing stored anywhere: not an image,
// a truncated photo, a 50 MB file, a 20000 x 20000 image. Also the one-photo rule and the
// low-resolution question with both of its answers.
import { writeFileSync } from 'node:fs';
import { expect, test } from '../support/fixtures.ts';
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import {
  choosePhoto,
  expectUploaded,
  fixture,
  nextButton,
  openWizard,
  serviceSelect,
  storedUploads,
} from './wizard-support.ts';

/** A PNG signature, an IHDR claiming width x height, and IEND: the header of a huge image. */
function pngHeader(width: number, height: number): Buffer {
  const b = Buffer.alloc(45);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]).copy(b);
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  Buffer.from([8, 6, 0, 0, 0]).copy(b, 24);
  Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]).copy(b, 33);
  return b;
}

async function nothingStored(page: Page, stack: Parameters<typeof storedUploads>[0], userId: string) {
  await expect(page.getByTestId('photo-input')).toBeAttached();
  await expect(page.getByRole('article', { name: /Product photo/ })).toHaveCount(0);
  expect(await serviceSelect(stack, 'uploaded_files', `user_id=eq.${userId}`)).toEqual([]);
  expect(await storedUploads(stack, userId)).toEqual([]);
  const photosInDexie = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('drape');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('photos')) return resolve(0);
          const count = db.transaction('photos').objectStore('photos').count();
          count.onsuccess = () => resolve(count.result);
        };
        open.onerror = () => resolve(0);
      }),
  );
  expect(photosInDexie).toBe(0);
}

test('bad files get their message and nothing is stored', async ({
  signedInPage: page,
  stack,
  user,
}, testInfo) => {
  await openWizard(page, 'On-Model');
  const input = page.getByTestId('photo-input');

  await input.setInputFiles({
    name: 'photo.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('this is a text file, not a photo at all'),
  });
  await expect(page.getByRole('alert')).toContainText('This file is not a photo Drape can use');
  await nothingStored(page, stack, user.id);

  const whole = readFileSync(fixture('flatlay-top.jpg'));
  await input.setInputFiles({
    name: 'cut.jpg',
    mimeType: 'image/jpeg',
    buffer: whole.subarray(0, whole.length - 40_000),
  });
  await expect(page.getByRole('alert')).toContainText('This photo is incomplete');
  await nothingStored(page, stack, user.id);

  const big = testInfo.outputPath('fifty.jpg');
  const fifty = Buffer.alloc(50 * 1024 * 1024);
  whole.copy(fifty);
  writeFileSync(big, fifty);
  await input.setInputFiles(big);
  await expect(page.getByRole('alert')).toContainText('This file is larger than 40 MB');
  await nothingStored(page, stack, user.id);

  await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: pngHeader(20_000, 20_000) });
  await expect(page.getByRole('alert')).toContainText(
    'This photo is too large to process (20000 × 20000 pixels)',
  );
  await nothingStored(page, stack, user.id);
});

test('one photo per generation, and the low-resolution question', async ({
  signedInPage: page,
  stack,
  user,
}) => {
  await openWizard(page, 'On-Model');
  await choosePhoto(page, fixture('small-shirt.png'));
  const dialog = page.getByRole('alertdialog', { name: 'Low resolution image' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('420 × 360 pixels');
  await expectUploaded(page);
  await expect(nextButton(page)).toBeDisabled();

  // 'Upload a new image' deletes the old one (storage and uploaded_files) and opens the picker
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Upload a new image' }).click();
  await chooser;
  await expect(page.getByRole('article', { name: /Product photo/ })).toHaveCount(0);
  await expect.poll(() => storedUploads(stack, user.id)).toEqual([]);
  expect(await serviceSelect(stack, 'uploaded_files', `user_id=eq.${user.id}`)).toEqual([]);

  await choosePhoto(page, fixture('small-shirt.png'));
  await page
    .getByRole('alertdialog', { name: 'Low resolution image' })
    .getByRole('button', { name: 'Continue with this image' })
    .click();
  await expectUploaded(page);
  await expect(nextButton(page)).toBeEnabled();

  // a second photo dropped on the step: the one-photo message, and still one photo
  await page.evaluate(async () => {
    const bytes = await (await fetch('/favicon.svg')).blob();
    const dt = new DataTransfer();
    dt.items.add(new File([bytes], 'second.png', { type: 'image/png' }));
    const target = document.querySelector('section[aria-label="Your photo"]');
    target?.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  });
  await expect(
    page.getByText(
      'Only one photo can be uploaded per generation cycle. Please remove the existing photo first.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('article', { name: /Product photo/ })).toHaveCount(1);
  expect(await serviceSelect(stack, 'uploaded_files', `user_id=eq.${user.id}`)).toHaveLength(1);
});
