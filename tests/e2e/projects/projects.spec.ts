// A seller with a finished project (made by a real generation: the engine and the local
// renderer) finds it by search, opens and magnifies it, renames it in place, downloads it
// as WebP, archives and restores it, and deletes it with every stored file.
import { readFile } from 'node:fs/promises';
import { expect, test } from '../support/fixtures.ts';
import { sellerOnPage, storedObjects } from './helpers.ts';
import { filesOf, generateProject, seedProjects, serviceClientOf } from './seed.ts';

test.setTimeout(120_000);

test('find, open, zoom, rename, download WebP, archive, restore and delete a project', async ({
  page,
  stack,
}) => {
  const seller = await sellerOnPage(page, stack, { plan: 'pro', extraCredits: 5 });
  const projectId = await generateProject(seller);
  await seller.client.rpc('rename_project', { project_id: projectId, name: 'Red linen shirt' });
  await seedProjects(stack, seller, 2, await filesOf(stack, projectId), { spreadDays: 10 });
  const admin = serviceClientOf(stack);
  const { data: project } = await admin.from('projects').select('product_paths').eq('id', projectId).single();

  await page.goto('/projects');
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(3);
  await expect(page.getByRole('heading', { name: 'Today' })).toBeVisible();

  // search: any case, name or type or status
  const search = page.getByRole('searchbox', { name: 'Search projects' });
  await search.fill('RED LINEN');
  await expect(cards).toHaveCount(1);
  await expect(page.getByRole('article', { name: 'Red linen shirt' })).toBeVisible();
  await search.fill('flat-lay');
  await expect(cards).toHaveCount(0);
  await search.fill('completed');
  await expect(cards).toHaveCount(3);
  await search.fill('red linen');

  // the card's picture is a thumbnail from Storage's image transformation, never the file
  const thumb = page.getByRole('article', { name: 'Red linen shirt' }).locator('img').first();
  await expect(thumb).toHaveAttribute('src', /\/storage\/v1\/render\/image\/sign\/generated\//);
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const shown = await thumb.evaluate((img: HTMLImageElement) => [
    img.naturalWidth,
    img.getBoundingClientRect().width,
  ]);
  // the smallest listed width that covers the card (1× screen here), not the 1024 px file
  expect([320, 480, 720, 960]).toContain(shown[0]);
  expect(shown[0]).toBeGreaterThanOrEqual(shown[1]);
  expect(shown[0]).toBeLessThan(1024);

  await page.getByRole('link', { name: 'Open Red linen shirt' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}`));
  await expect(page.getByText('Completed', { exact: true })).toBeVisible();

  // the magnifier: a 250 px lens at 2.5×
  const magnifier = page.getByTestId('magnifier');
  await expect(magnifier.locator('img')).toHaveAttribute('data-loaded', 'true');
  const box = await magnifier.boundingBox();
  if (!box) throw new Error('no magnifier');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
  const lens = page.getByTestId('magnifier-lens');
  await expect(lens).toBeVisible();
  const [lensWidth, zoomedWidth, shownWidth] = await lens.evaluate((el) => [
    el.getBoundingClientRect().width,
    Number.parseFloat(el.style.backgroundSize),
    (el.parentElement as HTMLElement).clientWidth,
  ]);
  expect(lensWidth).toBe(250);
  expect(zoomedWidth / shownWidth).toBeCloseTo(2.5, 2);
  await page.mouse.move(box.x - 40, box.y);
  await expect(lens).toBeHidden();

  // rename in place: Enter saves; it stays after a reload
  await page.getByRole('button', { name: 'Red linen shirt, rename' }).click();
  const nameInput = page.getByRole('textbox', { name: 'Project name' });
  await nameInput.fill('  Red linen shirt, front  ');
  await nameInput.press('Enter');
  await expect(page.getByRole('button', { name: 'Red linen shirt, front, rename' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Red linen shirt, front, rename' })).toBeVisible();

  // download as WebP: a real WebP named after the project
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Download image' });
  await expect(dialog.getByRole('radio', { name: /PNG/ })).toBeChecked();
  await expect(
    dialog.getByText('Downloading images without watermark is available only on paid plans'),
  ).toHaveCount(0);
  await dialog.locator('label', { hasText: 'WebP' }).click();
  await expect(dialog.getByRole('radio', { name: /WebP/ })).toBeChecked();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Red linen shirt, front.webp');
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 4).toString('ascii')).toBe('RIFF');
  expect(bytes.subarray(8, 12).toString('ascii')).toBe('WEBP');
  await expect(page.getByRole('status').filter({ hasText: 'Image downloaded as WEBP' })).toBeVisible();

  // archive from the card menu, find it under Archived, restore it
  await page.getByRole('link', { name: 'Back to projects' }).click();
  await page.getByRole('button', { name: 'More actions for Red linen shirt, front' }).click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  await expect(page.getByRole('article', { name: 'Red linen shirt, front' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Archived' }).click();
  await expect(page.getByRole('article', { name: 'Red linen shirt, front' })).toBeVisible();
  await page.getByRole('button', { name: 'Unarchive' }).click();
  await expect(page.getByRole('article', { name: 'Red linen shirt, front' })).toHaveCount(0);
  await expect(page.getByText('Nothing archived')).toBeVisible();
  await page.getByRole('link', { name: 'All projects' }).click();
  await expect(page.getByRole('article', { name: 'Red linen shirt, front' })).toBeVisible();

  // delete: the confirmation, then the project and its files are gone
  const before = await storedObjects(stack, seller.id, projectId, project?.product_paths ?? []);
  expect(before.generated.length).toBeGreaterThan(0);
  expect(before.uploads).toHaveLength(1);
  await page.getByRole('button', { name: 'Delete Red linen shirt, front' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Confirmation' });
  await expect(
    confirm.getByText('Are you sure you want to delete this item? This action cannot be undone.'),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('article', { name: 'Red linen shirt, front' })).toHaveCount(0);
  await expect(cards).toHaveCount(2);
  await expect
    .poll(async () => storedObjects(stack, seller.id, projectId, project?.product_paths ?? []))
    .toEqual({ generated: [], watermarked: [], videos: [], 'fix-drawings': [], uploads: [] });
  const { data: rows } = await admin.from('projects').select('id').eq('id', projectId);
  expect(rows).toEqual([]);
  await page.goto(`/projects/${projectId}`);
  await expect(page.getByText('Project not found')).toBeVisible();
});
