// Where the end-to-end stack runs: its own ports and data directory, so it never meets a
// developer's `npm start` (54321/3000) or another test run. Several engineers can run
// Playwright at once by setting E2E_API_PORT, E2E_APP_PORT, E2E_DATA_DIR,
// E2E_WEBHOOK_PORT and E2E_OUTPUT_DIR (traces and screenshots; playwright.config.ts);
// without them the values below are used.
function port(name: string, fallback: number): number {
  const raw = process.env[name];
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0 || value > 65535)
    throw new Error(`${name} must be a port number, got ${raw}`);
  return value;
}

const apiPort = port('E2E_API_PORT', 55421);
const appPort = port('E2E_APP_PORT', 3100);
const webhookPort = port('E2E_WEBHOOK_PORT', 3199);

export const E2E = {
  apiPort,
  appPort,
  apiUrl: `http://localhost:${apiPort}`,
  appUrl: `http://localhost:${appPort}`,
  dataDir: process.env.E2E_DATA_DIR || '.data-e2e',
  /** a webhook catcher the tests start themselves (support/webhook-catcher.ts) */
  webhookPort,
  webhookUrl: `http://localhost:${webhookPort}/notices`,
} as const;
