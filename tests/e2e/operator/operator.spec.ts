// The operator console (/operator), on a phone in English and on a desktop in Greek: a seller on
// the free plan files a fix with a drawing; an operator answers it with a picture from the fix
// queue; the seller sees the fixed image, watermarked. A seller is sent away from /operator and
// has no link to it. The operator grants 5 credits with a reason on the seller's page (Sellers
// tab); the seller's history shows it.
// axe on both console screens; screenshots of each for review.
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { signInThroughApi, type StackInfo } from '../support/auth-api.ts';
import { expect, test } from '../support/fixtures.ts';
import { animationsDone } from '../support/settled.ts';
import { skipSplash, useLanguage as chooseLanguage } from '../support/skip-splash.ts';
import { sellerOnPage } from '../projects/helpers.ts';
import {
  createSeller,
  productPhoto,
  type ProjectFiles,
  seedProjects,
  serviceClientOf,
} from '../projects/seed.ts';

test.setTimeout(120_000);

const WORDS = {
  en: {
    report: 'Report an Issue',
    drawingArea: 'Drawing area: mark what should be fixed',
    describe: 'Describe the issue',
    submit: 'Submit fix request',
    submitted: 'Fix request submitted successfully',
    fixCard: (name: string) => `Fix for "${name}"`,
    original: 'Original result',
    drawing: "The seller's drawing",
    answer: 'Answer with a picture',
    fixedPicture: 'Fixed picture',
    preview: 'The fix, as it will be sent',
    send: 'Send',
    sent: 'The fixed picture was sent to the seller.',
    freeNote: 'This seller is on the free plan: they will see the picture with the watermark.',
    completed: 'Completed',
    fixedImage: (name: string) => `Fixed image for ${name}`,
    refused: 'Only the Drape team can open the operator console.',
    accountMenu: (name: string) => `Account menu for ${name}`,
    consoleLink: 'Operator console',
    sellersTab: 'Sellers',
    search: 'E-mail or name',
    find: 'Find',
    amount: 'Credits',
    reason: 'Reason (the seller sees it in their history)',
    review: 'Review',
    confirmTitle: 'Add 5 credits?',
    confirm: 'Confirm',
    done: (email: string) => `Done: ${email} now has`,
    adjustment: 'Balance adjustment',
    plus5: '+5 credits',
  },
  el: {
    report: 'Αναφορά προβλήματος',
    drawingArea: 'Περιοχή σχεδίασης: σημειώστε τι πρέπει να διορθωθεί',
    describe: 'Περιγράψτε το πρόβλημα',
    submit: 'Υποβολή αιτήματος διόρθωσης',
    submitted: 'Το αίτημα διόρθωσης υποβλήθηκε με επιτυχία',
    fixCard: (name: string) => `Διόρθωση για «${name}»`,
    original: 'Αρχικό αποτέλεσμα',
    drawing: 'Το σχέδιο του πωλητή',
    answer: 'Απάντηση με εικόνα',
    fixedPicture: 'Διορθωμένη εικόνα',
    preview: 'Η διόρθωση, όπως θα σταλεί',
    send: 'Αποστολή',
    sent: 'Η διορθωμένη εικόνα στάλθηκε στον πωλητή.',
    freeNote: 'Ο πωλητής έχει το δωρεάν πρόγραμμα: θα δει την εικόνα με υδατογράφημα.',
    completed: 'Ολοκληρώθηκε',
    fixedImage: (name: string) => `Διορθωμένη εικόνα για το ${name}`,
    refused: 'Μόνο η ομάδα του Drape μπορεί να ανοίξει την κονσόλα διαχείρισης.',
    accountMenu: (name: string) => `Μενού λογαριασμού για ${name}`,
    consoleLink: 'Κονσόλα διαχείρισης',
    sellersTab: 'Πωλητές',
    search: 'Email ή όνομα',
    find: 'Αναζήτηση',
    amount: 'Πιστώσεις',
    reason: 'Αιτία (ο πωλητής τη βλέπει στο ιστορικό του)',
    review: 'Έλεγχος',
    confirmTitle: 'Να προστεθούν 5 πιστώσεις;',
    confirm: 'Επιβεβαίωση',
    done: (email: string) => `Έγινε: ο λογαριασμός ${email} έχει τώρα`,
    adjustment: 'Διόρθωση υπολοίπου',
    plus5: '+5 πιστώσεις',
  },
} as const;

type Locale = keyof typeof WORDS;

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** An operator (the role set with the service role, as `npm run operator -- add` does), signed in on a page of its own. */
async function operatorOnPage(
  browser: Browser,
  stack: StackInfo,
  locale: Locale,
  viewport: { width: number; height: number },
) {
  const op = await createSeller(stack, { fullName: 'Nikos Operator' });
  const admin = serviceClientOf(stack);
  const set = await admin.auth.admin.updateUserById(op.id, { app_metadata: { role: 'operator' } });
  if (set.error) throw new Error(set.error.message);
  const context = await browser.newContext({ viewport, baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await skipSplash(page);
  await chooseLanguage(page, locale);
  await signInThroughApi(page, stack, op);
  return { op, page, context };
}

const cases = [
  { locale: 'en', viewport: { width: 390, height: 844 } },
  { locale: 'el', viewport: { width: 1440, height: 900 } },
] as const;

for (const { locale, viewport } of cases) {
  test.describe(`${viewport.width}×${viewport.height} (${locale})`, () => {
    test.use({ viewport });

    test(`a fix answered in the console, a seller refused, 5 credits granted (${locale})`, async ({
      page,
      stack,
      browser,
    }) => {
      const w = WORDS[locale];
      await chooseLanguage(page, locale);
      const seller = await sellerOnPage(page, stack, { plan: 'free', fullName: 'Eleni Seller' });
      const files: ProjectFiles = {
        original: await productPhoto(),
        generated: await productPhoto('#1e8449'),
        watermarked: await productPhoto('#7d3c98'),
      };
      const [projectId] = await seedProjects(stack, seller, 1, files, { spreadDays: 0, namePrefix: 'Op ' });
      const name = 'Op Linen summer dress 1';

      // the seller files a fix with a drawing (1 credit: the free plan has no free fixes)
      await page.goto(`/projects/${projectId}`);
      await page.getByRole('button', { name: w.report }).click();
      const dialog = page.getByRole('dialog', { name: w.report });
      const canvas = dialog.getByRole('img', { name: w.drawingArea });
      await animationsDone(page);
      const box = await canvas.boundingBox();
      if (!box) throw new Error('no canvas');
      await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.3);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.5, { steps: 10 });
      await page.mouse.up();
      await expect(canvas).toHaveAttribute('data-strokes', '1');
      await dialog.getByRole('textbox', { name: w.describe }).fill('Please make the sleeve shorter');
      await dialog.getByRole('button', { name: w.submit }).click();
      await expect(page.getByRole('dialog', { name: w.submitted })).toBeVisible();

      // a seller is sent away from /operator, and has no link to it
      await page.goto('/operator');
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByText(w.refused)).toBeVisible();
      await page.getByRole('button', { name: w.accountMenu('Eleni Seller') }).click();
      await expect(page.getByRole('menuitem').first()).toBeVisible();
      await expect(page.getByRole('menuitem', { name: w.consoleLink })).toHaveCount(0);
      await page.keyboard.press('Escape');

      // the operator finds it in the queue: the original beside the drawing, the description
      const { page: console_, context } = await operatorOnPage(browser, stack, locale, viewport);
      try {
        await console_.goto('/home');
        await console_.getByRole('button', { name: w.accountMenu('Nikos Operator') }).click();
        await console_.getByRole('menuitem', { name: w.consoleLink }).click();
        await expect(console_).toHaveURL(/\/operator$/);
        const card = console_.getByRole('article', { name: w.fixCard(name) });
        await expect(card.getByText('Please make the sleeve shorter')).toBeVisible();
        await expect(card.getByText(seller.email)).toBeVisible();
        for (const label of [w.original, w.drawing]) {
          const img = card.getByRole('img', { name: label, exact: true });
          await expect
            .poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth ?? 0))
            .toBeGreaterThan(0);
        }
        await card.getByRole('button', { name: w.answer }).click();
        await expect(card.getByText(w.freeNote)).toBeVisible();
        const fixed = await sharp({ create: { width: 400, height: 500, channels: 3, background: '#f1c40f' } })
          .png()
          .toBuffer();
        await card
          .getByLabel(w.fixedPicture)
          .setInputFiles({ name: 'fixed.png', mimeType: 'image/png', buffer: fixed });
        await expect(card.getByRole('img', { name: w.preview })).toBeVisible();
        expect(await seriousViolations(console_)).toEqual([]);
        await console_.screenshot({
          path: test.info().outputPath(`fix-queue-${locale}.png`),
          fullPage: true,
        });
        // nothing wider than a phone; the queue on a phone in this language too, for review
        await console_.setViewportSize({ width: 390, height: 844 });
        expect(await console_.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        await console_.screenshot({
          path: test.info().outputPath(`fix-queue-${locale}-phone.png`),
          fullPage: true,
        });
        await console_.setViewportSize(viewport);
        await card.getByRole('button', { name: w.send }).click();
        await expect(console_.getByText(w.sent)).toBeVisible();
        await expect(card).toHaveCount(0);

        // the seller sees the fixed image, watermarked (free plan)
        await page.goto('/fixes');
        const item = page.getByRole('main').getByRole('listitem').filter({ hasText: name });
        await expect(item.getByText(w.completed, { exact: true })).toBeVisible();
        const result = item.getByRole('img', { name: w.fixedImage(name) });
        await expect(result).toHaveAttribute('src', /\/sign\/watermarked\//);
        await expect
          .poll(() => result.evaluate((img: HTMLImageElement) => img.naturalWidth))
          .toBeGreaterThan(0);

        // 5 credits with a reason
        await console_.getByRole('link', { name: w.sellersTab, exact: true }).click();
        await console_.getByRole('textbox', { name: w.search }).fill(seller.email);
        await console_.getByRole('button', { name: w.find, exact: true }).click();
        await console_.getByRole('link', { name: new RegExp(seller.email.replace(/[.+]/g, '\\$&')) }).click();
        await console_.getByRole('textbox', { name: w.amount, exact: true }).fill('5');
        await console_.getByRole('textbox', { name: w.reason }).fill('Sorry for the wait on your fix');
        expect(await seriousViolations(console_)).toEqual([]);
        await console_.screenshot({ path: test.info().outputPath(`credits-${locale}.png`), fullPage: true });
        await console_.getByRole('button', { name: w.review }).click();
        const confirm = console_.getByRole('alertdialog', { name: w.confirmTitle });
        await confirm.getByRole('button', { name: w.confirm }).click();
        await expect(console_.getByText(w.done(seller.email))).toBeVisible();

        await page.goto('/history');
        // the history is a table on a desktop and a list on a phone: the one shown has the row
        const entry = (
          viewport.width < 768 ? page.getByRole('main').getByRole('listitem') : page.getByRole('row')
        )
          .filter({ hasText: 'Sorry for the wait on your fix' })
          .filter({ visible: true });
        await expect(entry).toHaveCount(1);
        await expect(entry).toContainText(w.adjustment);
        await expect(entry).toContainText(w.plus5);
        const admin = serviceClientOf(stack);
        const { data: ledger } = await admin
          .from('credit_ledger')
          .select('amount, details')
          .eq('user_id', seller.id)
          .eq('reason', 'adjustment');
        expect(ledger).toEqual([
          { amount: 5, details: { note: 'Sorry for the wait on your fix', byOperator: true } },
        ]);
      } finally {
        await context.close();
      }
    });
  });
}
