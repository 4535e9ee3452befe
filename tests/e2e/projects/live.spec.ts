// A processing card turns into a finished one live (realtime), without a reload; the detail
// screen's progress follows each image.
import { expect, test } from '../support/fixtures.ts';
import { completeImage, processingProject, sellerOnPage } from './helpers.ts';
import { filesOf, generateProject } from './seed.ts';
import { watchRealtime } from '../support/realtime.ts';

test.setTimeout(90_000);

test('a processing project turns completed on /projects and on its page, live', async ({ page, stack }) => {
  const seller = await sellerOnPage(page, stack, { plan: 'pro', extraCredits: 3 });
  const files = await filesOf(stack, await generateProject(seller));

  const realtime = watchRealtime(page);
  await page.goto('/projects');
  await expect(page.getByRole('article')).toHaveCount(1);
  // the live channels listen before the change is made
  await realtime.joined('projects:');
  await realtime.joined('project-images:');
  const { projectId, imageIds } = await processingProject(stack, seller, files, 'Wool overcoat');
  const card = page.getByRole('article', { name: 'Wool overcoat' });
  await expect(card.getByText('Generating…')).toBeVisible();
  await expect(card.getByText('0 of 2 images ready')).toBeVisible();
  // a project still processing cannot be deleted; the button says why
  const remove = card.getByRole('button', { name: 'Delete Wool overcoat' });
  await expect(remove).toHaveAttribute('title', 'This project is still processing and cannot be deleted');
  // aria-disabled keeps it focusable and clickable: the click explains instead of deleting
  await remove.click({ force: true });
  await expect(
    page.getByRole('status').filter({ hasText: 'This project is still processing and cannot be deleted' }),
  ).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  await completeImage(stack, seller.id, projectId, imageIds[0], files);
  await expect(card.getByText('1 of 2 images ready')).toBeVisible();

  await page.goto(`/projects/${projectId}?image=2`);
  await expect(page.getByText('Generating your images').first()).toBeVisible();
  await completeImage(stack, seller.id, projectId, imageIds[1], files);
  await expect(page.getByText('Completed', { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Generated image of Wool overcoat' })).toBeVisible();

  await page.getByRole('link', { name: 'Back to projects' }).click();
  await expect(card.getByText('Generating…')).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Show the original photo of Wool overcoat' })).toBeVisible();
});
