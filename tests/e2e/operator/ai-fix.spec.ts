// Trying a fix with AI first, on a phone in English and on a desktop in Greek: a seller on the
// free plan files a fix with a drawing; the operator presses "Try with AI" on its card, the
// local stack's FASHN stand-in edits the marked area, the AI's picture shows beside the
// original (the seller cannot see it), the operator sends it and the seller sees the fixed
// image, watermarked. axe on the card with both pictures; screenshots for review.
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
    tryAi: 'Try with AI',
    aiAttempt: "The AI's attempt",
    aiPicture: "The AI's picture",
    sendToSeller: 'Send to seller',
    discard: 'Discard',
    sent: 'The fixed picture was sent to the seller.',
    completed: 'Completed',
    fixedImage: (name: string) => `Fixed image for ${name}`,
  },
  el: {
    report: 'Αναφορά προβλήματος',
    drawingArea: 'Περιοχή σχεδίασης: σημειώστε τι πρέπει να διορθωθεί',
    describe: 'Περιγράψτε το πρόβλημα',
    submit: 'Υποβολή αιτήματος διόρθωσης',
    submitted: 'Το αίτημα διόρθωσης υποβλήθηκε με επιτυχία',
    fixCard: (name: string) => `Διόρθωση για «${name}»`,
    original: 'Αρχικό αποτέλεσμα',
    tryAi: 'Δοκιμή με τεχνητή νοημοσύνη',
    aiAttempt: 'Η προσπάθεια της τεχνητής νοημοσύνης',
    aiPicture: 'Η εικόνα της τεχνητής νοημοσύνης',
    sendToSeller: 'Αποστολή στον πωλητή',
    discard: 'Διαγραφή',
    sent: 'Η διορθωμένη εικόνα στάλθηκε στον πωλητή.',
    completed: 'Ολοκληρώθηκε',
    fixedImage: (name: string) => `Διορθωμένη εικόνα για το ${name}`,
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

async function operatorOnPage(
  browser: Browser,
  stack: StackInfo,
  locale: Locale,
  viewport: { width: number; height: number },
) {
  const op = await createSeller(stack, { fullName: 'Nikos Operator' });
  const set = await serviceClientOf(stack).auth.admin.updateUserById(op.id, {
    app_metadata: { role: 'operator' },
  });
  if (set.error) throw new Error(set.error.message);
  const context = await browser.newContext({ viewport, baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await skipSplash(page);
  await chooseLanguage(page, locale);
  await signInThroughApi(page, stack, op);
  return { op, page, context };
}

const loaded = (img: ReturnType<Page['getByRole']>) =>
  expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth ?? 0)).toBeGreaterThan(0);

const cases = [
  { locale: 'en', viewport: { width: 390, height: 844 } },
  { locale: 'el', viewport: { width: 1440, height: 900 } },
] as const;

for (const { locale, viewport } of cases) {
  test.describe(`${viewport.width}×${viewport.height} (${locale})`, () => {
    test.use({ viewport });

    test(`a fix tried with AI, seen beside the original and sent (${locale})`, async ({
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
      const [projectId] = await seedProjects(stack, seller, 1, files, { spreadDays: 0, namePrefix: 'AI ' });
      const name = 'AI Linen summer dress 1';

      // the seller circles the sleeve and describes the fix
      await page.goto(`/projects/${projectId}`);
      await page.getByRole('button', { name: w.report }).click();
      const dialog = page.getByRole('dialog', { name: w.report });
      const canvas = dialog.getByRole('img', { name: w.drawingArea });
      await animationsDone(page);
      const box = await canvas.boundingBox();
      if (!box) throw new Error('no canvas');
      const at = (fx: number, fy: number) => [box.x + box.width * fx, box.y + box.height * fy] as const;
      await page.mouse.move(...at(0.25, 0.25));
      await page.mouse.down();
      for (const [fx, fy] of [
        [0.45, 0.25],
        [0.45, 0.4],
        [0.25, 0.4],
        [0.25, 0.25],
      ] as const)
        await page.mouse.move(...at(fx, fy), { steps: 8 });
      await page.mouse.up();
      await expect(canvas).toHaveAttribute('data-strokes', '1');
      await dialog.getByRole('textbox', { name: w.describe }).fill('Make the left sleeve white');
      await dialog.getByRole('button', { name: w.submit }).click();
      await expect(page.getByRole('dialog', { name: w.submitted })).toBeVisible();

      const { page: console_, context } = await operatorOnPage(browser, stack, locale, viewport);
      try {
        await console_.goto('/operator');
        const card = console_.getByRole('article', { name: w.fixCard(name) });
        await expect(card.getByText('Make the left sleeve white')).toBeVisible();
        await card.getByRole('button', { name: w.tryAi }).click();

        // the AI's picture beside the original, for the operator only
        const attempt = card.getByRole('region', { name: w.aiAttempt });
        await expect(attempt).toBeVisible({ timeout: 60_000 });
        await loaded(attempt.getByRole('img', { name: w.original, exact: true }));
        await loaded(attempt.getByRole('img', { name: w.aiPicture, exact: true }));
        await expect(attempt.getByRole('button', { name: w.discard })).toBeVisible();
        const admin = serviceClientOf(stack);
        const { data: rows } = await admin
          .from('operator_fix_attempts')
          .select('status, result_path')
          .eq('seller_id', seller.id);
        expect(rows).toEqual([{ status: 'ready', result_path: expect.stringMatching(/\/ai-.+\.png$/) }]);
        const aiPath = (rows as { result_path: string }[])[0].result_path;
        // the seller's own session cannot read it
        expect((await seller.client.storage.from('fix-ai').download(aiPath)).error).not.toBeNull();

        expect(await seriousViolations(console_)).toEqual([]);
        await attempt.scrollIntoViewIfNeeded();
        await console_.screenshot({ path: test.info().outputPath(`ai-fix-${locale}.png`), fullPage: true });
        await console_.setViewportSize(
          locale === 'en' ? { width: 1440, height: 900 } : { width: 390, height: 844 },
        );
        expect(await console_.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          locale === 'en' ? 1440 : 390,
        );
        await console_.screenshot({
          path: test.info().outputPath(`ai-fix-${locale}-${locale === 'en' ? 'desktop' : 'phone'}.png`),
          fullPage: true,
        });
        await console_.setViewportSize(viewport);

        // nothing has reached the seller yet
        const { data: before } = await admin
          .from('fixes')
          .select('status, result_path')
          .eq('user_id', seller.id);
        expect(before).toEqual([{ status: 'pending', result_path: null }]);

        await attempt.getByRole('button', { name: w.sendToSeller }).click();
        await expect(console_.getByText(w.sent)).toBeVisible();
        await expect(card).toHaveCount(0);

        // the seller sees the fixed image (watermarked: free plan), which is the AI's edit
        await page.goto('/fixes');
        const item = page.getByRole('main').getByRole('listitem').filter({ hasText: name });
        await expect(item.getByText(w.completed, { exact: true })).toBeVisible();
        const result = item.getByRole('img', { name: w.fixedImage(name) });
        await expect(result).toHaveAttribute('src', /\/sign\/watermarked\//);
        await expect
          .poll(() => result.evaluate((img: HTMLImageElement) => img.naturalWidth))
          .toBeGreaterThan(0);
        const { data: fixes } = await admin.from('fixes').select('result_path').eq('user_id', seller.id);
        const fixedPath = (fixes as { result_path: string }[])[0].result_path;
        const fixed = await admin.storage.from('generated').download(fixedPath);
        const original = await sharp(files.generated)
          .removeAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true });
        const answer = await sharp(Buffer.from(await fixed.data!.arrayBuffer()))
          .removeAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true });
        expect([answer.info.width, answer.info.height]).toEqual([original.info.width, original.info.height]);
        expect(answer.data.equals(original.data)).toBe(false);
      } finally {
        await context.close();
      }
    });
  });
}
