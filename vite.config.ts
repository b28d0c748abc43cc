/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv } from 'vite';
import { DEV_PORT, GATEWAY_FILES, GATEWAY_PREFIXES, MOCK_PORT } from './scripts/ports.mjs';
import { DASHBOARD_PATHS } from './src/lib/paths.ts';

const projectRoot = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig(({ command, mode }) => {
  const settings = { ...loadEnv(mode, projectRoot, 'VITE_'), ...process.env };
  // A production captcha needs its site key: fail the build, not the sign-in page.
  if (settings.VITE_CAPTCHA_PROVIDER === 'recaptcha' && !settings.VITE_CAPTCHA_SITE_KEY) {
    throw new Error('VITE_CAPTCHA_PROVIDER=recaptcha needs VITE_CAPTCHA_SITE_KEY');
  }
  return {
  root: 'src',
  publicDir: 'public',
  envDir: projectRoot,
  plugins: [react()],
  resolve: {
    // react-router publishes its production build under a path, not an export condition.
    alias:
      command === 'build'
        ? [{ find: /^react-router$/, replacement: fileURLToPath(new URL('node_modules/react-router/dist/production/index.mjs', import.meta.url)) }]
        : [],
  },
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    target: 'es2022',
    // The polyfill is an inline-free module, but every supported browser has modulepreload.
    modulePreload: { polyfill: false },
    sourcemap: false,
    // Every asset is a file: inlined data: URLs would need a weaker img-src.
    assetsInlineLimit: 0,
    // scripts/size-check.mjs reads the manifest to find the first screen's JavaScript.
    manifest: true,
  },
  server: {
    port: DEV_PORT,
    strictPort: true,
    // The gateway paths go to the mock's scenario layer, as a reverse proxy does in production;
    // so do the dashboards, which the mock stands in for.
    proxy: Object.fromEntries(
      [...GATEWAY_PREFIXES.map((prefix) => `^${prefix}`), ...[...GATEWAY_FILES, ...DASHBOARD_PATHS].map((path) => `^${path}$`)].map((pattern) => [
        pattern,
        `http://127.0.0.1:${MOCK_PORT}`,
      ]),
    ),
  },
  test: {
    root: projectRoot,
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs', 'tests/contract/**/*.test.{mjs,ts}'],
    environment: 'jsdom',
    setupFiles: ['src/testing/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
  },
};
});
