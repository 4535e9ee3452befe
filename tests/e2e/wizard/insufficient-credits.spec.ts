// Short of credits: the summary shows the server's price and the header's balance, Generate is
// disabled with the red note; when the server refuses anyway (the balance changed and the page
// has not heard yet), the insufficient-credits dialog offers the pricing page.
import { expect, test } from '../support/fixtures.ts';
import {
  balance,
  chooseModelPoseBackground,
  choosePhoto,
  expectUploaded,
  fixture,
  nextButton,
  openWizard,
  serviceSelect,
  setBalance,
} from './wizard-support.ts';

test('Generate is disabled with the red note when the server says the credits are short', async ({
  signedInPage: page,
  stack,
  user,
}) => {
  await setBalance(stack, user.id, 0);
  await openWizard(page, 'On-Model');
  await choosePhoto(page, fixture('flatlay-top.jpg'));
  await expectUploaded(page);
  await nextButton(page).click();
  await chooseModelPoseBackground(page, { model: 'Elena', pose: 'Side View', background: 'Loft' });
  await expect(page.getByTestId('credits-needed')).toHaveText('1');
  await expect(page.getByTestId('credits-available')).toHaveText('0');
  await expect(
    page.getByText(
      'You need 1 credit to generate these images. Please upgrade your plan or purchase more credits.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /Generate/ })).toBeDisabled();

  // credits arrive (a purchase elsewhere): the live balance brings a new answer and Generate
  await setBalance(stack, user.id, 5);
  await expect(page.getByTestId('credits-available')).toHaveText('5', { timeout: 20_000 });
  await expect(page.getByRole('button', { name: /Generate/ })).toBeEnabled();
});

test('the server refuses a stale balance: the insufficient-credits dialog', async ({
  signedInPage: page,
  stack,
  user,
}) => {
  // the page's live channel, through a hand that can stop the balance's changes reaching it
  let deaf = false;
  await page.routeWebSocket(/\/realtime\/v1\/websocket/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((m) => server.send(m));
    server.onMessage((m) => {
      if (!(deaf && String(m).includes('subscriptions'))) ws.send(m);
    });
  });
  await openWizard(page, 'On-Model');
  await choosePhoto(page, fixture('flatlay-top.jpg'));
  await expectUploaded(page);
  await nextButton(page).click();
  await chooseModelPoseBackground(page, { model: 'Maya', pose: 'Front View', background: 'Beach' });
  await expect(page.getByRole('button', { name: /Generate/ })).toBeEnabled();

  // the balance drops after it was read, and this page has not heard yet: the click reaches
  // the server, which refuses
  deaf = true;
  await setBalance(stack, user.id, 0);
  await page.getByRole('button', { name: /Generate/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Insufficient Credits' });
  await expect(dialog).toContainText('You need 1 credit to generate these images.');
  await expect(dialog.getByRole('link', { name: 'View Pricing' })).toHaveAttribute('href', '/pricing');
  await dialog.getByRole('button', { name: 'Maybe Later' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/onmodel\/summary$/);
  expect(await serviceSelect(stack, 'projects', `user_id=eq.${user.id}`)).toEqual([]);
  expect(await balance(stack, user.id)).toBe(0);
});
