/// <reference types="vitest/config" />
import { transformAsync } from '@babel/core';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, defineConfig, type IndexHtmlTransformContext, type Plugin } from 'vite';
import { DASHBOARD_PATHS } from './common/dashboard-paths.js';
import { firstScreenRows } from './generated/first-screen.ts';
import { portalConfigPlugin } from './scripts/portal-config.mjs';
import { portalPreview, portalPreviewGuard } from './scripts/portal-preview.mjs';
import { DEV_PORT, GATEWAY_FILES, GATEWAY_PREFIXES, MOCK_PORT, PREVIEW_PORT } from './scripts/ports.mjs';
import { precompress } from './scripts/precompress.mjs';
import { FIRST_SCREEN_STYLE_HASH } from './scripts/security-headers.mjs';

const projectRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * index.html asks for the first screen's answers (generated/first-screen.ts: GETs of fixed paths,
 * which codegen checks) beside the script (`<link rel="preload" as="fetch">`, which the API
 * client's fetch then takes), so the app finds them there when it starts instead of asking one
 * round trip later. At low priority, as the app's script: the prerendered screen paints without
 * them (Lighthouse's estimate of LCP counted them as if the paint waited: 40-60 ms more).
 */
function preloadFirstScreenAnswers(): Plugin {
  return {
    name: 'portal-preload-first-screen-answers',
    transformIndexHtml: () =>
      firstScreenRows.map(([, , href]) => ({
        tag: 'link',
        attrs: { rel: 'preload', href, as: 'fetch', crossorigin: '', fetchpriority: 'low' },
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

/**
 * The sign-in screen, prerendered into the built index.html (src/prerender.tsx): once the page's
 * build is written, the same sources are built for Node (a server build, into a temporary
 * directory under node_modules/.cache), drawn at `/`, and the HTML goes into `#root`, which src/start.tsx then hydrates. The
 * precompressed copies are written after it (`closeBundle`).
 */
function prerenderFirstScreen(): Plugin {
  let outDir = '';
  return {
    name: 'portal-prerender',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle: {
      sequential: true,
      async handler() {
        await mkdir(join(projectRoot, 'node_modules', '.cache'), { recursive: true });
        const serverDir = await mkdtemp(join(projectRoot, 'node_modules', '.cache', 'portal-prerender-'));
        try {
          await build({
            configFile: fileURLToPath(import.meta.url),
            logLevel: 'warn',
            // React and the rest bundled in, evaluated together when imported: not Node's copies,
            // which another caller in the same process (a test) may have loaded for another mode.
            ssr: { noExternal: true },
            build: { ssr: 'prerender.tsx', outDir: serverDir, emptyOutDir: true, manifest: false },
          });
          const { prerenderSignIn } = (await import(pathToFileURL(join(serverDir, 'prerender.js')).href)) as {
            prerenderSignIn: () => Promise<string>;
          };
          const indexFile = join(outDir, 'index.html');
          const html = await readFile(indexFile, 'utf8');
          const screen = await prerenderSignIn();
          await writeFile(indexFile, replaceTag(html, EMPTY_ROOT, `<div id="root" data-prerendered>${screen}</div>`));
        } finally {
          await rm(serverDir, { recursive: true, force: true });
        }
      },
    },
  };
}

const EMPTY_ROOT = '<div id="root"></div>';

/**
 * The page names the app's style sheets beside its own (which inlineFirstScreenStyles writes
 * into it). The app's code (src/start.tsx, a second entry) it does not name: src/main.tsx asks
 * for it, and for what it imports, once the page has painted, so that on a phone's slow network
 * the page and the brand's answer have the bandwidth to themselves until then (Lighthouse's
 * LCP: 1.34 s with the scripts preloaded beside the page, 1.02-1.09 s without).
 */
function appLinks(): Plugin {
  return {
    name: 'portal-app-links',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunks = new Map(
          Object.values(context.bundle ?? {}).flatMap((output) => (output.type === 'chunk' ? [[output.fileName, output] as const] : [])),
        );
        const app = entryChunk(context.bundle, APP_ENTRY);
        const scripts = new Set<string>();
        const visit = (fileName: string) => {
          if (scripts.has(fileName)) return;
          scripts.add(fileName);
          for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
        };
        visit(app.fileName);
        // What the page's own entry imports, Vite names already.
        const page = entryChunk(context.bundle, 'index');
        const named = new Set([page.fileName, ...page.imports]);
        const pageStyles = new Set([...named].flatMap((fileName) => [...(chunks.get(fileName)?.viteMetadata?.importedCss ?? [])]));
        const styles = new Set([...scripts].flatMap((fileName) => [...(chunks.get(fileName)?.viteMetadata?.importedCss ?? [])]));
        return [...styles]
          .filter((fileName) => !pageStyles.has(fileName))
          .map((fileName) => ({ tag: 'link', attrs: { rel: 'stylesheet', href: `/${fileName}` }, injectTo: 'head' as const }));
      },
    },
  };
}

/**
 * The first screen's style sheet goes into index.html (a `<style>` in place of its `<link>`), so
 * the prerendered form paints with the page itself, not one request later (Lighthouse's LCP:
 * 1.02-1.20 s with the link). The policy allows it by its hash (scripts/security-headers.mjs):
 * the build fails, naming the new hash, when the styles change and the policy does not.
 */
function inlineFirstScreenStyles(): Plugin {
  return {
    name: 'portal-inline-first-screen-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const sheets = Object.values(context.bundle ?? {}).filter(
          (output) => output.type === 'asset' && isFirstScreenStyles(output.fileName),
        );
        const [sheet] = sheets;
        if (sheets.length !== 1 || sheet?.type !== 'asset')
          throw new Error(`the build has ${sheets.length} first-screen style sheets, not one`);
        const css = String(sheet.source);
        const hash = `sha256-${createHash('sha256').update(css).digest('base64')}`;
        if (hash !== FIRST_SCREEN_STYLE_HASH) {
          throw new Error(
            `The first screen's styles changed: their hash is now '${hash}'. Set FIRST_SCREEN_STYLE_HASH in ` +
              'scripts/security-headers.mjs to it, and the style-src of deploy/nginx/portal-server.conf.template with it.',
          );
        }
        // The link stays, disabled (never fetched): Vite's preload helper, which the app's dynamic
        // imports go through, skips the style sheets the page links already, and would otherwise
        // fetch this one again beside the app's code.
        const link = `<link rel="stylesheet" href="/${sheet.fileName}">`;
        return replaceTag(html, link, `<style>${css}</style>${link.replace(/>$/, ' disabled>')}`);
      },
    },
  };
}

/**
 * The page's script (src/main.tsx) and the modules it imports are asked for at low priority
 * (`fetchpriority="low"` on index.html's module script and modulepreload links): none of them is
 * needed for the first paint, which src/main.tsx waits for before it imports the app, so the
 * page and the brand's answer go first. (Lighthouse's simulation also counts a high-priority
 * script that arrived before the paint as blocking it: FCP 0.94-1.10 s with them high, 0.82-0.89
 * s low.)
 */
function lowPriorityPageScripts(): Plugin {
  return {
    name: 'portal-low-priority-page-scripts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const page = entryChunk(context.bundle, 'index');
        const tags = [
          `<script type="module" crossorigin src="/${page.fileName}">`,
          ...page.imports.map((fileName) => `<link rel="modulepreload" crossorigin href="/${fileName}">`),
        ];
        return tags.reduce((written, tag) => replaceTag(written, tag, tag.replace(/>$/, ' fetchpriority="low">')), html);
      },
    },
  };
}

/** The first screen's chunk (its code-splitting group below), whose style sheet the page carries. */
const FIRST_SCREEN = 'first-screen';

const isFirstScreenStyles = (file: string) => file.endsWith('.css') && chunkName(file) === FIRST_SCREEN;

/** The app's entry: src/start.tsx, which src/main.tsx (index.html's) imports after the first paint. */
const APP_ENTRY = 'start';

type Bundle = NonNullable<IndexHtmlTransformContext['bundle']>;
type Chunk = Extract<Bundle[string], { type: 'chunk' }>;

/** The bundle's entry chunk of that name (`index`: index.html's script; APP_ENTRY). */
function entryChunk(bundle: Bundle | undefined, name: string): Chunk {
  const found = Object.values(bundle ?? {}).find(
    (output): output is Chunk => output.type === 'chunk' && output.isEntry && output.name === name,
  );
  if (!found) throw new Error(`the build has no ${name} entry`);
  return found;
}

/**
 * index.html with one of its tags replaced; the build fails if the tag is not there as written.
 * (A function, so that no `$'` in the replacement is read as a replacement pattern.)
 */
function replaceTag(html: string, tag: string, replacement: string): string {
  if (!html.includes(tag)) throw new Error(`index.html has no ${tag}`);
  return html.replace(tag, () => replacement);
}

/** The name of a built file's chunk: `assets/start-BEY2xvfy.js` is `start`'s (Vite's `[name]-[hash]`). */
function chunkName(file: string): string {
  return file.replace(/^.*\//, '').replace(/-[\w-]{8}\.\w+$/, '');
}

/** Where `vite preview` forwards the gateway paths and the dashboards: the mock unless set. */
const gatewayUrl = process.env.GATEWAY_URL || `http://127.0.0.1:${MOCK_PORT}`;
const dashboardUrl = process.env.DASHBOARD_URL || gatewayUrl;

export default defineConfig(({ command, isSsrBuild }) => {
  return {
    root: 'src',
    publicDir: 'public',
    // The page's configuration: the dev server writes the development one, the build keeps the
    // empty block a server fills (scripts/portal-config.mjs).
    plugins: [
      linguiMacros(),
      lingui(),
      react(),
      portalConfigPlugin(),
      preloadFirstScreenAnswers(),
      appLinks(),
      inlineFirstScreenStyles(),
      lowPriorityPageScripts(),
      prerenderFirstScreen(),
      precompress(),
      portalPreviewGuard(),
    ],
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
        // What a dynamic import fetches beside the chunk it imports: the style sheets always; the
        // scripts that chunk imports only for the app's entry, which the page's entry imports
        // once the page has painted (all at once then, not found import after import). A lazy
        // screen's chunk finds its few imports itself, most of them loaded already.
        resolveDependencies: (file, dependencies, { hostType }) =>
          hostType === 'html' || chunkName(file) === APP_ENTRY
            ? dependencies
            : dependencies.filter((dependency) => dependency.endsWith('.css')),
      },
      sourcemap: false,
      // Every asset is a file: inlined data: URLs would need a weaker img-src.
      assetsInlineLimit: 0,
      // scripts/size-check.mjs reads the manifest to find the first screen's JavaScript.
      manifest: true,
      rolldownOptions: {
        // The page (with src/main.tsx) and the app it starts after the first paint (src/start.tsx).
        ...(isSsrBuild
          ? {}
          : {
              input: {
                index: fileURLToPath(new URL('src/index.html', import.meta.url)),
                [APP_ENTRY]: fileURLToPath(new URL('src/start.tsx', import.meta.url)),
              },
            }),
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
          // (The prerender's server build, which only Node reads, is left to the bundler.)
          codeSplitting: isSsrBuild
            ? true
            : {
                groups: [
                  // Vite's helper for dynamic imports (it loads a lazy chunk's style sheets), which
                  // the page's entry uses to start the app: on its own, or the first screen's
                  // chunk, where the app's imports would take it, would run with the entry.
                  {
                    name: 'preload-helper',
                    test: /vite[\\/]preload-helper/,
                  },
                  {
                    name: FIRST_SCREEN,
                    tags: ['$initial'],
                    // Not the page's entry (index.html and its script), which runs before the app.
                    test: (id: string) => !/[\\/]src[\\/](?:main\.tsx|index\.html)/.test(id),
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
      environment: 'jsdom',
      setupFiles: ['src/testing/setup.ts'],
      restoreMocks: true,
      unstubGlobals: true,
      // A bound, not a wait (see src/testing/setup.ts): room for a test on a busy machine.
      testTimeout: 15_000,
      include: [
        'src/**/*.test.{ts,tsx}',
        'common/**/*.test.ts',
        'packages/*/test/**/*.test.{mjs,ts}',
        'scripts/**/*.test.mjs',
        'tests/contract/**/*.test.{mjs,ts}',
      ],
      // The files share their workers' modules and page instead of each building its own (a new
      // jsdom and a new module graph per file took three quarters of the app's tests' time): each
      // test leaves the page, the storage, the clock and the app's query cache as it found them
      // (src/testing/setup.ts), and a test about a module's first state loads a fresh one
      // (vi.resetModules). `npm run test:unit -- --sequence.shuffle.files` finds a test that
      // leans on another file's leftovers.
      pool: 'threads',
      isolate: false,
      // One worker per core: Vitest's default leaves one core to its main thread, which here has
      // little to do (the whole run: 214 s on one worker, 137 s on two, on 2 cores).
      maxWorkers: availableParallelism(),
    },
  };
});
