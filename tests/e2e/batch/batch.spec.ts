// The Batch Processor on a phone (390×844): an Advanced seller picks five photos, the connection
// drops while they upload, comes back (and the page is reloaded: the batch resumes from the
// device), every photo is stored, one Start charges the batch once, and the five items turn
// done live with the local renderer; all five are in one ZIP. A Lite seller finds the tool locked with the way up.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { readZip } from '../../../src/lib/testing/read-zip.ts';
import { expect, test } from '../support/fixtures.ts';
import { balance, serviceSelect, setPlan } from '../wizard/wizard-support.ts';

test.use({ viewport: { width: 390, height: 844 } });

/** A 900×1200 JPEG of one colour with a darker "garment" in the middle. */
async function photo(n: number) {
  const hue = [20, 90, 160, 230, 300][n];
  const [r, g, b] = [128 + Math.round(100 * Math.sin(hue)), 140, 128 + Math.round(100 * Math.cos(hue))];
  const garment = await sharp({
    create: { width: 500, height: 700, channels: 3, background: { r: r / 2, g: g / 2, b: b / 2 } },
  })
    .png()
    .toBuffer();
  const buffer = await sharp({ create: { width: 900, height: 1200, channels: 3, background: { r, g, b } } })
    .composite([{ input: garment, left: 200, top: 250 }])
    .jpeg({ quality: 85 })
    .toBuffer();
  return { name: `summer_dress_${n + 1}.jpg`, mimeType: 'image/jpeg', buffer };
}

test('an Advanced seller runs 5 photos through one batch, losing the connection mid-upload', async ({
  signedInPage: page,
  context,
  stack,
  user,
}) => {
  test.setTimeout(240_000);
  await setPlan(stack, user.id, 'advanced', 12);
  await page.goto('/tools');
  await page.getByTestId('tool-batch-processor').getByRole('link', { name: 'Batch Processor' }).click();
  await expect(page).toHaveURL(/\/tools\/batch$/);
  await expect(page.getByTestId('batch-file-input')).toBeAttached();

  // the uploads are held in flight, then the connection goes
  const held: (() => void)[] = [];
  await page.route('**/storage/v1/object/upload/sign/**', async (route) => {
    await new Promise<void>((release) => held.push(release));
    await route.continue().catch(() => {});
  });
  await page.getByTestId('batch-file-input').setInputFiles(await Promise.all([0, 1, 2, 3, 4].map(photo)));
  await expect(page.getByTestId('batch-photo')).toHaveCount(5);
  await expect(page.getByRole('textbox', { name: 'Project name 1' })).toHaveValue('summer dress 1');
  // three at a time
  await expect.poll(() => held.length).toBe(3);
  await expect(page.locator('[data-upload="uploading"]')).toHaveCount(3);
  await context.setOffline(true);
  for (const release of held.splice(0)) release();
  await expect(page.locator('[data-upload="queued"]')).toHaveCount(5);
  expect(await serviceSelect(stack, 'uploaded_files', `user_id=eq.${user.id}`)).toEqual([]);
  await page.unroute('**/storage/v1/object/upload/sign/**');

  // back online; the phone had dropped the page meanwhile: the batch is still on the device
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByTestId('batch-photo')).toHaveCount(5);
  await expect(page.locator('[data-upload="uploaded"]')).toHaveCount(5, { timeout: 30_000 });
  expect(await serviceSelect(stack, 'uploaded_files', `user_id=eq.${user.id}`)).toHaveLength(5);
  expect(await balance(stack, user.id)).toBe(12);

  // the choices for all (the wizard's model step asks who wears the garments), one garment type changed
  const gender = page.getByRole('dialog', { name: 'Who will wear your garment?' });
  await gender.getByRole('button', { name: 'Women', exact: true }).click();
  await page.getByRole('group', { name: 'Garment type' }).nth(1).getByText('Bottom').click();
  await page.getByRole('button', { name: 'Choose Sofia' }).click();
  await page.getByRole('radio', { name: 'Front View' }).click();
  await page.getByRole('radio', { name: 'Santorini' }).click();
  await expect(page.getByTestId('batch-total')).toHaveText('5 photos · 5 credits');
  await page.getByRole('button', { name: 'Start batch' }).click();

  await expect(page).toHaveURL(/\/tools\/batch\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('batch-item')).toHaveCount(5);
  expect(await balance(stack, user.id)).toBe(7);
  await expect(page.locator('[data-testid="batch-item"][data-status="done"]')).toHaveCount(5, {
    timeout: 180_000,
  });
  await expect(page.getByTestId('batch-counts')).toContainText('Done: 5');
  const projects = await serviceSelect<{ name: string; batch_id: string }>(
    stack,
    'projects',
    `user_id=eq.${user.id}&select=name,batch_id`,
  );
  expect(projects.map((p) => p.name).sort()).toEqual([1, 2, 3, 4, 5].map((n) => `summer dress ${n}`));
  expect(new Set(projects.map((p) => p.batch_id)).size).toBe(1);
  expect(await balance(stack, user.id)).toBe(7);

  // all five results in one ZIP named after the batch, each a real PNG
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download all (ZIP)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^Batch .*\.zip$/);
  const entries = readZip(await readFile((await download.path())!));
  expect(entries.map((e) => e.name).sort()).toEqual([1, 2, 3, 4, 5].map((n) => `summer dress ${n}.png`));
  for (const entry of entries) {
    const meta = await sharp(entry.data).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBeGreaterThan(200);
  }

  // the batch is found again from /tools/batch
  await page.goto('/tools/batch');
  await expect(page.getByRole('heading', { name: 'Your batches' })).toBeVisible();
});

test('a Lite seller sees the Batch Processor locked, with the upgrade to Advanced', async ({
  signedInPage: page,
  stack,
  user,
}) => {
  await setPlan(stack, user.id, 'lite', 20);
  await page.goto('/tools');
  const card = page.getByTestId('tool-batch-processor');
  await expect(card.getByText('Available only in Advanced Plan')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Upgrade to Advanced' })).toHaveAttribute('href', '/pricing');
  await expect(card.getByRole('link', { name: 'Batch Processor' })).toHaveCount(0);
  await page.goto('/tools/batch');
  await expect(page.getByTestId('batch-locked')).toBeVisible();
  await expect(page.getByTestId('batch-file-input')).toHaveCount(0);
});

test('the Batch Processor offers the mannequin type: a mannequin photo becomes a mannequin project', async ({
  signedInPage: page,
  stack,
  user,
}) => {
  test.setTimeout(180_000);
  await setPlan(stack, user.id, 'advanced', 12);
  await page.goto('/tools/batch');
  await page
    .getByTestId('batch-file-input')
    .setInputFiles(path.resolve(import.meta.dirname, '../../fixtures/photos/mannequin-blouse.jpg'));
  await expect(page.locator('[data-upload="uploaded"]')).toHaveCount(1, { timeout: 30_000 });
  // the choices for all photos start with the type: the three the wizard has
  const types = page.getByRole('radiogroup', { name: 'Project type' });
  await expect(types.getByRole('radio')).toHaveText(['On-Model', 'Flat-Lay', 'Mannequin']);
  // the model step asks who wears the garments first
  const gender = page.getByRole('dialog', { name: 'Who will wear your garment?' });
  await gender.getByRole('button', { name: 'Women', exact: true }).click();
  await types.getByRole('radio', { name: 'Mannequin' }).click();
  await expect(types.getByRole('radio', { name: 'Mannequin' })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('button', { name: 'Choose Sofia' }).click();
  await page.getByRole('radio', { name: 'Front View' }).click();
  await page.getByRole('radio', { name: 'Studio White' }).click();
  await expect(page.getByTestId('batch-total')).toHaveText('1 photo · 1 credit');
  await page.getByRole('button', { name: 'Start batch' }).click();
  await expect(page).toHaveURL(/\/tools\/batch\/[0-9a-f-]{36}$/);
  await expect(page.locator('[data-testid="batch-item"][data-status="done"]')).toHaveCount(1, {
    timeout: 150_000,
  });
  const [project] = await serviceSelect<{ type: string; batch_id: string | null }>(
    stack,
    'projects',
    `user_id=eq.${user.id}&select=type,batch_id`,
  );
  expect(project.type).toBe('mannequin');
  expect(project.batch_id).not.toBeNull();
  expect(await balance(stack, user.id)).toBe(11);
});
