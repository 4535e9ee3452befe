// /home follows the seller's projects live on the shell's one channel for them: a project made
// and finished elsewhere shows in the figures and the recent activity without a reload, and the
// page joins `projects` once (it opened a second channel on the same table and filter before).
import { expect, test } from '../support/fixtures.ts';
import { completeImage, processingProject, sellerOnPage } from '../projects/helpers.ts';
import { filesOf, generateProject } from '../projects/seed.ts';
import { watchRealtime } from '../support/realtime.ts';

test.setTimeout(90_000);

test('/home hears project changes on one channel and shows them live', async ({ page, stack }) => {
  const seller = await sellerOnPage(page, stack, { plan: 'pro', extraCredits: 3 });
  const files = await filesOf(stack, await generateProject(seller));

  // every channel the page asks to join, with the tables it listens to
  const joins: { topic: string; tables: string[] }[] = [];
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/realtime/v1/websocket')) return;
    ws.on('framesent', ({ payload }) => {
      try {
        const data = JSON.parse(typeof payload === 'string' ? payload : payload.toString('utf8'));
        const [topic, event, body] = Array.isArray(data)
          ? [data[2], data[3], data[4]]
          : [data.topic, data.event, data.payload];
        if (event !== 'phx_join') return;
        const changes: { table?: string }[] = body?.config?.postgres_changes ?? [];
        joins.push({ topic, tables: changes.map((c) => c.table ?? '') });
      } catch {
        // not a JSON frame
      }
    });
  });

  const realtime = watchRealtime(page);
  await page.goto('/home');
  const stats = page.getByRole('region', { name: 'Project statistics' });
  const completed = stats.locator('dt', { hasText: /^Completed$/ }).locator('xpath=following-sibling::dd');
  await expect(completed).toHaveText('1');
  await realtime.joined('projects:');

  const { projectId, imageIds } = await processingProject(stack, seller, files, 'Wool overcoat');
  await expect(page.getByText('Created project "Wool overcoat"')).toBeVisible();
  await completeImage(stack, seller.id, projectId, imageIds[0], files);
  await completeImage(stack, seller.id, projectId, imageIds[1], files);
  await expect(completed).toHaveText('2');
  await expect(page.getByText('Completed project "Wool overcoat"')).toBeVisible();

  const onProjects = joins.filter((j) => j.tables.includes('projects'));
  expect(onProjects.map((j) => j.topic)).toEqual([`realtime:projects:${seller.id}`]);
});
