// An iPhone HEIC (a real HEVC-coded HEIF, tests/fixtures/photos/shirt.heic) is converted in the
// browser — Chromium cannot read HEIC, so libheif does it in the HEIC worker — and uploaded
// as a JPEG of the same size.
import sharp from 'sharp';
import { expect, test } from '../support/fixtures.ts';
import {
  choosePhoto,
  expectUploaded,
  fixture,
  nextButton,
  openWizard,
  serviceSelect,
} from './wizard-support.ts';

test('a HEIC photo is converted and uploaded as JPEG', async ({ signedInPage: page, stack, user }) => {
  await openWizard(page, 'On-Model');
  await choosePhoto(page, fixture('shirt.heic'));
  await expectUploaded(page);
  await expect(page.getByText(/1200 × 1500 px/)).toBeVisible();
  await expect(nextButton(page)).toBeEnabled();

  const [row] = await serviceSelect<{
    file_name: string;
    file_path: string;
    mime_type: string;
    file_size: number;
  }>(stack, 'uploaded_files', `user_id=eq.${user.id}`);
  expect(row).toMatchObject({ file_name: 'shirt.jpg', mime_type: 'image/jpeg' });
  const res = await fetch(`${stack.apiUrl}/storage/v1/object/uploads/${row.file_path}`, {
    headers: { apikey: stack.serviceKey, Authorization: `Bearer ${stack.serviceKey}` },
  });
  expect(res.status).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  expect(bytes.length).toBe(row.file_size);
  const meta = await sharp(bytes).metadata();
  expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 1500 });
});
