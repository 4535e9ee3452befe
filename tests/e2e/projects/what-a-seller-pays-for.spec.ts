// What the screens sell is what comes out, rendered by the local stack for real:
// - a flat-lay made on a phone shows the chosen model in the result (the chosen model's
//   figure is in the picture, not another model's, and not the garment alone);
// - an Advanced seller's download is 4K, as the project page and the download dialog say.
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { expect, test } from '../support/fixtures.ts';
import { choosePhoto, expectUploaded, fixture, nextButton, serviceSelect } from '../wizard/wizard-support.ts';
import { sellerOnPage } from './helpers.ts';
import { headDistance } from './result-figure.ts';
import { generateProject, serviceClientOf } from './seed.ts';

test.setTimeout(150_000);

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });

  test('a flat-lay shows the chosen model wearing the garment', async ({
    signedInPage: page,
    stack,
    user,
  }) => {
    await page.goto('/create');
    await page.getByRole('button', { name: /Flat-Lay/ }).tap();
    await page
      .getByRole('dialog', { name: 'Content guidelines' })
      .getByRole('button', { name: 'Continue' })
      .tap();
    await choosePhoto(page, fixture('flatlay-top.jpg'));
    await expectUploaded(page);
    await page.getByRole('radio', { name: 'Top' }).check();
    await nextButton(page).tap();
    await page
      .getByRole('dialog', { name: 'Who will wear your garment?' })
      .getByRole('button', { name: 'Men', exact: true })
      .tap();
    await page.getByRole('button', { name: 'Choose Nikos' }).tap();
    await nextButton(page).tap();
    await page.getByRole('radio', { name: 'Front View' }).tap();
    await nextButton(page).tap();
    await page.getByRole('radio', { name: 'Beach' }).tap();
    await nextButton(page).tap();
    await page.getByRole('button', { name: /Generate/ }).tap();
    await expect(page).toHaveURL(/\/projects$/, { timeout: 10_000 });

    const projects = () =>
      serviceSelect<{ id: string; status: string }>(
        stack,
        'projects',
        `user_id=eq.${user.id}&select=id,status`,
      );
    await expect
      .poll(async () => (await projects())[0]?.status, { timeout: 120_000, intervals: [500] })
      .toBe('completed');
    const [project] = await projects();
    await page.goto(`/projects/${project.id}`);
    const shown = page.getByRole('img', { name: /^Generated image of / }).first();
    await expect(shown).toBeVisible();
    await expect
      .poll(() => shown.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await expect(page.getByTestId('image-size')).toHaveText('HD · 1024×1536');

    // the picture the seller sees is the clean result with a watermark: compare the clean one
    const [image] = await serviceSelect<{ generated_path: string }>(
      stack,
      'images',
      `project_id=eq.${project.id}&select=generated_path`,
    );
    const { data } = await serviceClientOf(stack).storage.from('generated').download(image.generated_path);
    const result = Buffer.from(await data!.arrayBuffer());
    const chosen = await headDistance(result, 'nikos');
    const other = await headDistance(result, 'sofia');
    expect(chosen).toBeLessThan(25);
    expect(other).toBeGreaterThan(chosen * 2);
  });
});

test('an Advanced download is 4K, as the page and the dialog say', async ({ page, stack }) => {
  const seller = await sellerOnPage(page, stack, { plan: 'advanced' });
  const projectId = await generateProject(seller);
  await seller.client.rpc('rename_project', { project_id: projectId, name: 'Linen dress' });

  await page.goto(`/projects/${projectId}`);
  await expect(page.getByTestId('image-size')).toHaveText('4K · 2731×4096');
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Download image' });
  await expect(dialog.getByTestId('download-size')).toHaveText('4K · 2731×4096');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Linen dress.png');
  const meta = await sharp(await readFile(await download.path())).metadata();
  expect(meta).toMatchObject({ width: 2731, height: 4096, format: 'png' });
});
