// Settings › Billing on a Greek phone (390×844): the plan and portal buttons stand one a row,
// each the full width of its section and inside the screen (wrapped, they stood ragged).
import { expect, test } from '../support/fixtures.ts';
import { setPlan } from '../wizard/wizard-support.ts';
import { useLanguage } from '../support/skip-splash.ts';

test('Greek phone: billing buttons are one a row, full width, inside the screen', async ({
  signedInPage: page,
  stack,
  user,
}) => {
  await setPlan(stack, user.id, 'pro', 20);
  await useLanguage(page, 'el');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/settings?tab=billing');
  const buttons = [
    page.getByRole('link', { name: 'Αναβάθμιση πλάνου' }),
    page.getByRole('link', { name: 'Προσθήκη πιστώσεων' }),
    page.getByRole('link', { name: 'Υποβάθμιση' }),
    page.getByRole('button', { name: 'Διαχείριση χρεώσεων' }),
    page.getByRole('button', { name: 'Ακύρωση στην πύλη χρεώσεων' }),
  ];
  for (const b of buttons) await expect(b).toBeVisible();
  // measured together, once everything has loaded (boxes shift while the subscription loads)
  await page.waitForLoadState('networkidle');
  const boxes = [];
  for (const b of buttons) boxes.push((await b.boundingBox())!);
  for (const box of boxes) {
    expect(Math.abs(box.width - boxes[0].width)).toBeLessThan(1);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  // one a row: each starts below the one before it
  for (let i = 1; i < 3; i++) expect(boxes[i].y).toBeGreaterThan(boxes[i - 1].y + boxes[i - 1].height - 1);
});
