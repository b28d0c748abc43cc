// The first screen's size, measured in a real browser: every script Chromium asks for when it
// opens `/` of the build in dist/, served by nginx with deploy/nginx/ and the mock gateway, before
// the frame in which the sign-in form is first usable (its fields and button enabled; the form
// waits for the brand's answer). That is the entry, its static imports, and whatever the first
// screen's queries load on the way (such as response schemas), which a reading of index.html or of
// Vite's manifest would miss. What the page goes on loading by itself once the branded form and
// the latest announcement are up and until the network is quiet (the passkey sign-in) is listed,
// marked, and not counted.
// Each script counts as gzip -9 of its body, the performance guide's unit; the bytes nginx sent
// (brotli) are shown beside it. Fails over the budget, or when a library that belongs to later
// screens is among the scripts.
//
//   node scripts/size-check.mjs                 (npm run size; npm test runs it on the build)
//   node scripts/size-check.mjs --dist DIR      another build, for comparisons
import { chromium } from '@playwright/test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { CHROMIUM_BINARY, CHROMIUM_SWITCHES, ensureSystemPackages } from './ensure-system.mjs';
import { startMock } from './mock.mjs';
import { freePort, startNginx } from './nginx.mjs';

/** The performance guide's budget for the first screen's JavaScript, gzip. */
export const BUDGET_BYTES = 105_000;

/** Libraries that load only with the screens that use them, and a string each always contains. */
export const LAZY_LIBRARIES = {
  'libphonenumber-js': 'country_calling_codes',
  zod: '$ZodType',
  DOMPurify: 'SAFE_FOR_TEMPLATES',
  qrcode: 'No input text',
  // The first screen draws and asks without it (src/lib/public-content.ts, src/lib/query-scope.tsx).
  '@tanstack/react-query': 'No QueryClient set',
};

/** Launch flags that work for Debian's Chromium here (../shared/guides/toolchain.md). */
export const CHROMIUM_FLAGS = ['--headless=new', ...CHROMIUM_SWITCHES];

const root = resolve(import.meta.dirname, '..');
const BRANDING_PATH = '/login-gateway/public/branding/brand';
const ANNOUNCEMENTS_PATH = '/announcements.json';

/**
 * Opens baseUrl in Chromium and records what the first screen fetches.
 * @returns {Promise<{ files: { path: string, type: string, gzip: number, wire: number, afterReady: boolean, text: string }[] }>}
 */
export async function measureFirstScreen(baseUrl) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_BINARY, args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage();
    // The moment the form is first usable, seen from inside the page: checked before each frame
    // is painted, so the frame the form first shows in is the one recorded, and what the page asks
    // for once that frame is up (the passkey sign-in, after the first paint) is never counted as
    // the first screen's, however busy the machine. The form comes prerendered in the page
    // (src/prerender.tsx) with a plain button: it is usable once the app has taken it over, when
    // that button submits.
    await page.addInitScript(() => {
      const check = () => {
        const username = document.querySelector('input[name="username"]');
        const submit = document.querySelector('form button[type="submit"]');
        if (username instanceof HTMLInputElement && !username.disabled && submit instanceof HTMLButtonElement && !submit.disabled)
          window.__readyAt = performance.now();
        else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });
    /** @type {Promise<{ url: string, path: string, type: string, gzip: number, wire: number, text: string }>[]} */
    const pending = [];
    page.on('requestfinished', (request) => {
      pending.push(
        (async () => {
          // A request that finishes as the browser closes (the passkey autofill's call, made
          // after the screen is ready) has no body left to read: it counts as empty.
          const response = await request.response().catch(() => null);
          const body = response ? await response.body().catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
          const sizes = await request.sizes().catch(() => ({ responseBodySize: 0 }));
          return {
            url: request.url(),
            path: new URL(request.url()).pathname,
            type: request.resourceType(),
            gzip: gzipSync(body, { level: 9 }).length,
            wire: sizes.responseBodySize,
            text: request.resourceType() === 'script' ? body.toString('utf8') : '',
          };
        })(),
      );
    });
    const brandAnswer = page.waitForResponse((response) => new URL(response.url()).pathname === BRANDING_PATH);
    const announcementsAnswer = page.waitForResponse((response) => new URL(response.url()).pathname === ANNOUNCEMENTS_PATH);
    await page.goto(baseUrl);
    const brand = await (await brandAnswer).json();
    const announcements = await (await announcementsAnswer).json();
    const brandName = brand?.data?.brandName ?? brand?.brandName;
    if (typeof brandName !== 'string') throw new Error(`the mock's branding answer has no brandName: ${JSON.stringify(brand)}`);
    const changes = announcements?.data?.changes ?? announcements?.changes ?? [];
    const expectBanner = changes[0]?.features?.length > 0;
    // Ready: the header's logo and the title carry the brand, the latest announcement is shown
    // (the mock has one), and the form can be used.
    await page.waitForFunction(
      ({ name, banner }) => {
        const logo = document.querySelector('header img');
        const username = document.querySelector('input[name="username"]');
        const password = document.querySelector('input[name="password"]');
        const submit = document.querySelector('form button[type="submit"]');
        return (
          logo?.getAttribute('alt') === name &&
          document.title.includes(name) &&
          (!banner || document.querySelector('section[aria-label="Latest update"]') !== null) &&
          username instanceof HTMLInputElement &&
          !username.disabled &&
          password instanceof HTMLInputElement &&
          submit instanceof HTMLButtonElement &&
          !submit.disabled
        );
      },
      { name: brandName, banner: expectBanner },
      { timeout: 60_000 },
    );
    // Then whatever the page goes on loading by itself, listed, but not counted: the first screen
    // is what the form waited for (requested before the frame it was first usable in).
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    const { readyAt, started } = await page.evaluate(() => ({
      readyAt: window.__readyAt,
      started: performance.getEntriesByType('resource').map((entry) => [entry.name, entry.startTime]),
    }));
    if (typeof readyAt !== 'number') throw new Error('the page never recorded the moment its form was ready');
    const startOf = new Map(started.reverse());
    const files = await Promise.all(pending);
    return { files: files.map(({ url, ...file }) => ({ ...file, afterReady: (startOf.get(url) ?? 0) >= readyAt })) };
  } finally {
    await browser.close();
  }
}

/** Checks a measurement against the budget and the lazy libraries; returns the report's lines and the failures. */
export function judge(files) {
  const scripts = files.filter((file) => file.type === 'script' && !file.afterReady);
  const total = scripts.reduce((sum, file) => sum + file.gzip, 0);
  const failures = [];
  for (const [library, marker] of Object.entries(LAZY_LIBRARIES)) {
    const holder = scripts.find((file) => file.text.includes(marker));
    if (holder) failures.push(`${library} is part of the first screen (${holder.path}); it must load with the screens that use it`);
  }
  const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
  const lines = [
    'The first screen in Chromium (gzip -9; brotli as nginx sent it):',
    ...files.map(
      (file) =>
        `  ${file.type.padEnd(10)} ${file.path.padEnd(46)} ${kb(file.gzip).padStart(9)} ${kb(file.wire).padStart(9)}${file.afterReady ? '  (after the form was ready)' : ''}`,
    ),
  ];
  if (total > BUDGET_BYTES) failures.push(`over budget: ${kb(total)} of JavaScript, budget ${kb(BUDGET_BYTES)}`);
  return { lines, failures, total, verdict: `${kb(total)} of ${kb(BUDGET_BYTES)} budget (JavaScript, gzip, ${scripts.length} scripts)` };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { dist: { type: 'string' } } });
  const distDir = resolve(values.dist ?? join(root, 'dist'));
  if (!existsSync(join(distDir, 'index.html'))) {
    console.error(`size: ${distDir} has no build: run \`npm run build\` first`);
    process.exit(1);
  }
  if (!ensureSystemPackages()) process.exit(1);
  const mockPort = await freePort();
  const mock = await startMock({ port: mockPort, prismPort: await freePort() });
  let nginx;
  try {
    nginx = await startNginx({ distDir, gatewayUrl: `http://127.0.0.1:${mockPort}` });
    const { files } = await measureFirstScreen(`http://127.0.0.1:${nginx.port}/`);
    // The marker must be in the build at all, or the lazy-library check would prove nothing.
    const built = readdirSync(join(distDir, 'assets'))
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(join(distDir, 'assets', file), 'utf8'))
      .join('\n');
    const stale = Object.entries(LAZY_LIBRARIES).filter(([, marker]) => !built.includes(marker));
    const { lines, failures, verdict } = judge(files);
    for (const [library, marker] of stale)
      failures.push(`${library} no longer contains "${marker}"; update the marker in scripts/size-check.mjs`);
    console.log(lines.join('\n'));
    if (failures.length) {
      for (const failure of failures) console.error(`size: ${failure}`);
      console.error(`size: ${verdict}`);
      process.exitCode = 1;
    } else {
      console.log(`size: ${verdict}; ${Object.keys(LAZY_LIBRARIES).join(', ')} load later`);
    }
  } finally {
    await nginx?.close();
    mock.stop();
  }
}
