// Fix requests: drawn with the mouse on a desktop and with a finger on a phone, sent with the
// note, confirmed for 5 s, listed on /fixes with their status; the fix workflow receives the
// annotated image as a PNG data URL.
import type { BrowserContext } from '@playwright/test';
import { signInThroughApi } from '../support/auth-api.ts';
import { expect, test } from '../support/fixtures.ts';
import { animationsDone } from '../support/settled.ts';
import { startWebhookCatcher } from '../support/webhook-catcher.ts';
import { sellerOnPage, touchStroke } from './helpers.ts';
import { filesOf, generateProject, seedProjects } from './seed.ts';

test.setTimeout(120_000);

test('a fix drawn with the mouse and one drawn on a phone reach the fix workflow and /fixes', async ({
  page,
  stack,
  browser,
}) => {
  const catcher = await startWebhookCatcher();
  try {
    const seller = await sellerOnPage(page, stack, { plan: 'pro', extraCredits: 5 });
    const first = await generateProject(seller);
    await seller.client.rpc('rename_project', { project_id: first, name: 'Silk blouse' });
    const [second] = await seedProjects(stack, seller, 1, await filesOf(stack, first), {
      spreadDays: 0,
      namePrefix: 'Phone ',
    });

    // desktop, mouse
    await page.goto(`/projects/${first}`);
    await page.getByRole('button', { name: 'Report an Issue' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report an Issue' });
    await expect(
      dialog.getByText('This fix is free: 2 of 2 free fixes left for this project.'),
    ).toBeVisible();
    const canvas = dialog.getByRole('img', { name: 'Drawing area: mark what should be fixed' });
    // the dialog grows into place: measure once it has settled
    await animationsDone(page);
    const box = await canvas.boundingBox();
    if (!box) throw new Error('no canvas');
    expect([Math.round(box.width * 100) / 100, Math.round(box.height * 100) / 100]).toEqual([449.61, 678.97]);
    await page.mouse.move(box.x + 150, box.y + 250);
    await page.mouse.down();
    await page.mouse.move(box.x + 260, box.y + 320, { steps: 10 });
    await page.mouse.up();
    await expect(canvas).toHaveAttribute('data-strokes', '1');
    await dialog.getByRole('button', { name: 'Submit fix request' }).click();
    await expect(dialog.getByText('Please describe the issue')).toBeVisible();
    await dialog
      .getByRole('textbox', { name: 'Describe the issue' })
      .fill('The left sleeve should be shorter');
    await dialog.getByRole('button', { name: 'Submit fix request' }).click();
    const done = page.getByRole('dialog', { name: 'Fix request submitted successfully' });
    await expect(done).toBeVisible();
    // the confirmation closes itself after 5 s
    await expect(done).toBeHidden({ timeout: 8000 });

    const notice = await catcher.waitFor(
      (b) => b?.projectId === first && typeof b.annotatedImage === 'string',
      20_000,
    );
    expect(notice.description).toBe('The left sleeve should be shorter');
    expect(notice.annotatedImage).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(notice.annotatedImage.split(',')[1], 'base64');
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');

    // one pending fix per project: the dialog says so before the seller writes
    await page.getByRole('button', { name: 'Report an Issue' }).click();
    await expect(page.getByText('You already have a pending fix request for this project')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit fix request' })).toBeDisabled();
    await page.keyboard.press('Escape');

    // phone, finger
    const phone: BrowserContext = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      baseURL: test.info().project.use.baseURL,
    });
    const mobile = await phone.newPage();
    await mobile.addInitScript(() => window.sessionStorage.setItem('drape.splashSeen', '1'));
    await signInThroughApi(mobile, stack, seller);
    await mobile.goto(`/projects/${second}`);
    // double-tap zooms the generated image
    const zoom = mobile.getByTestId('touch-zoom');
    await expect(zoom.locator('img')).toBeVisible();
    const z = await zoom.boundingBox();
    if (!z) throw new Error('no zoom area');
    await mobile.touchscreen.tap(z.x + z.width / 2, z.y + z.height / 2);
    await mobile.touchscreen.tap(z.x + z.width / 2, z.y + z.height / 2);
    await expect(zoom).toHaveAttribute('data-scale', '2.50');

    await mobile.getByRole('button', { name: 'Report an Issue' }).click();
    const sheet = mobile.getByRole('dialog', { name: 'Report an Issue' });
    const small = sheet.getByRole('img', { name: 'Drawing area: mark what should be fixed' });
    // the sheet rises into place: measure once it has settled
    await expect
      .poll(async () => {
        const box = await small.boundingBox();
        return box && [Math.round(box.width), Math.round(box.height)];
      })
      .toEqual([300, 450]);
    const s = await small.boundingBox();
    if (!s) throw new Error('no canvas');
    await touchStroke(mobile, { x: s.x + 80, y: s.y + 120 }, { x: s.x + 200, y: s.y + 220 });
    await expect(small).toHaveAttribute('data-strokes', '1');
    await sheet.getByRole('textbox', { name: 'Describe the issue' }).fill('Logo missing on the chest');
    await sheet.getByRole('button', { name: 'Submit fix request' }).click();
    await expect(mobile.getByRole('dialog', { name: 'Fix request submitted successfully' })).toBeVisible();
    await phone.close();

    // /fixes lists both, newest first, with the status label and the project's name
    await page.goto('/fixes');
    const items = page.getByRole('listitem').filter({ hasText: 'Pending Review' });
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText('Logo missing on the chest');
    await expect(items.nth(1)).toContainText('Silk blouse');
    await expect(page.getByText('Page 1 of 1')).toBeVisible();
  } finally {
    await catcher.close();
  }
});
