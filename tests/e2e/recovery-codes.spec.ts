import type { APIRequestContext, BrowserContext, Page, Request } from '@playwright/test';
import { uniqueUsername } from '../support/passkeys';
import { gatewaySession, mockScenario } from '../support/session';
import { expect, expectAnnounced, expectNoAxeViolations, holdCalls, standInDashboards, tabTo, test } from '../support/fixtures';

/*
 * A recovery code in place of the one-time code at sign-in's code step (issue 25; this
 * contract's extension). Each test signs in as a username of its own, which the cookie
 * mockMfa=required makes ask for a code (README, "Demo accounts"), and whose recovery codes the
 * mock keeps for real: generated through the gateway, good once, voided by a new set.
 */

const PASSWORD = 'Secret#123';
const RECOVERY_CALL = /\/login-gateway\/authentication\/recovery-code$/;
const DASHBOARD = /\/participant$/;

const basic = (username: string) => `Basic ${Buffer.from(`${username}:${PASSWORD}`).toString('base64')}`;

/** An account of the test's own, signed in through the gateway, and its session's token. */
async function ownAccount(request: APIRequestContext) {
  const username = uniqueUsername('rc');
  const { token } = await gatewaySession(request, username);
  return { username, token };
}

/** Generates a (new) set of recovery codes for the signed-in account, as the profile does. */
async function generateCodes(request: APIRequestContext, token: string): Promise<string[]> {
  const answer = await request.post('/login-gateway/recovery-codes', { headers: { 'X-Auth-Token': token } });
  const { data } = (await answer.json()) as { data?: { codes: string[] } };
  if (!answer.ok() || !data) throw new Error(`generating recovery codes gave ${answer.status()}`);
  return data.codes;
}

async function codesLeft(request: APIRequestContext, token: string): Promise<number> {
  const answer = await request.get('/login-gateway/recovery-codes', { headers: { 'X-Auth-Token': token } });
  const { data } = (await answer.json()) as { data: { remaining: number } };
  return data.remaining;
}

/** Signs in on the form as `username`, chooses the text message, and is on the code step. */
async function toCodeStep(page: Page, context: BrowserContext, username: string) {
  await mockScenario(context, 'mockMfa', 'required');
  await page.goto('/');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/#\/mfa$/);
  await page.getByLabel('Text message to ***-***-1234').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/#\/mfa-verification$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Enter the code' })).toBeVisible();
}

const recoveryField = (page: Page) => page.getByRole('textbox', { name: 'Recovery code' });
const oneTimeCodeField = (page: Page) => page.getByRole('textbox', { name: 'Code', exact: true });
const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue' });

async function useRecoveryCode(page: Page) {
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await expect(recoveryField(page)).toBeFocused();
}

async function enterRecoveryCode(page: Page, code: string) {
  await recoveryField(page).fill(code);
  await continueButton(page).click();
}

/** The form's own message (the notification area is an alert region too). */
const formAlert = (page: Page) => page.locator('form').getByRole('alert');

function record(page: Page, pattern: RegExp) {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (pattern.test(new URL(request.url()).pathname)) seen.push(request);
  });
  return seen;
}

/** Where a secret turned up: storage, cookies or the address. */
async function secretsLeft(page: Page, context: BrowserContext, secrets: readonly string[]): Promise<string[]> {
  const stored = await page.evaluate(() => ({
    session: Object.entries(window.sessionStorage).map(([key, value]) => `${key}=${value}`),
    local: Object.entries(window.localStorage).map(([key, value]) => `${key}=${value}`),
  }));
  const places: [string, string][] = [
    ['the address', page.url()],
    ...stored.session.map((entry): [string, string] => ['session storage', entry]),
    ...stored.local.map((entry): [string, string] => ['local storage', entry]),
    ...(await context.cookies()).map((cookie): [string, string] => ['a cookie', `${cookie.name}=${cookie.value}`]),
  ];
  const found: string[] = [];
  for (const secret of secrets) {
    const forms = [secret, encodeURIComponent(secret), secret.toUpperCase(), secret.replace(/-/g, '')];
    for (const [place, text] of places) if (forms.some((form) => text.includes(form))) found.push(`${secret} in ${place}`);
  }
  return found;
}

/** A clean tab, signed out, for the next sign-in (the mock's scenario cookie set again). */
async function signedOutTab(page: Page, context: BrowserContext) {
  await page.evaluate(() => {
    window.sessionStorage.clear();
    window.localStorage.clear();
  });
  await context.clearCookies();
}

test.beforeEach(async ({ page }) => {
  await standInDashboards(page);
});

test('a recovery code signs in at the code step, once: the count falls, and the same code is refused the second time', async ({
  page,
  context,
  request,
}) => {
  const { username, token } = await ownAccount(request);
  const [code] = await generateCodes(request, token);
  expect(await codesLeft(request, token)).toBe(10);
  const calls = record(page, RECOVERY_CALL);

  await toCodeStep(page, context, username);
  await useRecoveryCode(page);
  await expect(oneTimeCodeField(page)).toBeHidden();
  await enterRecoveryCode(page, code!);
  await expect(page).toHaveURL(DASHBOARD);
  expect(calls).toHaveLength(1);
  expect(calls[0]!.headers()['authorization']).toBe(basic(username));
  expect(calls[0]!.postDataJSON()).toEqual({ recoveryCode: code, fingerprint: expect.stringMatching(/^[0-9a-f]{16}$/) });
  expect(await codesLeft(request, token)).toBe(9);
  // Nothing of the code or the password is kept anywhere the page can reach, nor in the address.
  expect(await secretsLeft(page, context, [code!, PASSWORD, basic(username).slice('Basic '.length)])).toEqual([]);

  await signedOutTab(page, context);
  await toCodeStep(page, context, username);
  await useRecoveryCode(page);
  await enterRecoveryCode(page, code!);
  await expect(formAlert(page)).toHaveText('That recovery code was already used. Each code works once: try another.');
  // A used code is no use typed again: the field empties, and has the focus for the next one.
  await expect(recoveryField(page)).toHaveValue('');
  await expect(recoveryField(page)).toBeFocused();
  await expect(page).toHaveURL(/#\/mfa-verification$/);
  expect(await codesLeft(request, token)).toBe(9);
});

test('a code of a set generated again is refused as not valid, kept to be corrected, and the new set signs in', async ({
  page,
  context,
  request,
}) => {
  const { username, token } = await ownAccount(request);
  const [old] = await generateCodes(request, token);
  const [fresh] = await generateCodes(request, token);
  expect(await codesLeft(request, token)).toBe(10);

  await toCodeStep(page, context, username);
  await useRecoveryCode(page);
  await enterRecoveryCode(page, old!);
  await expect(formAlert(page)).toHaveText('That recovery code is not valid. Check it and try again.');
  await expect(recoveryField(page)).toHaveValue(old!);

  // A typo, in capitals and with a space for the hyphen: refused and kept, the same way.
  const typo = `${fresh!.slice(0, -1)}${fresh!.endsWith('a') ? 'b' : 'a'}`.toUpperCase().replace('-', ' ');
  await enterRecoveryCode(page, typo);
  await expect(formAlert(page)).toHaveText('That recovery code is not valid. Check it and try again.');
  await expect(recoveryField(page)).toHaveValue(typo);
  expect(await codesLeft(request, token)).toBe(10);

  // Corrected, in capitals and with a space: the gateway compares without either.
  await recoveryField(page).fill(fresh!.toUpperCase().replace('-', ' '));
  await expect(formAlert(page)).toHaveCount(0);
  await continueButton(page).click();
  await expect(page).toHaveURL(DASHBOARD);
  expect(await codesLeft(request, token)).toBe(9);
});

test('an account without recovery codes is told to use a one-time code, which still signs in', async ({ page, context, request }) => {
  const { username } = await ownAccount(request);
  await toCodeStep(page, context, username);
  await useRecoveryCode(page);
  await enterRecoveryCode(page, 'abcd-1234');
  await expect(formAlert(page)).toHaveText('You have no recovery codes left. Use a one-time code instead.');
  await expect(recoveryField(page)).toHaveValue('');

  await page.getByRole('button', { name: 'Use a one-time code instead' }).click();
  await expect(oneTimeCodeField(page)).toBeFocused();
  await expect(recoveryField(page)).toBeHidden();
  await oneTimeCodeField(page).fill('424242');
  await continueButton(page).click();
  await expect(page).toHaveURL(DASHBOARD);
});

test('a lockout shows under the form with the customer-service number, the form closed', async ({ page, context }) => {
  await toCodeStep(page, context, 'locked');
  await useRecoveryCode(page);
  // Sent from the keyboard: the field, closed by the lockout, keeps the focus.
  await recoveryField(page).fill('rc7k-2m9q');
  await recoveryField(page).press('Enter');
  await expect(formAlert(page)).toContainText('You have exceeded the maximum number of attempts.');
  await expect(formAlert(page)).toContainText('Please call customer service at 800-555-0100 ext. 2.');
  await expect(recoveryField(page)).toBeDisabled();
  await expect(recoveryField(page)).toBeFocused();
  await expect(continueButton(page)).toBeDisabled();
});

test('too many attempts (HTTP 429): the wait under the form, the code kept', async ({ page, context, request, guards }) => {
  guards.allowConsoleErrors(/status of 429/);
  const { username } = await ownAccount(request);
  await toCodeStep(page, context, username);
  // The persona `throttled` is throttled at the sign-in too, so its code step cannot be reached
  // from the form: the recovery-code call alone goes as `throttled`, which the mock throttles.
  await page.route(RECOVERY_CALL, (route) =>
    route.continue({ headers: { ...route.request().headers(), authorization: basic('throttled') } }),
  );
  await useRecoveryCode(page);
  await enterRecoveryCode(page, 'rc7k-2m9q');
  await expect(formAlert(page)).toHaveText('Too many attempts. Try again in 5 minutes.');
  await expect(recoveryField(page)).toHaveValue('rc7k-2m9q');
  await expect(continueButton(page)).toBeEnabled();
  await expect(page).toHaveURL(/#\/mfa-verification$/);
});

test('both forms have no axe violations, fit 320 px, and work from the keyboard alone, errors announced', async ({
  page,
  context,
  request,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  const { username, token } = await ownAccount(request);
  const [code] = await generateCodes(request, token);
  await toCodeStep(page, context, username);

  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  await expectNoAxeViolations(page);
  expect(await fits()).toBe(true);

  const useInstead = page.getByRole('button', { name: 'Use a recovery code instead' });
  await tabTo(page, useInstead);
  await page.keyboard.press('Enter');
  await expect(recoveryField(page)).toBeFocused();
  await expect(page.getByText('One of the codes you saved, such as abcd-1234.')).toBeVisible();
  await expectNoAxeViolations(page);
  expect(await fits()).toBe(true);

  // Nothing typed: the field says so, announced.
  await page.keyboard.press('Enter');
  await expectAnnounced(page, 'Recovery code is required');
  await expect(recoveryField(page)).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);

  // Back to the one-time code and here again, from the keyboard.
  const useOneTimeCode = page.getByRole('button', { name: 'Use a one-time code instead' });
  await tabTo(page, useOneTimeCode);
  await page.keyboard.press('Enter');
  await expect(oneTimeCodeField(page)).toBeFocused();
  await tabTo(page, useInstead);
  await page.keyboard.press('Space');
  await expect(recoveryField(page)).toBeFocused();

  await page.keyboard.type('zzzz-zzzz');
  await page.keyboard.press('Enter');
  await expectAnnounced(page, 'That recovery code is not valid. Check it and try again.');
  await expect(recoveryField(page)).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(code!);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(DASHBOARD);
});

for (const way of ['double click', 'Enter twice'] as const) {
  test(`${way} sends one request, and nothing of the code or the password is left`, async ({ page, context, request }) => {
    const { username, token } = await ownAccount(request);
    const [code] = await generateCodes(request, token);
    const calls = record(page, RECOVERY_CALL);
    await toCodeStep(page, context, username);
    await useRecoveryCode(page);
    await recoveryField(page).fill(code!);
    // The first request is held until both presses have landed.
    const release = await holdCalls(page, RECOVERY_CALL);
    if (way === 'double click') await continueButton(page).dblclick();
    else {
      await recoveryField(page).press('Enter');
      await recoveryField(page).press('Enter');
    }
    await expect.poll(() => calls.length).toBe(1);
    await expect(continueButton(page)).toBeDisabled();
    release();
    await expect(page).toHaveURL(DASHBOARD);
    expect(calls).toHaveLength(1);
    expect(await codesLeft(request, token)).toBe(9);
    expect(await secretsLeft(page, context, [code!, PASSWORD, basic(username).slice('Basic '.length)])).toEqual([]);
  });
}
