import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from './support/chromium.mjs';

// End-to-end journeys in Debian's Chromium against a full local stack that the `stack` fixture
// (support/fixtures.ts) builds and starts on free ports, one per worker. Two workers (E2E_WORKERS):
// most of a journey's time is waiting on the network and timers, so two stacks side by side on two
// cores finish the suite in about 70 % of the time of one (measured: 12.4 → 8.9 min).
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json']],
  outputDir: '../artifacts/e2e-results',
  use: {
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
});
