import { connect } from 'node:net';
import { CONFIG_BLOCK, configBlock, developmentConfig } from '../../scripts/portal-config.mjs';
import { CONTENT_SECURITY_POLICY, CSP_REPORT_GROUP, SECURITY_HEADERS } from '../../scripts/security-headers.mjs';
import { expect, readResponses, test } from '../support/fixtures';

/*
 * The build as production serves it: nginx with deploy/nginx/ (the end-to-end run's server).
 * What the browser gets: the page with its configuration, compression, caching, the security
 * headers on every answer, the dashboards after sign-in; and what a crafted request target gets:
 * refused.
 */

/** The policy nginx sends: the portal's, with its violations reported (report-uri, report-to). */
function expectPolicy(csp: string | undefined, what: string) {
  expect(csp?.startsWith(`${CONTENT_SECURITY_POLICY}; report-uri `), what).toBe(true);
  expect(csp?.endsWith(`; report-to ${CSP_REPORT_GROUP}`), what).toBe(true);
}

/** Writes one request exactly as given (fetch and the browser would normalise the target); resolves to its status line's code. */
function rawStatus(baseURL: string, method: string, target: string): Promise<number> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () =>
      socket.write(`${method} ${target} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`),
    );
    let head = '';
    socket.on('data', (chunk: Buffer) => (head += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => resolve(Number(head.split(' ')[1] ?? 0)));
  });
}

test('every script and style of the first screen arrives compressed, with immutable caching and the security headers', async ({ page }) => {
  const assetsRead = readResponses(page, (response) =>
    new URL(response.url()).pathname.startsWith('/assets/')
      ? response.allHeaders().then((headers) => ({
          url: response.url(),
          encoding: headers['content-encoding'],
          cache: headers['cache-control'],
          csp: headers['content-security-policy'],
        }))
      : undefined,
  );
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your 401(k) account' })).toBeVisible();
  await expect(page).toHaveTitle(/Example Partner/);
  const scripts = (await assetsRead()).filter((asset) => /\.(js|css)$/.test(asset.url));
  expect(scripts.length).toBeGreaterThan(1);
  for (const asset of scripts) {
    // Chromium asks for brotli from a secure origin (https in production, 127.0.0.1 here).
    expect(asset.encoding, asset.url).toBe('br');
    expect(asset.cache, asset.url).toBe('public, max-age=31536000, immutable');
    expectPolicy(asset.csp, asset.url);
  }
});

test('the page is never stored, the icon is revalidated and a missing asset is a 404 nobody keeps', async ({ page }) => {
  const html = await page.request.get('/');
  expect(html.headers()['cache-control']).toBe('no-store');
  expect(html.headers()['content-type']).toBe('text/html; charset=utf-8');
  // The build's empty configuration block, filled by the server with the run's configuration.
  expect(await html.text()).toContain(configBlock(developmentConfig()));
  expect(await html.text()).not.toContain(CONFIG_BLOCK);
  expect(html.headers()['reporting-endpoints']).toMatch(new RegExp(`^${CSP_REPORT_GROUP}="https?://`));
  const icon = await page.request.get('/favicon.svg');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['cache-control']).toBe('no-cache');
  const missing = await page.request.get('/assets/no-such-chunk-0000.js');
  expect(missing.status()).toBe(404);
  expect(missing.headers()['cache-control']).toBe('no-store');
  expectPolicy(missing.headers()['content-security-policy'], 'a missing asset');
});

test('the gateway answers come through the same origin, compressed and with the portal headers', async ({ page }) => {
  const answer = await page.request.get('/login-gateway/public/branding/brand', { headers: { 'Accept-Encoding': 'gzip' } });
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-encoding']).toBe('gzip');
  expect(answer.headers()['x-frame-options']).toBe(SECURITY_HEADERS['X-Frame-Options']);
  expect(Object.keys(answer.headers()).filter((name) => name.startsWith('access-control-'))).toEqual([]);
  expect((await answer.json()) as unknown).toMatchObject({ brandName: expect.any(String) as unknown });
});

test('a gateway answer made with the session is never stored by the browser', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Username').fill('demo');
  await page.getByLabel('Password', { exact: true }).fill('Secret#123');
  const signedIn = page.waitForResponse((response) => new URL(response.url()).pathname === '/login-gateway/authentication');
  await page.getByRole('button', { name: 'Sign In' }).click();
  const answer = await signedIn;
  expect(answer.status()).toBe(200);
  expect(await answer.headerValue('cache-control')).toBe('no-store');
});

test('crafted request targets are refused and dot-files are never served', async ({ baseURL }) => {
  const base = baseURL ?? '';
  const mock = `127.0.0.1:${process.env.MOCK_PORT ?? '4010'}`;
  for (const target of [
    `http://${mock}/login-gateway/api/validateSession`,
    `//${mock}/public/x`,
    '/login-gateway/../assets/x',
    '/login-gateway/%2e%2e/x',
    '/assets/..%2f.vite/manifest.json',
    '/public//x',
    '/\\evil.example/x',
  ]) {
    expect(await rawStatus(base, 'GET', target), target).toBe(400);
  }
  expect(await rawStatus(base, 'CONNECT', mock)).toBe(400);
  for (const target of ['/.vite/manifest.json', '/%2evite/manifest.json', '/.env']) {
    expect(await rawStatus(base, 'GET', target), target).toBe(404);
  }
  expect(await rawStatus(base, 'POST', '/index.html')).toBe(405);
});

test('after sign-in the dashboard comes from its own application, not a "Not found"', async ({ page }) => {
  // No stand-in here: nginx forwards the dashboards to DASHBOARD_URL, which the mock plays.
  await page.goto('/');
  await page.getByLabel('Username').fill('demo');
  await page.getByLabel('Password', { exact: true }).fill('Secret#123');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/:\d+\/participant$/);
  await expect(page.getByRole('heading', { name: 'Outside the portal: /participant' })).toBeVisible();
});
