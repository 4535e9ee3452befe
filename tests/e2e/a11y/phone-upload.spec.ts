// The upload steps on a phone (390×844): axe finds nothing serious (the steps' list scrolls
// sideways and takes focus to be scrolled by keyboard), and the help offers the five photo
// tips, in English and Greek.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../support/fixtures.ts';
import { useLanguage } from '../support/skip-splash.ts';

test.use({ viewport: { width: 390, height: 844 } });

for (const locale of ['en', 'el'] as const) {
  test(`upload steps at 390×844 in ${locale}: no serious axe violation, five photo tips`, async ({
    signedInPage: page,
  }) => {
    await useLanguage(page, locale);
    for (const path of ['/onmodel/upload', '/flatlay/upload']) {
      await page.goto(path);
      await expect(page.getByTestId('photo-input')).toBeAttached();
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(serious, path).toEqual([]);
    }

    await page
      .getByRole('button', { name: locale === 'en' ? 'Photo tips' : 'Συμβουλές φωτογραφίας' })
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: locale === 'en' ? 'Tip 5' : /5/ })).toBeVisible();
    await expect(
      dialog.getByRole('heading', { name: locale === 'en' ? 'Use soft daylight' : 'Απαλό φως ημέρας' }),
    ).toBeVisible();
  });
}
