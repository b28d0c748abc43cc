import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import playwrightConfig from '../../playwright.config';
import { CHROMIUM_BINARY } from '../../scripts/ensure-system.mjs';
import { startNginx } from '../../scripts/nginx.mjs';
import { DEVELOPMENT_CONFIG } from '../../scripts/portal-config.mjs';
import { MOCK_PORT } from '../../scripts/ports.mjs';
import { makeCertificate } from '../../scripts/tls.mjs';
import { expect, expectNoAxeViolations, test as base } from '../support/fixtures';

/*
 * One build, two deployments: the very dist/ the run serves, served by a second nginx
 * (deploy/nginx/, rendered by deploy/nginx/render-portal.sh as the container renders it) with
 * another configuration. What a deployment sets shows in the browser: the captcha's site key, the
 * dashboards' prefix after sign-in, where CSP violations are reported; and a configuration that
 * breaks the schema gives the page that names the bad key.
 *
 * The second deployment is served over TLS and HTTP/2, as production is: Chromium delivers
 * Reporting API reports only from an https page to an https endpoint. Its certificate is made
 * for the worker that runs these tests (not as the file loads: every process that lists the tests
 * loads it) and removed with the worker, and Chromium trusts its key and nothing else.
 */

type Certificate = ReturnType<typeof makeCertificate>;

const test = base.extend<object, { certificate: Certificate }>({
  certificate: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none
    async ({}, use) => {
      const certificate = makeCertificate(['127.0.0.1']);
      await use(certificate);
      certificate.remove();
    },
    { scope: 'worker' },
  ],
  // Chromium trusts the worker's certificate, and delivers violation reports at once rather than
  // in batches up to a minute apart; the whole browser, as its headless shell (the suite's browser,
  // playwright.config.ts) delivers no Reporting API reports.
  launchOptions: [
    async ({ certificate }, use) => {
      await use({
        ...playwrightConfig.use?.launchOptions,
        executablePath: CHROMIUM_BINARY,
        args: [
          ...(playwrightConfig.use?.launchOptions?.args ?? []),
          `--ignore-certificate-errors-spki-list=${certificate.spki}`,
          '--short-reporting-delay',
        ],
      });
    },
    { scope: 'worker' },
  ],
});

/** The second deployment: another site key, a path prefix, its own violation collector. */
const SECOND_CONFIG = {
  ...DEVELOPMENT_CONFIG,
  captchaSiteKey: '6Lc_second-deployment-key_0123456789abcd',
  envPathPrefix: '/qa',
};

/** Records the violation reports a browser sends (the Reporting API asks first, CORS). */
async function startCollector(certificate: Certificate) {
  const reports: { contentType: string; body: string }[] = [];
  const tls = { cert: readFileSync(certificate.cert), key: readFileSync(certificate.key) };
  const server: Server = createServer(tls, (request, response) => {
    const cors = {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Methods': 'POST',
      'Access-Control-Allow-Headers': 'Content-Type',
    };
    if (request.method === 'OPTIONS') return void response.writeHead(204, cors).end();
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      reports.push({ contentType: request.headers['content-type'] ?? '', body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(204, cors).end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { url: `https://127.0.0.1:${port}/csp-reports`, reports, close: () => new Promise<void>((done) => server.close(() => done())) };
}

let collector: Awaited<ReturnType<typeof startCollector>>;
let second: Awaited<ReturnType<typeof startNginx>>;

test.beforeAll(async ({ certificate }) => {
  collector = await startCollector(certificate);
  second = await startNginx({
    distDir: fileURLToPath(new URL('../../dist', import.meta.url)),
    gatewayUrl: `http://127.0.0.1:${MOCK_PORT}`,
    cspReportUrl: collector.url,
    config: SECOND_CONFIG,
    tls: certificate,
  });
});

test.afterAll(async () => {
  await second?.close();
  await collector?.close();
});

const secondBase = () => `https://127.0.0.1:${second.port}`;

const DEPLOYMENTS = [
  { name: 'the run’s own (development configuration)', base: (baseURL: string | undefined) => baseURL ?? '', config: DEVELOPMENT_CONFIG },
  { name: 'a second deployment of the same build, over TLS', base: secondBase, config: SECOND_CONFIG },
];

async function signIn(page: Page, base: string) {
  await page.goto(`${base}/`);
  await page.getByLabel('Username').fill('demo');
  await page.getByLabel('Password', { exact: true }).fill('Secret#123');
  await page.getByRole('button', { name: 'Sign In' }).click();
}

for (const deployment of DEPLOYMENTS) {
  test.describe(deployment.name, () => {
    test("renders the captcha with the deployment's site key", async ({ page, baseURL }) => {
      await page.goto(`${deployment.base(baseURL)}/#/reset-password`);
      await expect(page.getByRole('checkbox', { name: "I'm not a robot" })).toBeVisible();
      await expect(page.locator('[data-sitekey]')).toHaveAttribute('data-sitekey', deployment.config.captchaSiteKey);
    });

    test("hands over to the dashboard under the deployment's prefix after sign-in", async ({ page, baseURL }) => {
      const base = deployment.base(baseURL);
      const dashboard = `${deployment.config.envPathPrefix}/participant`;
      await signIn(page, base);
      await expect(page).toHaveURL(`${base}${dashboard}`);
      await expect(page.getByRole('heading', { name: `Outside the portal: ${dashboard}` })).toBeVisible();
    });
  });
}

test('both deployments serve the same build: their pages differ only in the configuration block', async ({ page, baseURL }) => {
  const block = /<script id="portal-config" type="application\/json">[^<]*<\/script>/;
  const first = await (await page.request.get(`${baseURL}/`)).text();
  const other = await (await page.request.get(`${secondBase()}/`, { ignoreHTTPSErrors: true })).text();
  expect(first).toMatch(block);
  expect(first).not.toBe(other);
  expect(first.replace(block, '')).toBe(other.replace(block, ''));
});

test("a CSP violation reaches the deployment's report collector", async ({ page, guards }) => {
  const blocked = `http://127.0.0.1:${MOCK_PORT}/forced-violation.png`;
  guards.allowCspViolations(/^img-src blocked http:\/\/127\.0\.0\.1:\d+\/forced-violation\.png$/);
  guards.allowConsoleErrors(/forced-violation\.png.*Content Security Policy/);
  const base = secondBase();
  await page.goto(`${base}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your 401(k) account' })).toBeVisible();
  // img-src allows the portal's own origin and https only: an http image from elsewhere is refused.
  await page.evaluate((source) => {
    const image = document.createElement('img');
    image.src = source;
    image.alt = '';
    document.body.append(image);
  }, blocked);
  const reported = () =>
    collector.reports.flatMap(({ body }) => {
      const parsed: unknown = JSON.parse(body);
      return (Array.isArray(parsed) ? parsed : [parsed]) as {
        type?: string;
        url?: string;
        body?: { blockedURL?: string; effectiveDirective?: string };
      }[];
    });
  // Waits for the report's arrival; the bound is patience on a busy machine, not a measurement.
  await expect
    .poll(() => reported().filter((report) => report.type === 'csp-violation'), { timeout: 30_000 })
    .toEqual([
      expect.objectContaining({
        url: `${base}/`,
        body: expect.objectContaining({ blockedURL: blocked, effectiveDirective: 'img-src' }) as unknown,
      }),
    ]);
});

test('a configuration that breaks the schema gives the page that names each bad key', async ({ page, baseURL }) => {
  const { captchaSiteKey: _missing, ...withoutKey } = DEVELOPMENT_CONFIG;
  const broken = JSON.stringify({ ...withoutKey, surveyUrl: 'http://survey.example.com/logout' });
  await page.route(`${baseURL}/`, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      /(<script id="portal-config" type="application\/json">)[^<]*(<\/script>)/,
      `$1${broken}$2`,
    );
    const headers = response.headers();
    await route.fulfill({
      status: 200,
      contentType: 'text/html; charset=utf-8',
      headers: { 'content-security-policy': headers['content-security-policy'] ?? '' },
      body: html,
    });
  });
  await page.goto('/');
  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { level: 1, name: 'Sign in is not available' })).toBeVisible();
  await expect(alert.getByRole('listitem')).toHaveText([/^captchaSiteKey: /, /^surveyUrl: /]);
  await expect(page.getByLabel('Username')).toHaveCount(0);
  await expectNoAxeViolations(page);
});
