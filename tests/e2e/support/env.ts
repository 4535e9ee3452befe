// Where the end-to-end stack runs: its own ports and data directory, so it never meets a
// developer's `npm start` (54321/3000) or another test run.
export const E2E = {
  apiPort: 55421,
  appPort: 3100,
  apiUrl: 'http://localhost:55421',
  appUrl: 'http://localhost:3100',
  dataDir: '.data-e2e',
  /** a webhook catcher the tests start themselves (support/webhook-catcher.ts) */
  webhookPort: 3199,
  webhookUrl: 'http://localhost:3199/notices',
} as const;
