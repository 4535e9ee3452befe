// Layout of the projects screens where words and pages get long: on a Greek phone (390×844)
// the three tabs fit the screen and every card's status, type and time are shown whole; on a
// desktop the sidebar's column runs the full height of a long page and stays in view.
import type { Page } from '@playwright/test';
import { useLanguage } from '../support/skip-splash.ts';
import { expect, test } from '../support/fixtures.ts';
import { processingProject, sellerOnPage } from './helpers.ts';
import { type ProjectFiles, productPhoto, seedProjects, serviceClientOf } from './seed.ts';

test.setTimeout(90_000);

async function files(): Promise<ProjectFiles> {
  const generated = await productPhoto('#2c6e49');
  return { original: await productPhoto(), generated, watermarked: generated };
}

/** Boxes of what must not be cut: each element's box against its clipping ancestor's. */
async function cutOff(page: Page, selector: string, within: string) {
  return page.evaluate(
    ([sel, box]) =>
      [...document.querySelectorAll(sel)].flatMap((el) => {
        const outer = (el.closest(box) as HTMLElement).getBoundingClientRect();
        const r = el.getBoundingClientRect();
        const parent = (el.parentElement as HTMLElement).getBoundingClientRect();
        const cut =
          r.right > parent.right + 0.5 ||
          r.right > outer.right + 0.5 ||
          r.left < outer.left - 0.5 ||
          r.right > window.innerWidth + 0.5 ||
          (el as HTMLElement).scrollWidth > (el as HTMLElement).clientWidth + 1;
        return cut ? [`${el.textContent} (${Math.round(r.left)}–${Math.round(r.right)})`] : [];
      }),
    [selector, within] as const,
  );
}

test('Greek phone: tabs fit the screen, card meta is shown whole', async ({ page, stack }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await useLanguage(page, 'el');
  const seller = await sellerOnPage(page, stack, { plan: 'pro' });
  const f = await files();
  const [first] = await seedProjects(stack, seller, 3, f, { spreadDays: 40 });
  const fix = await seller.client.rpc('request_project_fix', {
    project_id: first,
    description: 'Κοντύτερα μανίκια',
  });
  expect(fix.error).toBeNull();
  const busy = await processingProject(stack, seller, f, 'Μάλλινο παλτό', 2);
  // 40 s old: the longest wording ('πριν από 40 δευτερόλεπτα'), not 'τώρα'
  await serviceClientOf(stack)
    .from('projects')
    .update({ created_at: new Date(Date.now() - 40_000).toISOString() })
    .eq('id', busy.projectId);

  await page.goto('/projects');
  await expect(page.getByRole('article')).toHaveCount(4);
  const tabs = page.getByRole('navigation', { name: 'Προβολές έργων' });
  await expect(tabs.getByRole('link', { name: 'Αρχειοθετημένα' })).toBeVisible();
  expect(await cutOff(page, 'nav[aria-label="Προβολές έργων"] a', 'main')).toEqual([]);
  expect(await tabs.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);

  // the processing card says all three: status, type and 'πριν από … δευτερόλεπτα' (or, on a
  // slow run, minutes)
  await expect(
    page.getByRole('article', { name: 'Μάλλινο παλτό' }).getByText(/πριν από \d+ (δευτερόλεπτα|λεπτό|λεπτά)/),
  ).toBeVisible();
  expect(await cutOff(page, 'article time', 'article')).toEqual([]);
  expect(await cutOff(page, 'article time', 'article > div')).toEqual([]);

  // /fixes: 'Σελίδα 1 από 1' on one line, Previous and Next whole
  await page.goto('/fixes');
  const label = page.getByText('Σελίδα 1 από 1');
  await expect(label).toBeVisible();
  const [height, lineHeight] = await label.evaluate((el) => [
    el.getBoundingClientRect().height,
    Number.parseFloat(getComputedStyle(el).lineHeight) ||
      Number.parseFloat(getComputedStyle(el).fontSize) * 1.5,
  ]);
  expect(height).toBeLessThan(lineHeight * 1.5);
  expect(await cutOff(page, 'nav[aria-label="Σελίδες αιτημάτων διόρθωσης"] > *', 'main')).toEqual([]);
});

test('desktop: the sidebar column runs the length of a long page and stays in view', async ({
  page,
  stack,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const seller = await sellerOnPage(page, stack, { plan: 'pro' });
  await seedProjects(stack, seller, 12, await files(), { spreadDays: 60 });
  await page.goto('/projects');
  await expect(page.getByRole('article')).toHaveCount(12);
  const aside = page.locator('aside').first();
  const [pageHeight, asideHeight] = await aside.evaluate((el) => [
    document.documentElement.scrollHeight,
    el.getBoundingClientRect().height,
  ]);
  expect(pageHeight).toBeGreaterThan(1800);
  expect(asideHeight).toBeGreaterThanOrEqual(pageHeight - 1);

  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const nav = page.getByRole('link', { name: 'Projects', exact: true });
  await expect(nav).toBeInViewport();
  const box = await nav.boundingBox();
  expect(box?.y).toBeGreaterThanOrEqual(0);
  expect(box?.y).toBeLessThan(300);
});
