// A new build reaches an installed app: the app is built and served from a directory of this
// test's own, opened until its service worker controls it, then built again into the same
// directory (a different index.html, as any release changes it). The worker's update check
// finds the new build, the app offers it, and choosing Reload brings the page onto it.
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Plugin } from 'vite';
import { serveApp } from '../../../supabase/local/app-server.ts';
import { E2E } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';
import { skipSplash } from '../support/skip-splash.ts';

const PORT = E2E.appPort + 61;
const DIR = path.join(os.tmpdir(), `drape-e2e-update-${PORT}`);

/** Marks the build in index.html, so the test can tell which one the page runs. */
function buildMark(id: string): Plugin {
  return {
    name: 'e2e:build-mark',
    transformIndexHtml: () => [
      { tag: 'meta', attrs: { name: 'drape-build', content: id }, injectTo: 'head' },
    ],
  };
}

async function build(id: string, anonKey: string) {
  const { build: viteBuild } = await import('vite');
  Object.assign(process.env, { VITE_SUPABASE_URL: E2E.apiUrl, VITE_SUPABASE_ANON_KEY: anonKey });
  await viteBuild({
    logLevel: 'warn',
    plugins: [buildMark(id)],
    build: { outDir: DIR, emptyOutDir: true, rolldownOptions: { checks: { bundlerTimings: false } } },
  });
}

const buildOf = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.querySelector('meta[name="drape-build"]')?.getAttribute('content'));

test('a new build is offered and applied', async ({ page, stack }) => {
  test.setTimeout(300_000);
  await build('first', stack.anonKey);
  const server = await serveApp(PORT, DIR);
  try {
    await skipSplash(page);
    const url = `http://localhost:${PORT}/login`;
    await page.goto(url);
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    // The worker registers after the first screen; once installed it controls the next load.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    expect(await buildOf(page)).toBe('first');
    await expect(page.getByText('A new version of Drape is ready.')).toHaveCount(0);

    await build('second', stack.anonKey);
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });

    const prompt = page.getByRole('status').filter({ hasText: 'A new version of Drape is ready.' });
    await expect(prompt).toBeVisible({ timeout: 60_000 });
    // Still the first build until the user chooses.
    expect(await buildOf(page)).toBe('first');

    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
    await expect.poll(() => buildOf(page)).toBe('second');
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await expect(page.getByText('A new version of Drape is ready.')).toHaveCount(0);
  } finally {
    await server.close();
    rmSync(DIR, { recursive: true, force: true });
  }
});
