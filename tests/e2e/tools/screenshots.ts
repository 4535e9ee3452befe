// Screenshots of every screen at phone (390×844) and desktop (1440×900) size, in English and
// Greek, for looking at the design. Runs against a running stack (`npm start`, whose engine
// makes one real generation; the other projects reuse its files through the seed of the
// projects' end-to-end tests, so every card shows real pictures):
//   APP_URL=http://localhost:3110 API_URL=http://localhost:55431 ANON_KEY=… SERVICE_KEY=… \
//   npx tsx tests/e2e/tools/screenshots.ts [outDir] [filter]
// (LOCALES=el for one language; filter 'wizard' or 'overlays' for those walks only)
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { serviceInsert, signInThroughApi, type StackInfo } from '../support/auth-api.ts';
import { processingProject } from '../projects/helpers.ts';
import { createSeller, filesOf, generateProject, seedProjects, serviceClientOf } from '../projects/seed.ts';
import { animationsDone } from '../support/settled.ts';

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
const appScreens = [
  '/home',
  '/settings',
  '/settings?tab=billing',
  '/projects',
  '/fixes',
  '/archived',
  '/create',
  '/pricing',
  '/history',
  '/tools',
  '/tools/photo-combiner',
  '/tools/background-remover',
  '/video/select-project',
];
const photos = path.resolve(import.meta.dirname, '../../fixtures/photos');
// the words the wizard walk clicks, per language
const words = {
  en: {
    continue: 'Continue',
    next: 'Next',
    women: 'Women',
    choose: 'Choose Zoe',
    preview: 'Preview Zoe',
    tips: 'Tips',
  },
  el: {
    continue: 'Συνέχεια',
    next: 'Επόμενη',
    women: 'Γυναίκες',
    choose: 'Επιλογή: Ζωή',
    preview: 'Προεπισκόπηση: Ζωή',
    tips: 'Συμβουλές',
  },
} as const;

/** /pricing's dialogs (enterprise contact, downgrade), the 500-credit state and /success. */
async function shootPricing(page: Page, locale: 'en' | 'el', file: (name: string) => string) {
  const snap = async (name: string) => {
    await animationsDone(page);
    await page.screenshot({ path: file(name) });
    console.log(file(name));
  };
  await page.goto(`${appUrl}/pricing`);
  await page.waitForLoadState('networkidle');
  await page.locator('#credit-slider').fill('500');
  await page.locator('#credit-slider').scrollIntoViewIfNeeded();
  await snap('pricing-500');
  await page.getByRole('button', { name: locale === 'el' ? 'Επικοινωνήστε μαζί μας' : 'Contact Us' }).click();
  await snap('pricing-enterprise-dialog');
  await page.keyboard.press('Escape');
  await page
    .getByRole('button', { name: locale === 'el' ? 'Υποβάθμιση' : 'Downgrade' })
    .first()
    .click();
  await snap('pricing-downgrade-dialog');
  await page.keyboard.press('Escape');
  for (const [name, route] of [
    ['success-none', '/success'],
    ['success-unknown', '/success?session_id=cs_test_unknown'],
  ] as const) {
    await page.goto(`${appUrl}${route}`);
    await page.waitForLoadState('networkidle');
    await snap(name);
  }
}

/** /create with its dialogs, then each step of both wizards (with the gender and gallery dialogs). */
async function shootWizards(page: Page, locale: 'en' | 'el', file: (name: string) => string) {
  const w = words[locale];
  const snap = async (name: string, fullPage = true) => {
    // from the top, or the fixed header lands mid-page in a full-page shot
    if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForLoadState('networkidle');
    await animationsDone(page);
    await page.screenshot({ path: file(name), fullPage });
    console.log(file(name));
  };
  await page.goto(`${appUrl}/create`);
  await page.getByRole('button', { name: w.tips }).click();
  await snap('create-tips', false);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /Mannequin|Κούκλα βιτρίνας/ }).click();
  await snap('create-mannequin', false);
  await page.keyboard.press('Escape');
  for (const [flow, card, photo] of [
    ['onmodel', /On-Model|Σε μοντέλο/, 'shirt-exif-rotated.jpg'],
    ['flatlay', /Flat-Lay/, 'flatlay-top.jpg'],
  ] as const) {
    await page.goto(`${appUrl}/create`);
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: card }).click();
    await snap(`${flow}-0-guidelines`, false);
    await page.getByRole('dialog').getByRole('button', { name: w.continue }).click();
    await page.waitForURL(/\/upload$/);
    await snap(`${flow}-1-upload-empty`);
    await page.getByTestId('photo-input').setInputFiles(path.join(photos, photo));
    await page
      .getByRole('progressbar')
      .and(page.locator('[aria-valuenow="100"]'))
      .waitFor({ timeout: 30_000 });
    if (flow === 'flatlay') await page.getByRole('radio').last().check();
    await snap(`${flow}-1-upload`);
    await page.getByRole('button', { name: w.next, exact: true }).click();
    await page.waitForURL(/\/models$/);
    await snap(`${flow}-2-gender`, false);
    await page.getByRole('dialog').getByRole('button', { name: w.women, exact: true }).click();
    await page.getByRole('button', { name: w.choose }).click();
    await snap(`${flow}-2-models`);
    await page.getByRole('button', { name: w.preview }).click();
    await snap(`${flow}-2-gallery`, false);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: w.next, exact: true }).click();
    await page.waitForURL(/\/pose$/);
    await page.getByRole('radio').nth(1).click();
    await snap(`${flow}-3-pose`);
    await page.getByRole('button', { name: w.next, exact: true }).click();
    await page.waitForURL(/\/background$/);
    await page.getByRole('radio').nth(2).click();
    await snap(`${flow}-4-background`);
    await page.getByRole('button', { name: w.next, exact: true }).click();
    await page.waitForURL(/\/summary$/);
    await snap(`${flow}-5-summary`);
  }
}
const sizes = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
];

async function shoot(page: Page, route: string, file: string) {
  await page.goto(`${appUrl}${route}`);
  await page.waitForLoadState('networkidle');
  // pictures load as they come near the screen: scroll through the page first
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 600) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await animationsDone(page);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForLoadState('networkidle');
  await animationsDone(page);
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
// A lived-in account: one real generation, projects over the last weeks with its pictures,
// one still generating, one rejected, one archived, fix requests (one answered), notifications.
const seller = await createSeller(stack, { plan: 'pro', extraCredits: 10, fullName: 'Eleni Papadopoulou' });
const user = seller;
const admin = serviceClientOf(stack);
const real = await generateProject(seller);
await admin.from('projects').update({ name: 'Linen summer dress' }).eq('id', real);
const files = await filesOf(stack, real);
const seeded = await seedProjects(stack, seller, 9, files, { spreadDays: 45 });
await processingProject(stack, seller, files, 'Wool overcoat', 2);
await admin.from('projects').update({ status: 'rejected' }).eq('id', seeded[3]);
await admin.from('projects').update({ status: 'archived' }).eq('id', seeded[5]);
for (const [projectId, description] of [
  [real, 'The left sleeve should be shorter'],
  [seeded[1], 'Logo missing on the chest'],
] as const) {
  const { data } = await seller.client.rpc('request_project_fix', { project_id: projectId, description });
  const fixId = (data as { fix: { id: string } } | null)?.fix.id;
  if (fixId && projectId === real) {
    const name = `${seller.id}/${projectId}/fix-${fixId}.png`;
    await admin.storage.from('generated').upload(name, files.generated, { contentType: 'image/png' });
    await admin.storage.from('watermarked').upload(name, files.watermarked, { contentType: 'image/png' });
    await admin.rpc('complete_fix', {
      fix_id: fixId,
      status: 'completed',
      result_path: name,
      watermarked_path: name,
    });
  }
}
for (const projectId of [real, seeded[0]]) {
  await serviceInsert(stack, 'notifications', {
    user_id: user.id,
    type: 'project_completed',
    title: 'Project completed',
    message: 'Your project is ready.',
    project_id: projectId,
    data: { projectName: projectId === real ? 'Linen summer dress' : 'Linen summer dress 1' },
  });
}
appScreens.push(`/projects/${real}`);
const newcomer = await createSeller(stack, { plan: 'free', fullName: 'Nikos Georgiou' });
for (const locale of (process.env.LOCALES?.split(',') ?? ['en', 'el']) as ('en' | 'el')[]) {
  for (const size of sizes) {
    const slug = (r: string) =>
      r
        .replace(/^\//, '')
        .replace(real, 'detail')
        .replace(/[^a-z0-9]+/gi, '-') || 'root';
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
    if (!filter || filter === 'pricing')
      await shootPricing(page, locale, (name) => path.join(outDir, `${locale}-${size.name}-${name}.png`));
    if (!filter || filter === 'wizard')
      await shootWizards(page, locale, (name) => path.join(outDir, `${locale}-${size.name}-${name}.png`));
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
        await animationsDone(page);
        await page.screenshot({ path: path.join(outDir, `${locale}-${size.name}-overlay-${name}.png`) });
        await page.keyboard.press('Escape');
      }
      await header.getByRole('button').nth(3).click();
      await page.getByRole('menuitem').nth(1).click();
      await animationsDone(page);
      await page.screenshot({ path: path.join(outDir, `${locale}-${size.name}-overlay-feedback.png`) });
      await page.keyboard.press('Escape');
      await header.getByRole('button').nth(3).click();
      await page.getByRole('menuitem').nth(0).click();
      await animationsDone(page);
      await page.screenshot({ path: path.join(outDir, `${locale}-${size.name}-overlay-contact.png`) });
      await page.keyboard.press('Escape');
      if (size.name === 'phone') {
        await header.getByRole('button').first().click();
        await animationsDone(page);
        await page.screenshot({ path: path.join(outDir, `${locale}-${size.name}-overlay-drawer.png`) });
        await page.keyboard.press('Escape');
      }
    }
    await signedIn.close();

    // a new seller on the free plan: the empty states (dashboard, video selection, history)
    if (!filter || filter === 'fresh') {
      const fresh = await browser.newContext({ viewport: size, deviceScaleFactor: 1 });
      await fresh.addInitScript((l) => {
        localStorage.setItem('language', l);
        sessionStorage.setItem('drape.splashSeen', '1');
      }, locale);
      const freshPage = await fresh.newPage();
      await signInThroughApi(freshPage, stack, newcomer);
      for (const r of ['/home', '/video/select-project', '/history'])
        await shoot(freshPage, r, path.join(outDir, `${locale}-${size.name}-fresh-${slug(r)}.png`));
      await fresh.close();
    }
  }
}
await browser.close();
