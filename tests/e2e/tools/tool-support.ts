// Sellers, balances and fixture photos for the tools' and video's end-to-end tests, set up
// through the server as the service role (activate_plan, the credit ledger) — never by
// writing balances directly.
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import {
  createConfirmedUser,
  serviceRpc,
  signInThroughApi,
  type StackInfo,
  type TestUser,
} from '../support/auth-api.ts';
import { skipSplash } from '../support/skip-splash.ts';

async function rest(stack: StackInfo, path: string) {
  const res = await fetch(`${stack.apiUrl}/rest/v1/${path}`, {
    headers: { apikey: stack.serviceKey, Authorization: `Bearer ${stack.serviceKey}` },
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** A confirmed seller on a plan (through activate_plan), optionally with an exact balance. */
export async function sellerOnPlan(
  stack: StackInfo,
  plan: 'free' | 'lite' | 'pro' | 'advanced',
  credits?: number,
): Promise<TestUser> {
  const user = await createConfirmedUser(stack);
  if (plan !== 'free') {
    await serviceRpc(stack, 'activate_plan', {
      user_id: user.id,
      plan,
      period_start: new Date().toISOString(),
      period_end: new Date(Date.now() + 30 * 86400_000).toISOString(),
    });
  }
  if (credits !== undefined) await setCredits(stack, user.id, credits);
  return user;
}

/** The seller's balance as the server keeps it. */
export async function creditsOf(stack: StackInfo, userId: string): Promise<number> {
  const [row] = await rest(stack, `subscriptions?select=credits_remaining&user_id=eq.${userId}`);
  return Number(row.credits_remaining);
}

/** Moves the balance to exactly `credits` through the ledger (an adjustment or a purchase). */
export async function setCredits(stack: StackInfo, userId: string, credits: number) {
  const delta = Math.round((credits - (await creditsOf(stack, userId))) * 100) / 100;
  if (delta < 0)
    await serviceRpc(stack, 'charge_credits', { user_id: userId, amount: -delta, reason: 'adjustment' });
  if (delta > 0)
    await serviceRpc(stack, 'grant_purchased_credits', {
      user_id: userId,
      credits: delta,
      reference: `e2e-${userId}-${Date.now()}`,
    });
}

/** The seller's credit ledger, oldest first (reason, amount). */
export async function ledgerOf(
  stack: StackInfo,
  userId: string,
): Promise<{ reason: string; amount: number }[]> {
  const rows = await rest(
    stack,
    `credit_ledger?select=reason,amount,created_at&user_id=eq.${userId}&order=created_at`,
  );
  return rows.map((r: { reason: string; amount: string | number }) => ({
    reason: r.reason,
    amount: Number(r.amount),
  }));
}

/** tool_used activity rows of the seller (what the dashboard's recent activity lists). */
export async function toolActivity(
  stack: StackInfo,
  userId: string,
): Promise<{ toolName: string; creditsUsed: number }[]> {
  const rows = await rest(
    stack,
    `webhook_logs?select=raw_data&user_id=eq.${userId}&event_type=eq.user_activity_tool_used&order=created_at`,
  );
  return rows.map((r: { raw_data: { toolName: string; creditsUsed: number } }) => ({
    toolName: r.raw_data.toolName,
    creditsUsed: Number(r.raw_data.creditsUsed),
  }));
}

export async function rows<T>(stack: StackInfo, path: string): Promise<T[]> {
  return rest(stack, path);
}

/** Signs the page in as the seller (splash skipped), in the given language. */
export async function openAs(page: Page, stack: StackInfo, user: TestUser, locale: 'en' | 'el' = 'en') {
  await skipSplash(page);
  await page.addInitScript((l) => window.localStorage.setItem('language', l), locale);
  await signInThroughApi(page, stack, user);
  // the shell's low-credits prompt (paid plans at 3 credits or fewer) is answered when it shows
  await page.addLocatorHandler(
    page
      .getByRole('alertdialog')
      .filter({ has: page.getByRole('button', { name: /Maybe Later|Ίσως αργότερα/ }) }),
    async (dialog) => {
      await dialog.getByRole('button', { name: /Maybe Later|Ίσως αργότερα/ }).click();
    },
  );
}

/** A product photo: a shirt on a plain light backdrop (what the cut-out separates). */
export async function shirtPhoto(width = 800, height = 1000, colour = '#c0392b'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 800 1000" preserveAspectRatio="none">
    <rect width="100%" height="100%" fill="#f4f4f2"/>
    <path d="M250 150 L330 110 Q400 160 470 110 L550 150 L640 300 L560 340 L540 290 L540 860 L260 860 L260 290 L240 340 L160 300 Z" fill="${colour}"/>
    <circle cx="400" cy="420" r="60" fill="#f1c40f"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

/** A plain rectangle of one colour (the combiner's inputs). */
export function solid(
  width: number,
  height: number,
  rgb: [number, number, number],
  format: 'png' | 'jpeg' | 'webp' = 'png',
) {
  return sharp({ create: { width, height, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } })
    .toFormat(format)
    .toBuffer();
}

/** A pixel of an image file: [r, g, b, a]. */
export async function pixel(file: string | Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * 4;
  return [data[i], data[i + 1], data[i + 2], data[i + 3]];
}

/** How many pixels are fully transparent and fully opaque. */
export async function alphaCounts(
  file: string | Buffer,
): Promise<{ transparent: number; opaque: number; total: number; hasAlpha: boolean }> {
  const meta = await sharp(file).metadata();
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  let transparent = 0;
  let opaque = 0;
  for (let i = 3; i < data.length; i += 4) {
    if (data[i] === 0) transparent++;
    else if (data[i] === 255) opaque++;
  }
  return { transparent, opaque, total: info.width * info.height, hasAlpha: meta.hasAlpha === true };
}

/** Waits until fn() holds (polling the server), or fails after timeoutMs. */
export async function eventually<T>(
  fn: () => Promise<T>,
  ok: (v: T) => boolean,
  timeoutMs = 60_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`still ${JSON.stringify(v)} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 400));
  }
}
