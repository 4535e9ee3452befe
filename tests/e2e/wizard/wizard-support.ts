// Helpers of the wizard specs: the service role's reads of what the app stored, the photo
// fixtures, and steps through the wizard that several specs share.
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import type { StackInfo } from '../support/auth-api.ts';

export const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/photos');
export const fixture = (name: string) => path.join(FIXTURES, name);

/** Rows the service role reads through REST, e.g. serviceSelect(stack, 'uploaded_files', `user_id=eq.${id}`). */
export async function serviceSelect<T = Record<string, unknown>>(
  stack: StackInfo,
  table: string,
  query: string,
): Promise<T[]> {
  const res = await fetch(`${stack.apiUrl}/rest/v1/${table}?${query}`, {
    headers: { apikey: stack.serviceKey, Authorization: `Bearer ${stack.serviceKey}` },
  });
  if (!res.ok) throw new Error(`${table} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** The objects the seller has in bucket 'uploads' (service role list of their folder). */
export async function storedUploads(stack: StackInfo, userId: string): Promise<string[]> {
  const res = await fetch(`${stack.apiUrl}/storage/v1/object/list/uploads`, {
    method: 'POST',
    headers: {
      apikey: stack.serviceKey,
      Authorization: `Bearer ${stack.serviceKey}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ prefix: `${userId}/`, limit: 100 }),
  });
  if (!res.ok) throw new Error(`storage list answered ${res.status}: ${await res.text()}`);
  const rows = (await res.json()) as { name: string }[];
  return rows.map((r) => r.name);
}

export async function balance(stack: StackInfo, userId: string): Promise<number> {
  const [row] = await serviceSelect<{ credits_remaining: string | number }>(
    stack,
    'subscriptions',
    `user_id=eq.${userId}&select=credits_remaining`,
  );
  return Number(row.credits_remaining);
}

/** Sets a seller's balance directly (the service role), for the short-of-credits paths. */
export async function setBalance(stack: StackInfo, userId: string, credits: number) {
  const res = await fetch(`${stack.apiUrl}/rest/v1/subscriptions?user_id=eq.${userId}`, {
    method: 'PATCH',
    headers: {
      apikey: stack.serviceKey,
      Authorization: `Bearer ${stack.serviceKey}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ credits_remaining: credits, plan_credits: credits, purchased_credits: 0 }),
  });
  if (!res.ok) throw new Error(`subscriptions answered ${res.status}: ${await res.text()}`);
}

/** Puts a seller on a plan directly (the service role), e.g. Advanced for the custom cards. */
export async function setPlan(
  stack: StackInfo,
  userId: string,
  plan: 'free' | 'lite' | 'pro' | 'advanced',
  credits: number,
) {
  const res = await fetch(`${stack.apiUrl}/rest/v1/subscriptions?user_id=eq.${userId}`, {
    method: 'PATCH',
    headers: {
      apikey: stack.serviceKey,
      Authorization: `Bearer ${stack.serviceKey}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ plan, credits_remaining: credits, plan_credits: credits, purchased_credits: 0 }),
  });
  if (!res.ok) throw new Error(`subscriptions answered ${res.status}: ${await res.text()}`);
}

/** From /create through the content guidelines into a wizard's upload step. */
const WIZARD_PATH = { 'On-Model': 'onmodel', 'Flat-Lay': 'flatlay', Mannequin: 'mannequin' } as const;

export async function openWizard(page: Page, card: keyof typeof WIZARD_PATH) {
  await page.goto('/create');
  await page.getByRole('button', { name: new RegExp(card) }).click();
  const dialog = page.getByRole('dialog', { name: 'Content guidelines' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/${WIZARD_PATH[card]}/upload$`));
}

/** Opens a wizard's upload step as a phone about to go offline has it: once visited, the service
 *  worker serves the app and the next load is under its control; the catalogue read as the
 *  wizard opened is in the persisted query cache. */
export async function openUploadUnderServiceWorker(page: Page, wizardPath: string) {
  await page.goto(`${wizardPath}/upload`);
  await expect(page.getByTestId('photo-input')).toBeAttached();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('drape.queryCache')?.includes('catalogue') ?? false))
    .toBe(true);
}

export async function choosePhoto(page: Page, file: string) {
  await page.getByTestId('photo-input').setInputFiles(file);
}

export async function expectUploaded(page: Page) {
  await expect(page.getByText('Uploaded', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
}

export const nextButton = (page: Page) => page.getByRole('button', { name: 'Next', exact: true });

/** Models → pose → background with the given choices, ending on the summary. */
export async function chooseModelPoseBackground(
  page: Page,
  opts: { model: string; pose: string; background: string; gender?: 'Women' | 'Men' },
) {
  const gender = page.getByRole('dialog', { name: 'Who will wear your garment?' });
  if (await gender.isVisible().catch(() => false))
    await gender.getByRole('button', { name: opts.gender ?? 'Women', exact: true }).click();
  await expect(nextButton(page)).toBeDisabled();
  await page.getByRole('button', { name: `Choose ${opts.model}` }).click();
  await nextButton(page).click();
  await expect(page).toHaveURL(/\/pose$/);
  await expect(nextButton(page)).toBeDisabled();
  await page.getByRole('radio', { name: opts.pose }).click();
  await nextButton(page).click();
  await expect(page).toHaveURL(/\/background$/);
  await page.getByRole('radio', { name: opts.background }).click();
  await nextButton(page).click();
  await expect(page).toHaveURL(/\/summary$/);
}
