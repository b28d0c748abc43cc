import type { Page, Request } from '@playwright/test';
import jsQR from 'jsqr';
import { expect, expectAnnounced, expectNoAxeViolations, pauseClock, preferExample, readResponses, tabTo, test } from '../support/fixtures';
import { mockScenario, seedSession } from '../support/session';

/*
 * The authenticator-app set-up (spec sections 2, 4, 8, 9): the intro, the QR code step, the
 * app's name and its first code, with every branch the mock reaches (openapi/mock-scenarios.yaml:
 * the cookie mockTotp picks a registration failure; the code 000000 is not valid).
 */

/** The contract's example registration (openapi/examples/totp/totp-registration.yaml). */
const URI = 'otpauth://totp/Example%20Partner:jsmith401?secret=JBSWY3DPEHPK3PXP&issuer=Example%20Partner';
const REGISTER = /\/login-gateway\/totp\/registerUser$/;
const VERIFY = /\/login-gateway\/totp\/verifyUserRegistration$/;

function record(page: Page, pattern: RegExp) {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (pattern.test(new URL(request.url()).pathname)) seen.push(request);
  });
  return seen;
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/**
 * The set-up ends on the profile phone-update page. The mock answers 'no authenticator app' to
 * its lookup here (cookie mockTotpApp=none), so the page stays on the phone entry.
 */
async function expectProfilePhoneUpdate(page: Page) {
  await expect(page).toHaveURL(/#\/profile-update-phone$/);
  await expect(heading(page, 'Enter your new phone number')).toBeVisible();
}

test.beforeEach(async ({ context }) => {
  await mockScenario(context, 'mockTotpApp', 'none');
});

const storedFlag = (page: Page) => page.evaluate(() => sessionStorage.getItem('isTotpSetupSuccess'));

/** Signed in, through the intro to step 1. */
async function register(page: Page) {
  await seedSession(page);
  await page.goto('/#/totp-setup');
  await page.getByRole('button', { name: 'Setup authenticator app' }).click();
  await expect(heading(page, 'Scan the QR code')).toBeVisible();
}

/** From step 1 to step 3, leaving the name empty. */
async function toCodeStep(page: Page) {
  await register(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page, 'Add the name of your app')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page, 'Enter the code')).toBeVisible();
}

test('the intro explains the app and its warning; Skip for now goes to the profile phone update', async ({ page }) => {
  await seedSession(page);
  await page.goto('/#/totp-setup');
  await expect(heading(page, 'Set up authenticator app')).toBeVisible();
  await expect(page.getByText('Instead of receiving codes on your phone, you will get them from an authenticator app.')).toBeVisible();
  await expect(page.getByText('the only security verification option at login')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await expectProfilePhoneUpdate(page);
});

test('without a session the set-up goes to login', async ({ page }) => {
  await page.goto('/#/totp-setup');
  await expect(page).toHaveURL(/#\/$/);
});

test('a step without a registration goes to the intro', async ({ page }) => {
  await seedSession(page);
  await page.goto('/#/auth-code');
  await expect(page).toHaveURL(/#\/totp-setup$/);
  await expect(heading(page, 'Set up authenticator app')).toBeVisible();
});

test('step 1: the QR code is 140 px, decodes to the registered uri, and the key is grouped for typing', async ({ page }) => {
  const registrations = record(page, REGISTER);
  await register(page);
  expect(registrations).toHaveLength(1);
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
  await expect(qr).toBeVisible();
  const box = await qr.boundingBox();
  expect(box).toMatchObject({ width: 140, height: 140 });
  const pixels = await qr.evaluate((canvas: HTMLCanvasElement) => {
    const image = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    return { width: image.width, height: image.height, data: Array.from(image.data) };
  });
  // Scale 4 with a margin of 4 modules on each side: (modules + 8) * 4 pixels.
  expect(pixels.width % 4).toBe(0);
  const decoded = jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height);
  expect(decoded?.data).toBe(URI);
  await expect(page.getByRole('textbox', { name: 'Authenticator app link' })).toHaveValue(URI);
  await expect(page.getByRole('textbox', { name: 'Authenticator app link' })).toHaveAttribute('readonly', '');
  await expect(page.getByRole('textbox', { name: "Can't scan? Enter this key in your app" })).toHaveValue('JBSW Y3DP EHPK 3PXP');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(heading(page, 'Set up authenticator app')).toBeVisible();
});

test("the copy button copies the link and says 'Link copied!' for exactly 2 seconds", async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.clock.install();
  await register(page);
  await pauseClock(page);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('button', { name: 'Link copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(URI);
  await page.clock.runFor(1_999);
  await expect(page.getByRole('button', { name: 'Link copied!' })).toBeVisible();
  await page.clock.runFor(1);
  await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();
});

test("step 2: the name is optional ('Authenticator app' by default), at most 25 characters, and goes with the code", async ({ page }) => {
  const verifications = record(page, VERIFY);
  await register(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Step 2 of 3')).toBeVisible();
  const name = page.getByRole('textbox', { name: 'App name (optional)' });
  await expect(name).toHaveAttribute('placeholder', 'Authenticator app');
  await expect(name).toHaveAttribute('maxlength', '25');
  await expectNoAxeViolations(page);
  await name.fill('My work phone');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page, 'Enter the code')).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('authAppName'))).toBe('My work phone');
  await page.getByRole('button', { name: 'Back' }).click();
  await name.fill('');
  await page.getByRole('button', { name: 'Continue' }).click();
  expect(await page.evaluate(() => sessionStorage.getItem('authAppName'))).toBe('Authenticator app');
  await page.getByRole('textbox', { name: 'Code' }).fill('123456');
  await page.getByRole('button', { name: 'Validate code' }).click();
  await expectProfilePhoneUpdate(page);
  expect(verifications.map((request) => request.postDataJSON())).toEqual([{ code: '123456', authAppName: 'Authenticator app' }]);
});

test('step 3: digits only, a refused code shows inline and clears on focus; a valid code stores success', async ({ page }) => {
  await toCodeStep(page);
  await expect(page.getByText('Step 3 of 3')).toBeVisible();
  const code = page.getByRole('textbox', { name: 'Code' });
  const validate = page.getByRole('button', { name: 'Validate code' });
  await expect(code).toHaveAttribute('placeholder', '000000');
  await expect(code).toHaveAttribute('maxlength', '6');
  await expect(validate).toBeDisabled();
  await code.fill('１a2b34');
  await expect(code).toHaveValue('1234');
  await code.fill('000000');
  await validate.click();
  const inline = page.getByText('This code is not valid. Please check your app and try again.');
  await expect(inline).toBeVisible();
  await expect(page).toHaveURL(/#\/auth-code$/);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Validate code' }).focus();
  await expect(inline).toBeVisible();
  await code.focus();
  await expect(inline).toBeHidden();
  await code.fill('654321');
  await validate.click();
  await expectProfilePhoneUpdate(page);
  expect(await storedFlag(page)).toBe('true');
  // The uri carries the app's secret: it is not kept after the set-up.
  expect(await page.evaluate(() => sessionStorage.getItem('qrCodeUri'))).toBeNull();
});

test("step 3: the app's code just verified, the phone update does not ask for another", async ({ page, context }) => {
  // The mock's lookup then finds the new app.
  await context.clearCookies({ name: 'mockTotpApp' });
  const lookups = record(page, /\/public\/profile\/get-totp-info$/);
  await toCodeStep(page);
  await page.getByRole('textbox', { name: 'Code' }).fill('654321');
  await page.getByRole('button', { name: 'Validate code' }).click();
  await expectProfilePhoneUpdate(page);
  expect(await page.evaluate(() => sessionStorage.getItem('isTotpVerified'))).toBe('true');
  expect(lookups).toHaveLength(0);
});

test('step 3: any other failure stores isTotpSetupSuccess=false and goes to the profile phone update', async ({ page, guards }) => {
  guards.allowConsoleErrors(/status of 500/);
  await toCodeStep(page);
  await preferExample(page, VERIFY, 'code=500');
  await page.getByRole('textbox', { name: 'Code' }).fill('123456');
  await page.getByRole('button', { name: 'Validate code' }).click();
  await expectProfilePhoneUpdate(page);
  expect(await storedFlag(page)).toBe('false');
});

test('step 3: Skip goes to the profile phone update without a verdict', async ({ page }) => {
  await toCodeStep(page);
  await page.getByRole('button', { name: 'Skip' }).click();
  await expectProfilePhoneUpdate(page);
  expect(await storedFlag(page)).toBeNull();
});

test('a registration refused for a verified device shows the message as it is', async ({ page, context }) => {
  await mockScenario(context, 'mockTotp', 'verifiedDevice');
  await seedSession(page);
  await page.goto('/#/totp-setup');
  await page.getByRole('button', { name: 'Setup authenticator app' }).click();
  await expectAnnounced(page, 'You already have a verified device registered to your account.');
  await expect(page).toHaveURL(/#\/totp-setup$/);
  await expectNoAxeViolations(page);
});

test("any other registration failure shows 'Oops, something went wrong' with 'Please try again'", async ({ page, context }) => {
  await mockScenario(context, 'mockTotp', 'failed');
  await seedSession(page);
  await page.goto('/#/totp-setup');
  await page.getByRole('button', { name: 'Setup authenticator app' }).click();
  await expectAnnounced(page, /Oops, something went wrong.*Please try again/);
  await expect(page).toHaveURL(/#\/totp-setup$/);
});

test('the whole set-up completes by keyboard alone', async ({ page }) => {
  await seedSession(page);
  await page.goto('/#/totp-setup');
  const setup = page.getByRole('button', { name: 'Setup authenticator app' });
  await expect(setup).toBeVisible();
  await tabTo(page, setup);
  await page.keyboard.press('Enter');
  const next = page.getByRole('button', { name: 'Continue' });
  await expect(heading(page, 'Scan the QR code')).toBeVisible();
  await tabTo(page, next);
  await page.keyboard.press('Enter');
  const name = page.getByRole('textbox', { name: 'App name (optional)' });
  await tabTo(page, name);
  await page.keyboard.type('Phone');
  await page.keyboard.press('Enter');
  const code = page.getByRole('textbox', { name: 'Code' });
  await tabTo(page, code);
  await page.keyboard.type('123456');
  await page.keyboard.press('Enter');
  await expectProfilePhoneUpdate(page);
  expect(await storedFlag(page)).toBe('true');
});

test("qrcode and libphonenumber-js are not part of the first screen's JavaScript", async ({ page }) => {
  const scriptsRead = readResponses(page, (response) => (response.request().resourceType() === 'script' ? response.text() : undefined));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your 401(k) account' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const scripts = await scriptsRead();
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((source) => source.includes('No input text'))).toEqual([]);
  expect(scripts.filter((source) => source.includes('country_calling_codes'))).toEqual([]);
});

test("the registration's secret lives only while the set-up is open: never stored, gone once left or reloaded", async ({ page }) => {
  await register(page);
  const secretStored = () => page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }).includes('JBSWY3DPEHPK3PXP'));
  expect(await secretStored()).toBe(false);
  await expect(page.getByRole('textbox', { name: 'Authenticator app link' })).toHaveValue(URI);

  // The browser's back to the intro and forward again: still the same set-up.
  await page.goBack();
  await expect(heading(page, 'Set up authenticator app')).toBeVisible();
  await page.goForward();
  await expect(heading(page, 'Scan the QR code')).toBeVisible();

  // Left for another screen: coming back by address starts at the intro.
  await page.goto('/#/profile-update-phone');
  await expectProfilePhoneUpdate(page);
  await page.goto('/#/qr-code');
  await expect(heading(page, 'Set up authenticator app')).toBeVisible();

  // A reload forgets it too.
  await page.getByRole('button', { name: 'Setup authenticator app' }).click();
  await expect(heading(page, 'Scan the QR code')).toBeVisible();
  await page.reload();
  await expect(heading(page, 'Set up authenticator app')).toBeVisible();
  expect(await secretStored()).toBe(false);
});
