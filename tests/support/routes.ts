import { expect, type Page } from '@playwright/test';
import { paths, type PortalPath } from '../../src/lib/paths';
import { addVirtualAuthenticator, listBeforeLanding, PASSKEY_ORIGIN, uniqueUsername } from './passkeys';
import { mockScenario, seedSession } from './session';
import { textsOf } from './texts';

/**
 * How a route's own screen is reached in the browser, for the checks of every route and for the
 * screenshots. Every path of src/lib/paths.ts is a route (src/app/__tests__/route-table.test.tsx
 * holds the route table to that), so a route added there is covered the day it lands: opened as
 * an address, with no session, unless it is listed below. A guarded route is listed with what
 * its guard needs, so the check sees the screen, not the redirect a guard makes without it.
 */
export interface Reach {
  /** How, in a test's name. */
  readonly how: string;
  /** Signed in before the first load: session storage and the auth cookie, as a sign-in leaves them. */
  readonly session?: boolean;
  /** Cookies that switch the mock's scenarios (openapi/mock-scenarios.yaml). */
  readonly scenario?: Readonly<Record<string, string>>;
  /** The address opened: the route's own unless given (a link's query, or the page a journey starts on). */
  readonly address?: string;
  /**
   * What a user does from there to reach the screen: a sign-in, a reset or an account setup in
   * progress lives in memory, so its later steps cannot be opened by address.
   */
  readonly steps?: (page: Page) => Promise<void>;
  /** Where the route settles when it only redirects: that page is what is checked. */
  readonly lands?: PortalPath;
  /** The screen's captcha leaves focus alone (a field above it is still to be filled in). */
  readonly captchaLeavesFocus?: boolean;
}

const PASSWORD = 'Retire#2045';

/**
 * Presses a screen's button once the screen has loaded, and waits until the screen has given
 * way: the address changes at once, but the old screen stays until the next one's code is loaded.
 */
async function leave(page: Page, heading: string, button = 'Continue') {
  const t = await textsOf(page);
  const current = page.getByRole('heading', { level: 1, name: t(heading), exact: true });
  await expect(current).toBeVisible();
  await page.getByRole('button', { name: t(button), exact: true }).click();
  await expect(current).toHaveCount(0);
}

/** Signs in with one of the mock's demo accounts (README, "Demo accounts"). */
const signIn = (username: string) => async (page: Page) => {
  const t = await textsOf(page);
  await page.getByLabel(t('Username')).fill(username);
  await page.getByLabel(t('Password'), { exact: true }).fill('Secret#123');
  await leave(page, 'Sign in to your 401(k) account', 'Sign In');
};

/** Account setup as the `setup` demo account, through the given step (README, "account setup"). */
const accountSetup =
  (through: 'username' | 'password' | 'email' | 'code', username = 'janesmith') =>
  async (page: Page) => {
    const t = await textsOf(page);
    await signIn('setup')(page);
    await page.getByRole('textbox', { name: t('Username') }).fill(username);
    await leave(page, 'Choose your username');
    if (through === 'username') return;
    await page.getByLabel(t('New password'), { exact: true }).fill(PASSWORD);
    await page.getByLabel(t('Confirm new password'), { exact: true }).fill(PASSWORD);
    await leave(page, 'Create your password');
    if (through === 'password') return;
    await page.getByLabel(t('Email address'), { exact: true }).fill('jane.smith@example.com');
    await leave(page, 'Enter your email address');
    if (through === 'email') return;
    await page.getByLabel(t('Code'), { exact: true }).fill('123456');
    await leave(page, 'Enter the code');
  };

/** The authenticator-app set-up, registered, through `count` of its steps after the intro. */
const totpSetup = (count: 0 | 1 | 2) => async (page: Page) => {
  await leave(page, 'Set up authenticator app', 'Setup authenticator app');
  if (count > 0) await leave(page, 'Scan the QR code');
  if (count > 1) await leave(page, 'Add the name of your app');
};

const signedIn: Reach = { how: 'signed in', session: true };
const noApp = { mockTotpApp: 'none' } as const;

const EXCEPTIONS: Partial<Record<PortalPath, Reach>> = {
  [paths.login]: { how: 'redirect to the sign-in form', lands: paths.signIn },
  [paths.redirectLogin]: { how: 'redirect to the feedback page', lands: paths.logoutFeedback },
  [paths.securityQuestion]: { how: "signing in as 'question'", address: paths.signIn, steps: signIn('question') },
  [paths.mfa]: { how: "signing in as 'mfa'", address: paths.signIn, steps: signIn('mfa') },
  [paths.mfaVerification]: { how: "signing in as 'phone'", address: paths.signIn, steps: signIn('phone') },
  [paths.optionalAdoption]: { how: "signing in as 'optional'", address: paths.signIn, steps: signIn('optional') },
  [paths.resetPassword]: { how: 'by address', captchaLeavesFocus: true },
  [paths.resetSecurityQuestion]: {
    how: "a reset for 'question'",
    address: paths.resetPassword,
    steps: async (page) => {
      const t = await textsOf(page);
      await page.getByRole('textbox', { name: t('Username') }).fill('question');
      await page.getByRole('checkbox', { name: "I'm not a robot" }).check();
      await leave(page, 'What is your username?');
    },
  },
  // The guard takes the token out of the address bar: the route settles on its own path.
  [paths.resetNewPassword]: { how: "a reset link's token", address: `${paths.resetNewPassword}?token=reset-validated` },
  [paths.password]: signedIn,
  [paths.accountSetup]: { how: 'signed in, which starts at step 1', session: true, lands: paths.accountSetupUsername },
  [paths.accountSetupUsername]: { how: "signing in as 'setup'", address: paths.signIn, steps: signIn('setup') },
  [paths.accountSetupPassword]: { how: 'account setup, step 1 done', address: paths.signIn, steps: accountSetup('username') },
  [paths.accountSetupEmail]: { how: 'account setup, steps 1 and 2 done', address: paths.signIn, steps: accountSetup('password') },
  [paths.accountSetupUsernameTaken]: {
    how: 'account setup with a username taken meanwhile',
    address: paths.signIn,
    steps: accountSetup('code', 'takenMeanwhile'),
  },
  [paths.accountSetupPhone]: { how: 'account setup, steps 1 to 4 done', address: paths.signIn, steps: accountSetup('code') },
  [paths.updateEmail]: signedIn,
  [paths.updatePhone]: signedIn,
  [paths.profileUpdatePhone]: { how: 'signed in, without an authenticator app', session: true, scenario: noApp },
  [paths.outerMfaVerification]: signedIn,
  [paths.profileMfaVerification]: signedIn,
  // Links with a token in a state that offers a new link: the most a link page shows.
  [paths.verification]: { how: 'an expired email link', address: `${paths.verification}?token=email-expired` },
  [paths.emailVerification]: { how: 'an expired email link', address: `${paths.emailVerification}?token=email-expired&userId=100245` },
  [paths.verifyUserInvite]: { how: 'an expired invitation', address: `${paths.verifyUserInvite}?token=authrep-expired` },
  [paths.verifyAdvisorInvite]: { how: 'an expired invitation', address: `${paths.verifyAdvisorInvite}?token=advisor-expired` },
  [paths.trusteeSigningVerification]: {
    how: 'an expired signing link',
    address: `${paths.trusteeSigningVerification}?token=trustee-expired`,
  },
  [paths.verifyAccountMapping]: { how: 'an account link', address: `${paths.verifyAccountMapping}?token=mapping-ok` },
  [paths.totpSetup]: signedIn,
  [paths.qrCode]: { how: 'the set-up registered', session: true, address: paths.totpSetup, steps: totpSetup(0) },
  [paths.authApp]: { how: 'the set-up, step 1 done', session: true, address: paths.totpSetup, steps: totpSetup(1) },
  [paths.authCode]: { how: 'the set-up, steps 1 and 2 done', session: true, address: paths.totpSetup, steps: totpSetup(2) },
  [paths.profileSecurity]: signedIn,
  // Passkeys need a name for the site (localhost, not an IP address) and a device authenticator.
  [paths.passkeyOffer]: {
    how: 'a password sign-in on a device with its own authenticator, as a user with no passkey',
    steps: async (page) => {
      await addVirtualAuthenticator(page);
      await listBeforeLanding(page);
      await page.goto(`${PASSKEY_ORIGIN}/`);
      await signIn(uniqueUsername('route'))(page);
    },
  },
};

export interface PortalRoute {
  readonly path: PortalPath;
  readonly reach: Reach;
  /** The address the screen is checked at: the route's own, or where it redirects. */
  readonly lands: PortalPath;
}

/** Every route of the portal, each once, with how it is reached. */
export const portalRoutes: readonly PortalRoute[] = [...new Set(Object.values(paths))].map((path) => {
  const reach = EXCEPTIONS[path] ?? { how: 'by address' };
  return { path, reach, lands: reach.lands ?? path };
});

/** One route of {@link portalRoutes}. */
export function portalRoute(path: PortalPath): PortalRoute {
  const route = portalRoutes.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`${path} is not a route`);
  return route;
}

/** The day the mock's adoption dates are read against (as in the sign-in journey tests). */
export const FIXED_DAY = new Date('2026-11-21T10:00:00');

/** Opens a route's screen as its `reach` says; the caller checks where it landed. */
export async function openRoute(page: Page, route: PortalRoute): Promise<void> {
  await page.clock.setFixedTime(FIXED_DAY);
  const { reach } = route;
  for (const [name, value] of Object.entries(reach.scenario ?? {})) await mockScenario(page.context(), name, value);
  if (reach.session) await seedSession(page);
  await page.goto(`/#${reach.address ?? route.path}`);
  await reach.steps?.(page);
}

/**
 * Waits until the screen a route landed on has settled: the address is the one it lands on, the
 * sign-in form has given way (a navigation keeps the old screen until the new one's code is
 * loaded), the heading shows, nothing in the screen is still loading, and a captcha has shown
 * and, unless it leaves focus alone, taken focus (and scrolled the page to itself).
 */
export async function screenSettled(page: Page, route: PortalRoute): Promise<void> {
  await expect(page).toHaveURL(landingUrl(route));
  const t = await textsOf(page);
  if (route.lands !== paths.signIn) {
    await expect(page.getByRole('heading', { level: 1, name: t('Sign in to your 401(k) account') })).toHaveCount(0);
  }
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  const captcha = page.getByRole('group', { name: t('Security check') });
  if ((await captcha.count()) === 0) return;
  await expect(captcha.getByRole('checkbox')).toBeVisible();
  if (!route.reach.captchaLeavesFocus) await expect(captcha.locator(':focus')).toHaveCount(1);
}

/** The hash address a route lands on, as a pattern for `toHaveURL`. */
export function landingUrl(route: PortalRoute): RegExp {
  const escaped = route.lands.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return route.lands === paths.signIn ? /:\d+\/(#\/)?$/ : new RegExp(`#${escaped}$`);
}
