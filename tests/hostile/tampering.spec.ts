import type { Page, Request } from '@playwright/test';
import { paths } from '../../src/lib/paths';
import { expect, standInDashboards, test } from '../support/fixtures';
import { FULL, report, sample } from './hostile-support';
import { SIGN_IN_HEADING } from './journeys';
import { rejectionsSince, storageOf, watchPage } from './page-watch';
import { EXPECTED_CONSOLE } from './walker';
import { mintSession } from '../support/session';

/*
 * Tampered storage on every guarded route: a session whose token, user id or role was changed by
 * hand (or by a script on another application of the site) ends in a clean sign-out on the
 * sign-in form, sending nothing with the tampered value; a tampered value of a flow's own slot
 * sends the user to the flow's start; a hostile value that parses is shown as text only.
 * Never a white screen, a page error or an unhandled rejection.
 */

/** Every route behind a guard (src/app/router.tsx); the test below keeps the list complete. */
const GUARDED: readonly string[] = [
  paths.password,
  paths.accountSetup,
  paths.accountSetupUsername,
  paths.accountSetupPassword,
  paths.accountSetupEmail,
  paths.accountSetupUsernameTaken,
  paths.accountSetupPhone,
  paths.profileUpdatePhone,
  paths.outerMfaVerification,
  paths.profileMfaVerification,
  paths.profileSecurity,
  paths.totpSetup,
  paths.qrCode,
  paths.authApp,
  paths.authCode,
  paths.updateEmail,
  paths.updatePhone,
  paths.securityQuestion,
  paths.optionalAdoption,
  paths.passkeyOffer,
  paths.mfa,
  paths.mfaVerification,
  paths.resetSecurityQuestion,
];

/** The routes of signed-in profile actions and account setup (RequireSession): none while multi-factor adoption is in progress. */
const SESSION_GUARDED: readonly string[] = GUARDED.slice(0, GUARDED.indexOf(paths.updateEmail));

/** Routes anyone may open (the link pages check their link; the reset link's page its token, see redirects). */
const OPEN: readonly string[] = [
  paths.signIn,
  paths.login,
  paths.logoutFeedback,
  paths.redirectLogin,
  paths.forgotUsername,
  paths.resetPassword,
  paths.resetNewPassword,
  paths.resetSuccess,
  paths.whatsNew,
  paths.sessionExpired,
  paths.trusteeSigningVerification,
  paths.verifyUserInvite,
  paths.verifyAdvisorInvite,
  paths.emailVerification,
  paths.verification,
  paths.verifyAccountMapping,
];

/** The shape of a stored session; each test's own is minted by the gateway (openTampered). */
const VALID = { userId: '', username: '', token: '', role: '' };

interface Tampering {
  readonly name: string;
  /** The session as stored: the valid one with these values changed (null: the key is removed). */
  readonly session: Partial<Record<keyof typeof VALID, string | null>>;
  /** Session-storage keys of the flows' own slots, and cookies. */
  readonly slots?: Record<string, string>;
  readonly cookies?: Record<string, string>;
  /** The tampered value, which no request may carry. */
  readonly carried?: string;
}

/** A tampered session: every one ends it. */
const SESSION_TAMPERING: readonly Tampering[] = [
  { name: 'a token with a space', session: { token: 'abc def' }, carried: 'abc def' },
  { name: 'a token with a line break', session: { token: 'abc\r\nX-Injected: 1' }, carried: 'X-Injected' },
  { name: 'a token with a NUL', session: { token: 'abc\u0000def' }, carried: 'abc\u0000def' },
  { name: 'an empty token', session: { token: '' } },
  { name: 'a 5,000-character token', session: { token: 'a'.repeat(5000) }, carried: 'a'.repeat(5000) },
  { name: 'no token', session: { token: null } },
  { name: 'a user id climbing the path', session: { userId: '../admin' }, carried: '../admin' },
  { name: 'a user id with an encoded slash', session: { userId: '100245%2f..%2fadmin' }, carried: '%2f..%2f' },
  { name: 'a user id with a query', session: { userId: '100245?role=admin' }, carried: '?role=admin' },
  { name: 'a user id of 65 characters', session: { userId: '1'.repeat(65) }, carried: '1'.repeat(65) },
  { name: 'no user id', session: { userId: null } },
  { name: 'an unknown role', session: { role: 'ROLE_GOD' } },
  { name: 'a role without its prefix', session: { role: 'participant' } },
  { name: 'a role with markup', session: { role: '<img src=x onerror=alert(1)>' } },
  { name: 'no role', session: { role: null } },
  { name: 'a token the gateway refuses', session: { token: 'forged-token' }, cookies: { mockSession: 'invalid' } },
];

test.use({ trace: 'off' });

test.beforeEach(async ({ page, guards }) => {
  guards.allowConsoleErrors(EXPECTED_CONSOLE);
  await standInDashboards(page);
  await watchPage(page);
  await page.route('**/__hostile/blank', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>blank</title>' }),
  );
});

test('every route of the portal is either guarded or open, and the guarded ones are all tried', () => {
  const all = Object.values(paths) as string[];
  expect([...all].sort()).toEqual([...GUARDED, ...OPEN].sort());
});

/** Opens a route with the given storage: a fresh document of the portal's origin, storage set first. */
async function openTampered(page: Page, route: string, tampering: Tampering): Promise<Request[]> {
  await page.goto('/__hostile/blank');
  await page.context().clearCookies();
  const valid = { ...VALID, ...(await mintSession()) };
  const cookies = { authToken: valid.token, ...tampering.cookies };
  if (tampering.session.token) cookies.authToken = tampering.session.token;
  await page.evaluate(
    ({ session, slots, cookies: jar }) => {
      window.sessionStorage.clear();
      window.localStorage.clear();
      for (const [key, value] of Object.entries(session)) if (value !== null) window.sessionStorage.setItem(key, value);
      if (session.role) window.sessionStorage.setItem('site', session.role.replace(/^ROLE_/, '').toLowerCase());
      window.sessionStorage.setItem('showAlerts', 'true');
      for (const [key, value] of Object.entries(slots)) window.sessionStorage.setItem(key, value);
      for (const [name, value] of Object.entries(jar)) document.cookie = `${name}=${encodeURIComponent(value)}; path=/`;
    },
    { session: { ...valid, ...tampering.session }, slots: tampering.slots ?? {}, cookies },
  );
  const sent: Request[] = [];
  const listener = (request: Request) => {
    if (/\/(login-gateway|partner-gateway|api|public)\//.test(new URL(request.url()).pathname)) sent.push(request);
  };
  page.on('request', listener);
  await page.goto(`/#${route}`);
  return sent;
}

/**
 * Where a route without what it needs starts again: the sign-in form, or a reset's first step
 * (unless the gateway's refusal of the session has taken the user to login meanwhile).
 */
const startOf = (route: string) =>
  route === paths.resetSecurityQuestion
    ? new RegExp(`^(What is your username\\?|${SIGN_IN_HEADING.replace(/[()]/g, '\\$&')})$`)
    : SIGN_IN_HEADING;

/** The session is over, cleanly: the start of the route's flow, nothing of the session in storage or cookies. */
async function expectSignedOut(page: Page, route: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: startOf(route) })).toBeVisible();
  await expect
    .poll(async () => {
      const { session, cookies } = await storageOf(page);
      return ['userId', 'token', 'role', 'username', 'site']
        .filter((key) => key in session)
        .concat('authToken' in cookies ? ['authToken'] : []);
    })
    .toEqual([]);
}

/** What every case checks besides its outcome. */
async function expectClean(page: Page, sent: readonly Request[], carried: string | undefined): Promise<void> {
  await expect.poll(async () => (await page.locator('main').innerText()).trim().length, { message: 'a white screen' }).toBeGreaterThan(0);
  expect(new URL(page.url()).pathname).toBe('/');
  expect(await rejectionsSince(page, null)).toEqual([]);
  if (carried) {
    for (const request of sent) {
      const headers = await request.allHeaders();
      const seen = [decodeURIComponent(request.url()), request.url(), headers['x-auth-token'] ?? ''];
      expect(
        seen.some((text) => text.includes(carried)),
        `${request.url()} carried the tampered value`,
      ).toBe(false);
    }
  }
}

/** The sample pairs each route with one tampering (in turn), so every route and every tampering is tried. */
function sessionCases(): { route: string; tampering: Tampering }[] {
  if (FULL) return GUARDED.flatMap((route) => SESSION_TAMPERING.map((tampering) => ({ route, tampering })));
  const count = Math.max(GUARDED.length, SESSION_TAMPERING.length);
  return Array.from({ length: count }, (_, index) => ({
    route: GUARDED[index % GUARDED.length]!,
    tampering: SESSION_TAMPERING[index % SESSION_TAMPERING.length]!,
  }));
}

const cases = sessionCases();
const groups = FULL ? GUARDED.map((route) => cases.filter((entry) => entry.route === route)) : [cases.slice(0, 11), cases.slice(11)];

for (const [index, group] of groups.entries()) {
  const label = FULL ? group[0]!.route : `sample ${index + 1}`;
  test(`a tampered session ends cleanly: ${label}`, async ({ page }, testInfo) => {
    test.setTimeout(FULL ? 10 * 60_000 : 120_000);
    const problems: string[] = [];
    for (const { route, tampering } of group) {
      try {
        const sent = await openTampered(page, route, tampering);
        await expectSignedOut(page, route);
        await expectClean(page, sent, tampering.carried);
      } catch (error) {
        problems.push(`${route}, ${tampering.name}: ${String(error).split('\n')[0]}`);
      }
    }
    report(testInfo, 'tampering', group.length, problems.length);
    expect(problems).toEqual([]);
  });
}

/** From the authenticator-app set-up's intro to its step 2, the app's name (registered as a user does). */
async function toAppName(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Setup authenticator app' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add the name of your app' })).toBeVisible();
}

/** Tampered values of the flows' own storage, with a valid session: the flow starts again, or shows the value as text. */
const SLOT_CASES: readonly {
  name: string;
  route: string;
  tampering: Tampering;
  outcome: (page: Page) => Promise<void>;
}[] = [
  ...[paths.qrCode, paths.authApp, paths.authCode].flatMap((route) =>
    ['javascript:alert(1)', 'otpauth://evil.example/x?secret=<svg onload=alert(1)>', 'x'.repeat(10_000)].map((uri) => ({
      name: `the registration's uri ${JSON.stringify(uri.slice(0, 30))}`,
      route,
      tampering: { name: 'uri', session: {}, slots: { qrCodeUri: uri } },
      // The registration's uri lives in memory while the set-up's screens are open, never in
      // storage: a planted one is never read, and the set-up starts at its intro.
      outcome: async (page: Page) => {
        await expect(page.getByRole('heading', { level: 1, name: 'Set up authenticator app' })).toBeVisible();
      },
    })),
  ),
  {
    name: "a hostile app name (the contract's length)",
    route: paths.totpSetup,
    tampering: { name: 'app name', session: {}, slots: { authAppName: '<svg onload=alert(1)>' } },
    // It parses: it is the field's text, nothing more.
    outcome: async (page: Page) => {
      await toAppName(page);
      await expect(page.getByRole('textbox', { name: 'App name (optional)' })).toHaveValue('<svg onload=alert(1)>');
      expect(await page.locator('svg[onload]').count()).toBe(0);
    },
  },
  {
    name: 'an app name longer than the contract allows',
    route: paths.totpSetup,
    tampering: { name: 'app name', session: {}, slots: { authAppName: 'x'.repeat(26) } },
    outcome: async (page: Page) => {
      await toAppName(page);
      await expect(page.getByRole('textbox', { name: 'App name (optional)' })).toHaveValue('');
      expect((await storageOf(page)).session.authAppName).toBeUndefined();
    },
  },
  {
    name: 'a verified-app flag that is not a flag',
    route: paths.profileUpdatePhone,
    tampering: { name: 'flag', session: {}, slots: { isTotpVerified: 'yes' } },
    // Not verified: the app's code first.
    outcome: async (page: Page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Enter the code' })).toBeVisible();
    },
  },
  ...sample(SESSION_GUARDED, FULL ? SESSION_GUARDED.length : 3).map((route) => ({
    name: 'multi-factor adoption in progress',
    route,
    tampering: { name: 'adoption', session: {}, slots: { mfaAdoptionInProgress: 'true' }, cookies: { mfaAdoptionInProgress: 'true' } },
    // The guards refuse while adoption is in progress: back to the start.
    outcome: async (page: Page) => {
      await expect(page.getByRole('heading', { level: 1, name: startOf(route) })).toBeVisible();
    },
  })),
];

test("tampered values of the flows' own storage", async ({ page }, testInfo) => {
  test.setTimeout(FULL ? 10 * 60_000 : 120_000);
  const problems: string[] = [];
  const tried = FULL ? SLOT_CASES : sample(SLOT_CASES, 8);
  for (const entry of tried) {
    try {
      const sent = await openTampered(page, entry.route, entry.tampering);
      await entry.outcome(page);
      await expectClean(page, sent, undefined);
    } catch (error) {
      problems.push(`${entry.route}, ${entry.name}: ${String(error).split('\n')[0]}`);
    }
  }
  report(testInfo, 'tampering', tried.length, problems.length);
  expect(problems).toEqual([]);
});
