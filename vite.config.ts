/// <reference types="vitest/config" />
import { transformAsync } from '@babel/core';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { DASHBOARD_PATHS } from './common/dashboard-paths.js';
import { firstScreenRows } from './generated/first-screen.ts';
import { portalConfigPlugin } from './scripts/portal-config.mjs';
import { portalPreview, portalPreviewGuard } from './scripts/portal-preview.mjs';
import { DEV_PORT, GATEWAY_FILES, GATEWAY_PREFIXES, MOCK_PORT, PREVIEW_PORT } from './scripts/ports.mjs';
import { precompress } from './scripts/precompress.mjs';

const projectRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * index.html asks for the first screen's answers (generated/first-screen.ts: GETs of fixed paths,
 * which codegen checks) beside the script (`<link rel="preload" as="fetch">`, which the API
 * client's fetch then takes), so the app finds them there when it starts instead of asking one
 * round trip later.
 */
function preloadFirstScreenAnswers(): Plugin {
  return {
    name: 'portal-preload-first-screen-answers',
    transformIndexHtml: () =>
      firstScreenRows.map(([, , href]) => ({
        tag: 'link',
        attrs: { rel: 'preload', href, as: 'fetch', crossorigin: '' },
        injectTo: 'head' as const,
      })),
  };
}

/**
 * Lingui's macros (`msg`, `plural`) in the message catalogue, src/lib/messages, through Babel:
 * Vite 8's React plugin has no Babel step, and `@rolldown/plugin-babel` needs Node 22. Only the
 * catalogue's modules use the macros, so only they go through Babel.
 */
function linguiMacros(): Plugin {
  return {
    name: 'portal-lingui-macros',
    enforce: 'pre',
    async transform(code, id) {
      if (!/[\\/]src[\\/]lib[\\/]messages[\\/]/.test(id) || !code.includes('/macro')) return null;
      const result = await transformAsync(code, {
        filename: id,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: ['typescript', 'jsx'] },
        plugins: ['@lingui/babel-plugin-lingui-macro'],
      });
      return result?.code ? { code: result.code, map: result.map ?? null } : null;
    },
  };
}

/** Where `vite preview` forwards the gateway paths and the dashboards: the mock unless set. */
const gatewayUrl = process.env.GATEWAY_URL || `http://127.0.0.1:${MOCK_PORT}`;
const dashboardUrl = process.env.DASHBOARD_URL || gatewayUrl;

export default defineConfig(({ command }) => {
  return {
    root: 'src',
    publicDir: 'public',
    // The page's configuration: the dev server writes the development one, the build keeps the
    // empty block a server fills (scripts/portal-config.mjs).
    plugins: [linguiMacros(), lingui(), react(), portalConfigPlugin(), preloadFirstScreenAnswers(), precompress(), portalPreviewGuard()],
    resolve: {
      // react-router publishes its production build under a path, not an export condition.
      alias:
        command === 'build'
          ? [
              {
                find: /^react-router$/,
                replacement: fileURLToPath(new URL('node_modules/react-router/dist/production/index.mjs', import.meta.url)),
              },
            ]
          : [],
    },
    build: {
      outDir: '../dist',
      emptyOutDir: true,
      target: 'es2022',
      // index.html names the entry's own imports (<link rel="modulepreload">), so the browser
      // fetches them beside the entry instead of after it. No preload map for lazy chunks: it
      // would name every lazy chunk's dependencies inside the first screen's script, growing with
      // each screen; a lazy screen's imports are fetched once its chunk arrives (one more round
      // trip on first use), which the first screen's budget is worth. Only their CSS is named, so
      // that it is there when the screen renders. No polyfill: every browser the portal supports
      // knows modulepreload.
      modulePreload: {
        polyfill: false,
        resolveDependencies: (_file, dependencies, { hostType }) =>
          hostType === 'html' ? dependencies : dependencies.filter((dependency) => dependency.endsWith('.css')),
      },
      sourcemap: false,
      // Every asset is a file: inlined data: URLs would need a weaker img-src.
      assetsInlineLimit: 0,
      // scripts/size-check.mjs reads the manifest to find the first screen's JavaScript.
      manifest: true,
      rolldownOptions: {
        // The brotli copies at the highest quality (scripts/precompress.mjs) take seconds by design.
        checks: { bundlerTimings: false },
        output: {
          // The first screen ($initial: what the entry imports statically, the libraries it runs
          // on and the app's own code) in one chunk: left alone, the bundler split it into small
          // shared chunks (React, its JSX runtime, pieces of React Query, the session storage, the
          // paths), each one more request and each compressed alone. One chunk compresses best
          // (-0.9 KB against libraries and app apart); the price is that a release changes the
          // libraries' file too, which a portal signed into now and then seldom has cached anyway.
          // React Query is not the first screen's (src/lib/query-scope.tsx): it loads, whole and
          // in one chunk of its own, with the first screen or call that asks through it.
          codeSplitting: {
            groups: [
              {
                name: 'first-screen',
                tags: ['$initial'],
              },
              {
                name: 'react-query',
                test: /[\\/]node_modules[\\/]@tanstack[\\/]/,
              },
            ],
          },
        },
      },
    },
    server: {
      port: DEV_PORT,
      strictPort: true,
      // The gateway paths go to the mock's scenario layer, as a reverse proxy does in production;
      // so do the dashboards, which the mock stands in for.
      proxy: Object.fromEntries(
        [...GATEWAY_PREFIXES.map((prefix) => `^${prefix}`), ...[...GATEWAY_FILES, ...DASHBOARD_PATHS].map((path) => `^${path}$`)].map(
          (pattern) => [pattern, `http://127.0.0.1:${MOCK_PORT}`],
        ),
      ),
    },
    // `npm run preview`: the build with the security headers and the gateway forwarding of
    // scripts/portal-preview.mjs (the same as deploy/nginx/, which production and the
    // end-to-end tests use).
    preview: {
      host: '127.0.0.1',
      port: PREVIEW_PORT,
      strictPort: true,
      ...portalPreview({ gatewayUrl, dashboardUrl, dashboardPaths: DASHBOARD_PATHS }),
    },
    test: {
      root: projectRoot,
      include: ['src/**/*.test.{ts,tsx}', 'common/**/*.test.ts', 'scripts/**/*.test.mjs', 'tests/contract/**/*.test.{mjs,ts}'],
      environment: 'jsdom',
      setupFiles: ['src/testing/setup.ts'],
      restoreMocks: true,
      unstubGlobals: true,
      // A bound, not a wait (see src/testing/setup.ts): room for a test on a busy machine.
      testTimeout: 15_000,
    },
  };
});
