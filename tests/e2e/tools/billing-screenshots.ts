// Screenshots of the paying screens (/pricing, /history, /success and the stand-in's
// checkout page) at phone (390×844) and desktop (1440×900) size, in English and Greek, for
// review. Runs against a running stack with the Stripe stand-in:
//   APP_URL=http://localhost:3000 API_URL=http://localhost:54321 ANON_KEY=… SERVICE_KEY=… \
//   npx tsx tests/e2e/tools/billing-screenshots.ts [outDir]
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import {
  createConfirmedUser,
  passwordSession,
  serviceInsert,
  serviceRpc,
  signInThroughApi,
  type StackInfo,
} from '../support/auth-api.ts';
import { buyCreditsFor, buyPlanFor } from '../billing/pay.ts';
import { animationsDone } from '../support/settled.ts';

// APP_URL must be an origin the stack accepts for return addresses: its own app (APP_PORT).
const appUrl = process.env.APP_URL ?? 'http://localhost:3000';
const stack: StackInfo = {
  apiUrl: process.env.API_URL!,
  anonKey: process.env.ANON_KEY!,
  serviceKey: process.env.SERVICE_KEY!,
};
const outDir = process.argv[2] ?? '/tmp/drape-billing-shots';
const sizes = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
];

async function shoot(
  page: Page,
  route: string,
  file: string,
  prepare?: (page: Page) => Promise<void>,
  fullPage = true,
) {
  await page.goto(`${appUrl}${route}`);
  await page.waitForLoadState('networkidle');
  await animationsDone(page);
  await prepare?.(page);
  await page.screenshot({ path: file, fullPage });
  console.log(file);
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
mkdirSync(outDir, { recursive: true });

// a seller on Pro with a credit pack, projects and a tool use
const seller = await createConfirmedUser(stack, { fullName: 'Eleni Papadopoulou' });
const token = (await passwordSession(stack, seller.email, seller.password)).access_token as string;
const planSession = await buyPlanFor(stack, token, appUrl, 'pro');
const packSession = await buyCreditsFor(stack, token, appUrl, 200);
for (const [name, status] of [
  ['Linen summer dress', 'completed'],
  ['Wool overcoat', 'processing'],
  ['Silk scarf flat-lay', 'completed'],
] as const) {
  await serviceInsert(stack, 'projects', {
    user_id: seller.id,
    name,
    type: name.includes('flat') ? 'flat-lay' : 'on-model',
    status,
    credits_charged: 3,
  });
}
await serviceRpc(stack, 'charge_credits', { user_id: seller.id, amount: 0.4, reason: 'tool' });
await serviceInsert(stack, 'webhook_logs', {
  user_id: seller.id,
  event_type: 'user_activity_tool_used',
  raw_data: { toolName: 'background-remover', creditsUsed: 0.4, details: 'Background Remover' },
});
// a free seller for the free variant of /pricing
const free = await createConfirmedUser(stack, { fullName: 'Nikos Georgiou' });

for (const locale of ['en', 'el'] as const) {
  for (const size of sizes) {
    for (const [who, user] of [
      ['pro', seller],
      ['free', free],
    ] as const) {
      const context = await browser.newContext({
        viewport: size,
        deviceScaleFactor: 1,
        locale: locale === 'el' ? 'el-GR' : 'en-US',
      });
      await context.addInitScript((l) => {
        localStorage.setItem('language', l);
        sessionStorage.setItem('drape.splashSeen', '1');
      }, locale);
      const page = await context.newPage();
      await signInThroughApi(page, stack, user);
      const file = (name: string) => path.join(outDir, `${locale}-${size.name}-${who}-${name}.png`);
      await shoot(page, '/pricing', file('pricing'));
      if (who === 'pro') {
        await shoot(page, '/pricing', file('pricing-slider-200'), async (p) => {
          await p.locator('#credit-slider').fill('200');
          await animationsDone(p);
        });
        await shoot(page, '/history', file('history-activity'));
        await shoot(page, '/history?tab=purchases', file('history-purchases'));
        await shoot(page, `/success?session_id=${planSession}`, file('success-plan'));
        await shoot(page, `/success?session_id=${packSession}`, file('success-credits'));
        await shoot(
          page,
          '/pricing',
          file('downgrade-dialog'),
          async (p) => {
            await p
              .getByRole('button', { name: locale === 'el' ? 'Υποβάθμιση' : 'Downgrade' })
              .first()
              .click();
            await animationsDone(p);
          },
          false,
        );
      } else {
        await shoot(
          page,
          '/pricing',
          file('enterprise-dialog'),
          async (p) => {
            await p
              .getByRole('button', { name: locale === 'el' ? 'Επικοινωνήστε μαζί μας' : 'Contact Us' })
              .click();
            await animationsDone(p);
          },
          false,
        );
      }
      await context.close();
    }
  }
}
await browser.close();
