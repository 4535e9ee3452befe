import sharp from 'sharp';
import { expect, test } from '../support/fixtures.ts';

test('the manifest makes the app installable', async ({ request }) => {
  const res = await request.get('/manifest.webmanifest');
  expect(res.ok()).toBe(true);
  const manifest = await res.json();
  expect(manifest).toMatchObject({
    name: expect.stringContaining('Drape'),
    short_name: 'Drape',
    display: 'standalone',
    start_url: '/home',
    theme_color: '#1f1b16',
  });
  const sizes = manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes}:${i.purpose}`);
  expect(sizes).toEqual(expect.arrayContaining(['192x192:any', '512x512:any', '512x512:maskable']));
  for (const icon of manifest.icons) expect((await request.get(icon.src)).ok()).toBe(true);
  expect(manifest.id).toBe('/');
  // the rich install dialog: real pictures of the app, phone and desktop, each as its size says
  const shots = manifest.screenshots as { src: string; sizes: string; form_factor: string; label: string }[];
  expect(shots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'narrow', 'wide', 'wide']);
  for (const shot of shots) {
    expect(shot.label.length).toBeGreaterThan(10);
    const res = await request.get(shot.src);
    expect(res.ok(), shot.src).toBe(true);
    const body = await res.body();
    expect(body.length, shot.src).toBeLessThan(150 * 1024);
    const { width, height } = await sharp(body).metadata();
    expect(`${width}x${height}`, shot.src).toBe(shot.sizes);
    expect(shot.sizes).toBe(shot.form_factor === 'narrow' ? '390x844' : '1440x900');
  }
  // the long-press menu of the installed icon opens each of these screens
  expect(manifest.shortcuts.map((s: { url: string }) => s.url)).toEqual([
    '/onmodel/upload',
    '/flatlay/upload',
    '/mannequin/upload',
    '/projects',
  ]);
});

test('once visited, the app opens offline on its shell', async ({ signedInPage: page, context }) => {
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: /^Welcome( back)?, / })).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The worker controls the page after a reload; let it finish precaching first.
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Welcome( back)?, / })).toBeVisible();
  // Chromium's offline emulation does not reach navigator.onLine of a document loaded while
  // emulating (it reads true); applying it again tells the page, as a real connection loss does.
  await context.setOffline(false);
  await context.setOffline(true);
  await expect(page.getByText("You're offline")).toBeVisible();
  await context.setOffline(false);
});
