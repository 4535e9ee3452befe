// A free-plan seller downloads the watermarked file (its pixels differ from the clean image)
// with the upgrade notice; the clean file is not reachable for them by any Storage call.
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { expect, test } from '../support/fixtures.ts';
import { sellerOnPage } from './helpers.ts';
import { generateProject, serviceClientOf } from './seed.ts';

test.setTimeout(90_000);

/** Share of pixels that differ clearly between two images of the same size. */
async function differingShare(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([
    sharp(a).removeAlpha().raw().toBuffer(),
    sharp(b).removeAlpha().raw().toBuffer(),
  ]);
  let differ = 0;
  for (let i = 0; i < x.length; i += 3) {
    if (Math.abs(x[i] - y[i]) + Math.abs(x[i + 1] - y[i + 1]) + Math.abs(x[i + 2] - y[i + 2]) > 30) differ++;
  }
  return differ / (x.length / 3);
}

test('a free seller downloads the watermarked image, never the clean one', async ({ page, stack }) => {
  const seller = await sellerOnPage(page, stack);
  const projectId = await generateProject(seller);
  await seller.client.rpc('rename_project', { project_id: projectId, name: 'Cotton tee' });
  const admin = serviceClientOf(stack);
  const { data: image } = await admin
    .from('images')
    .select('generated_path, watermarked_path')
    .eq('project_id', projectId)
    .single();
  if (!image?.generated_path || !image.watermarked_path) throw new Error('the generation stored no result');

  await page.goto(`/projects/${projectId}`);
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Download image' });
  await expect(
    dialog.getByText('Downloading images without watermark is available only on paid plans'),
  ).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/pricing');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Cotton tee.png');
  const got = await readFile(await download.path());

  const clean = Buffer.from(
    await (await admin.storage.from('generated').download(image.generated_path)).data!.arrayBuffer(),
  );
  const marked = Buffer.from(
    await (await admin.storage.from('watermarked').download(image.watermarked_path)).data!.arrayBuffer(),
  );
  expect(got.equals(marked)).toBe(true);
  expect(await differingShare(got, clean)).toBeGreaterThan(0.02);

  // the seller's own token reaches no clean bytes: download, sign, render all refuse
  const own = seller.client.storage.from('generated');
  expect((await own.download(image.generated_path)).error).not.toBeNull();
  expect((await own.createSignedUrl(image.generated_path, 60)).error).not.toBeNull();
  expect(
    (await own.createSignedUrl(image.generated_path, 60, { transform: { width: 200 } })).error,
  ).not.toBeNull();
  // and the page only ever asked for watermarked results
  const shown = await page.locator('img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));
  expect(shown.some((src) => src.includes('/generated/'))).toBe(false);
  expect(shown.some((src) => src.includes('/watermarked/'))).toBe(true);
});
