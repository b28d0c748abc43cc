import type { Page, Request } from '@playwright/test';
import { announcements, expect, standInDashboards, test } from '../support/fixtures';
import { FULL, report, sample, surviving } from './hostile-support';
import { rejectionsSince, watchPage } from './page-watch';
import { mintSession } from '../support/session';

/*
 * Where the portal may send a user, whatever it is given. Landing addresses the gateway might
 * send after a sign-in: only an exact dashboard path of the allow-list is followed, on the
 * portal's own origin; anything else leaves the user on the form with the internal-error message
 * and no session. And every other address the flows accept and act on: the address the portal
 * is opened at (its hash route and query), the logout redirect's user type (`?ind=`) and the
 * history state it hands over, the link pages' `?token=` and `&userId=`, and the landing address
 * stored at sign-in that the journey returns to after adding a phone.
 */

test.use({ trace: 'off' });

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
      // One outcome, read once the page has it (a look during the navigation to a dashboard finds neither).
      let outcome: 'left' | 'refused' | null = null;
      await expect
        .poll(async () => {
          try {
            outcome = (await left.isVisible()) ? 'left' : (await refused()) ? 'refused' : null;
          } catch {
            outcome = null;
          }
          return outcome;
        })
        .not.toBeNull();
      const url = new URL(page.url());
      expect(url.origin).toBe(portal);
      if (outcome === 'left') {
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

/** Nothing outside the portal was followed, linked or asked for; nothing scripted survives. */
async function expectContained(page: Page, portal: string, sent: readonly Request[]): Promise<void> {
  expect(new URL(page.url()).origin, 'still in the portal').toBe(portal);
  // The stand-in logos' host is the brand's; every other request stays on the portal's origin.
  const away = sent
    .map((request) => new URL(request.url()))
    .filter((url) => url.origin !== portal && url.host !== 'assets.example-partner.com');
  expect(away.map(String), 'requests outside the portal').toEqual([]);
  const addresses = await page.evaluate(() =>
    Array.from(document.querySelectorAll('[href], [src], [action]')).map(
      (element) => element.getAttribute('href') ?? element.getAttribute('src') ?? element.getAttribute('action') ?? '',
    ),
  );
  expect(
    addresses.filter((address) => /evil|javascript:|data:|vbscript:/i.test(address)),
    'addresses on the page',
  ).toEqual([]);
  expect(await surviving(page)).toEqual([]);
  expect(await rejectionsSince(page, null)).toEqual([]);
  await expect.poll(async () => (await page.locator('main').innerText()).trim().length, { message: 'a white screen' }).toBeGreaterThan(0);
}

function recordRequests(page: Page): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => sent.push(request));
  return sent;
}

/** Runs each case, counting problems rather than stopping at the first. */
async function tryEach<T>(cases: readonly T[], name: (entry: T) => string, run: (entry: T) => Promise<void>): Promise<string[]> {
  const problems: string[] = [];
  for (const entry of cases) {
    try {
      await run(entry);
    } catch (error) {
      problems.push(`${name(entry)}: ${String(error).split('\n')[0]}`);
    }
  }
  return problems;
}

test.describe('other addresses the flows accept', () => {
  test.beforeEach(async ({ page, guards }) => {
    guards.allowConsoleErrors(/Failed to load resource|net::ERR_FAILED/);
    await standInDashboards(page);
    await watchPage(page);
    await page.route('**/__hostile/blank', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>blank</title>' }),
    );
  });

  test('the address the portal is opened at: its hash route and query', async ({ page }, testInfo) => {
    test.setTimeout(FULL ? 10 * 60_000 : 120_000);
    const portal = new URL(testInfo.project.use.baseURL!).origin;
    const hashes = [
      '#//evil.example',
      '#/\\evil.example',
      '#\\evil.example',
      '#javascript:alert(1)',
      '#https://evil.example/participant',
      '#/login?next=https://evil.example',
      '#/login?redirect=//evil.example&back=javascript:alert(1)',
      '#/../participant',
      '#/%2e%2e/participant',
      '#/%0d%0aSet-Cookie:%20x=1',
      '#/whats-new?back=https://evil.example',
      '#/session-expired?return=//evil.example',
      '#/logout-feedback?url=javascript:alert(1)',
      '#/reset-password?returnTo=https://evil.example',
      '#/forgot-username#https://evil.example',
      '?next=https://evil.example#/',
      '?redirect=javascript:alert(1)#/login',
    ];
    const tried = sample(hashes, 4);
    const problems = await tryEach(
      tried,
      (hash) => hash,
      async (hash) => {
        await page.goto('/__hostile/blank');
        const sent = recordRequests(page);
        await page.goto(`/${hash}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectContained(page, portal, sent);
        // Whatever came in the address, the way back is the portal's own.
        for (const link of await page.getByRole('link').all()) {
          const href = (await link.getAttribute('href')) ?? '';
          if (href.startsWith('#')) expect(href).toMatch(/^#(main-content|\/[A-Za-z-/]*)$/);
        }
      },
    );
    report(testInfo, 'redirects', tried.length, problems.length);
    expect(problems).toEqual([]);
  });

  test("the logout redirect's user type (?ind=) and the history state it hands over", async ({ page }, testInfo) => {
    test.setTimeout(FULL ? 10 * 60_000 : 120_000);
    const portal = new URL(testInfo.project.use.baseURL!).origin;
    const survey = 'https://survey.example-recordkeeper.com';
    const USER_TYPES = ['Employee', 'Plan Admin', 'Advisor', 'Partner'];
    const surveyLink = async () => {
      await expect(page.getByRole('heading', { level: 1, name: "You've successfully logged out" })).toBeVisible();
      const href = await page.getByRole('link', { name: 'Take the survey' }).getAttribute('href');
      const url = new URL(href ?? '');
      return { origin: url.origin, userType: url.searchParams.get('userType'), rest: [...url.searchParams.keys()] };
    };
    const inds = [
      'https://evil.example',
      '//evil.example',
      'javascript:alert(1)',
      'employee%0d%0aLocation:%20https://evil.example',
      '../participant',
      'EMPLOYEE',
      'planadmin&userType=https://evil.example',
      '',
      'x'.repeat(5000),
      '%00',
    ];
    const states = ['javascript:alert(1)', 'https://evil.example/?x=', '"><img src=x onerror=alert(1)>', 'x'.repeat(5000)];
    const triedInds = sample(inds, 3);
    const triedStates = sample(states, 1);
    const problems = [
      ...(await tryEach(
        triedInds,
        (ind) => `?ind=${ind.slice(0, 40)}`,
        async (ind) => {
          await page.goto('/__hostile/blank');
          const sent = recordRequests(page);
          await page.goto(`/#/redirectLogin?ind=${ind}`);
          const link = await surveyLink();
          expect(link.origin).toBe(survey);
          expect(USER_TYPES).toContain(link.userType);
          expect(link.rest).toEqual(['userType']);
          await expect(page.getByRole('link', { name: 'No, thanks' })).toHaveAttribute('href', '#/');
          await expectContained(page, portal, sent);
        },
      )),
      ...(await tryEach(
        triedStates,
        (state) => `history state ${state.slice(0, 40)}`,
        async (state) => {
          await page.goto('/__hostile/blank');
          // The router's own shape of history state, carried over a reload of the feedback page.
          await page.evaluate((userType) => {
            window.history.replaceState({ usr: { userType }, key: 'tampered', idx: 0 }, '', '/#/logout-feedback');
          }, state);
          const sent = recordRequests(page);
          await page.reload();
          const link = await surveyLink();
          // Whatever the state says, it is a query value of the survey's own address.
          expect(link.origin).toBe(survey);
          expect(link.rest).toEqual(['userType']);
          await expectContained(page, portal, sent);
        },
      )),
    ];
    report(testInfo, 'redirects', triedInds.length + triedStates.length, problems.length);
    expect(problems).toEqual([]);
  });

  test("the link pages' token and user id", async ({ page }, testInfo) => {
    test.setTimeout(FULL ? 10 * 60_000 : 120_000);
    const portal = new URL(testInfo.project.use.baseURL!).origin;
    const pages = [
      '/verification',
      '/emailVerification',
      '/verifyUserInvite',
      '/verifyAdvisorInvite',
      '/trusteeSigningVerification',
      '/verifyAccountMapping',
      '/reset-password/new-password',
    ];
    const values = [
      'https://evil.example',
      'javascript:alert(1)',
      '<script>alert(1)</script>',
      '../../admin',
      '..%2f..%2fadmin',
      'a b',
      'x'.repeat(600),
      'email-validated&token=setup-validated',
      'setup-validated%0d%0aX: 1',
    ];
    const cases = FULL
      ? pages.flatMap((route) => values.map((value) => ({ route, value })))
      : pages.map((route, index) => ({ route, value: values[index % values.length]! }));
    const problems = await tryEach(
      cases,
      ({ route, value }) => `${route} ${value.slice(0, 40)}`,
      async ({ route, value }) => {
        await page.goto('/__hostile/blank');
        const sent = recordRequests(page);
        await page.goto(`/#${route}?token=${value}&userId=${value}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Checking your link');
        // The query leaves the address bar at once.
        expect(new URL(page.url()).hash).not.toContain('?');
        // A value the contract's rules accept is a query value of a check, never part of a path.
        const raw = decodeURIComponent(value.replace(/%(?![0-9a-f]{2})/gi, '%25'));
        for (const request of sent) {
          const url = new URL(request.url());
          expect(decodeURIComponent(url.pathname).includes(raw.split('&')[0]!), `${url.pathname} carries the value`).toBe(false);
        }
        await expectContained(page, portal, sent);
      },
    );
    report(testInfo, 'redirects', cases.length, problems.length);
    expect(problems).toEqual([]);
  });

  test('the landing address stored at sign-in, which the journey returns to after adding a phone', async ({ page }, testInfo) => {
    test.setTimeout(FULL ? 10 * 60_000 : 120_000);
    const portal = new URL(testInfo.project.use.baseURL!).origin;
    const stored = [
      'https://evil.example/participant',
      '//evil.example/participant',
      '/\\evil.example/participant',
      'javascript:alert(1)',
      '/participant/../admin',
      '/participant?next=//evil.example',
      '/participant#https://evil.example',
      ' /participant',
    ];
    const tried = sample(stored, 2);
    const problems = await tryEach(
      tried,
      (address) => address,
      async (address) => {
        await page.goto('/__hostile/blank');
        await page.context().clearCookies();
        const minted = await mintSession();
        await page.evaluate(
          ([landing, session]) => {
            window.sessionStorage.clear();
            for (const [key, value] of Object.entries(session)) window.sessionStorage.setItem(key, value);
            window.sessionStorage.setItem('site', 'participant');
            window.sessionStorage.setItem('landingPageUrl', landing);
            window.sessionStorage.setItem('landingExt', 'false');
            window.sessionStorage.setItem('landingDataExists', 'true');
            document.cookie = `authToken=${session.token}; path=/`;
          },
          [address, minted] as const,
        );
        const sent = recordRequests(page);
        await page.goto('/#/update-phone');
        await page.getByRole('textbox', { name: 'Phone number' }).fill('(201) 555-0123');
        await page.getByRole('button', { name: 'Continue' }).click();
        await page.getByRole('button', { name: 'Send code' }).click();
        await page.getByLabel('Code', { exact: true }).fill('424242');
        await page.getByRole('button', { name: 'Continue' }).click();
        // Not an address the portal built: the gateway is asked again, and its dashboard followed.
        await expect(page).toHaveURL(`${portal}/participant`);
        expect(sent.some((request) => new URL(request.url()).pathname === '/login-gateway/userLandingUrl')).toBe(true);
        expect(
          sent.map((request) => new URL(request.url())).filter((url) => url.origin !== portal && url.host !== 'assets.example-partner.com'),
        ).toEqual([]);
      },
    );
    report(testInfo, 'redirects', tried.length, problems.length);
    expect(problems).toEqual([]);
  });
});
