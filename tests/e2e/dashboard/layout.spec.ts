// Layout of the dashboard and the header's credits dropdown where Greek words run long: the
// statistics tiles keep their labels inside at a narrow desktop width and end level with the
// subscription card beside them, the dark credits card's
// button is a light button (not ink on ink), and on a phone the credits dropdown's figures
// stay on one line across the full-width panel.
import type { Page } from '@playwright/test';
import { serviceInsert } from '../support/auth-api.ts';
import { expect, test } from '../support/fixtures.ts';
import { useLanguage } from '../support/skip-splash.ts';

/** Labels wider than their box, or running past the box they sit in. */
async function overflowing(page: Page, selector: string, within: string) {
  return page.evaluate(
    ([sel, box]) =>
      [...document.querySelectorAll<HTMLElement>(sel)].flatMap((el) => {
        const outer = (el.closest(box) as HTMLElement).getBoundingClientRect();
        const r = el.getBoundingClientRect();
        const cut =
          el.scrollWidth > el.clientWidth + 1 || r.right > outer.right + 0.5 || r.left < outer.left - 0.5;
        return cut
          ? [`${el.textContent} (${Math.round(r.left)}–${Math.round(r.right)} in ${Math.round(outer.right)})`]
          : [];
      }),
    [selector, within] as const,
  );
}

/** Relative luminance (0 dark … 1 light) of a computed rgb() colour. */
function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
  const lin = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

test('Greek desktop: statistics labels stay inside their tiles; Purchase credits is a light button', async ({
  signedInPage: page,
  stack,
  user,
}) => {
  for (const status of ['completed', 'processing', 'rejected'])
    await serviceInsert(stack, 'projects', {
      user_id: user.id,
      name: `Φόρεμα ${status}`,
      type: 'on-model',
      status,
    });
  await useLanguage(page, 'el');
  // a narrow desktop: the statistics card is two thirds of what is left beside the sidebar
  await page.setViewportSize({ width: 1100, height: 900 });
  await page.goto('/home');
  const stats = page.getByRole('region', { name: 'Στατιστικά έργων' });
  await expect(stats.getByText('Ολοκληρωμένα')).toBeVisible();
  expect(await overflowing(page, 'section[aria-labelledby="stats-title"] dt', 'dl > div')).toEqual([]);

  // statistics and subscription stand side by side and end on one line
  await page.setViewportSize({ width: 1440, height: 900 });
  const bottom = (id: string) =>
    page.locator(`section[aria-labelledby="${id}"]`).evaluate((el) => el.getBoundingClientRect().bottom);
  await expect(page.locator('section[aria-labelledby="subscription-title"]')).toBeVisible();
  // polled: after the resize the cards rise in and the shell's columns ease to their new widths
  await expect
    .poll(async () => Math.abs((await bottom('stats-title')) - (await bottom('subscription-title'))))
    .toBeLessThan(1);

  const buy = page.getByRole('link', { name: 'Αγορά πιστώσεων' });
  const colours = await buy.evaluate((el) => {
    const cs = getComputedStyle(el);
    return { background: cs.backgroundColor, color: cs.color };
  });
  expect(luminance(colours.background)).toBeGreaterThan(0.6);
  expect(luminance(colours.color)).toBeLessThan(0.2);
});

test('Greek phone: the credits dropdown spans the screen and its figures stay whole', async ({
  signedInPage: page,
}) => {
  await useLanguage(page, 'el');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/home');
  // the recent-activity link stays on its title's line (the Greek words pushed it under)
  const activity = page.getByRole('heading', { name: 'Πρόσφατη δραστηριότητα' });
  const history = page
    .locator('section[aria-labelledby="activity-title"]')
    .getByRole('link', { name: 'Ιστορικό', exact: true });
  await expect(history).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  const sideBySide = async () => {
    const [title, link] = [(await activity.boundingBox())!, (await history.boundingBox())!];
    return link.y < title.y + title.height && link.x > title.x + title.width;
  };
  await expect.poll(sideBySide).toBe(true);

  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Πιστώσεις: απομένουν/ })
    .click();
  const rows = page.locator('dl').filter({ hasText: 'Τρέχων κύκλος' });
  await expect(rows).toBeVisible();
  // the panel is fixed 8 px from each side; its content (padding 20 px) reaches near the right edge
  const box = (await rows.boundingBox())!;
  expect(box.x + box.width).toBeGreaterThan(390 - 8 - 24 - 2);
  expect(await overflowing(page, 'dl dd', 'dl')).toEqual([]);
  // each figure is one line: under two font sizes tall ('36 + 1 χρησιμοποιημένες' wrapped before)
  const ems = await rows
    .locator('dd')
    .evaluateAll((els) =>
      els.map((el) => el.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(el).fontSize)),
    );
  expect(ems.length).toBeGreaterThan(2);
  for (const em of ems) expect(em).toBeLessThan(2);
});
