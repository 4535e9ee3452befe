// Remakes the web app manifest's screenshots (public/screenshots/*.webp, listed in
// src/lib/pwa-manifest.ts): the install dialog shows them. A seller with two real finished
// projects (the stack's engine renders them), shot on /home and on a finished project, at
// phone size (390×844, "narrow") and desktop size (1440×900, "wide"), in English, saved as
// WebP under 150 KB. Runs against a running stack (`npm start`):
//   APP_URL=http://localhost:3000 API_URL=http://localhost:54321 npx tsx scripts/pwa-screenshots.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { DEFAULT_JWT_SECRET } from '../supabase/local/config.ts';
import { deriveApiKeys } from '../supabase/local/jwt.ts';
import {
  createSeller,
  productPhoto,
  startProject,
  uploadProduct,
  waitForProject,
} from '../tests/e2e/projects/seed.ts';
import { signInThroughApi } from '../tests/e2e/support/auth-api.ts';
import { animationsDone } from '../tests/e2e/support/settled.ts';
import { skipSplash } from '../tests/e2e/support/skip-splash.ts';

const appUrl = process.env.APP_URL ?? 'http://localhost:3000';
const apiUrl = process.env.API_URL ?? 'http://localhost:54321';
const OUT = path.resolve(import.meta.dirname, '../public/screenshots');
const MAX_BYTES = 150 * 1024;

const SIZES = {
  narrow: { width: 390, height: 844 },
  wide: { width: 1440, height: 900 },
} as const;

async function main() {
  const keys = await deriveApiKeys(process.env.JWT_SECRET ?? DEFAULT_JWT_SECRET);
  const stack = {
    apiUrl,
    anonKey: process.env.ANON_KEY ?? keys.anon,
    serviceKey: process.env.SERVICE_KEY ?? keys.serviceRole,
  };
  const seller = await createSeller(stack, { plan: 'pro', fullName: 'Eleni Papadopoulou' });
  // two finished shoots: a red shirt, then a blue one (the newest is the one shown)
  const first = await startProject(
    seller,
    { project_name: 'Summer linen shirt' },
    await uploadProduct(seller),
  );
  await waitForProject(seller, first, 180_000);
  const second = await startProject(
    seller,
    { project_name: 'Denim overshirt', pose_ids: [1, 2] },
    await uploadProduct(seller, await productPhoto('#2c4a7a')),
  );
  const status = await waitForProject(seller, second, 180_000);
  if (status !== 'completed') throw new Error(`the generation ended ${status}`);

  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
  try {
    for (const [form, viewport] of Object.entries(SIZES)) {
      const context = await browser.newContext({ viewport, deviceScaleFactor: 1, locale: 'en-GB' });
      const page = await context.newPage();
      await skipSplash(page);
      await signInThroughApi(page, stack, seller);
      for (const [name, route] of [
        ['home', '/home'],
        ['project', `/projects/${second}`],
      ] as const) {
        await page.goto(`${appUrl}${route}`);
        await page.waitForLoadState('networkidle');
        await page.evaluate(() => Promise.all([...document.images].map((i) => i.decode().catch(() => {}))));
        await animationsDone(page);
        const png = await page.screenshot();
        let quality = 80;
        let webp = await sharp(png).webp({ quality }).toBuffer();
        while (webp.length > MAX_BYTES && quality > 30) {
          quality -= 10;
          webp = await sharp(png).webp({ quality }).toBuffer();
        }
        const file = path.join(OUT, `${name}-${form}.webp`);
        writeFileSync(file, webp);
        console.log(
          `${file}: ${viewport.width}×${viewport.height}, ${Math.round(webp.length / 1024)} KB (quality ${quality})`,
        );
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
