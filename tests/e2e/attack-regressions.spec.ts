import type { Locator, Page } from '@playwright/test';
import { expect, expectAnnounced, standInDashboards, test } from '../support/fixtures';
import { seedSession } from '../support/session';

/*
 * What an attack on the production build found in the sign-in journey (client side), each kept
 * as a test: double submits, a failure after sign-in that signed other tabs out, and session
 * validation failures handled three ways.
 */

async function signIn(page: Page, username: string) {
  await page.goto('/');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('Secret#123');
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Holds every matching request until `release` is called, so repeats meet a call in flight. */
async function holdRequests(page: Page, pattern: RegExp) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const seen: string[] = [];
  page.on('request', (request) => {
    if (pattern.test(new URL(request.url()).pathname)) seen.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  await page.route(pattern, async (route) => {
    await gate;
    await route.continue();
  });
  return { seen, release };
}

/**
 * Every way a user repeats an intent: three clicks within one task (before the page can
 * re-render the button as busy), a double click, and Enter five times in the form.
 */
async function hammer(page: Page, button: Locator, field: Locator) {
  await button.evaluate((element: HTMLButtonElement) => {
    element.click();
    element.click();
    element.click();
  });
  await button.dblclick({ force: true });
  await field.focus();
  for (let press = 0; press < 5; press += 1) await page.keyboard.press('Enter');
}

test.beforeEach(async ({ page }) => {
  await standInDashboards(page);
});

test.describe('one request per user intent', () => {
  test('/mfa Continue sends one code request', async ({ page }) => {
    await signIn(page, 'mfa');
    const codes = await holdRequests(page, /\/login-gateway\/mfa\/code$/);
    const method = page.getByLabel('Text message to ***-***-1234');
    await method.check();
    await hammer(page, page.getByRole('button', { name: 'Continue' }), method);
    codes.release();
    await expect(page).toHaveURL(/#\/mfa-verification$/);
    expect(codes.seen).toEqual(['POST /login-gateway/mfa/code']);
  });

  test('/update-phone Continue saves the phone once', async ({ page }) => {
    await signIn(page, 'nophone');
    const saves = await holdRequests(page, /\/login-gateway\/credentials\/phone$/);
    const phone = page.getByLabel('Phone number');
    await phone.fill('(201) 555-0123');
    await hammer(page, page.getByRole('button', { name: 'Continue' }), phone);
    saves.release();
    await expect(page.getByRole('heading', { level: 1, name: 'How should we send your code?' })).toBeVisible();
    expect(saves.seen).toEqual(['POST /login-gateway/credentials/phone']);
  });

  test("/update-phone 'Send code' sends one code", async ({ page }) => {
    await signIn(page, 'nophone');
    await page.getByLabel('Phone number').fill('(201) 555-0123');
    await page.getByRole('button', { name: 'Continue' }).click();
    const codes = await holdRequests(page, /\/login-gateway\/user\/[^/]+\/mfa\/code$/);
    const method = page.getByLabel('Text message');
    await method.check();
    await hammer(page, page.getByRole('button', { name: 'Send code' }), method);
    codes.release();
    await expect(page).toHaveURL(/#\/mfa-verification$/);
    expect(codes.seen).toEqual(['POST /login-gateway/user/100301/mfa/code']);
  });
});

test.describe('a failure after the password was accepted', () => {
  const failures = [
    { call: 'userLandingUrl', path: /\/login-gateway\/userLandingUrl(\?|$)/, fault: 'code=500' },
    { call: 'userLandingUrl', path: /\/login-gateway\/userLandingUrl(\?|$)/, fault: 'code=503' },
    { call: 'userLandingUrl', path: /\/login-gateway\/userLandingUrl(\?|$)/, fault: 'abort' },
    { call: 'skipEnrollmentSteps', path: /\/login-gateway\/skipEnrollmentSteps$/, fault: 'code=500' },
    { call: 'optionChoice', path: /\/login-gateway\/profile\/optionChoice(\?|$)/, fault: 'code=500' },
  ] as const;

  for (const { call, path, fault } of failures) {
    test(`${call} failing (${fault}) leaves the sign-in form with the internal error, nothing stored, no other tab touched`, async ({
      context,
      page,
      guards,
    }) => {
      guards.allowConsoleErrors(/status of 50\d|net::ERR_FAILED/);
      // Another tab of the same browser, signed in, on a guarded screen; its clock is held.
      const other = await context.newPage();
      await other.clock.install();
      await seedSession(other);
      await other.goto('/#/password');
      await expect(other.getByRole('heading', { level: 1, name: 'Change your password' })).toBeVisible();
      const otherCookie = (await context.cookies()).find((cookie) => cookie.name === 'authToken')?.value;

      await page.route(path, (route) =>
        fault === 'abort'
          ? route.abort()
          : route.fulfill({ status: fault === 'code=500' ? 500 : 503, contentType: 'application/json', body: '{"errors":[]}' }),
      );
      await signIn(page, 'demo');
      await expectAnnounced(page, 'An internal error has occurred while processing your request');
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your 401(k) account' })).toBeVisible();
      await expect(page).toHaveURL(/:\d+\/(#\/)?$/);
      expect(await page.evaluate(() => window.sessionStorage.length)).toBe(0);
      expect((await context.cookies()).find((cookie) => cookie.name === 'authToken')?.value).toBe(otherCookie);

      // Two cookie polls later, the other tab is still signed in where it was.
      await other.clock.runFor(3_000);
      await expect(other).toHaveURL(/#\/password$/);
      await expect(other.getByRole('heading', { level: 1, name: 'Change your password' })).toBeVisible();
      expect(await other.evaluate(() => window.sessionStorage.getItem('token'))).not.toBeNull();
    });
  }
});

test.describe('session validation', () => {
  test('a refused validation signs out and leaves the guarded screen', async ({ page }) => {
    await seedSession(page);
    await page.route(/\/login-gateway\/api\/validateSession$/, (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify({ validated: false }) }),
    );
    await page.goto('/#/password');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your 401(k) account' })).toBeVisible();
    expect(await page.evaluate(() => window.sessionStorage.length)).toBe(0);
    expect(await page.evaluate(() => document.cookie)).not.toContain('authToken');
  });

  // In the browser, a failed answer and a failed connection; the app's handling of every kind of
  // failure (503, HTML or truncated JSON, null, wrong types) is src/app/__tests__/session-and-errors.test.tsx's.
  const failures: readonly { name: string; answer: { status?: number; contentType?: string; body: string } | 'abort' }[] = [
    { name: 'HTTP 500', answer: { status: 500, contentType: 'application/json', body: '{"errors":[]}' } },
    { name: 'an abort', answer: 'abort' },
  ];
  for (const { name, answer } of failures) {
    test(`a failed validation (${name}) keeps the session and the screen, and is tried again`, async ({ page, guards }) => {
      guards.allowConsoleErrors(/status of 50\d|net::ERR_FAILED/);
      await page.clock.install();
      await seedSession(page);
      let calls = 0;
      await page.route(/\/login-gateway\/api\/validateSession$/, (route) => {
        calls += 1;
        if (calls > 1)
          return route.fulfill({ contentType: 'application/json', body: JSON.stringify({ validated: true, userId: '100245' }) });
        return answer === 'abort' ? route.abort() : route.fulfill(answer);
      });
      await page.goto('/#/password');
      await expect(page.getByRole('heading', { level: 1, name: 'Change your password' })).toBeVisible();
      // The failed validation is tried again on a later poll (the clock may already have got there
      // on a busy machine; runFor makes sure it does), and the screen and session stay throughout.
      await expect.poll(() => calls).toBeGreaterThanOrEqual(1);
      await page.clock.runFor(1_500);
      await expect.poll(() => calls).toBeGreaterThanOrEqual(2);
      await expect(page.getByRole('heading', { level: 1, name: 'Change your password' })).toBeVisible();
      expect(await page.evaluate(() => window.sessionStorage.getItem('token'))).not.toBeNull();
    });
  }
});
