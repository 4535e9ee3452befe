// A lost reply on a phone (issue 21): the start request reaches the server and commits, but its
// answer never arrives. The seller is told the connection failed, the draft still offers
// Generate; pressing it again (same request id, kept in the draft) lands on the one project —
// one project, one credit taken.
import { expect, test } from '../support/fixtures.ts';
import {
  balance,
  choosePhoto,
  expectUploaded,
  fixture,
  nextButton,
  serviceSelect,
} from './wizard-support.ts';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });

test('Generate after a lost reply: one project, one credit, the seller on it', async ({
  signedInPage: page,
  context,
  stack,
  user,
}) => {
  await page.goto('/create');
  await page.getByRole('button', { name: /On-Model/ }).tap();
  await page
    .getByRole('dialog', { name: 'Content guidelines' })
    .getByRole('button', { name: 'Continue' })
    .tap();
  await choosePhoto(page, fixture('shirt-exif-rotated.jpg'));
  await expectUploaded(page);
  await nextButton(page).tap();
  await page
    .getByRole('dialog', { name: 'Who will wear your garment?' })
    .getByRole('button', { name: 'Women', exact: true })
    .tap();
  await page.getByRole('button', { name: 'Choose Zoe' }).tap();
  await nextButton(page).tap();
  await page.getByRole('radio', { name: 'Back View' }).tap();
  await nextButton(page).tap();
  await nextButton(page).tap();
  await expect(page).toHaveURL(/\/onmodel\/summary$/);

  // the request reaches the server (which commits), then the connection drops before the answer
  const sent: string[] = [];
  let served = 0;
  await page.route('**/rest/v1/rpc/start_generation', async (route) => {
    sent.push(JSON.parse(route.request().postData() ?? '{}').request_id);
    const response = await route.fetch();
    served = response.status();
    await route.abort('internetdisconnected');
  });
  await page.getByRole('button', { name: /Generate/ }).tap();
  await expect.poll(() => served).toBe(200);
  await context.setOffline(true);
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: /offline|connection|internet/i })
      .first(),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/onmodel\/summary$/);
  expect(await serviceSelect(stack, 'projects', `user_id=eq.${user.id}&select=id`)).toHaveLength(1);
  expect(await balance(stack, user.id)).toBe(1);

  // back online; the draft still offers Generate, and pressing it asks again with the same id
  await page.unroute('**/rest/v1/rpc/start_generation');
  await context.setOffline(false);
  const again = page.waitForRequest('**/rest/v1/rpc/start_generation');
  await page.getByRole('button', { name: /Generate/ }).tap();
  expect(JSON.parse((await again).postData() ?? '{}').request_id).toBe(sent[0]);
  await expect(page).toHaveURL(/\/projects$/, { timeout: 10_000 });

  const projects = await serviceSelect<{ id: string; name: string }>(
    stack,
    'projects',
    `user_id=eq.${user.id}&select=id,name`,
  );
  expect(projects).toHaveLength(1);
  expect(await balance(stack, user.id)).toBe(1);
  const ledger = await serviceSelect(stack, 'credit_ledger', `user_id=eq.${user.id}&reason=eq.generation`);
  expect(ledger).toHaveLength(1);
  await expect(page.getByRole('link', { name: new RegExp(projects[0].name) }).first()).toBeVisible();
});
