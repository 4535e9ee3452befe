// The project page has the card's archive / unarchive and delete (spec 2 §2, §4, §5), in
// English and Greek: archive and restore in place, a delete the server refuses (a project
// still processing, a video still being made) says why in the seller's language and keeps
// the project, and a delete that goes through asks first, then lands on /projects.
import { useLanguage } from '../support/skip-splash.ts';
import { expect, test } from '../support/fixtures.ts';
import { processingProject, sellerOnPage } from './helpers.ts';
import { type ProjectFiles, productPhoto, seedProjects, serviceClientOf } from './seed.ts';

test.setTimeout(90_000);

const WORDS = {
  en: {
    archive: 'Archive',
    unarchive: 'Unarchive',
    delete: 'Delete',
    archived: 'Archived',
    completed: 'Completed',
    confirm: 'Delete Confirmation',
    stillProcessing: 'This project is still processing and cannot be deleted',
    videoProcessing: "This project's video is still being generated and cannot be deleted",
    allProjects: 'All projects',
  },
  el: {
    archive: 'Αρχειοθέτηση',
    unarchive: 'Επαναφορά',
    delete: 'Διαγραφή',
    archived: 'Αρχειοθετημένο',
    completed: 'Ολοκληρώθηκε',
    confirm: 'Επιβεβαίωση διαγραφής',
    stillProcessing: 'Αυτό το έργο βρίσκεται ακόμη σε επεξεργασία και δεν μπορεί να διαγραφεί',
    videoProcessing: 'Το βίντεο αυτού του έργου δημιουργείται ακόμη και το έργο δεν μπορεί να διαγραφεί',
    allProjects: 'Όλα τα έργα',
  },
} as const;

async function files(): Promise<ProjectFiles> {
  const original = await productPhoto();
  const generated = await productPhoto('#2c6e49');
  return { original, generated, watermarked: generated };
}

for (const locale of ['en', 'el'] as const) {
  test(`archive, unarchive and delete from the project page (${locale})`, async ({ page, stack }) => {
    const w = WORDS[locale];
    await useLanguage(page, locale);
    const seller = await sellerOnPage(page, stack, { plan: 'pro' });
    const f = await files();
    const [keep, withVideo] = await seedProjects(stack, seller, 2, f, {
      spreadDays: 0,
      namePrefix: 'Detail ',
    });
    const busy = await processingProject(stack, seller, f, 'Still generating', 1);
    const admin = serviceClientOf(stack);
    await admin
      .from('projects')
      .update({ video_status: 'processing', video_style: 'casual' })
      .eq('id', withVideo);
    const status = async (id: string) =>
      (await admin.from('projects').select('status').eq('id', id).maybeSingle()).data?.status ?? null;

    // archive in place, then restore
    await page.goto(`/projects/${keep}`);
    const main = page.getByRole('main');
    await expect(main.getByText(w.completed, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: w.archive, exact: true }).click();
    await expect(main.getByText(w.archived, { exact: true })).toBeVisible();
    await expect.poll(() => status(keep)).toBe('archived');
    await page.getByRole('button', { name: w.unarchive, exact: true }).click();
    await expect(main.getByText(w.completed, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: w.archive, exact: true })).toBeVisible();
    await expect.poll(() => status(keep)).toBe('completed');

    // a project still processing: refused with the server's words, nothing asked, nothing gone
    await page.goto(`/projects/${busy.projectId}`);
    await page.getByRole('button', { name: w.delete, exact: true }).click();
    await expect(page.getByText(w.stillProcessing)).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    expect(await status(busy.projectId)).toBe('processing');

    // a video still being made: the server refuses, the seller reads why, the project stays
    await page.goto(`/projects/${withVideo}`);
    await page.getByRole('button', { name: w.delete, exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: w.confirm });
    await confirm.getByRole('button', { name: w.delete }).click();
    await expect(page.getByText(w.videoProcessing)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/projects/${withVideo}$`));
    expect(await status(withVideo)).toBe('completed');

    // delete: asked first, then back on /projects without it
    await page.goto(`/projects/${keep}`);
    await page.getByRole('button', { name: w.delete, exact: true }).click();
    await confirm.getByRole('button', { name: w.delete }).click();
    await expect(page).toHaveURL(/\/projects$/);
    await expect(page.getByRole('link', { name: w.allProjects })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Detail Linen summer dress 1' })).toHaveCount(0);
    await expect(page.getByRole('article', { name: 'Detail Denim jacket 1' })).toBeVisible();
    await expect.poll(() => status(keep)).toBe(null);
  });
}
