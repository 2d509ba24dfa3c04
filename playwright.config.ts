import { defineConfig } from '@playwright/test';

// Debian's Chromium (apt-get install chromium); Playwright's own browser download is not used.
const CHROMIUM = process.env.TURNWISE_CHROMIUM ?? '/usr/bin/chromium';
/**
 * Specs that time how soon the page answers (a stall of the page's thread, a cancel): `npm run
 * test:e2e` runs them alone after the others, so no second browser competes for the cores.
 */
const TIMED_SPECS = ['markdown-bombs.spec.ts', 'unstoppable-query.spec.ts'];

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  // Each spec file runs on a workspace of its own (e2e/demo-workspace.ts, or own-workspace.ts), so
  // two files run at once; a file's tests run in order in one worker and share its workspace.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  projects: [
    { name: 'e2e', testIgnore: TIMED_SPECS },
    { name: 'timed', testMatch: TIMED_SPECS, workers: 1 },
  ],
  timeout: 60_000,
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1400, height: 900 },
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'retain-on-failure',
  },
});
