// The installed app on a phone (390×844 at device pixel ratio 3) without a connection: the
// wizard's model, pose and background cards show real pictures (the sizes a 3x screen picks
// are precached), a catalogue never loaded says so with a retry, /home shows its cached data
// under the offline banner, and /projects shows the thumbnails seen before (the service
// worker's copies, also used online without signing, gone once the seller signs out). Needs
// the production build.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { choosePhoto, fixture, nextButton } from '../wizard/wizard-support.ts';
import { sellerOnPage } from '../projects/helpers.ts';
import { productPhoto, seedProjects } from '../projects/seed.ts';

test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });

/** Visits `path`, then reloads once the service worker is active, so the page is under its control. */
async function underServiceWorker(page: Page, path: string) {
  await page.goto(path);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
}

/** The query keys the persisted cache (localStorage) holds. */
const persistedKeys = (page: Page) =>
  page.evaluate(() => {
    const raw = localStorage.getItem('drape.queryCache');
    if (!raw) return [] as string[];
    const cache = JSON.parse(raw) as { clientState?: { queries?: { queryKey: unknown[] }[] } };
    return (cache.clientState?.queries ?? []).map((q) => q.queryKey.join('/'));
  });

/** The card pictures on screen in `region`: the file each one shows and whether it loaded. */
const picturesOnScreen = (page: Page, region: string) =>
  page.evaluate((sel) => {
    const root = document.querySelector(sel);
    return [...(root?.querySelectorAll('img') ?? [])]
      .filter((img) => {
        if (!img.currentSrc.includes('/catalogue/')) return false; // the seller's own photo
        const r = img.getBoundingClientRect();
        return r.width > 0 && r.bottom > 0 && r.top < window.innerHeight;
      })
      .map((img) => ({ file: img.currentSrc.replace(/^.*\/catalogue\//, ''), loaded: img.naturalWidth > 0 }));
  }, region);

async function expectRealPictures(page: Page, region: string) {
  await page.locator(`${region} img[src*="/catalogue/"]`).first().scrollIntoViewIfNeeded();
  await expect
    .poll(async () => {
      const shown = await picturesOnScreen(page, region);
      return shown.length > 0 && shown.every((p) => p.loaded && p.file.endsWith('.w768.webp'));
    })
    .toBe(true);
}

test('offline at device scale factor 3: model, pose and background cards show real pictures', async ({
  signedInPage: page,
  context,
}) => {
  await underServiceWorker(page, '/onmodel/upload');
  await expect
    .poll(() => persistedKeys(page))
    .toEqual(expect.arrayContaining(['catalogue/models', 'catalogue/poses', 'catalogue/backgrounds']));

  await context.setOffline(true);
  await page.reload();
  await choosePhoto(page, fixture('shirt-exif-rotated.jpg'));
  await nextButton(page).click();
  await page
    .getByRole('dialog', { name: 'Who will wear your garment?' })
    .getByRole('button', { name: 'Women', exact: true })
    .click();
  await expect(page.getByRole('button', { name: 'Choose Lena' })).toBeVisible();
  await expectRealPictures(page, 'section[aria-label="Models"]');

  await page.getByRole('button', { name: 'Choose Lena' }).click();
  await nextButton(page).click();
  await expect(page.getByRole('radio', { name: 'Front View' })).toBeVisible();
  await expectRealPictures(page, '[role="radiogroup"][aria-label="Pose"]');

  await page.getByRole('radio', { name: 'Front View' }).click();
  await nextButton(page).click();
  await expect(page).toHaveURL(/\/background$/);
  await expectRealPictures(page, '[role="radiogroup"][aria-label="Background"]');
});

test('after only /home online, a shoot started offline shows the catalogue', async ({
  signedInPage: page,
  context,
}) => {
  await underServiceWorker(page, '/home');
  // the signed-in shell keeps the catalogue's lists once the first screen is idle
  await expect
    .poll(() => persistedKeys(page))
    .toEqual(expect.arrayContaining(['catalogue/models', 'catalogue/poses', 'catalogue/backgrounds']));

  await context.setOffline(true);
  await page.goto('/onmodel/upload');
  await choosePhoto(page, fixture('shirt-exif-rotated.jpg'));
  await nextButton(page).click();
  await page
    .getByRole('dialog', { name: 'Who will wear your garment?' })
    .getByRole('button', { name: 'Women', exact: true })
    .click();
  await expect(page.getByRole('button', { name: 'Choose Lena' })).toBeVisible();
  await expect(
    page.getByText('The catalogue has not been loaded on this device yet', { exact: false }),
  ).toHaveCount(0);
  await expectRealPictures(page, 'section[aria-label="Models"]');
});

test('offline with a catalogue never loaded: the step says so and offers a retry', async ({
  signedInPage: page,
  context,
}) => {
  // the catalogue's reads fail while the seller is online (a flaky connection), so nothing is kept
  const lists = /\/rest\/v1\/(models|poses|backgrounds)\b/;
  const refused = new Set<string>();
  await page.route(lists, (route) => {
    refused.add(lists.exec(route.request().url())?.[1] ?? '');
    return route.abort('connectionfailed');
  });
  await underServiceWorker(page, '/settings');
  // the shell asked for all three (and got no answer)
  await expect.poll(() => refused.size).toBe(3);
  expect(await persistedKeys(page)).not.toContain('catalogue/models');
  await page.unroute(lists);
  await context.setOffline(true);
  await page.goto('/onmodel/upload');
  await choosePhoto(page, fixture('shirt-exif-rotated.jpg'));
  await nextButton(page).click();
  await page
    .getByRole('dialog', { name: 'Who will wear your garment?' })
    .getByRole('button', { name: 'Women', exact: true })
    .click();
  const notLoaded = page.getByText('The catalogue has not been loaded on this device yet', { exact: false });
  await expect(notLoaded).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();

  await context.setOffline(false);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('button', { name: 'Choose Lena' })).toBeVisible();
  await expect(notLoaded).toHaveCount(0);
});

test('offline /home shows its cached data under the offline banner, not an error', async ({
  signedInPage: page,
  context,
}) => {
  await underServiceWorker(page, '/home');
  const stats = page.getByRole('region', { name: 'Project statistics' });
  await expect(stats.getByText('No projects yet')).toBeVisible();
  await expect
    .poll(() => persistedKeys(page))
    .toEqual(expect.arrayContaining([expect.stringMatching(/^dashboard\/stats\//)]));

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText("You're offline")).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Welcome( back)?, / })).toBeVisible();
  await expect(page.getByText('Error loading dashboard data', { exact: false })).toHaveCount(0);
  // the statistics come from the cache, not a skeleton left waiting
  await expect(stats.getByText('No projects yet')).toBeVisible();
});

test('/projects shows the thumbnails seen before from the worker, online without signing and offline; signing out forgets them', async ({
  page,
  stack,
  context,
}) => {
  const seller = await sellerOnPage(page, stack, { plan: 'pro' });
  const files = {
    original: await productPhoto(),
    generated: await productPhoto('#1e8449'),
    watermarked: await productPhoto('#7d3c98'),
  };
  await seedProjects(stack, seller, 2, files, { spreadDays: 1 });
  const thumbs = page.getByRole('article').locator('img');
  const loaded = () =>
    thumbs.evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length);
  const filed = () => page.evaluate(async () => (await (await caches.open('stored-images')).keys()).length);

  // the first visit the worker controls: no copy yet, so the pictures are signed, and filed
  await underServiceWorker(page, '/projects');
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect.poll(loaded).toBe(2);
  await expect.poll(filed).toBe(2);

  // opened again: the worker's copies, without signing
  const signings: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/storage/v1/object/sign/')) signings.push(r.url());
  });
  await page.reload();
  await expect.poll(loaded).toBe(2);
  await expect(thumbs.first()).toHaveAttribute('src', /\/storage\/v1\/object\/sign\/[^?]+\?.*copy=exact/);
  await expect(thumbs.first()).not.toHaveAttribute('src', /token=/);
  expect(signings).toEqual([]);

  // opened again with no connection: the list from the persisted cache, the pictures from the worker
  await context.setOffline(true);
  signings.length = 0;
  await page.reload();
  await expect(page.getByText("You're offline")).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect.poll(loaded).toBe(2);
  await expect(thumbs.first()).toHaveAttribute('src', /copy=any/);
  await expect(thumbs.last()).toHaveAttribute('src', /copy=any/);
  // nor does it try to sign them, a request that could not go out
  expect(signings).toEqual([]);

  await context.setOffline(false);
  await page.reload();
  await expect.poll(loaded).toBe(2);
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(() => page.evaluate(() => caches.has('stored-images'))).toBe(false);
});
