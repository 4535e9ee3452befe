// Downloads that fit where sellers post: all of a project's images as one ZIP in the chosen
// format (opened here, each entry a real image of that format; a free seller's ZIP holds the
// watermarked files only), and a square 1:1 download whose pixels are the size the dialog
// stated. On a phone (390×844) and a desktop (1440×900).
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { edgeColour } from '../../../src/features/projects/frame/edge-colour.ts';
import { readZip } from '../../../src/lib/testing/read-zip.ts';
import { expect, test } from '../support/fixtures.ts';
import type { StackInfo } from '../support/auth-api.ts';
import { sellerOnPage } from './helpers.ts';
import { generateProject, type SeedSeller, serviceClientOf } from './seed.ts';

test.setTimeout(120_000);

const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
] as const;

/**
 * A finished project of `count` images: one real generation, then more result rows with the
 * same stored files under their own paths (as further poses would be).
 */
async function projectOf(stack: StackInfo, seller: SeedSeller, name: string, count: number) {
  const projectId = await generateProject(seller);
  await seller.client.rpc('rename_project', { project_id: projectId, name });
  const admin = serviceClientOf(stack);
  const { data: first, error } = await admin.from('images').select('*').eq('project_id', projectId).single();
  if (error || !first?.generated_path) throw new Error(`the generation stored no result: ${error?.message}`);
  const read = async (bucket: string, path: string) =>
    Buffer.from(await (await admin.storage.from(bucket).download(path)).data!.arrayBuffer());
  const generated = await read('generated', first.generated_path);
  const watermarked = first.watermarked_path ? await read('watermarked', first.watermarked_path) : generated;
  for (let position = 2; position <= count; position++) {
    const id = randomUUID();
    const path = `${seller.id}/${projectId}/${id}.png`;
    await admin.storage.from('generated').upload(path, generated, { contentType: 'image/png' });
    await admin.storage.from('watermarked').upload(path, watermarked, { contentType: 'image/png' });
    const { id: _id, created_at: _c, ...rest } = first;
    const inserted = await admin
      .from('images')
      .insert({ ...rest, id, position, generated_path: path, watermarked_path: path });
    if (inserted.error) throw new Error(`insert image: ${inserted.error.message}`);
  }
  const meta = await sharp(generated).metadata();
  return { projectId, generated, watermarked, width: meta.width!, height: meta.height! };
}

async function openDownload(page: Page, projectId: string) {
  await page.goto(`/projects/${projectId}`);
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  return page.getByRole('dialog');
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(name, () => {
    test.use({ viewport });

    test('a project’s images as one ZIP, in the chosen format', async ({ page, stack }) => {
      const seller = await sellerOnPage(page, stack, { plan: 'lite' });
      const project = await projectOf(stack, seller, 'Linen dress', 3);
      const dialog = await openDownload(page, project.projectId);
      await dialog.getByText('All 3 images as one ZIP').click();
      await expect(dialog.getByRole('heading', { name: 'Download 3 images' })).toBeVisible();
      await expect(dialog.getByText('Linen dress.zip')).toBeVisible();
      await dialog.locator('label', { hasText: 'JPG' }).click();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('button', { name: 'Download', exact: true }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('Linen dress.zip');
      await expect(page.getByText('3 images downloaded as JPG in one ZIP')).toBeVisible();

      const entries = readZip(await readFile((await download.path())!));
      expect(entries.map((e) => e.name)).toEqual([
        'Linen dress-1.jpg',
        'Linen dress-2.jpg',
        'Linen dress-3.jpg',
      ]);
      for (const entry of entries) {
        const meta = await sharp(entry.data).metadata();
        expect(meta.format).toBe('jpeg');
        expect([meta.width, meta.height]).toEqual([project.width, project.height]);
        // a real picture, not a blank: its pixels vary
        const stats = await sharp(entry.data).stats();
        expect(stats.channels[0].stdev).toBeGreaterThan(5);
      }
    });

    test('a square 1:1 download is square, at the size the dialog states', async ({ page, stack }) => {
      const seller = await sellerOnPage(page, stack, { plan: 'lite' });
      const project = await projectOf(stack, seller, 'Wool coat', 1);
      const side = Math.max(project.width, project.height);
      const expected = `${Math.min(side, 2048)}×${Math.min(side, 2048)}`;
      const dialog = await openDownload(page, project.projectId);
      const square = dialog.locator('label').filter({ hasText: 'Square 1:1' });
      await expect(square).toContainText('Shopify, Etsy, Amazon');
      await expect(dialog.getByTestId('size-square')).toHaveText(expected);
      await square.click();
      await expect(dialog.getByTestId('download-size')).toHaveText(expected);
      await expect(dialog.getByText('never cropped')).toBeVisible();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('button', { name: 'Download', exact: true }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('Wool coat.png');
      const file = await readFile((await download.path())!);
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe('png');
      expect(`${meta.width}×${meta.height}`).toBe(expected);
      // the whole image, centred, padded with the image's own background: the median of its
      // border pixels (the beach scene's sky and sand give a colour between them)
      const raw = async (bytes: Buffer) => {
        const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
        return { data, width: info.width, height: info.height };
      };
      const own = await raw(project.generated);
      const background = edgeColour(own.data, own.width, own.height);
      const framed = await raw(file);
      const corner = [...framed.data.subarray(0, 4)];
      expect(
        corner.map((v, i) => Math.abs(v - [background.r, background.g, background.b, background.a][i])),
      ).toEqual([0, 0, 0, 0]);
      // the image itself is in the middle, whole: its centre pixel matches the original's
      const centre = (img: { data: Buffer; width: number; height: number }) => {
        const i = (Math.floor(img.height / 2) * img.width + Math.floor(img.width / 2)) * 4;
        return [...img.data.subarray(i, i + 3)];
      };
      const [a, b] = [centre(framed), centre(own)];
      for (const [i, v] of a.entries()) expect(Math.abs(v - b[i])).toBeLessThanOrEqual(24);
    });
  });
}

test('a free seller’s ZIP holds the watermarked files only', async ({ page, stack }) => {
  const seller = await sellerOnPage(page, stack);
  const project = await projectOf(stack, seller, 'Cotton tee', 2);
  const dialog = await openDownload(page, project.projectId);
  await expect(
    dialog.getByText('Downloading images without watermark is available only on paid plans'),
  ).toBeVisible();
  await dialog.getByText('All 2 images as one ZIP').click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download', exact: true }).click(),
  ]);
  const entries = readZip(await readFile((await download.path())!));
  expect(entries.map((e) => e.name)).toEqual(['Cotton tee-1.png', 'Cotton tee-2.png']);
  for (const entry of entries) {
    expect(entry.data.equals(project.watermarked)).toBe(true);
    expect(entry.data.equals(project.generated)).toBe(false);
  }
});
