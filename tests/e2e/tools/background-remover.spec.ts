// The background remover, end to end through the engine and the local renderer: a product
// photo → upload with progress → start_background_removal (0.40 credits) → the job, live →
// a transparent PNG on a checkerboard, downloaded by itself. A job the provider fails is
// refunded once and says so; too few credits is the tool's own message.
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { expect, test } from '../support/fixtures.ts';
import { afterNextPaint } from '../support/settled.ts';
import {
  alphaCounts,
  creditsOf,
  eventually,
  ledgerOf,
  openAs,
  rows,
  sellerOnPlan,
  shirtPhoto,
  toolActivity,
} from './tool-support.ts';

test('removes the background of a product photo: transparent PNG downloaded, 0.40 credits', async ({
  page,
  stack,
}) => {
  const seller = await sellerOnPlan(stack, 'advanced');
  const before = await creditsOf(stack, seller.id);
  await openAs(page, stack, seller);
  await page.goto('/tools/background-remover');
  await expect(page.getByRole('heading', { name: 'Background Remover', level: 1 })).toBeVisible();

  await page
    .getByTestId('remover-input')
    .setInputFiles({ name: 'Linen shirt.jpg', mimeType: 'image/jpeg', buffer: await shirtPhoto() });
  await expect(page.getByRole('img', { name: 'Your product as uploaded' })).toBeVisible();
  const download = page.waitForEvent('download', { timeout: 90_000 });
  await page.getByRole('button', { name: 'Remove Background' }).click();
  await expect(page.getByRole('progressbar')).toBeVisible();

  const file = await download;
  expect(file.suggestedFilename()).toBe('linen-shirt-no-background.png');
  const bytes = await readFile((await file.path())!);
  const meta = await sharp(bytes).metadata();
  expect(meta.format).toBe('png');
  expect([meta.width, meta.height]).toEqual([800, 1000]);
  const alpha = await alphaCounts(bytes);
  expect(alpha.hasAlpha).toBe(true);
  // the backdrop is gone, the shirt is kept
  expect(alpha.transparent / alpha.total).toBeGreaterThan(0.4);
  expect(alpha.opaque / alpha.total).toBeGreaterThan(0.2);

  await expect(page.getByTestId('remover-result')).toBeVisible();
  await page.getByRole('button', { name: 'Before / after' }).click();
  await expect(page.getByRole('slider', { name: 'Compare before and after' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Your product without its background' })).toBeVisible();

  expect(await creditsOf(stack, seller.id)).toBeCloseTo(before - 0.4, 2);
  expect(await toolActivity(stack, seller.id)).toEqual([
    { toolName: 'background-remover', creditsUsed: 0.4 },
  ]);
  const jobs = await rows<{ status: string; refunded_at: string | null }>(
    stack,
    `tool_jobs?select=status,refunded_at&user_id=eq.${seller.id}`,
  );
  expect(jobs).toEqual([{ status: 'completed', refunded_at: null }]);
});

test('an answer lost after the charge: asked again with the same request id, one job and one charge', async ({
  page,
  stack,
}) => {
  const seller = await sellerOnPlan(stack, 'advanced');
  const before = await creditsOf(stack, seller.id);
  await openAs(page, stack, seller);
  await page.goto('/tools/background-remover');
  await page
    .getByTestId('remover-input')
    .setInputFiles({ name: 'shirt.jpg', mimeType: 'image/jpeg', buffer: await shirtPhoto() });
  await expect(page.getByRole('button', { name: 'Remove Background' })).toBeEnabled();
  // the first call reaches the server (which charges and queues), then the connection drops
  const sent: { input_path: string; request_id?: string }[] = [];
  await page.route('**/rest/v1/rpc/start_background_removal', async (route) => {
    sent.push(route.request().postDataJSON());
    if (sent.length === 1) {
      await route.fetch();
      await route.abort('failed');
      return;
    }
    await route.continue();
  });
  const download = page.waitForEvent('download', { timeout: 90_000 });
  await page.getByRole('button', { name: 'Remove Background' }).click();
  await download;
  expect(sent.length).toBe(2);
  expect(sent[0].request_id).toMatch(/^[0-9a-f-]{36}$/);
  expect(sent[1]).toEqual(sent[0]);
  expect(await creditsOf(stack, seller.id)).toBeCloseTo(before - 0.4, 2);
  const jobs = await rows<{ status: string }>(stack, `tool_jobs?select=status&user_id=eq.${seller.id}`);
  expect(jobs).toEqual([{ status: 'completed' }]);
  expect(await toolActivity(stack, seller.id)).toEqual([
    { toolName: 'background-remover', creditsUsed: 0.4 },
  ]);
});

async function expectRefundedOnce(stack: Parameters<typeof creditsOf>[0], sellerId: string, before: number) {
  const jobs = await eventually(
    () =>
      rows<{ status: string; refunded_at: string | null }>(
        stack,
        `tool_jobs?select=status,refunded_at&user_id=eq.${sellerId}`,
      ),
    (j) => j.length === 1 && j[0].refunded_at !== null,
  );
  expect(jobs[0].status).toBe('failed');
  expect(await creditsOf(stack, sellerId)).toBeCloseTo(before, 2);
  const moves = (await ledgerOf(stack, sellerId)).filter((l) => l.reason === 'tool' || l.reason === 'refund');
  expect(moves).toEqual([
    { reason: 'tool', amount: -0.4 },
    { reason: 'refund', amount: 0.4 },
  ]);
}

test('a photo the provider refuses: the job fails, the 0.40 credits come back once, the spec’s error', async ({
  page,
  stack,
}) => {
  const seller = await sellerOnPlan(stack, 'advanced');
  const before = await creditsOf(stack, seller.id);
  await openAs(page, stack, seller);
  await page.goto('/tools/background-remover');
  await page
    .getByTestId('remover-input')
    .setInputFiles({ name: 'shirt.jpg', mimeType: 'image/jpeg', buffer: await shirtPhoto() });
  await expect(page.getByRole('button', { name: 'Remove Background' })).toBeEnabled();
  // The local FASHN endpoint refuses (content moderation) any input whose URL says
  // __reject__: the uploaded photo is moved to such a name before the job starts.
  await page.route('**/rest/v1/rpc/start_background_removal', async (route) => {
    const body = route.request().postDataJSON() as { input_path: string; request_id?: string };
    const path = body.input_path;
    const rejected = path.replace(/\/([^/]+)$/, '/__reject__-$1');
    const moved = await fetch(`${stack.apiUrl}/storage/v1/object/move`, {
      method: 'POST',
      headers: {
        apikey: stack.serviceKey,
        Authorization: `Bearer ${stack.serviceKey}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ bucketId: 'tool-images', sourceKey: path, destinationKey: rejected }),
    });
    expect(moved.ok).toBe(true);
    await route.continue({ postData: JSON.stringify({ ...body, input_path: rejected }) });
  });
  let downloads = 0;
  page.on('download', () => downloads++);
  await page.getByRole('button', { name: 'Remove Background' }).click();
  await expect(page.getByText('Error processing image. Please try again later.')).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByText('The 0.4 credits for this photo were returned to your balance.')).toBeVisible();
  expect(downloads).toBe(0);
  await expectRefundedOnce(stack, seller.id, before);
  // the header's balance shows the refund
  await expect(page.getByRole('banner').getByText(String(before))).toBeVisible();
});

test('bytes the provider cannot decode: retried, then failed and refunded once', async ({ page, stack }) => {
  // three attempts with the engine's backoff (20 s, 80 s) before the job fails
  test.setTimeout(240_000);
  const seller = await sellerOnPlan(stack, 'advanced');
  const before = await creditsOf(stack, seller.id);
  await openAs(page, stack, seller);
  await page.goto('/tools/background-remover');
  await page
    .getByTestId('remover-input')
    .setInputFiles({ name: 'shirt.jpg', mimeType: 'image/jpeg', buffer: await shirtPhoto() });
  await expect(page.getByRole('button', { name: 'Remove Background' })).toBeEnabled();
  // the bytes that reach storage are not an image the provider can decode
  await page.route('**/storage/v1/object/upload/sign/tool-images/**', (route) =>
    route.continue({ postData: Buffer.from('this is not a picture at all, the provider cannot read it') }),
  );
  await page.getByRole('button', { name: 'Remove Background' }).click();
  await expect(page.getByText('Error processing image. Please try again later.')).toBeVisible({
    timeout: 200_000,
  });
  await expectRefundedOnce(stack, seller.id, before);
});

test('too few credits: the tool’s own message, nothing uploaded or charged', async ({ page, stack }) => {
  const seller = await sellerOnPlan(stack, 'lite', 0.3);
  await openAs(page, stack, seller);
  await page.goto('/tools/background-remover');
  const message = page.getByText('Insufficient credits. Background removal requires 0.4 credits.');
  await expect(message).toBeVisible();
  await expect(page.getByText('Available credits: 0.3')).toBeVisible();
  await page
    .getByTestId('remover-input')
    .setInputFiles({ name: 'shirt.jpg', mimeType: 'image/jpeg', buffer: await shirtPhoto(400, 500) });
  let uploads = 0;
  page.on('request', (r) => r.url().includes('/storage/v1/object/upload/sign/tool-images/') && uploads++);
  await page.getByRole('button', { name: 'Remove Background' }).click();
  // the refusal is decided before any upload would start
  await expect(message).toBeVisible();
  await afterNextPaint(page);
  expect(uploads).toBe(0);
  expect(await creditsOf(stack, seller.id)).toBeCloseTo(0.3, 2);
  expect(await rows(stack, `tool_jobs?select=id&user_id=eq.${seller.id}`)).toEqual([]);
});

test('a file that is not a photo is refused with the spec’s words', async ({ page, stack }) => {
  const seller = await sellerOnPlan(stack, 'lite');
  await openAs(page, stack, seller);
  await page.goto('/tools/background-remover');
  await page
    .getByTestId('remover-input')
    .setInputFiles({ name: 'notes.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(page.getByText('Invalid file type. Only PNG, JPG, and WebP are supported.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove Background' })).toHaveCount(0);
});

test('the remover in Greek', async ({ page, stack }) => {
  const seller = await sellerOnPlan(stack, 'lite', 0);
  await openAs(page, stack, seller, 'el');
  await page.goto('/tools/background-remover');
  await expect(
    page.getByText('Ανεπαρκείς πιστώσεις. Η αφαίρεση φόντου απαιτεί 0,4 πιστώσεις.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Αφαίρεση φόντου', level: 1 })).toBeVisible();
});
