import { announcements, expect, standInDashboards, test } from '../support/fixtures';
import { report, sample } from './hostile-support';

/*
 * Landing addresses the gateway might send after a sign-in: only an exact dashboard path of the
 * allow-list is followed, on the portal's own origin; anything else leaves the user on the form
 * with the internal-error message and no session.
 */

const DASHBOARDS = ['advisor', 'participant', 'plan-admin', 'eps-admin', 'sales-representative', 'plan-establishment', 'partner-dashboard'];

/** 70+ variants: absolute, protocol-relative, backslash, encoded, scripted, traversal, queries and fragments. */
function landingVariants(): string[] {
  const hosts = ['evil.example', 'evil.example:443', '127.0.0.1.evil.example', 'user@evil.example'];
  const variants = new Set<string>();
  for (const host of hosts) {
    variants.add(`https://${host}/participant`);
    variants.add(`http://${host}/#/participant`);
    variants.add(`//${host}/participant`);
    variants.add(`/\\${host}/participant`);
    variants.add(`\\\\${host}\\participant`);
    variants.add(`https:${host}/participant`);
  }
  for (const scheme of [
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:x',
  ]) {
    variants.add(scheme);
  }
  for (const dashboard of DASHBOARDS) {
    variants.add(`/${dashboard}/../admin`);
    variants.add(`/${dashboard}?next=https://evil.example`);
    variants.add(`/${dashboard}#https://evil.example`);
    variants.add(`/${dashboard}/`);
    variants.add(`/%2e%2e/${dashboard}`);
    variants.add(`/${dashboard}%2f..%2fadmin`);
    variants.add(`${dashboard}`);
  }
  for (const odd of [
    '',
    ' ',
    '/',
    '/admin',
    '/participants',
    '/PARTICIPANT',
    '%2fparticipant',
    '/participant\u0000',
    '/participant\r\nSet-Cookie: x=1',
    'x'.repeat(5000),
  ]) {
    variants.add(odd);
  }
  return [...variants];
}

test('landing addresses outside the allow-list are never followed', async ({ page, guards }, testInfo) => {
  test.setTimeout(process.env.HOSTILE === 'full' ? 30 * 60_000 : 120_000);
  guards.allowConsoleErrors(/Failed to load resource/);
  await standInDashboards(page);
  const variants = landingVariants();
  expect(variants.length).toBeGreaterThanOrEqual(70);
  let landing = '';
  await page.route(/\/login-gateway\/userLandingUrl(\?|$)/, (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify({ data: { url: landing, externalUrl: false } }) }),
  );
  const problems: string[] = [];
  const portal = new URL(testInfo.project.use.baseURL ?? 'http://127.0.0.1').origin;
  const tried = sample(variants, 8);
  for (const next of tried) {
    landing = next;
    await page.goto('about:blank');
    await page.goto('/');
    await page.getByRole('textbox', { name: 'Username' }).fill('demo');
    await page.getByLabel('Password', { exact: true }).fill('Secret#123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    try {
      // Refused (the form, the internal error, no session) or followed to an exact dashboard path
      // of the allow-list, on the portal's own origin (a variant that parses to one is one).
      const refused = async () => (await announcements(page)).some((text) => text.includes('An internal error has occurred'));
      const left = page.getByRole('heading', { level: 1, name: /^Dashboard: / });
      await expect.poll(async () => (await left.isVisible()) || (await refused())).toBe(true);
      const url = new URL(page.url());
      expect(url.origin).toBe(portal);
      if (await left.isVisible()) {
        expect(DASHBOARDS.map((name) => `/${name}`)).toContain(url.pathname);
        expect(url.search + url.hash).toBe('');
      } else {
        expect(url.hash).toMatch(/^(#\/?)?$/);
        await expect.poll(() => page.evaluate(() => window.sessionStorage.getItem('token')).catch(() => 'navigating')).toBeNull();
      }
    } catch (error) {
      problems.push(`${JSON.stringify(next.slice(0, 60))}: ${String(error).split('\n')[0]}`);
    }
  }
  report(testInfo, 'redirects', tried.length, problems.length);
  expect(problems).toEqual([]);
});
