// The models step: filters, the preview gallery (arrow keys, thumbnails, Escape), favourites kept
// on this device; and the custom model and background cards — locked below Advanced, described
// and generated on Advanced.
import { expect, test } from '../support/fixtures.ts';
import {
  choosePhoto,
  expectUploaded,
  fixture,
  nextButton,
  openWizard,
  serviceSelect,
  setPlan,
} from './wizard-support.ts';

test('filters, gallery and favourites', async ({ signedInPage: page }) => {
  await openWizard(page, 'On-Model');
  await choosePhoto(page, fixture('flatlay-top.jpg'));
  await expectUploaded(page);
  await nextButton(page).click();
  await page
    .getByRole('dialog', { name: 'Who will wear your garment?' })
    .getByRole('button', { name: 'Women', exact: true })
    .click();

  // free plan: My models and the custom model are locked
  await expect(page.getByText('Available only in Advanced Plan')).toHaveCount(2);
  await expect(
    page.getByRole('region', { name: 'My models' }).getByText('Available only in Advanced Plan'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Choose Custom Model' })).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Age' }).selectOption('36-45');
  await expect(page.getByRole('button', { name: /^Choose / })).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Choose Nadia' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Choose Lena' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Gender' }).selectOption('men');
  await expect(page.getByRole('button', { name: 'Choose Marco' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Choose Adrian' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Choose Nadia' })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Age' }).selectOption('all');

  // the gallery: four pictures and the clip, arrow keys, thumbnails, Escape
  await page.getByRole('button', { name: 'Preview Marco' }).click();
  const gallery = page.getByRole('dialog', { name: 'Marco' });
  await expect(gallery.getByText('1 / 4')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(gallery.getByText('2 / 4')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(gallery.getByText('4 / 4')).toBeVisible();
  await expect(gallery.locator('video')).toBeVisible();
  await gallery.getByRole('button', { name: 'Picture 3' }).click();
  await expect(gallery.getByText('3 / 4')).toBeVisible();
  await expect(gallery.getByRole('img', { name: 'Marco, 3 of 4' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(gallery).toBeHidden();

  // a favourite stays after a reload (kept on this device)
  await page.getByRole('button', { name: 'Favourite Marco' }).click();
  await expect(page.getByRole('button', { name: 'Favourite Marco' })).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Favourite Marco' })).toHaveAttribute('aria-pressed', 'true');
  // the gender chosen is remembered
  await expect(page.getByRole('combobox', { name: 'Gender' })).toHaveValue('men');
});

test('Advanced: a described custom model and background reach the project', async ({
  signedInPage: page,
  stack,
  user,
}) => {
  await setPlan(stack, user.id, 'advanced', 30);
  await openWizard(page, 'On-Model');
  await choosePhoto(page, fixture('flatlay-top.jpg'));
  await expectUploaded(page);
  await nextButton(page).click();
  await page
    .getByRole('dialog', { name: 'Who will wear your garment?' })
    .getByRole('button', { name: 'Women', exact: true })
    .click();

  await page.getByRole('button', { name: 'Describe' }).click();
  const model = page.getByLabel('Custom Model');
  await model.fill('   ');
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await model.fill('Woman in her fifties, silver bob, warm smile');
  await model.press('Enter');
  await expect(page.getByText('Woman in her fifties, silver bob, warm smile')).toBeVisible();
  await expect(nextButton(page)).toBeEnabled();
  await nextButton(page).click();
  await page.getByRole('radio', { name: 'Front View' }).click();
  await nextButton(page).click();

  await page.getByRole('button', { name: 'Describe' }).click();
  const background = page.getByLabel('Custom Background');
  // the field stops at the server's 500 characters and says how many are used
  await background.fill('a'.repeat(600));
  await expect(background).toHaveValue('a'.repeat(500));
  await expect(page.getByText('500 of 500 characters')).toBeVisible();
  // a line break (Shift+Enter) is kept in the field and sent as a space: one line
  await background.fill('Sunlit rooftop');
  await background.press('Shift+Enter');
  await background.pressSequentially('in Athens at dusk');
  await expect(page.getByText('32 of 500 characters')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await nextButton(page).click();
  await expect(page.getByText('Sunlit rooftop in Athens at dusk')).toBeVisible();
  await page.getByRole('button', { name: /Generate/ }).click();
  await expect(page).toHaveURL(/\/projects$/, { timeout: 10_000 });
  const [project] = await serviceSelect<{
    custom_model: string;
    custom_background: string;
    model_id: number | null;
  }>(stack, 'projects', `user_id=eq.${user.id}&select=custom_model,custom_background,model_id`);
  expect(project).toEqual({
    custom_model: 'Woman in her fifties, silver bob, warm smile',
    custom_background: 'Sunlit rooftop in Athens at dusk',
    model_id: null,
  });
});
