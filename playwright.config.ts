import { defineConfig } from '@playwright/test';
import { availableParallelism } from 'node:os';
import { CHROMIUM_HEADLESS_SHELL_BINARY, CHROMIUM_SWITCHES } from './scripts/ensure-system.mjs';
import { MOCK_PORT, NGINX_PORT } from './scripts/ports.mjs';

/**
 * End-to-end tests: Debian's Chromium (Playwright cannot download its own browser here), its
 * headless shell as Playwright runs by default (the whole browser took a fifth longer: 150 s
 * against 125 s for the 75 tests of sign-in and recovery, three runs each in turn), against the
 * production build (`npm run build`), served by Debian's nginx with the production
 * configuration (deploy/nginx/, through scripts/nginx.mjs) and the development configuration
 * written into the page (Google's test site key: the tests answer Google's script with
 * tests/support/recaptcha-stub.js), the gateway paths and the dashboards forwarded to the mock
 * gateway. tests/e2e/configurations.spec.ts serves the same build a second time, with another
 * configuration.
 */
export default defineConfig({
  // The flows' end-to-end specs, and the hostile-input and fault suites (a sample here; the
  // whole matrix with `npm run test:hostile`, which sets HOSTILE=full).
  projects: [
    { name: 'e2e', testDir: 'tests/e2e' },
    { name: 'hostile', testDir: 'tests/hostile' },
  ],
  fullyParallel: true,
  // Two workers per core: a test spends much of its time waiting (for the page, and between the
  // tries of an assertion, which Playwright spaces up to 500 ms apart), so one browser per core
  // left the cores idle about 40% of the time. The whole run on 2 quiet cores (2026-12-01): 429 s
  // with 2 workers, 386 s with 3, 345-355 s with 4. At most 8, as measured nowhere larger (a
  // container can see more cores than it may use). PLAYWRIGHT_WORKERS to choose.
  workers: Number(process.env.PLAYWRIGHT_WORKERS) || Math.min(2 * availableParallelism(), 8),
  retries: 0,
  forbidOnly: true,
  // Patience, not a measurement: a busy 2-core machine can take seconds to answer; no test
  // asserts how long anything takes (timers run on Playwright's clock).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['./tests/hostile/figures-reporter.ts']],
  outputDir: 'test-results/e2e',
  use: {
    baseURL: `http://127.0.0.1:${NGINX_PORT}`,
    // The portal speaks the browser's language on a first visit: the suite's browser prefers English.
    locale: 'en-US',
    browserName: 'chromium',
    // No trace by default: recording one costs every test about a fifth of its time (53 tests of
    // sign-in and recovery: 1.7 min with 'retain-on-failure', 1.3 min without, on 2 cores), and a
    // CI run keeps only its log. To look into a failure, run it again with
    // `npx playwright test <file> --trace retain-on-failure`.
    trace: 'off',
    // To watch a test, the whole browser: `CHROMIUM_HEADLESS_SHELL_PATH=/usr/bin/chromium npx playwright test --headed`.
    launchOptions: { executablePath: CHROMIUM_HEADLESS_SHELL_BINARY, args: CHROMIUM_SWITCHES },
  },
  webServer: [
    {
      command: 'node scripts/mock.mjs',
      // The mock's dates stay those of its examples: the tests fix the browser's clock at this day.
      env: { MOCK_TODAY: '2026-11-21' },
      url: `http://127.0.0.1:${MOCK_PORT}/__mock/health`,
      // A mock started by `npm start` moves its dates to today: the suite starts its own.
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: 'node scripts/nginx.mjs',
      url: `http://127.0.0.1:${NGINX_PORT}/`,
      reuseExistingServer: false,
      timeout: 30_000,
      // Asked to stop (Playwright's default kills it outright), it stops nginx and removes the
      // directory it ran in: one left in the temporary directory per run otherwise.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    },
  ],
});
