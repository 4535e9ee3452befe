// What a seller sees of a fix request once the fix workflow answers (spec 2 §4 "Fix status"),
// in English on a paid plan and in Greek on the free plan: the status changing live on the
// project page, the fixed image (clean when paid, watermarked when free) with a download, a
// rejection with the workflow's note (a paid fix gets its credit back), and deleting a fix
// request on /fixes (spec 2 §2, §5) with its drawing.
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { useLanguage } from '../support/skip-splash.ts';
import type { StackInfo } from '../support/auth-api.ts';
import { expect, test } from '../support/fixtures.ts';
import { sellerOnPage } from './helpers.ts';
import { type ProjectFiles, productPhoto, type SeedSeller, seedProjects, serviceClientOf } from './seed.ts';

test.setTimeout(90_000);

const WORDS = {
  en: {
    section: 'Fix requests',
    pending: 'Pending Review',
    completed: 'Completed',
    rejected: 'Rejected',
    fixedImage: (name: string) => `Fixed image for ${name}`,
    download: (name: string) => `Download the fixed image for ${name}`,
    fileName: (name: string) => `${name} fixed.png`,
    note: (note: string) => `Note: ${note}`,
    deleteFix: (name: string) => `Delete fix request for ${name}`,
    confirm: 'Delete Confirmation',
    delete: 'Delete',
  },
  el: {
    section: 'Αιτήματα διόρθωσης',
    pending: 'Σε αναμονή ελέγχου',
    completed: 'Ολοκληρώθηκε',
    rejected: 'Απορρίφθηκε',
    fixedImage: (name: string) => `Διορθωμένη εικόνα για το ${name}`,
    download: (name: string) => `Λήψη της διορθωμένης εικόνας για το ${name}`,
    fileName: (name: string) => `${name} διορθωμένο.png`,
    note: (note: string) => `Σημείωση: ${note}`,
    deleteFix: (name: string) => `Διαγραφή του αιτήματος διόρθωσης για το ${name}`,
    confirm: 'Επιβεβαίωση διαγραφής',
    delete: 'Διαγραφή',
  },
} as const;

/** A fix asked for by the seller as the app does: the drawing stored, then request_project_fix. */
async function askForFix(seller: SeedSeller, projectId: string, description: string) {
  const drawing = `${seller.id}/${projectId}/${Date.now()}.png`;
  const up = await seller.client.storage
    .from('fix-drawings')
    .upload(drawing, await productPhoto('#e74c3c'), { contentType: 'image/png' });
  if (up.error) throw new Error(up.error.message);
  const { data: image } = await seller.client
    .from('images')
    .select('id')
    .eq('project_id', projectId)
    .single();
  const { data, error } = await seller.client.rpc('request_project_fix', {
    project_id: projectId,
    description,
    annotated_image: drawing,
    image_id: image?.id,
  });
  if (error) throw new Error(error.message);
  return { fixId: (data as { fix: { id: string } }).fix.id, drawing };
}

/** The fix workflow's answer (service role): the fixed image stored twice, then complete_fix. */
async function finishFix(
  stack: StackInfo,
  seller: SeedSeller,
  projectId: string,
  fixId: string,
  answer: { status: 'completed'; files: ProjectFiles } | { status: 'rejected'; note: string },
) {
  const admin = serviceClientOf(stack);
  if (answer.status === 'rejected') {
    const { error } = await admin.rpc('complete_fix', {
      fix_id: fixId,
      status: 'rejected',
      note: answer.note,
    });
    if (error) throw new Error(error.message);
    return;
  }
  const name = `${seller.id}/${projectId}/fix-${fixId}.png`;
  for (const [bucket, bytes] of [
    ['generated', answer.files.generated],
    ['watermarked', answer.files.watermarked],
  ] as const) {
    const up = await admin.storage
      .from(bucket)
      .upload(name, bytes, { contentType: 'image/png', upsert: true });
    if (up.error) throw new Error(up.error.message);
  }
  const { error } = await admin.rpc('complete_fix', {
    fix_id: fixId,
    status: 'completed',
    result_path: name,
    watermarked_path: name,
  });
  if (error) throw new Error(error.message);
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function downloadedPng(page: Page, button: ReturnType<Page['getByRole']>) {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const bytes = await readFile(await download.path());
  return { name: download.suggestedFilename(), magic: bytes.subarray(1, 4).toString('ascii') };
}

const cases = [
  { locale: 'en', plan: 'pro', bucket: 'generated' },
  { locale: 'el', plan: 'free', bucket: 'watermarked' },
] as const;

for (const { locale, plan, bucket } of cases) {
  test(`fix results and deleting a fix request (${locale}, ${plan} plan)`, async ({ page, stack }) => {
    const w = WORDS[locale];
    await useLanguage(page, locale);
    // the free plan's 2 credits pay for two fixes (it has no free ones)
    const seller = await sellerOnPage(page, stack, { plan });
    const fixed: ProjectFiles = {
      original: await productPhoto(),
      generated: await productPhoto('#1e8449'),
      watermarked: await productPhoto('#7d3c98'),
    };
    const [a, b, c] = await seedProjects(stack, seller, 3, fixed, { spreadDays: 0, namePrefix: 'Fix ' });
    const [nameA, nameB, nameC] = ['Fix Linen summer dress 1', 'Fix Denim jacket 1', 'Fix Silk blouse 1'];
    const fixA = await askForFix(seller, a, 'Make the sleeves shorter');
    const fixB = await askForFix(seller, b, 'Remove the belt');
    const admin = serviceClientOf(stack);
    const credits = async () =>
      Number(
        (await admin.from('subscriptions').select('credits_remaining').eq('user_id', seller.id).single()).data
          ?.credits_remaining,
      );
    const before = await credits();

    // the project page lists its fix; the answer arrives live
    await page.goto(`/projects/${a}`);
    const section = page.getByRole('region', { name: new RegExp(w.section) });
    await expect(section.getByText(w.pending)).toBeVisible();
    await expect(section.getByRole('img', { name: w.fixedImage(nameA) })).toHaveCount(0);
    await finishFix(stack, seller, a, fixA.fixId, { status: 'completed', files: fixed });
    await expect(section.getByText(w.completed, { exact: true })).toBeVisible();
    const result = section.getByRole('img', { name: w.fixedImage(nameA) });
    await expect(result).toHaveAttribute('src', new RegExp(`/render/image/sign/${bucket}/`));
    await expect.poll(() => result.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const file = await downloadedPng(page, section.getByRole('button', { name: w.download(nameA) }));
    expect(file).toEqual({ name: w.fileName(nameA), magic: 'PNG' });
    expect(await seriousViolations(page)).toEqual([]);

    // /fixes: the completed one shows its result, the rejected one the note
    await finishFix(stack, seller, b, fixB.fixId, {
      status: 'rejected',
      note: 'The belt is part of the dress',
    });
    // a paid fix that was rejected gives its credit back; a free one stays used
    expect(await credits()).toBe(plan === 'free' ? before + 1 : before);
    const fixC = await askForFix(seller, c, 'Brighter colours');
    await page.goto('/fixes');
    const items = page.getByRole('main').getByRole('listitem');
    await expect(items).toHaveCount(3);
    const itemA = items.filter({ hasText: nameA });
    await expect(itemA.getByText(w.completed, { exact: true })).toBeVisible();
    await expect(itemA.getByRole('img', { name: w.fixedImage(nameA) })).toHaveAttribute(
      'src',
      new RegExp(`/sign/${bucket}/`),
    );
    await expect(itemA.getByRole('button', { name: w.download(nameA) })).toBeVisible();
    const itemB = items.filter({ hasText: nameB });
    await expect(itemB.getByText(w.rejected, { exact: true })).toBeVisible();
    await expect(itemB.getByText(w.note('The belt is part of the dress'))).toBeVisible();
    await expect(itemB.getByRole('button', { name: w.download(nameB) })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    // delete a fix request: asked first, then gone with its drawing
    const itemC = items.filter({ hasText: nameC });
    await expect(itemC.getByText(w.pending)).toBeVisible();
    await itemC.getByRole('button', { name: w.deleteFix(nameC) }).click();
    const confirm = page.getByRole('alertdialog', { name: w.confirm });
    await confirm.getByRole('button', { name: w.delete }).click();
    await expect(items).toHaveCount(2);
    await expect(items.filter({ hasText: nameC })).toHaveCount(0);
    const { data: rows } = await admin.from('fixes').select('id').eq('id', fixC.fixId);
    expect(rows).toEqual([]);
    await expect
      .poll(async () => {
        const { data } = await admin.storage.from('fix-drawings').list(`${seller.id}/${c}`);
        return (data ?? []).map((o) => o.name);
      })
      .toEqual([]);
    await page.reload();
    await expect(items).toHaveCount(2);
  });
}
