/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { portalConfigPlugin } from './scripts/portal-config.mjs';
import { portalPreview, portalPreviewGuard } from './scripts/portal-preview.mjs';
import { DEV_PORT, GATEWAY_FILES, GATEWAY_PREFIXES, MOCK_PORT, PREVIEW_PORT } from './scripts/ports.mjs';
import { precompress } from './scripts/precompress.mjs';
import { FIRST_SCREEN_OPERATIONS } from './src/lib/api/first-screen.js';
import { listOperations } from './scripts/openapi-document.mjs';
import { DASHBOARD_PATHS } from './src/lib/paths.ts';

const projectRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * index.html asks for the first screen's answers (src/lib/api/first-screen.js) beside the script
 * (`<link rel="preload" as="fetch">`, which the API client's fetch then takes), so the app finds
 * them there when it starts instead of asking one round trip later.
 */
function preloadFirstScreenAnswers(): Plugin {
  const contract: unknown = JSON.parse(readFileSync(new URL('generated/openapi.json', import.meta.url), 'utf8'));
  const operations = listOperations(contract) as { path: string; method: string; operation: { operationId?: string } }[];
  const paths = FIRST_SCREEN_OPERATIONS.map((id) => {
    const found = operations.find(({ operation }) => operation.operationId === id);
    if (!found || found.method !== 'GET' || found.path.includes('{'))
      throw new Error(`${id}: a first-screen operation must be a GET of a fixed path`);
    return found.path;
  });
  return {
    name: 'portal-preload-first-screen-answers',
    transformIndexHtml: () =>
      paths.map((href) => ({ tag: 'link', attrs: { rel: 'preload', href, as: 'fetch', crossorigin: '' }, injectTo: 'head' as const })),
  };
}

/**
 * react-router's production build names its components for React's developer tools
 * (`Link.displayName = "Link"`) and builds them with `React.forwardRef(...)` and
 * `React.createContext(...)` calls that are not marked pure. Both look like side effects to the
 * bundler, so every component of the module stayed in the first screen's script, used or not
 * (`Form`, `NavLink`, `ScrollRestoration`, the framework-mode prefetching they pull in). Dropping
 * the names and marking those calls pure lets the unused ones go: 1.8 KB gzip.
 */
function treeShakeReactRouter(): Plugin {
  const named = /^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm;
  const built = /^(var [A-Za-z_$][\w$]* = )(React\d*\.(?:forwardRef|createContext)\()/gm;
  let changed = 0;
  return {
    name: 'portal-tree-shake-react-router',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[^\\/]+\.mjs$/ },
      handler(code) {
        const next = code.replace(named, '').replace(built, '$1/* @__PURE__ */ $2');
        if (next === code) return null;
        changed += 1;
        return { code: next, map: null };
      },
    },
    buildEnd() {
      // A new react-router whose build no longer looks like this would silently cost the bytes again.
      if (changed === 0) throw new Error('treeShakeReactRouter (vite.config.ts) found nothing to change: react-router changed its build');
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
    plugins: [react(), portalConfigPlugin(), treeShakeReactRouter(), preloadFirstScreenAnswers(), precompress(), portalPreviewGuard()],
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
          // The libraries every screen runs on, in one chunk beside the entry: left alone, the
          // bundler split them into four small shared chunks (React, its JSX runtime, a piece of
          // React Query, its own runtime), each one more request and each compressed alone.
          codeSplitting: {
            groups: [
              {
                name: 'vendor',
                test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]/,
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
      include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs', 'tests/contract/**/*.test.{mjs,ts}'],
      environment: 'jsdom',
      setupFiles: ['src/testing/setup.ts'],
      restoreMocks: true,
      unstubGlobals: true,
      // A bound, not a wait (see src/testing/setup.ts): room for a test on a busy machine.
      testTimeout: 15_000,
    },
  };
});
