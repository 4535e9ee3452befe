// The summary's figures after a lost connection: "Your credits" is the header's balance (one
// query), and when the connection returns the credits needed are read again by themselves,
// with no "could not be read … Retry" waiting for a tap.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import {
  chooseModelPoseBackground,
  choosePhoto,
  expectUploaded,
  fixture,
  nextButton,
  openWizard,
  setBalance,
} from './wizard-support.ts';

const QUOTE = '**/rest/v1/rpc/quote_generation';
const isQuote = (url: string) => url.includes('/rest/v1/rpc/quote_generation');

async function onTheSummary(page: Page) {
  await openWizard(page, 'On-Model');
  await choosePhoto(page, fixture('shirt-exif-rotated.jpg'));
  await expectUploaded(page);
  await nextButton(page).click();
  await chooseModelPoseBackground(page, { model: 'Sofia', pose: 'Front View', background: 'Santorini' });
  await expect(page.getByTestId('credits-needed')).toHaveText('1');
}

const header = (page: Page) => page.getByRole('banner');
const couldNotRead = (page: Page) => page.getByText('The credits needed could not be read.');

test('"Your credits" is the header’s balance even when the price cannot be read again', async ({
  signedInPage: page,
  stack,
  user,
}) => {
  await onTheSummary(page);
  await expect(page.getByTestId('credits-available')).toHaveText('2');
  // the price can no longer be read; the balance moves on the server (a purchase elsewhere)
  await page.route(QUOTE, (route) => route.abort('internetdisconnected'));
  await setBalance(stack, user.id, 51);
  await expect(header(page).getByRole('button', { name: 'Credits: 51 remaining' })).toBeVisible();
  await expect(page.getByTestId('credits-available')).toHaveText('51');
});

test('offline, then back: the summary reads its figures again without a tap', async ({
  signedInPage: page,
  context,
}) => {
  await onTheSummary(page);
  // under the service worker, so the page opens offline
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  await expect(page.getByTestId('credits-needed')).toHaveText('1');
  // the page's timers under the test's hand: the read's retry is made to come while still offline
  await page.clock.install();

  await context.setOffline(true);
  // offline the read is not even sent (connectivity.ts quietWhileOffline): it fails at once
  await page.reload();
  await expect(page.getByText("You're offline")).toBeVisible();
  await page.clock.runFor(5_000);

  const read = page.waitForResponse((r) => isQuote(r.url()) && r.ok());
  await context.setOffline(false);
  await read;
  await expect(header(page).getByRole('button', { name: 'Credits: 2 remaining' })).toBeVisible();
  await expect(page.getByTestId('credits-available')).toHaveText('2');
  await expect(page.getByTestId('credits-needed')).toHaveText('1');
  await expect(couldNotRead(page)).toHaveCount(0);
});
