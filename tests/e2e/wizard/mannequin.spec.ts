// The mannequin shoot (issue 36), from the Mannequin card to a finished project, rendered by the
// local stack for real: the photo of a blouse on a dress form, its garment type, the chosen
// model, pose and background, Generate; the result shows the chosen model wearing the blouse.
// On a phone in English and on a desktop in Greek, with no serious accessibility violation on
// any of the wizard's screens; and offline mid-wizard, the shoot resumes from /create.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { headDistance } from '../projects/result-figure.ts';
import { serviceClientOf } from '../projects/seed.ts';
import { expect, test } from '../support/fixtures.ts';
import { animationsDone } from '../support/settled.ts';
import { useLanguage } from '../support/skip-splash.ts';
import {
  balance,
  choosePhoto,
  fixture,
  nextButton,
  openUploadUnderServiceWorker,
  serviceSelect,
} from './wizard-support.ts';

test.setTimeout(180_000);

const SHOTS = process.env.E2E_SHOTS_DIR;

const WORDS = {
  en: {
    card: /Mannequin/,
    guidelines: 'Content guidelines',
    continue: 'Continue',
    next: 'Next',
    progress: 'Upload progress',
    tip: 'The whole garment on the mannequin or dress form, front facing, at chest height',
    garmentRequired: 'Please select a garment type',
    top: 'Top',
    who: 'Who will wear your garment?',
    women: 'Women',
    model: 'Choose Sofia',
    pose: 'Front View',
    original: 'Original',
    background: 'Studio White',
    generate: /Generate/,
    typeLabel: 'Mannequin',
    image: /^Generated image of /,
  },
  el: {
    card: /Κούκλα βιτρίνας/,
    guidelines: 'Οδηγίες περιεχομένου',
    continue: 'Συνέχεια',
    next: 'Επόμενη',
    progress: 'Πρόοδος ανεβάσματος',
    tip: 'Ολόκληρο το ρούχο πάνω στην κούκλα ή στο ραπτικό μανεκέν, από μπροστά, στο ύψος του στήθους',
    garmentRequired: 'Επιλέξτε τύπο ενδύματος',
    top: 'Πάνω',
    who: 'Ποιος θα φορέσει το ρούχο σας;',
    women: 'Γυναίκες',
    model: 'Επιλογή: Σοφία',
    pose: 'Μπροστινή όψη',
    original: 'Αρχικό',
    background: 'Λευκό στούντιο',
    generate: /Δημιουργία/,
    typeLabel: 'Κούκλα βιτρίνας',
    image: /^Εικόνα του έργου /,
  },
} as const;

async function expectNoSeriousViolations(page: Page, what: string) {
  await animationsDone(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = serious.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
  expect(summary, `${what}: ${summary.join('\n')}`).toEqual([]);
}

/** Share of a picture's pixels near a colour. */
async function share(png: Buffer, colour: [number, number, number], within: number): Promise<number> {
  const raw = await sharp(png).removeAlpha().raw().toBuffer();
  let n = 0;
  for (let i = 0; i < raw.length; i += 3)
    if (Math.hypot(raw[i] - colour[0], raw[i + 1] - colour[1], raw[i + 2] - colour[2]) < within) n++;
  return n / (raw.length / 3);
}

const GREEN_BLOUSE: [number, number, number] = [47, 107, 79];

const cases = [
  { locale: 'en', viewport: { width: 390, height: 844 }, phone: true },
  { locale: 'el', viewport: { width: 1440, height: 900 }, phone: false },
] as const;

for (const { locale, viewport, phone } of cases) {
  test.describe(`${viewport.width}×${viewport.height} (${locale})`, () => {
    test.use({ viewport, ...(phone ? { hasTouch: true, isMobile: true, deviceScaleFactor: 2 } : {}) });

    test('a mannequin shoot from the photo to a finished project showing the chosen model', async ({
      signedInPage: page,
      stack,
      user,
    }) => {
      const w = WORDS[locale];
      await useLanguage(page, locale);
      await page.goto('/create');
      await page.getByRole('button', { name: w.card }).click();
      await page
        .getByRole('dialog', { name: w.guidelines })
        .getByRole('button', { name: w.continue })
        .click();
      await expect(page).toHaveURL(/\/mannequin\/upload$/);
      // the tips say what makes a good mannequin photo
      await expect(page.getByText(w.tip)).toBeAttached();
      await expectNoSeriousViolations(page, 'upload step');

      await choosePhoto(page, fixture('mannequin-blouse.jpg'));
      await expect(page.getByRole('progressbar', { name: w.progress })).toHaveAttribute(
        'aria-valuenow',
        '100',
        {
          timeout: 30_000,
        },
      );
      // the garment type comes first, as for flat-lay
      await expect(page.getByText(w.garmentRequired).first()).toBeVisible();
      await expect(page.getByRole('button', { name: w.next, exact: true })).toBeDisabled();
      await page.getByRole('radio', { name: w.top, exact: true }).check();
      await expectNoSeriousViolations(page, 'upload step with the photo');
      await page.getByRole('button', { name: w.next, exact: true }).click();

      await expect(page).toHaveURL(/\/mannequin\/models$/);
      await page
        .getByRole('dialog', { name: w.who })
        .getByRole('button', { name: w.women, exact: true })
        .click();
      await expectNoSeriousViolations(page, 'models step');
      await page.getByRole('button', { name: w.model }).click();
      await page.getByRole('button', { name: w.next, exact: true }).click();

      await expect(page).toHaveURL(/\/mannequin\/pose$/);
      await page.getByRole('radio', { name: w.pose }).click();
      await expectNoSeriousViolations(page, 'pose step');
      await page.getByRole('button', { name: w.next, exact: true }).click();

      await expect(page).toHaveURL(/\/mannequin\/background$/);
      // as on-model: Original is offered and chosen on entry
      await expect(page.getByRole('radio', { name: w.original })).toHaveAttribute('aria-checked', 'true');
      await page.getByRole('radio', { name: w.background }).click();
      await expectNoSeriousViolations(page, 'background step');
      await page.getByRole('button', { name: w.next, exact: true }).click();

      await expect(page).toHaveURL(/\/mannequin\/summary$/);
      await expect(page.getByText(w.top, { exact: true })).toBeVisible();
      await expect(page.getByTestId('credits-needed')).toHaveText('1');
      await expectNoSeriousViolations(page, 'summary');
      await page.getByRole('button', { name: w.generate }).click();
      await expect(page).toHaveURL(/\/projects$/, { timeout: 10_000 });
      await expect(page.getByRole('main').getByText(w.typeLabel, { exact: true }).first()).toBeVisible();

      const projects = () =>
        serviceSelect<{ id: string; status: string; type: string; metadata: { garmentTypes: string[] } }>(
          stack,
          'projects',
          `user_id=eq.${user.id}&select=id,status,type,metadata`,
        );
      await expect
        .poll(async () => (await projects())[0]?.status, { timeout: 150_000, intervals: [500] })
        .toBe('completed');
      const [project] = await projects();
      expect(project).toMatchObject({ type: 'mannequin', metadata: { garmentTypes: ['top'] } });
      expect(await balance(stack, user.id)).toBe(1);

      await page.goto(`/projects/${project.id}`);
      const shown = page.getByRole('img', { name: w.image }).first();
      await expect(shown).toBeVisible();
      await expect
        .poll(() => shown.evaluate((img) => (img as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
      await expect(page.getByRole('main').getByText(w.typeLabel, { exact: true }).first()).toBeVisible();
      if (SHOTS) {
        // the result as the seller sees it on arrival, and scrolled to the generated picture
        await mkdir(SHOTS, { recursive: true });
        const shot = (name: string) =>
          path.join(SHOTS, `mannequin-${name}-${viewport.width}x${viewport.height}-${locale}.png`);
        await animationsDone(page);
        await page.screenshot({ path: shot('result') });
        await shown.scrollIntoViewIfNeeded();
        await expect(shown).toBeInViewport();
        await animationsDone(page);
        await page.screenshot({ path: shot('result-image') });
      }

      // the clean result: the chosen model (Sofia, not Zoe) wears the green blouse
      const [image] = await serviceSelect<{ generated_path: string }>(
        stack,
        'images',
        `project_id=eq.${project.id}&select=generated_path`,
      );
      const { data } = await serviceClientOf(stack).storage.from('generated').download(image.generated_path);
      const result = Buffer.from(await data!.arrayBuffer());
      const chosen = await headDistance(result, 'sofia');
      expect(chosen).toBeLessThan(25);
      expect(await headDistance(result, 'zoe')).toBeGreaterThan(chosen * 2);
      expect(await share(result, GREEN_BLOUSE, 40)).toBeGreaterThan(0.02);
    });
  });
}

test('offline mid-wizard: a reload keeps the mannequin photo, its garment type and the choices; /create resumes it', async ({
  signedInPage: page,
  context,
  stack,
  user,
}) => {
  await openUploadUnderServiceWorker(page, '/mannequin');

  await context.setOffline(true);
  await choosePhoto(page, fixture('mannequin-blouse.jpg'));
  await expect(page.getByText('Saved on this device. It uploads when you are back online.')).toBeVisible();
  expect(await serviceSelect(stack, 'uploaded_files', `user_id=eq.${user.id}`)).toEqual([]);
  await page.getByRole('radio', { name: 'Full outfit' }).check();
  await nextButton(page).click();
  await page
    .getByRole('dialog', { name: 'Who will wear your garment?' })
    .getByRole('button', { name: 'Women', exact: true })
    .click();
  await page.getByRole('button', { name: 'Choose Lena' }).click();
  await nextButton(page).click();
  await page.getByRole('radio', { name: 'Side View' }).click();

  // the phone drops the page; it comes back offline, on the same step
  await page.reload();
  await expect(page).toHaveURL(/\/mannequin\/pose$/);
  await expect(page.getByRole('radio', { name: 'Side View' })).toHaveAttribute('aria-checked', 'true');

  // /create offers the saved mannequin shoot back
  await page.goto('/create');
  const waiting = page.getByRole('region', { name: 'Mannequin shoot' });
  await expect(waiting).toContainText('Your mannequin shoot is waiting');
  await waiting.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/mannequin\/pose$/);
  await page
    .getByRole('navigation', { name: 'Steps' })
    .getByRole('link', { name: /Select Products/ })
    .click();
  await expect(page.getByRole('img', { name: /Your product: mannequin-blouse\.jpg/ })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Full outfit' })).toBeChecked();

  // back online: the queued upload goes out, and the shoot is generated as a mannequin project
  await context.setOffline(false);
  await expect(page.getByText('Uploaded', { exact: true })).toBeVisible({ timeout: 30_000 });
  expect(await serviceSelect(stack, 'uploaded_files', `user_id=eq.${user.id}`)).toHaveLength(1);
  await nextButton(page).click();
  await expect(page.getByRole('button', { name: 'Choose Lena' })).toHaveAttribute('aria-pressed', 'true');
  await nextButton(page).click();
  await page.getByRole('radio', { name: 'Side View' }).click();
  await nextButton(page).click();
  await nextButton(page).click();
  await expect(page).toHaveURL(/\/mannequin\/summary$/);
  await page.getByRole('button', { name: /Generate/ }).click();
  await expect(page).toHaveURL(/\/projects$/, { timeout: 10_000 });
  const [project] = await serviceSelect<{ type: string; metadata: { garmentTypes: string[] } }>(
    stack,
    'projects',
    `user_id=eq.${user.id}&select=type,metadata`,
  );
  expect(project).toMatchObject({ type: 'mannequin', metadata: { garmentTypes: ['full'] } });
  expect(await balance(stack, user.id)).toBe(1);
});
