import { defineConfig } from '@playwright/test';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { MOCK_PORT, NGINX_PORT } from './scripts/ports.mjs';

/**
 * Chromium's features the tests run without. A second `--disable-features` replaces the first
 * (Chromium reads the last one given), so the list repeats the one Playwright passes
 * (`disabledFeatures` in playwright-core's chromiumSwitches; copied from the version below, which
 * `package.json` pins) and adds two of its own: Chromium 156 opens a renderer for the address
 * bar's WebUI popups (`chrome://omnibox-popup.top-chrome/`, and its AI Mode page) with every
 * window, even headless, which is every test's page, and it takes a core's time as the page
 * loads: without them, the 103 tests of sign-in, recovery and account setup took 1.8 min instead
 * of 2.4 to 2.5 min on 2 cores (two runs each).
 */
const PLAYWRIGHT_DISABLED_FEATURES_OF = '1.65.1';
const DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
  // Ours: the address bar's popups.
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];
const playwrightVersion = createRequire(import.meta.url)('playwright-core/package.json').version;
if (playwrightVersion !== PLAYWRIGHT_DISABLED_FEATURES_OF) {
  throw new Error(
    `playwright.config.ts repeats the features Playwright ${PLAYWRIGHT_DISABLED_FEATURES_OF} disables; Playwright is now ${playwrightVersion}: ` +
      'copy its list (disabledFeatures in chromiumSwitches) into DISABLED_FEATURES and set PLAYWRIGHT_DISABLED_FEATURES_OF',
  );
}

/**
 * End-to-end tests: Debian's Chromium (Playwright cannot download its own browser here)
 * against the production build (`npm run build`), served by Debian's nginx with the production
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
  // One worker per core: each drives a browser that keeps its core busy (three on two cores ran no
  // faster here); PLAYWRIGHT_WORKERS to choose.
  workers: Number(process.env.PLAYWRIGHT_WORKERS) || availableParallelism(),
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
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        `--disable-features=${DISABLED_FEATURES.join(',')}`,
      ],
    },
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
    },
  ],
});
