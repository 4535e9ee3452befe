// The flat-lay wizard: a garment type is required (top, bottom or full outfit), later steps
// stay inert in the breadcrumb, the background starts empty and has no Original, and the
// summary goes back to the upload when a choice is missing.
import { expect, test } from '../support/fixtures.ts';
import {
  balance,
  choosePhoto,
  expectUploaded,
  fixture,
  nextButton,
  openWizard,
  serviceSelect,
} from './wizard-support.ts';

test('flat-lay with a garment type, to Generate', async ({ signedInPage: page, stack, user }) => {
  await openWizard(page, 'Flat-Lay');
  await expect(page.getByRole('link', { name: /photo combiner|Combine them/i })).toHaveAttribute(
    'href',
    '/tools/photo-combiner',
  );
  await choosePhoto(page, fixture('flatlay-top.jpg'));
  await expectUploaded(page);

  // a garment type is required before Next
  await expect(page.getByText('Please select a garment type').first()).toBeVisible();
  await expect(nextButton(page)).toBeDisabled();
  await page.getByRole('radio', { name: 'Full outfit' }).check();
  await expect(nextButton(page)).toBeEnabled();

  const steps = page.getByRole('navigation', { name: 'Steps' });
  // flat-lay: later steps are inert even when allowed by the choices
  await expect(steps.getByText('Select Models')).toHaveAttribute('aria-disabled', 'true');
  await nextButton(page).click();
  await expect(page).toHaveURL(/\/flatlay\/models$/);

  // the summary by URL, with choices missing, goes back to the upload
  await page.goto('/flatlay/summary');
  await expect(page).toHaveURL(/\/flatlay\/upload$/);
  await expect(page.getByRole('radio', { name: 'Full outfit' })).toBeChecked();
  await nextButton(page).click();

  const gender = page.getByRole('dialog', { name: 'Who will wear your garment?' });
  await gender.getByRole('button', { name: 'Men', exact: true }).click();
  await page.getByRole('button', { name: 'Choose Nikos' }).click();
  await nextButton(page).click();
  await page.getByRole('radio', { name: 'Back View' }).click();
  await nextButton(page).click();
  await expect(page).toHaveURL(/\/flatlay\/background$/);
  // flat-lay: no Original, and nothing chosen on entry
  await expect(page.getByRole('radio', { name: 'Original' })).toHaveCount(0);
  await expect(page.getByRole('radio', { name: 'Beach' })).toHaveAttribute('aria-checked', 'false');
  await expect(nextButton(page)).toBeDisabled();
  await page.getByRole('radio', { name: 'Beach' }).click();
  await nextButton(page).click();

  await expect(page).toHaveURL(/\/flatlay\/summary$/);
  await expect(page.getByText('Full outfit')).toBeVisible();
  await expect(page.getByTestId('credits-needed')).toHaveText('1');
  await page.getByRole('button', { name: /Generate/ }).click();
  await expect(page).toHaveURL(/\/projects$/, { timeout: 10_000 });

  const [project] = await serviceSelect<{
    type: string;
    metadata: { garmentTypes: string[]; selectedPoses: number };
  }>(stack, 'projects', `user_id=eq.${user.id}&select=type,metadata`);
  expect(project).toMatchObject({ type: 'flat-lay', metadata: { garmentTypes: ['full'], selectedPoses: 1 } });
  expect(await balance(stack, user.id)).toBe(1);
});
