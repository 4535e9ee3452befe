// End-to-end tests in Debian's Chromium against the product as `npm start` runs it, on
// ports of their own and a fresh data directory (see tests/e2e/support/env.ts).
import { defineConfig, devices } from '@playwright/test';
import { E2E } from './tests/e2e/support/env.ts';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // two runs at once (other ports, E2E_* in tests/e2e/support/env.ts) each need their own, since
  // a run empties it when it starts
  outputDir: process.env.E2E_OUTPUT_DIR || 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: E2E.appUrl,
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `rm -rf ${E2E.dataDir} && node_modules/.bin/tsx supabase/local/cli.ts start`,
    url: `${E2E.appUrl}/login`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      SUPABASE_PORT: String(E2E.apiPort),
      APP_PORT: String(E2E.appPort),
      DATA_DIR: E2E.dataDir,
      SITE_URL: E2E.appUrl,
      DATABASE_URL: '',
      AUTH_RATE_LIMIT_EMAIL_SENT: '10000',
      AUTH_RATE_LIMIT_SIGN_IN: '10000',
      AUTH_RATE_LIMIT_TOKEN_REFRESH: '10000',
      AUTH_RATE_LIMIT_VERIFY: '10000',
      // Outbound notices (feedback, contact, low credits) are posted here by send-notice.
      NOTICE_WEBHOOK_URL: E2E.webhookUrl,
    },
  },
});
