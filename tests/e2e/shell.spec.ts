import type { Locator } from '@playwright/test';
import { expect, expectNoAxeViolations, expectSignInTakenOver, holdCalls, layoutSettled, test } from '../support/fixtures';
import { mockScenario } from '../support/session';

/** The texts of links in Chromium's default colours (unvisited or visited) rather than the brand's. */
function linksInBrowserColours(scope: Locator) {
  return scope.evaluate((root) =>
    [...root.querySelectorAll('a[href]')]
      .filter((link) => ['rgb(0, 0, 238)', 'rgb(85, 26, 139)'].includes(getComputedStyle(link).color))
      .map((link) => link.textContent),
  );
}

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your 401(k) account' })).toBeVisible();
});

test('the brand names the page and sets its icon', async ({ page }) => {
  await expect(page).toHaveTitle('Example Partner 401(k)');
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', 'https://assets.example-partner.com/favicon.ico');
});

test("'Create Your Account' explains enrollment in a modal that traps focus, closes on Escape and restores focus", async ({ page }) => {
  const opener = page.getByRole('button', { name: 'Create Your Account' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Create Your Account' });
  await expect(dialog).toBeVisible();
  // Reading starts at the dialog, not at the first link in it.
  await expect(dialog).toBeFocused();
  await expect(dialog).toContainText('enrollment email');
  await expect(dialog.getByRole('link', { name: 'admin@example-partner.com' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: '800-555-0100 ext. 2' })).toHaveAttribute('href', 'tel:8005550100,2');
  await expect(dialog.getByRole('link', { name: 'partners page' })).toBeVisible();
  expect(await linksInBrowserColours(dialog)).toEqual([]);
  await expectNoAxeViolations(page);

  // Tab cycles inside the modal; the page behind is inert.
  for (let step = 0; step < 6; step += 1) {
    await page.keyboard.press('Tab');
    const inside = await page.evaluate(
      () => Boolean(document.activeElement?.closest('dialog')) || document.activeElement === document.body,
    );
    expect(inside).toBe(true);
  }

  // A click on the backdrop is ignored.
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test("'Having trouble signing in?' offers the username and password recovery and the Help Center", async ({ page }) => {
  await page.getByRole('button', { name: 'Having trouble signing in?' }).click();
  const dialog = page.getByRole('dialog', { name: 'What can we help you with?' });
  await expect(dialog.getByRole('link', { name: 'Help Center' })).toHaveAttribute('href', /^https:\/\//);
  expect(await linksInBrowserColours(dialog)).toEqual([]);
  await expectNoAxeViolations(page);
  await dialog.getByRole('link', { name: 'I forgot my password' }).click();
  await expect(page).toHaveURL(/#\/reset-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'What is your username?' })).toBeFocused();
  // 'I forgot my username' is followed in tests/e2e/recovery.spec.ts (forgotten username).
});

test("the latest announcement leads to What's New, grouped by date", async ({ page }) => {
  const banner = page.getByRole('region', { name: 'Latest update' });
  await expect(banner).toContainText('Update 11/14');
  await expect(banner).toContainText('2 new updates!');
  await banner.getByRole('link', { name: "See What's New" }).click();
  await expect(page).toHaveURL(/#\/whats-new$/);
  await expect(page.getByRole('heading', { level: 1, name: "What's New" })).toBeFocused();
  await expect(page.getByRole('heading', { level: 2, name: 'November 14, 2026' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'September 2, 2026' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Sign in with an authenticator app' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your 401(k) account' })).toBeVisible();
});

test("the panel 'Why create an online account?' is on the left from 992 px; on a phone it follows the sign-in step", async ({ page }) => {
  const benefits = page.getByRole('region', { name: 'Why create an online account?' });
  const signIn = page.getByRole('region', { name: 'Sign in to your 401(k) account' });
  await page.setViewportSize({ width: 1280, height: 800 });
  const [left, centre] = [await benefits.boundingBox(), await signIn.boundingBox()];
  expect(left && centre && left.x + left.width <= centre.x).toBe(true);
  await page.setViewportSize({ width: 375, height: 740 });
  const [below, above] = [await benefits.boundingBox(), await signIn.boundingBox()];
  expect(below && above && below.y >= above.y + above.height).toBe(true);
});

test('no banner when nothing is announced', async ({ page, context }) => {
  await mockScenario(context, 'mockAnnouncements', 'none');
  const answered = page.waitForResponse(/\/announcements\.json$/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your 401(k) account' })).toBeVisible();
  // Not the prerendered page, which never has the banner: the app's, once the answer is in.
  await answered;
  await expectSignInTakenOver(page);
  await expect(page).toHaveTitle('Example Partner 401(k)');
  await layoutSettled(page);
  await expect(page.getByRole('region', { name: 'Latest update' })).toHaveCount(0);
});

test('the cookie banner goes once accepted, for 30 days', async ({ page, context }) => {
  const banner = page.getByRole('region', { name: 'Cookie notice' });
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Accept cookies' }).click();
  await expect(banner).toBeHidden();
  // The page writes the cookie; the browser's cookie store takes it a moment later.
  const consentCookie = async () => (await context.cookies()).find((cookie) => cookie.name === 'cookieConsent');
  await expect.poll(consentCookie).toBeTruthy();
  const consent = await consentCookie();
  const days = ((consent?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(29.9);
  expect(days).toBeLessThanOrEqual(30);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your 401(k) account' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cookie notice' })).toHaveCount(0);
});

test('accepting cookies from the keyboard leaves focus on the page, not on <body>', async ({ page }) => {
  const accept = page.getByRole('button', { name: 'Accept cookies' });
  await accept.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Cookie notice' })).toHaveCount(0);
  await expect(page.locator('#main-content')).toBeFocused();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
});

test('the loading bar shows while a call is in flight', async ({ page }) => {
  // The sign-in call is held until the bar has been seen: no timing decides the outcome.
  const release = await holdCalls(page, /\/login-gateway\/authentication$/, 'example=AUERR02');
  await page.getByLabel('Username').fill('wrong');
  await page.getByLabel('Password', { exact: true }).fill('x');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('progressbar', { name: 'Loading' })).toBeVisible();
  release();
  await expect(page.getByText('The username or password you entered is incorrect.')).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
});

test('under reduced motion the modal and the loading bar do not move', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.getByRole('button', { name: 'Create Your Account' }).click();
  await expect(page.getByRole('dialog', { name: 'Create Your Account' })).toBeVisible();
  expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);
  await page.keyboard.press('Escape');

  const release = await holdCalls(page, /\/login-gateway\/authentication$/, 'example=AUERR02');
  await page.getByLabel('Username').fill('wrong');
  await page.getByLabel('Password', { exact: true }).fill('x');
  await page.getByRole('button', { name: 'Sign In' }).click();
  const bar = page.getByRole('progressbar', { name: 'Loading' });
  await expect(bar).toBeVisible();
  expect(await bar.evaluate((element) => element.getAnimations().length)).toBe(0);
  release();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
});

test('navigation scrolls back to the top', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 400 });
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.getByRole('link', { name: "See What's New" }).click();
  await expect(page.getByRole('heading', { level: 1, name: "What's New" })).toBeVisible();
  // The frame scrolls once the new screen is drawn (its effect), just after the heading shows.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('the skip link moves keyboard focus to the main content', async ({ page }) => {
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();
});

test('an address with a line break in its path goes to the sign-in form, never a blank page', async ({ page }) => {
  for (const path of ['%0d%0aSet-Cookie:%20x=1', 'a%0ab', '%E2%80%A8']) {
    await page.goto('about:blank');
    await page.goto(`/#/${path}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your 401(k) account' })).toBeVisible();
    await expect(page).toHaveURL(/#\/$/);
  }
});
