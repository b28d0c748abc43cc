import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, preferExample, test } from '../support/fixtures';
import { gatewaySession, mintSession, mockScenario, seedSession } from '../support/session';
import { NGINX_PORT } from '../../scripts/ports.mjs';

const IDLE_MS = 1770 * 1000;
const START = new Date('2026-11-21T12:00:00Z');

test('a guarded route without a session goes to the sign-in page', async ({ page }) => {
  await page.goto('/#/password');
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your 401(k) account' })).toBeVisible();
});

test('a guarded route opens with a session', async ({ page }) => {
  await seedSession(page);
  await page.goto('/#/password');
  await expect(page.getByRole('heading', { level: 1, name: 'Change your password' })).toBeVisible();
});

test('tampered session storage ends in a clean sign-out, not a crash', async ({ page }) => {
  await seedSession(page, { role: 'ROLE_ROOT' });
  await page.goto('/#/password');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your 401(k) account' })).toBeVisible();
  expect(await page.evaluate(() => window.sessionStorage.length)).toBe(0);
});

test('a user id tampered into a path sends the token nowhere and ends in a clean sign-out', async ({ page }) => {
  // The user id goes into request paths: this one once made /update-email fetch
  // GET /announcements.json with the session token.
  const announcementRequests: Promise<Record<string, string>>[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/announcements.json') announcementRequests.push(request.allHeaders());
  });
  await seedSession(page, { userId: '100245/../../../announcements.json#' });
  await page.goto('/#/update-email');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your 401(k) account' })).toBeVisible();
  expect(await page.evaluate(() => window.sessionStorage.length)).toBe(0);
  expect(await page.evaluate(() => document.cookie)).not.toContain('authToken');
  // The sign-in page shows the latest announcement, so the file is requested: the listener sees it.
  await expect.poll(() => announcementRequests.length).toBeGreaterThan(0);
  const headers = await Promise.all(announcementRequests);
  expect(headers.filter((sent) => 'x-auth-token' in sent)).toEqual([]);
});

test('the session-expired page explains and offers Sign In', async ({ page }) => {
  await page.goto('/#/session-expired');
  await expect(page.getByRole('heading', { level: 1, name: 'You have been logged out' })).toBeVisible();
  await expect(
    page.getByText('This may be due to a long period of inactivity or you may have logged out of your account on another page.'),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your 401(k) account' })).toBeVisible();
});

test('the feedback redirect ends the session and offers the survey for the user type', async ({ page }) => {
  const { token } = await seedSession(page);
  const logout = page.waitForRequest('**/public/logout.vm');
  await page.goto('/#/redirectLogin?ind=advisor');
  await expect(page).toHaveURL(/#\/logout-feedback$/);
  await expect(page.getByRole('heading', { level: 1, name: "You've successfully logged out" })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Take the survey' })).toHaveAttribute('href', /userType=Advisor/);
  // The gateway's session ends with the token it had (cleared here as the call went).
  expect((await logout).headers()['x-auth-token']).toBe(token);
  expect(await page.evaluate(() => window.sessionStorage.length)).toBe(0);
  expect(await page.evaluate(() => document.cookie)).not.toContain('authToken');
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'No, thanks' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your 401(k) account' })).toBeVisible();
});

test('/logout-feedback?ind= sets the user type, clears session storage and redirects to /logout-feedback', async ({ page }) => {
  await seedSession(page);
  const logout = page.waitForRequest('**/public/logout.vm');
  await page.goto('/#/logout-feedback?ind=planadmin');
  await expect(page).toHaveURL(/#\/logout-feedback$/);
  await expect(page.getByRole('heading', { level: 1, name: "You've successfully logged out" })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Take the survey' })).toHaveAttribute('href', /userType=Plan\+Admin/);
  await logout;
  expect(await page.evaluate(() => window.sessionStorage.length)).toBe(0);
  expect(await page.evaluate(() => document.cookie)).not.toContain('authToken');
});

// In the browser, one refusal through nginx and the mock; the app's handling of each refusal
// (401, 403, 440, or not validated) is src/app/__tests__/session-and-errors.test.tsx's.
for (const status of [401]) {
  test(`HTTP ${status} on a session call signs out and goes to login`, async ({ page, guards }) => {
    guards.allowConsoleErrors(new RegExp(`status of ${status}`));
    await seedSession(page);
    await preferExample(page, /\/login-gateway\/api\/validateSession$/, `code=${status}`);
    await page.goto('/#/whats-new');
    await expect(page).toHaveURL(/#\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your 401(k) account' })).toBeVisible();
    expect(await page.evaluate(() => window.sessionStorage.length)).toBe(0);
    expect(await page.evaluate(() => document.cookie)).not.toContain('authToken');
  });
}

test('a leftover auth cookie the gateway refuses is forgotten where the user is: an emailed link stays open', async ({
  context,
  page,
  guards,
}) => {
  guards.allowConsoleErrors(/status of 440/);
  // An earlier visit's cookie, its session long over; this tab holds no session.
  const { token } = await mintSession();
  await context.addCookies([{ name: 'authToken', value: token, url: `http://127.0.0.1:${NGINX_PORT}` }]);
  const refused = page.waitForResponse(/\/login-gateway\/api\/validateSession$/);
  await preferExample(page, /\/login-gateway\/api\/validateSession$/, 'code=440');
  await page.goto('/#/reset-password/new-password?token=reset-validated');
  expect((await refused).status()).toBe(440);
  await expect.poll(async () => (await context.cookies()).some((cookie) => cookie.name === 'authToken')).toBe(false);
  await expect(page).toHaveURL(/#\/reset-password\/new-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();
});

test('a sign-out in one tab signs the other tabs out', async ({ context, page }) => {
  const session = await seedSession(page);
  await page.goto('/#/password');
  await expect(page.getByRole('heading', { level: 1, name: 'Change your password' })).toBeVisible();
  // The same session in a second tab.
  const other = await context.newPage();
  await seedSession(other, session);
  await other.goto('/#/password');
  await expect(other.getByRole('heading', { level: 1, name: 'Change your password' })).toBeVisible();

  await page.goto('/#/redirectLogin?ind=employee');
  await expect(page.getByRole('heading', { level: 1, name: "You've successfully logged out" })).toBeVisible();
  await expect(other).toHaveURL(/#\/session-expired$/);
  await expect(other.getByRole('heading', { level: 1, name: 'You have been logged out' })).toBeVisible();
  expect(await other.evaluate(() => window.sessionStorage.length)).toBe(0);
});

test('a sign-out ends its own session only: a newer one, signed in since in another tab, stays', async ({ context, page, request }) => {
  await seedSession(page);
  await page.goto('/#/password');
  await expect(page.getByRole('heading', { level: 1, name: 'Change your password' })).toBeVisible();
  // The user signs in again in another tab: a session of its own, whose token the shared cookie now holds.
  const newer = await gatewaySession(request, 'demo');
  const other = await context.newPage();
  await other.clock.install();
  await seedSession(other, newer);
  await other.goto('/#/password');
  await expect(other.getByRole('heading', { level: 1, name: 'Change your password' })).toBeVisible();

  // The first tab's session ends (a logout here; its idle timeout the same).
  await page.goto('/#/redirectLogin?ind=employee');
  await expect(page.getByRole('heading', { level: 1, name: "You've successfully logged out" })).toBeVisible();
  expect((await context.cookies()).find((cookie) => cookie.name === 'authToken')?.value).toBe(newer.token);
  // Two cookie polls later, the other tab is still signed in where it was.
  await other.clock.runFor(3_000);
  await expect(other).toHaveURL(/#\/password$/);
  await expect(other.getByRole('heading', { level: 1, name: 'Change your password' })).toBeVisible();
  expect(await other.evaluate(() => window.sessionStorage.getItem('token'))).toBe(newer.token);
});

test('losing the auth cookie (a logout in another application) ends the session here', async ({ context, page }) => {
  await seedSession(page);
  await page.goto('/#/password');
  await expect(page.getByRole('heading', { level: 1, name: 'Change your password' })).toBeVisible();
  await context.clearCookies({ name: 'authToken' });
  await expect(page).toHaveURL(/#\/session-expired$/, { timeout: 5000 });
});

/**
 * Moves the stopped clock past the idle period until the idle module asks the gateway when the
 * user was last active. The module may set its idle timer only after the clock stopped (it loads
 * on its own schedule on a busy machine): a jump made before then finds no timer, and is made again.
 */
async function goIdle(page: Page): Promise<void> {
  for (let jump = 0; jump < 5; jump += 1) {
    const asked = page.waitForRequest('**/partner-gateway/keepAlive/lastAccessed', { timeout: 3_000 }).then(
      () => true,
      () => false,
    );
    await page.clock.fastForward(IDLE_MS);
    if (await asked) return;
  }
  throw new Error('The idle timer never fired');
}

test.describe('idle timeout', () => {
  /** The token of the test's own session. */
  let token = '';
  test.beforeEach(async ({ page }) => {
    await page.clock.install({ time: START });
    ({ token } = await seedSession(page));
    // The session is validated, the brand loaded and the idle module loaded before the clock
    // stops; from then on time moves only when the test says so (see goIdle).
    const idleLoaded = page.waitForResponse(/\/assets\/idle-timeout-[^/]+\.js$/);
    await page.goto('/#/password');
    await expect(page.getByRole('heading', { level: 1, name: 'Change your password' })).toBeVisible();
    await expect(page).toHaveTitle('Example Partner 401(k)');
    await idleLoaded;
    await page.clock.pauseAt(START.getTime() + 60_000);
  });

  test('warns after the idle period, counts down in the modal and the title, and logs out at zero', async ({ page }) => {
    await goIdle(page);
    const dialog = page.getByRole('dialog', { name: 'Are you still there?' });
    await expect(dialog).toBeVisible();
    const countdown = dialog.locator('.modal__body > p').first();
    await expect(countdown).toHaveText('You will be logged out in 30 seconds due to inactivity.');
    // Screen readers hear the countdown at 30, 20, 10 and 5 seconds, not every second.
    await expect(dialog.locator('[aria-live="assertive"]')).toHaveText('You will be logged out in 30 seconds due to inactivity.');
    await expect(dialog.getByText('Click anywhere to continue your session.')).toBeVisible();
    // Focused as it opens; its countdown is heard from the live region, not read again as a description.
    await expect(dialog).toBeFocused();
    await expect(dialog).not.toHaveAttribute('aria-describedby');
    await expect(page).toHaveTitle(/^30 seconds left \| Example Partner 401\(k\)$/);
    await page.clock.runFor(10_000);
    await expect(countdown).toHaveText('You will be logged out in 20 seconds due to inactivity.');
    await expect(page).toHaveTitle(/^20 seconds left/);
    const logout = page.waitForRequest('**/public/logout.vm');
    await page.clock.runFor(20_000);
    await expect(page).toHaveURL(/#\/session-expired$/);
    // Timed out here is timed out on the gateway too.
    expect((await logout).headers()['x-auth-token']).toBe(token);
    await expect(page.getByRole('heading', { level: 1, name: 'You have been logged out' })).toBeVisible();
    await expect(page).toHaveTitle('Example Partner 401(k)');
    expect(await page.evaluate(() => window.sessionStorage.length)).toBe(0);
  });

  test('the warning has no accessibility violations', async ({ page }) => {
    await goIdle(page);
    await expect(page.getByRole('dialog', { name: 'Are you still there?' })).toBeVisible();
    // axe waits on timers: let time flow (the countdown has 30 s to spare).
    await page.clock.resume();
    await expectNoAxeViolations(page);
  });

  test('the countdown survives a hidden tab whose timers were held back', async ({ page }) => {
    await goIdle(page);
    const countdown = page.getByRole('dialog').locator('.modal__body > p').first();
    await expect(countdown).toHaveText('You will be logged out in 30 seconds due to inactivity.');
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    // A jump fires each pending timer at most once, as a throttled background tab does.
    await page.clock.fastForward(12_000);
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expect(countdown).toHaveText('You will be logged out in 18 seconds due to inactivity.');
  });

  test('a click anywhere continues the session', async ({ page }) => {
    await goIdle(page);
    const dialog = page.getByRole('dialog', { name: 'Are you still there?' });
    await expect(dialog).toBeVisible();
    const keepAlive = page.waitForRequest('**/partner-gateway/keepAlive');
    await page.mouse.click(5, 5);
    await keepAlive;
    await expect(dialog).toBeHidden();
    await page.clock.runFor(60_000);
    await expect(page).toHaveURL(/#\/password$/);
  });

  test('a key pressed to continue is not typed into the page under the warning', async ({ page }) => {
    const field = page.getByLabel('New password', { exact: true });
    await field.focus();
    await goIdle(page);
    const dialog = page.getByRole('dialog', { name: 'Are you still there?' });
    await expect(dialog).toBeVisible();
    const keepAlive = page.waitForRequest('**/partner-gateway/keepAlive');
    await page.keyboard.press('a');
    await keepAlive;
    await expect(dialog).toBeHidden();
    await expect(field).toBeFocused();
    await expect(field).toHaveValue('');
  });

  test('no warning when the gateway saw activity elsewhere', async ({ page, context }) => {
    await mockScenario(context, 'mockActivity', 'recent');
    // Judged once the gateway's answer is in: goIdle returns as the question is asked.
    const answered = page.waitForResponse('**/partner-gateway/keepAlive/lastAccessed');
    await goIdle(page);
    await (await answered).finished();
    await page.clock.runFor(2000);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(/#\/password$/);
  });
});

test.describe('idle timeout on a touch screen', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test('asks for a tap', async ({ page }) => {
    await page.clock.install({ time: START });
    await seedSession(page);
    const idleLoaded = page.waitForResponse(/\/assets\/idle-timeout-[^/]+\.js$/);
    await page.goto('/#/password');
    await expect(page.getByRole('heading', { level: 1, name: 'Change your password' })).toBeVisible();
    await idleLoaded;
    await page.clock.pauseAt(START.getTime() + 60_000);
    await goIdle(page);
    await expect(page.getByText('Tap anywhere on the screen to continue your session.')).toBeVisible();
    // The tap goes to the warning, not to what is under it (the header's language switch here).
    const switchBox = (await page.getByRole('button', { name: 'Español', exact: true }).boundingBox())!;
    const keepAlive = page.waitForRequest('**/partner-gateway/keepAlive');
    await page.touchscreen.tap(switchBox.x + switchBox.width / 2, switchBox.y + switchBox.height / 2);
    await keepAlive;
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Change your password' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  });
});
