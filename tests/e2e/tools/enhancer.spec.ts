// The Image Enhancer end to end, on the device as a seller uses it: a 512×768 photo through the
// wizard's pipeline → 2× in the enhancer's worker (here Chromium has no GPU, so WebAssembly) →
// the before/after slider → downloads of exactly 1024×1536 pixels, as PNG and as WebP; nothing
// charged. A phone in English and a desktop in Greek, axe on each state, the free plan locked,
// Cancel. Screenshots of the phone's before/after land in the test's output folder.
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Download, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from '../support/fixtures.ts';
import { creditsOf, ledgerOf, openAs, sellerOnPlan, toolActivity } from './tool-support.ts';

async function expectNoSeriousViolations(page: Page, what: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = serious.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
  expect(summary, `${what}: ${summary.join('\n')}`).toEqual([]);
}

/** A product photo with detail to enhance: a knit's stripes, a label's letters, sensor grain. */
async function knitPhoto(width: number, height: number): Promise<Buffer> {
  const stripes = Array.from(
    { length: 40 },
    (_, i) => `<rect x="0" y="${i * 20}" width="600" height="9" fill="#2c3e50" opacity="0.55"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 512 768" preserveAspectRatio="none">
    <rect width="512" height="768" fill="#efebe5"/>
    <path d="M150 120 L210 90 Q256 130 302 90 L362 120 L430 250 L372 280 L356 240 L356 690 L156 690 L156 240 L140 280 L82 250 Z" fill="#c0392b"/>
    <g clip-path="url(#body)">${stripes}</g>
    <clipPath id="body"><path d="M150 120 L210 90 Q256 130 302 90 L362 120 L430 250 L372 280 L356 240 L356 690 L156 690 L156 240 L140 280 L82 250 Z"/></clipPath>
    <rect x="226" y="150" width="60" height="26" fill="#fff"/>
    <text x="256" y="168" font-size="13" font-family="sans-serif" text-anchor="middle" fill="#111">LINEN</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer();
}

/** Picks a choice as a seller does: a tap on its card (the radio inside is visually hidden). */
async function choose(page: Page, name: RegExp) {
  await page
    .locator('label')
    .filter({ has: page.getByRole('radio', { name }) })
    .click();
  await expect(page.getByRole('radio', { name })).toBeChecked();
}

async function pixelsOf(download: Download) {
  const bytes = await readFile((await download.path())!);
  const meta = await sharp(bytes).metadata();
  return { format: meta.format, width: meta.width, height: meta.height };
}

test.describe('on a phone, in English', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a Lite seller doubles a 512×768 photo to 1024×1536 on the device, free, and downloads it', async ({
    page,
    stack,
  }) => {
    test.setTimeout(300_000);
    const seller = await sellerOnPlan(stack, 'lite');
    const credits = await creditsOf(stack, seller.id);
    const ledger = await ledgerOf(stack, seller.id);
    await openAs(page, stack, seller);

    await page.goto('/tools');
    const card = page.getByTestId('tool-image-enhancer');
    await expect(card.getByText('Free · runs on your device')).toBeVisible();
    await card.getByRole('link', { name: 'Image Enhancer' }).click();
    await expect(page.getByRole('heading', { name: 'Image Enhancer', level: 1 })).toBeVisible();
    await expect(page.getByText('Free · runs on your device')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoSeriousViolations(page, 'enhancer, empty');

    await page
      .getByTestId('enhancer-input')
      .setInputFiles({ name: 'Striped top.jpg', mimeType: 'image/jpeg', buffer: await knitPhoto(512, 768) });
    await expect(page.getByRole('img', { name: 'Your product as uploaded' })).toBeVisible();
    await expect(page.getByText('Striped top.jpg · 512 × 768 px')).toBeVisible();
    await expect(page.getByRole('radio', { name: /2×/ })).toBeChecked();
    await expect(page.getByRole('radio', { name: /4×/ })).toBeEnabled();
    await expect(page.getByText('1,024 × 1,536 px')).toBeVisible();

    await page.getByRole('button', { name: 'Enhance', exact: true }).click();
    await expect(page.getByRole('progressbar')).toBeVisible();
    await expect(page.getByTestId('enhancer-result')).toBeVisible({ timeout: 240_000 });
    await expect(page.getByText('1,024 × 1,536 pixels · enhanced 2× on this device')).toBeVisible();
    await expectNoSeriousViolations(page, 'enhancer, with a result');

    const png = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    const pngFile = await png;
    expect(pngFile.suggestedFilename()).toBe('striped-top-enhanced-2x.png');
    expect(await pixelsOf(pngFile)).toEqual({ format: 'png', width: 1024, height: 1536 });

    await choose(page, /WebP/);
    const webp = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    const webpFile = await webp;
    expect(webpFile.suggestedFilename()).toBe('striped-top-enhanced-2x.webp');
    expect(await pixelsOf(webpFile)).toEqual({ format: 'webp', width: 1024, height: 1536 });

    // before/after on the phone, whole and close up
    const result = page.getByTestId('enhancer-result');
    await page.getByRole('button', { name: 'Before / after' }).click();
    await expect(page.getByRole('slider', { name: 'Compare before and after' })).toBeVisible();
    await result.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('enhancer-phone-compare.png') });
    await page.getByRole('button', { name: 'Close-up' }).click();
    await expect(page.getByRole('button', { name: 'Close-up' })).toHaveAttribute('aria-pressed', 'true');
    await result.screenshot({ path: test.info().outputPath('enhancer-phone-close-up.png') });
    await expectNoSeriousViolations(page, 'enhancer, before/after close-up');

    // on the device: nothing charged, nothing recorded
    expect(await creditsOf(stack, seller.id)).toBe(credits);
    expect(await ledgerOf(stack, seller.id)).toEqual(ledger);
    expect(await toolActivity(stack, seller.id)).toEqual([]);
  });

  test('the free plan sees the enhancer locked, with the way to upgrade', async ({ page, stack }) => {
    const seller = await sellerOnPlan(stack, 'free');
    await openAs(page, stack, seller);
    await page.goto('/tools');
    const card = page.getByTestId('tool-image-enhancer');
    await expect(card.getByText('Available on the Lite, Pro and Advanced plans')).toBeVisible();
    await expect(card.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/pricing');
    await expect(card.getByRole('link', { name: 'Image Enhancer' })).toHaveCount(0);

    await page.goto('/tools/image-enhancer');
    await expect(page.getByTestId('enhancer-locked')).toBeVisible();
    await expect(page.getByTestId('enhancer-input')).toHaveCount(0);
    await expectNoSeriousViolations(page, 'enhancer, locked');
  });
});

test.describe('on a desktop, in Greek', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a Pro seller enlarges 4×, cancels a long run, and sees the 4096 px cap', async ({ page, stack }) => {
    test.setTimeout(300_000);
    const seller = await sellerOnPlan(stack, 'pro');
    await openAs(page, stack, seller, 'el');
    await page.goto('/tools/image-enhancer');
    await expect(page.getByRole('heading', { name: 'Βελτίωση εικόνας', level: 1 })).toBeVisible();
    await expect(page.getByText('Δωρεάν · λειτουργεί στη συσκευή σας')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoSeriousViolations(page, 'enhancer el, empty');

    // 4× of a small photo
    await page
      .getByTestId('enhancer-input')
      .setInputFiles({ name: 'label.jpg', mimeType: 'image/jpeg', buffer: await knitPhoto(160, 240) });
    await expect(page.getByText('label.jpg · 160 × 240 px')).toBeVisible();
    await choose(page, /4×/);
    await page.getByRole('button', { name: 'Βελτίωση', exact: true }).click();
    await expect(page.getByTestId('enhancer-result')).toBeVisible({ timeout: 180_000 });
    await expect(page.getByText('640 × 960 pixel · βελτιωμένη 4× σε αυτή τη συσκευή')).toBeVisible();
    const jpg = page.waitForEvent('download');
    await choose(page, /JPG/);
    await page.getByRole('button', { name: 'Λήψη', exact: true }).click();
    expect(await pixelsOf(await jpg)).toEqual({ format: 'jpeg', width: 640, height: 960 });
    await expectNoSeriousViolations(page, 'enhancer el, with a result');

    // a photo whose 4× would pass 4096 px: only 2× can be chosen
    await page.getByRole('button', { name: 'Βελτίωση άλλης φωτογραφίας' }).click();
    await page
      .getByTestId('enhancer-input')
      .setInputFiles({ name: 'top.jpg', mimeType: 'image/jpeg', buffer: await knitPhoto(1200, 1800) });
    await expect(page.getByRole('radio', { name: /4×/ })).toBeDisabled();
    await expect(page.getByText('πάνω από 4096 px')).toBeVisible();
    await expect(
      page.getByText('Στο 4× αυτή η φωτογραφία θα ξεπερνούσε τα 4096 pixel στη μεγάλη της πλευρά'),
    ).toBeVisible();

    // Cancel stops the run: no result, the button is back
    await choose(page, /2×/);
    await page.getByRole('button', { name: 'Βελτίωση', exact: true }).click();
    await expect(page.getByRole('progressbar')).toBeVisible();
    await page.getByRole('button', { name: 'Ακύρωση' }).click();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Βελτίωση', exact: true })).toBeVisible();
    await expect(page.getByTestId('enhancer-result')).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
