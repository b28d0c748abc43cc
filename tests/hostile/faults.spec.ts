import type { Page } from '@playwright/test';
import { expect, expectAnnounced, standInDashboards, test } from '../support/fixtures';
import { answerWithFault, FAULTS, FULL, report, sample, type Fault } from './hostile-support';

/*
 * Every gateway call of the journeys, failing in each of the fault kinds: the user gets a clear
 * message and a way forward, never a white screen, a page error or an unhandled rejection; the
 * button that sent the call works again; a failed sign-in leaves nothing in storage. A timeout is
 * a request never answered, with the page's clock moved past the client's 30-second deadline.
 */

interface Call {
  readonly name: string;
  readonly route: RegExp;
  /** Does what sends the call. */
  readonly trigger: (page: Page) => Promise<void>;
  /** The message and the way forward the user is left with. */
  readonly recovered: (page: Page) => Promise<void>;
  /** Whether nothing may be left in session storage afterwards (no session began). */
  readonly noSession?: boolean;
}

const internalError = (page: Page) => expectAnnounced(page, 'An internal error has occurred while processing your request');
const signInForm = async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your 401(k) account' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
};
const signIn = async (page: Page, username: string) => {
  await page.goto('/');
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill('Secret#123');
  await page.getByRole('button', { name: 'Sign In' }).click();
};

const CALLS: readonly Call[] = [
  {
    name: 'sign in (authenticate)',
    route: /\/login-gateway\/authentication$/,
    trigger: (page) => signIn(page, 'demo'),
    recovered: async (page) => {
      await expectAnnounced(page, /\S/);
      await signInForm(page);
    },
    noSession: true,
  },
  {
    name: 'code methods after sign-in (mfa-options)',
    route: /\/public\/profile\/mfa-options$/,
    trigger: (page) => signIn(page, 'demo'),
    recovered: async (page) => {
      await internalError(page);
      await signInForm(page);
    },
    noSession: true,
  },
  {
    name: 'landing address (userLandingUrl)',
    route: /\/login-gateway\/userLandingUrl(\?|$)/,
    trigger: (page) => signIn(page, 'demo'),
    recovered: async (page) => {
      await expectAnnounced(page, /\S/);
      await signInForm(page);
    },
    noSession: true,
  },
  {
    name: 'security question (sign-in)',
    route: /\/credentials\/securityQuestion$/,
    trigger: (page) => signIn(page, 'question'),
    recovered: async (page) => {
      await internalError(page);
      await signInForm(page);
    },
    noSession: true,
  },
  {
    name: 'reset: code user (mfa-user)',
    route: /\/public\/profile\/mfa-user$/,
    trigger: async (page) => {
      await page.goto('/#/reset-password');
      await page.getByRole('textbox', { name: 'Username' }).fill('question');
      await page.getByRole('checkbox', { name: "I'm not a robot" }).check();
      await page.getByRole('button', { name: 'Continue' }).click();
    },
    recovered: async (page) => {
      await expectAnnounced(page, /\S/);
      await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue('question');
      await expect(page.getByRole('checkbox', { name: "I'm not a robot" })).toBeEnabled();
    },
    noSession: true,
  },
  {
    name: 'forgotten username (retrieveUsername)',
    route: /\/retrieveUsername$/,
    trigger: async (page) => {
      await page.goto('/#/forgot-username');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByLabel('Email address').fill('jane.smith@example.com');
      await page.getByRole('checkbox', { name: "I'm not a robot" }).check();
      await page.getByRole('button', { name: 'Continue' }).click();
    },
    recovered: async (page) => {
      await expectAnnounced(page, /\S/);
      await expect(page.getByLabel('Email address')).toHaveValue('jane.smith@example.com');
    },
    noSession: true,
  },
  {
    name: 'link check (verifyToken)',
    route: /\/login-gateway\/verification\/token\?/,
    trigger: (page) => page.goto('/#/verification?token=email-validated').then(() => undefined),
    recovered: async (page) => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/We could not check your link|expired/);
      await expect(page.getByRole('button', { name: /Try again|Sign In|Resend/ }).first()).toBeEnabled();
    },
    noSession: true,
  },
  {
    name: 'reset link check (verifyResetToken)',
    route: /\/public\/profile\/verifyToken\?/,
    trigger: (page) => page.goto('/#/reset-password/new-password?token=reset-validated').then(() => undefined),
    recovered: async (page) => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/We could not check your link|expired/);
      await expect(page.getByRole('button', { name: 'Request Password Reset' })).toBeEnabled();
    },
    noSession: true,
  },
  {
    name: 'public branding',
    route: /\/public\/branding\/brand$/,
    trigger: (page) => page.goto('/').then(() => undefined),
    recovered: signInForm,
    noSession: true,
  },
  {
    name: 'announcements',
    route: /\/announcements\.json$/,
    trigger: (page) => page.goto('/').then(() => undefined),
    recovered: signInForm,
    noSession: true,
  },
];

test.beforeEach(async ({ page }) => {
  await standInDashboards(page);
});

for (const call of CALLS) {
  test(`faults: ${call.name}`, async ({ page, guards }, testInfo) => {
    test.setTimeout(FULL ? 20 * 60_000 : 120_000);
    // Failed loads are reported on the console by the browser itself: expected here.
    guards.allowConsoleErrors(/Failed to load resource|net::ERR_FAILED/);
    // The sample: a few kinds per call, each kind on some call (the offset spreads them).
    const offset = CALLS.indexOf(call) % FAULTS.length;
    const faults: readonly Fault[] = FULL ? FAULTS : sample([...FAULTS.slice(offset), ...FAULTS.slice(0, offset)], 2);
    await page.clock.install();
    let fault: Fault = '500';
    await page.route(call.route, (route) => answerWithFault(route, fault));
    const problems: string[] = [];
    for (const next of faults) {
      fault = next;
      // A fresh start for each kind: the app's memory (the journey) goes with the page.
      await page.goto('about:blank');
      try {
        // A timeout is the request never answered: the clock moves past the deadline once it is sent.
        const sent = page.waitForRequest(call.route);
        await call.trigger(page);
        if (fault === 'timeout') {
          await sent;
          await page.clock.fastForward(31_000);
        }
        await call.recovered(page);
        await expect(page.locator('main')).not.toBeEmpty();
        if (call.noSession) expect(await page.evaluate(() => window.sessionStorage.getItem('token'))).toBeNull();
      } catch (error) {
        problems.push(`${fault}: ${String(error).split('\n')[0]}`);
      }
    }
    report(testInfo, 'faults', faults.length, problems.length);
    expect(problems).toEqual([]);
  });
}
