// /projects on a first visit: the first cards' pictures come signed with the list (the
// projects-first-screen function, one round trip), at the size the grid's CSS predicts for the
// screen, which is the size each card asks for once laid out: on a phone (390 px, 2× pixels)
// and on a desktop (1440 px). No card of the first two rows signs its own picture, and the
// service worker (its precache) is registered only once the first picture has come. The app's
// type faces are asked for only after it too, and drawn with from the next screen on.
import type { Page, Request } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { sellerOnPage } from './helpers.ts';
import { productPhoto, seedProjects } from './seed.ts';

test.setTimeout(90_000);

/** The width a signed thumbnail asks Storage for (its token's transformations claim). */
function requestedWidth(src: string): number {
  const token = new URL(src).searchParams.get('token') ?? '';
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    transformations?: string;
  };
  return Number(/(?:^|,)width:(\d+)/.exec(claims.transformations ?? '')?.[1]);
}

/** cardSize (src/features/projects/image-sources.ts): the smallest listed width covering it. */
const covering = (cssWidth: number, dpr: number) =>
  [320, 480, 720, 960].find((w) => w >= Math.ceil(cssWidth * Math.min(dpr, 3))) ?? 960;

async function firstScreen(
  page: Page,
  stack: Parameters<typeof sellerOnPage>[1],
  dpr: number,
  /** the cards of the first two rows: a phone's one column, a desktop's three */
  firstRows: number,
) {
  const seller = await sellerOnPage(page, stack, { plan: 'pro' });
  const generated = await productPhoto('#2c6e49');
  const ids = await seedProjects(stack, seller, 8, {
    original: await productPhoto(),
    generated,
    watermarked: generated,
  });
  const signs: string[] = [];
  const firstReads: Request[] = [];
  const order: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/storage/v1/object/sign/')) signs.push(r.url());
    if (r.url().includes('/functions/v1/projects-first-screen') && r.method() === 'POST') firstReads.push(r);
    // the worker's registration starts by loading workbox-window (features/pwa/sw-registration.ts)
    if (/\/assets\/workbox-window[^/]*\.js$/.test(new URL(r.url()).pathname)) order.push('service worker');
    if (new URL(r.url()).pathname.endsWith('.woff2')) order.push('font');
  });
  page.on('requestfinished', (r) => {
    if (r.url().includes('/storage/v1/render/image/sign/')) order.push('picture');
  });
  // The pictures are held back until the page has had its idle moments after the first screen
  // (where the worker used to be registered): nothing of the worker's is asked for meanwhile.
  let releasePictures: () => void = () => undefined;
  const pictures = new Promise<void>((resolve) => {
    releasePictures = resolve;
  });
  await page.route('**/storage/v1/render/image/sign/**', async (route) => {
    await pictures;
    await route.continue();
  });
  await page.goto('/projects');
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.evaluate(async () => {
    for (let i = 0; i < 3; i++) await new Promise((idle) => requestIdleCallback(idle, { timeout: 5000 }));
    // a request of the page's own after those moments: its events come after any sent in them
    await fetch('/manifest.webmanifest');
  });
  expect(order).toEqual([]);
  releasePictures();
  const first = page.getByRole('article').first().locator('img').first();
  await expect(first).toHaveJSProperty('complete', true);
  await expect(first).toHaveAttribute('data-loaded', 'true');
  const shown = await first.evaluate(
    (img) => (img.parentElement as HTMLElement).getBoundingClientRect().width,
  );
  const src = (await first.getAttribute('src')) ?? '';
  // the list and its pictures came in one read; the first card's picture is the one it signed
  expect(firstReads).toHaveLength(1);
  expect(requestedWidth(src)).toBe(covering(shown, dpr));
  // the cards of the first two rows, all the screen shows, were signed with the list: none asked
  // on its own (below them, cards sign their own pictures as they come near)
  const visible = await page
    .getByRole('article')
    .evaluateAll((cards) => cards.filter((c) => c.getBoundingClientRect().top < window.innerHeight).length);
  expect(visible).toBeGreaterThan(0);
  expect(visible).toBeLessThanOrEqual(firstRows);
  expect(signs.filter((url) => ids.slice(0, firstRows).some((id) => url.includes(id)))).toEqual([]);
  // the precache did not share the link with the first picture
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  expect(order).toContain('service worker');
  expect(order[0]).toBe('picture');
  // the type faces came after the picture; the list keeps the system's until the next screen
  await expect.poll(() => order.includes('font')).toBe(true);
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-web-fonts', 'later');
  await page.getByRole('article').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}/);
  await expect(html).toHaveAttribute('data-web-fonts', '');
  expect(await page.evaluate(() => document.fonts.check('600 16px Inter'))).toBe(true);
}

test.describe('a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  test('gets the first pictures signed with the list, at the size its cards draw them', async ({
    page,
    stack,
  }) => {
    await firstScreen(page, stack, 2, 2);
  });
});

test.describe('a desktop', () => {
  test.use({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
  test('gets the first pictures signed with the list, at the size its cards draw them', async ({
    page,
    stack,
  }) => {
    await firstScreen(page, stack, 1, 6);
  });
});
