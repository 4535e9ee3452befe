// The photo combiner, end to end: two photos in → combined in the browser after 500 ms →
// charged 0.15 once → the PNG downloads by itself. And what goes wrong: too few credits
// (the tool's own message, no charge, no file), more than 2 photos, a file of another type.
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { expect, test } from '../support/fixtures.ts';
import { creditsOf, openAs, pixel, sellerOnPlan, solid, toolActivity } from './tool-support.ts';
import { afterNextPaint } from '../support/settled.ts';

test('combines 2 photos into one PNG on white, downloads it and charges 0.15 once', async ({
  page,
  stack,
}) => {
  const seller = await sellerOnPlan(stack, 'advanced');
  const before = await creditsOf(stack, seller.id);
  await openAs(page, stack, seller);
  await page.goto('/tools/photo-combiner');
  await expect(page.getByRole('heading', { name: 'Photo Combiner', level: 1 })).toBeVisible();

  const top = await solid(400, 500, [200, 30, 30]);
  const bottom = await solid(200, 300, [20, 40, 180], 'jpeg');
  const download = page.waitForEvent('download');
  const started = Date.now();
  await page.getByTestId('combiner-input').setInputFiles([
    { name: 'top.png', mimeType: 'image/png', buffer: top },
    { name: 'bottom.jpg', mimeType: 'image/jpeg', buffer: bottom },
  ]);
  await expect(page.getByTestId('combiner-photo')).toHaveCount(2);
  const file = await download;
  // combined after 500 ms, downloaded 500 ms after that
  expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  expect(file.suggestedFilename()).toMatch(/^combined-photo-\d{8}-\d{4}\.png$/);
  const bytes = await readFile((await file.path())!);
  const meta = await sharp(bytes).metadata();
  expect(meta.format).toBe('png');
  // widest width by summed height, the narrower photo centred on white
  expect([meta.width, meta.height]).toEqual([400, 800]);
  expect((await pixel(bytes, 200, 250)).slice(0, 3)).toEqual([200, 30, 30]);
  const blue = await pixel(bytes, 200, 650);
  expect(Math.abs(blue[0] - 20) + Math.abs(blue[1] - 40) + Math.abs(blue[2] - 180)).toBeLessThan(24); // JPEG input
  expect((await pixel(bytes, 20, 650)).slice(0, 3)).toEqual([255, 255, 255]);
  expect((await pixel(bytes, 380, 650)).slice(0, 3)).toEqual([255, 255, 255]);
  await expect(page.getByTestId('combined-result')).toBeVisible();
  // the page states the file's pixels and weight
  const kb = Math.max(1, Math.round(bytes.length / 1000));
  await expect(
    page.getByText(`400 × 800 pixels · PNG · ${kb} KB · downloaded as ${file.suggestedFilename()}`),
  ).toBeVisible();

  await expect.poll(() => creditsOf(stack, seller.id)).toBeCloseTo(before - 0.15, 2);
  // once: pressing Combine again for the same pair, or re-downloading, charges nothing more
  // a charge would come before the file is released: once the download arrives it is decided
  const again = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  await again;
  expect(await creditsOf(stack, seller.id)).toBeCloseTo(before - 0.15, 2);
  expect(await toolActivity(stack, seller.id)).toEqual([{ toolName: 'photo-combiner', creditsUsed: 0.15 }]);

  // the dashboard's recent activity shows the tool use
  await page.goto('/home');
  await expect(page.getByText('Used Photo Combiner')).toBeVisible();
});

test('removing a photo and adding another combines the new pair, charged once more', async ({
  page,
  stack,
}) => {
  const seller = await sellerOnPlan(stack, 'lite');
  const before = await creditsOf(stack, seller.id);
  await openAs(page, stack, seller);
  await page.goto('/tools/photo-combiner');
  await page.getByTestId('combiner-input').setInputFiles([
    { name: 'a.png', mimeType: 'image/png', buffer: await solid(100, 100, [0, 0, 0]) },
    { name: 'b.png', mimeType: 'image/png', buffer: await solid(100, 100, [90, 90, 90]) },
  ]);
  await page.waitForEvent('download');
  await page.getByRole('button', { name: 'Remove b.png' }).click();
  await expect(page.getByTestId('combined-result')).toHaveCount(0);
  const second = page.waitForEvent('download');
  await page
    .getByTestId('combiner-input')
    .setInputFiles([
      { name: 'c.webp', mimeType: 'image/webp', buffer: await solid(50, 80, [10, 120, 10], 'webp') },
    ]);
  const bytes = await readFile((await (await second).path())!);
  const meta = await sharp(bytes).metadata();
  expect([meta.width, meta.height]).toEqual([100, 180]);
  await expect.poll(() => creditsOf(stack, seller.id)).toBeCloseTo(before - 0.3, 2);
  expect(await toolActivity(stack, seller.id)).toHaveLength(2);
});

test('too few credits: the tool’s own message with the balance and a way to buy, no charge and no file', async ({
  page,
  stack,
}) => {
  const seller = await sellerOnPlan(stack, 'lite', 0.1);
  await openAs(page, stack, seller);
  await page.goto('/tools/photo-combiner');
  const notice = page.getByText('Insufficient credits. Photo combination requires 0.15 credits.');
  await expect(notice).toBeVisible();
  await expect(page.getByText('Available credits: 0.1')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Purchase credits' }).first()).toHaveAttribute(
    'href',
    '/pricing',
  );

  let downloads = 0;
  page.on('download', () => downloads++);
  await page.getByTestId('combiner-input').setInputFiles([
    { name: 'a.png', mimeType: 'image/png', buffer: await solid(100, 100, [0, 0, 0]) },
    { name: 'b.png', mimeType: 'image/png', buffer: await solid(100, 100, [90, 90, 90]) },
  ]);
  await expect(page.getByRole('list', { name: 'Selected photos' }).getByRole('img')).toHaveCount(2);
  await expect(notice).toBeVisible();
  await page.getByRole('button', { name: 'Combine Images' }).click();
  await afterNextPaint(page);
  expect(downloads).toBe(0);
  await expect(page.getByTestId('combined-result')).toHaveCount(0);
  expect(await creditsOf(stack, seller.id)).toBeCloseTo(0.1, 2);
  expect(await toolActivity(stack, seller.id)).toEqual([]);
});

test('the server refusing the charge releases no file (credits spent elsewhere meanwhile)', async ({
  page,
  stack,
}) => {
  const seller = await sellerOnPlan(stack, 'lite');
  await openAs(page, stack, seller);
  await page.goto('/tools/photo-combiner');
  await expect(page.getByText('0.15 credits per combination')).toBeVisible();
  // the balance the page knows is plenty; the server's is not
  await page.route('**/rest/v1/rpc/charge_tool_use', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({
        code: 'P0001',
        message: 'Insufficient credits. Need 0.15 but only have 0.05',
        hint: 'insufficient_credits',
        details: '{"needed":"0.15","available":"0.05"}',
      }),
    }),
  );
  let downloads = 0;
  page.on('download', () => downloads++);
  await page.getByTestId('combiner-input').setInputFiles([
    { name: 'a.png', mimeType: 'image/png', buffer: await solid(100, 100, [0, 0, 0]) },
    { name: 'b.png', mimeType: 'image/png', buffer: await solid(100, 100, [90, 90, 90]) },
  ]);
  await expect(
    page.getByText('Insufficient credits. Photo combination requires 0.15 credits.'),
  ).toBeVisible();
  await expect(page.getByRole('list', { name: 'Selected photos' }).getByRole('img')).toHaveCount(2);
  await afterNextPaint(page);
  expect(downloads).toBe(0);
  await expect(page.getByTestId('combined-result')).toHaveCount(0);
});

test('a charge whose answer is lost is asked again and charged once, then the file is released', async ({
  page,
  stack,
}) => {
  const seller = await sellerOnPlan(stack, 'lite');
  const before = await creditsOf(stack, seller.id);
  await openAs(page, stack, seller);
  await page.goto('/tools/photo-combiner');
  let calls = 0;
  await page.route('**/rest/v1/rpc/charge_tool_use', async (route) => {
    calls++;
    if (calls === 1) {
      // the server charges, the answer never arrives
      await route.fetch();
      await route.abort('connectionreset');
      return;
    }
    await route.continue();
  });
  const download = page.waitForEvent('download');
  await page.getByTestId('combiner-input').setInputFiles([
    { name: 'a.png', mimeType: 'image/png', buffer: await solid(120, 100, [0, 0, 0]) },
    { name: 'b.png', mimeType: 'image/png', buffer: await solid(100, 100, [90, 90, 90]) },
  ]);
  await download;
  expect(calls).toBe(2);
  expect(await creditsOf(stack, seller.id)).toBeCloseTo(before - 0.15, 2);
  expect(await toolActivity(stack, seller.id)).toHaveLength(1);
});

test('more than 2 photos and other file types are refused with their messages', async ({ page, stack }) => {
  const seller = await sellerOnPlan(stack, 'lite');
  await openAs(page, stack, seller);
  await page.goto('/tools/photo-combiner');
  await page
    .getByTestId('combiner-input')
    .setInputFiles([{ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') }]);
  await expect(page.getByText('Invalid file type. Only PNG, JPG, and WebP are supported.')).toBeVisible();
  await page.getByTestId('combiner-input').setInputFiles([
    { name: 'a.png', mimeType: 'image/png', buffer: await solid(10, 10, [0, 0, 0]) },
    { name: 'b.png', mimeType: 'image/png', buffer: await solid(10, 10, [0, 0, 0]) },
    { name: 'c.png', mimeType: 'image/png', buffer: await solid(10, 10, [0, 0, 0]) },
  ]);
  await expect(page.getByText('You can only add up to 2 images')).toBeVisible();
  await expect(page.getByTestId('combiner-photo')).toHaveCount(2);
  await page.waitForEvent('download');
  await page.getByRole('button', { name: 'Clear All' }).click();
  await expect(page.getByTestId('combiner-photo')).toHaveCount(0);
  await page
    .getByTestId('combiner-input')
    .setInputFiles([{ name: 'a.png', mimeType: 'image/png', buffer: await solid(10, 10, [0, 0, 0]) }]);
  await page.getByRole('button', { name: 'Combine Images' }).click();
  await expect(page.getByText('Exactly 2 images are needed for combination')).toBeVisible();
});

test('the combiner in Greek', async ({ page, stack }) => {
  const seller = await sellerOnPlan(stack, 'lite', 0);
  await openAs(page, stack, seller, 'el');
  await page.goto('/tools/photo-combiner');
  await expect(
    page.getByText('Ανεπαρκείς πιστώσεις. Ο συνδυασμός φωτογραφιών απαιτεί 0,15 πιστώσεις.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Συνδυασμός εικόνων' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Αγορά πιστώσεων' }).first()).toBeVisible();
});
