// The operator console's Sellers tab, on a phone in English and on a desktop in Greek: an
// operator finds a seller, opens their page, adds 5 credits with a reason (the seller's history
// shows it), and refunds a bad result once (a second request is told it is already refunded; a
// failed image is shown refunded already, by the engine). axe on the list and on the page;
// screenshots of both for review.
import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { signInThroughApi, type StackInfo } from '../support/auth-api.ts';
import { expect, test } from '../support/fixtures.ts';
import { skipSplash, useLanguage as chooseLanguage } from '../support/skip-splash.ts';
import { sellerOnPage } from '../projects/helpers.ts';
import { createSeller, type SeedSeller, serviceClientOf } from '../projects/seed.ts';

test.setTimeout(120_000);

const WORDS = {
  en: {
    sellersTab: 'Sellers',
    search: 'E-mail or name',
    find: 'Find',
    sellersFound: 'Sellers found',
    amount: 'Credits',
    reason: 'Reason (the seller sees it in their history)',
    review: 'Review',
    confirmTitle: 'Add 5 credits?',
    confirm: 'Confirm',
    done: (email: string) => `Done: ${email} now has`,
    history: 'Credit history',
    adjustment: 'Balance adjustment',
    plus5: '+5 credits',
    image: (n: number, name: string) => `Image ${n} of "${name}"`,
    refundButton: (n: number, name: string) => `Refund Image ${n} of "${name}"`,
    refundTitle: 'Refund this image?',
    actionReason: 'Reason (recorded with your name)',
    refunded: 'Refunded 1 credit.',
    refundedBadge: 'Refunded',
    imageRefunded: 'Image refunded',
  },
  el: {
    sellersTab: 'Πωλητές',
    search: 'Email ή όνομα',
    find: 'Αναζήτηση',
    sellersFound: 'Πωλητές που βρέθηκαν',
    amount: 'Πιστώσεις',
    reason: 'Αιτία (ο πωλητής τη βλέπει στο ιστορικό του)',
    review: 'Έλεγχος',
    confirmTitle: 'Να προστεθούν 5 πιστώσεις;',
    confirm: 'Επιβεβαίωση',
    done: (email: string) => `Έγινε: ο λογαριασμός ${email} έχει τώρα`,
    history: 'Ιστορικό πιστώσεων',
    adjustment: 'Διόρθωση υπολοίπου',
    plus5: '+5 πιστώσεις',
    image: (n: number, name: string) => `Εικόνα ${n} του «${name}»`,
    refundButton: (n: number, name: string) => `Επιστροφή πιστώσεων: Εικόνα ${n} του «${name}»`,
    refundTitle: 'Να επιστραφεί η πίστωση της εικόνας;',
    actionReason: 'Αιτία (καταγράφεται με το όνομά σας)',
    refunded: 'Επιστράφηκε 1 πίστωση.',
    refundedBadge: 'Επιστράφηκε',
    imageRefunded: 'Επιστροφή για εικόνα',
  },
} as const;

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * A project of two images charged 2 credits, as start_generation charges: the first finished
 * (a result the seller finds bad), the second failed at the provider (which refunds it). The
 * project is never 'processing', so the stack's dispatcher leaves it alone.
 */
async function projectWithBadAndFailedImage(stack: StackInfo, seller: SeedSeller, name: string) {
  const admin = serviceClientOf(stack);
  const projectId = randomUUID();
  const charge = await admin.rpc('charge_credits', {
    user_id: seller.id,
    amount: 2,
    reason: 'generation',
    reference: `project:${projectId}`,
    details: { projectId },
  });
  if (charge.error) throw new Error(charge.error.message);
  const chargeId = (charge.data as { charge_id: string }).charge_id;
  const original = `${seller.id}/${Date.now()}-product.png`;
  const inserted = await admin.from('projects').insert({
    id: projectId,
    user_id: seller.id,
    name,
    type: 'on-model',
    status: 'completed',
    model_id: 1,
    background_id: 4,
    pose_ids: [1, 2],
    product_paths: [original],
    credits_charged: 2,
    charge_id: chargeId,
  });
  if (inserted.error) throw new Error(inserted.error.message);
  const [good, bad] = [randomUUID(), randomUUID()];
  const images = await admin.from('images').insert([
    {
      id: good,
      project_id: projectId,
      user_id: seller.id,
      original_path: original,
      pose_id: 1,
      position: 0,
      status: 'completed',
      generated_path: `${seller.id}/${projectId}/${good}.png`,
      watermarked_path: `${seller.id}/${projectId}/${good}.png`,
      completed_at: new Date().toISOString(),
    },
  ]);
  if (images.error) throw new Error(images.error.message);
  // on its own: a bulk insert would send the first row's columns, null where this one has none
  const waiting = await admin.from('images').insert({
    id: bad,
    project_id: projectId,
    user_id: seller.id,
    original_path: original,
    pose_id: 2,
    position: 1,
  });
  if (waiting.error) throw new Error(waiting.error.message);
  const failed = await admin.rpc('report_image_outcome', {
    image_id: bad,
    status: 'failed',
    error: 'FASHN: the pose could not be matched',
  });
  if (failed.error) throw new Error(failed.error.message);
  return { projectId, completedImage: good, failedImage: bad };
}

const cases = [
  { locale: 'en', viewport: { width: 390, height: 844 } },
  { locale: 'el', viewport: { width: 1440, height: 900 } },
] as const;

for (const { locale, viewport } of cases) {
  test.describe(`${viewport.width}×${viewport.height} (${locale})`, () => {
    test.use({ viewport });

    test(`an operator finds a seller, adds 5 credits and refunds a bad result once (${locale})`, async ({
      page,
      stack,
      browser,
    }) => {
      const w = WORDS[locale];
      const tag = randomUUID().slice(0, 6);
      await chooseLanguage(page, locale);
      const seller = await sellerOnPage(page, stack, { fullName: `Eleni Sellers ${tag}`, extraCredits: 4 });
      const name = `Linen dress ${tag}`;
      const project = await projectWithBadAndFailedImage(stack, seller, name);

      const op = await createSeller(stack, { fullName: 'Nikos Operator' });
      const set = await serviceClientOf(stack).auth.admin.updateUserById(op.id, {
        app_metadata: { role: 'operator' },
      });
      if (set.error) throw new Error(set.error.message);
      // the operator's session in the browser, and a client of their own (signed in again, so
      // its JWT carries the role)
      const again_ = await op.client.auth.signInWithPassword({ email: op.email, password: op.password });
      if (again_.error) throw new Error(again_.error.message);
      const context = await browser.newContext({ viewport, baseURL: test.info().project.use.baseURL });
      const console_ = await context.newPage();
      try {
        await skipSplash(console_);
        await chooseLanguage(console_, locale);
        await signInThroughApi(console_, stack, op);

        // find the seller by name
        await console_.goto('/operator');
        await console_.getByRole('link', { name: w.sellersTab, exact: true }).click();
        await expect(console_).toHaveURL(/\/operator\/sellers$/);
        await console_.getByRole('textbox', { name: w.search }).fill(`Sellers ${tag}`);
        await console_.getByRole('button', { name: w.find, exact: true }).click();
        const found = console_.getByRole('list', { name: w.sellersFound }).getByRole('link');
        await expect(found).toHaveCount(1);
        await expect(found).toContainText(seller.email);
        expect(await seriousViolations(console_)).toEqual([]);
        expect(await console_.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );
        await console_.screenshot({
          path: test.info().outputPath(`sellers-list-${locale}.png`),
          fullPage: true,
        });

        // the seller's page: the failed image already refunded by the engine, the bad one not
        await found.click();
        await expect(console_).toHaveURL(new RegExp(`/operator/sellers/${seller.id}$`));
        const failedRow = console_.getByRole('listitem', { name: w.image(2, name) });
        await expect(failedRow.getByText(w.refundedBadge, { exact: true })).toBeVisible();
        await expect(failedRow.getByText('FASHN: the pose could not be matched')).toBeVisible();
        const badRow = console_.getByRole('listitem', { name: w.image(1, name) });
        await expect(badRow.getByText(w.refundedBadge, { exact: true })).toHaveCount(0);

        // 5 credits with a reason
        await console_.getByRole('textbox', { name: w.amount, exact: true }).fill('5');
        await console_.getByRole('textbox', { name: w.reason }).fill(`Sorry for the wait ${tag}`);
        await console_.getByRole('button', { name: w.review }).click();
        const confirm = console_.getByRole('alertdialog', { name: w.confirmTitle });
        await confirm.getByRole('button', { name: w.confirm }).click();
        await expect(console_.getByText(w.done(seller.email))).toBeVisible();
        const history = console_.getByRole('list', { name: w.history });
        const grantRow = history.getByRole('listitem').filter({ hasText: `Sorry for the wait ${tag}` });
        await expect(grantRow).toContainText(w.adjustment);
        await expect(grantRow).toContainText(w.plus5);

        // refund the bad result, once
        await console_.getByRole('button', { name: w.refundButton(1, name) }).click();
        const dialog = console_.getByRole('alertdialog', { name: w.refundTitle });
        await dialog.getByRole('textbox', { name: w.actionReason }).fill('The hands are wrong');
        expect(await seriousViolations(console_)).toEqual([]);
        await dialog.getByRole('button', { name: w.confirm }).click();
        await expect(console_.getByText(w.refunded)).toBeVisible();
        await expect(badRow.getByText(w.refundedBadge, { exact: true })).toBeVisible();
        await expect(console_.getByRole('button', { name: w.refundButton(1, name) })).toHaveCount(0);
        await expect(history.getByRole('listitem').filter({ hasText: w.imageRefunded })).toHaveCount(2);
        await expect(console_.getByRole('alertdialog')).toHaveCount(0);
        expect(await seriousViolations(console_)).toEqual([]);
        expect(await console_.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );
        await console_.screenshot({
          path: test.info().outputPath(`seller-page-${locale}.png`),
          fullPage: true,
        });

        // asked again (another operator, another press): nothing more, "already refunded"
        const again = await op.client.rpc('operator_refund_image', {
          image_id: project.completedImage,
          reason: 'Again',
          request_id: randomUUID(),
        });
        expect(again.error).toMatchObject({
          message: 'This image has already been refunded',
          hint: 'already_refunded',
        });
        const admin = serviceClientOf(stack);
        const { data: refunds } = await admin
          .from('credit_ledger')
          .select('reference, amount')
          .eq('user_id', seller.id)
          .eq('reason', 'refund')
          .order('reference');
        expect(refunds).toEqual(
          [
            { reference: `image:${project.completedImage}`, amount: 1 },
            { reference: `image:${project.failedImage}`, amount: 1 },
          ].sort((a, b) => a.reference.localeCompare(b.reference)),
        );
        const { data: audit } = await admin
          .from('operator_actions')
          .select('action, reason')
          .eq('seller_id', seller.id)
          .order('created_at');
        expect(audit).toEqual([
          { action: 'grant_credits', reason: `Sorry for the wait ${tag}` },
          { action: 'refund_image', reason: 'The hands are wrong' },
        ]);

        // the seller's own history shows the 5 credits with the reason
        await page.goto('/history');
        const entry = (
          viewport.width < 768 ? page.getByRole('main').getByRole('listitem') : page.getByRole('row')
        )
          .filter({ hasText: `Sorry for the wait ${tag}` })
          .filter({ visible: true });
        await expect(entry).toHaveCount(1);
        await expect(entry).toContainText(w.adjustment);
        await expect(entry).toContainText(w.plus5);
      } finally {
        await context.close();
      }
    });
  });
}
