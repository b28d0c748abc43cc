import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * `npm run screenshots` (scripts/screenshots.mjs): the end-to-end set-up (the production build,
 * its server and the mock, Debian's Chromium), running only the screenshot pass.
 */
export default defineConfig({
  ...base,
  // The base's projects (e2e, hostile) name their own folders: this pass is a project of its own.
  projects: [{ name: 'screenshots', testDir: 'tests/screenshots' }],
  outputDir: 'test-results/screenshots',
  timeout: 60_000,
});
