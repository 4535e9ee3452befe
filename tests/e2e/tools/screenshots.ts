// Screenshots of every screen at phone (360×800) and desktop (1440×900) size, in English and
// Greek, for looking at the design. Runs against a running stack:
//   APP_URL=http://localhost:3110 API_URL=http://localhost:55431 ANON_KEY=… SERVICE_KEY=… \
//   npx tsx tests/e2e/tools/screenshots.ts [outDir] [filter]
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { createConfirmedUser, serviceInsert, signInThroughApi, type StackInfo } from '../support/auth-api.ts';

const appUrl = process.env.APP_URL ?? 'http://localhost:3110';
const stack: StackInfo = {
  apiUrl: process.env.API_URL!,
  anonKey: process.env.ANON_KEY!,
  serviceKey: process.env.SERVICE_KEY!,
};
const outDir = process.argv[2] ?? '/tmp/drape-shots';
const filter = process.argv[3] ?? '';

const publicScreens = [
  '/login',
  '/signup',
  '/forgot-password',
  '/content-guidelines',
  '/reset-password?token=bogus',
  '/nowhere',
];
const appScreens = ['/home', '/settings', '/settings?tab=billing', '/projects'];
const sizes = [
  { name: 'phone', width: 360, height: 800 },
  { name: 'desktop', width: 1440, height: 900 },
];

async function shoot(page: Page, route: string, file: string) {
  await page.goto(`${appUrl}${route}`);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(700);
  await page.screenshot({ path: file, fullPage: true });
  console.log(file);
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
mkdirSync(outDir, { recursive: true });
const user = await createConfirmedUser(stack, { fullName: 'Eleni Papadopoulou' });
// A lived-in account: a few projects in different states and some notifications.
for (const [name, status] of [
  ['Linen summer dress', 'completed'],
  ['Wool overcoat', 'processing'],
  ['Silk scarf flat-lay', 'completed'],
  ['Denim jacket', 'rejected'],
] as const) {
  const [p] = await serviceInsert(stack, 'projects', {
    user_id: user.id,
    name,
    type: name.includes('flat') ? 'flat-lay' : 'on-model',
    status,
  });
  if (status === 'completed') {
    await serviceInsert(stack, 'notifications', {
      user_id: user.id,
      type: 'project_completed',
      title: 'Project completed',
      message: `Your project "${name}" is ready.`,
      project_id: p.id,
      data: { projectName: name },
    });
  }
}
for (const locale of ['en', 'el'] as const) {
  for (const size of sizes) {
    const slug = (r: string) => r.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-') || 'root';
    const anon = await browser.newContext({ viewport: size, deviceScaleFactor: 1 });
    await anon.addInitScript((l) => {
      localStorage.setItem('language', l);
      sessionStorage.setItem('drape.splashSeen', '1');
    }, locale);
    const anonPage = await anon.newPage();
    for (const r of publicScreens.filter((r) => r.includes(filter)))
      await shoot(anonPage, r, path.join(outDir, `${locale}-${size.name}-${slug(r)}.png`));
    await anon.close();

    const signedIn = await browser.newContext({ viewport: size, deviceScaleFactor: 1 });
    await signedIn.addInitScript((l) => {
      localStorage.setItem('language', l);
      sessionStorage.setItem('drape.splashSeen', '1');
    }, locale);
    const page = await signedIn.newPage();
    await signInThroughApi(page, stack, user);
    for (const r of appScreens.filter((r) => r.includes(filter)))
      await shoot(page, r, path.join(outDir, `${locale}-${size.name}-${slug(r)}.png`));
    if (!filter || filter === 'overlays') {
      await page.goto(`${appUrl}/home`);
      await page.waitForLoadState('networkidle');
      const header = page.getByRole('banner');
      const overlays = [
        ['bell', header.getByRole('button').nth(1)],
        ['credits', header.getByRole('button').nth(2)],
        ['user-menu', header.getByRole('button').nth(3)],
      ] as const;
      for (const [name, trigger] of overlays) {
        await trigger.click();
        await page.waitForTimeout(400);
        await page.screenshot({ path: path.join(outDir, `${locale}-${size.name}-overlay-${name}.png`) });
        await page.keyboard.press('Escape');
      }
      await header.getByRole('button').nth(3).click();
      await page.getByRole('menuitem').nth(1).click();
      await page.waitForTimeout(400);
      await page.screenshot({ path: path.join(outDir, `${locale}-${size.name}-overlay-feedback.png`) });
      await page.keyboard.press('Escape');
      if (size.name === 'phone') {
        await header.getByRole('button').first().click();
        await page.waitForTimeout(400);
        await page.screenshot({ path: path.join(outDir, `${locale}-${size.name}-overlay-drawer.png`) });
        await page.keyboard.press('Escape');
      }
    }
    await signedIn.close();
  }
}
await browser.close();
