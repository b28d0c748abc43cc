import type { Page, Request } from '@playwright/test';
import { expect, expectAnnounced, expectNoAxeViolations, preferExample, standInDashboards, test } from '../support/fixtures';
import { seedSession } from '../support/session';

/*
 * Account recovery (spec sections 2, 4, 5, 8): the forgotten password in both branches, the
 * reset link's new-password page, the forgotten username and the password change. The mock's
 * usernames pick each branch (openapi/mock-scenarios.yaml): `question` answers a security
 * question, `mfa` and `app` use codes, `locked` runs into the lockout.
 */

const signInHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Sign in to your 401(k) account' });
const alert = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

function record(page: Page, pattern: RegExp) {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (pattern.test(new URL(request.url()).pathname)) seen.push(request);
  });
  return seen;
}

/** The reset's first step, for a username; the captcha (the stand-in for Google's) is ticked. */
async function startReset(page: Page, username: string) {
  await page.goto('/#/reset-password');
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByRole('checkbox', { name: "I'm not a robot" }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
}

test.beforeEach(async ({ page }) => {
  await standInDashboards(page);
});

test.describe('forgotten password', () => {
  test("the modal's 'I forgot my password' opens the first step, which needs a username and the captcha", async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Having trouble signing in?' }).click();
    await page.getByRole('link', { name: 'I forgot my password' }).click();
    await expect(page).toHaveURL(/#\/reset-password$/);
    await expect(page.getByRole('heading', { level: 1, name: 'What is your username?' })).toBeVisible();
    const next = page.getByRole('button', { name: 'Continue' });
    await expect(next).toBeDisabled();
    const username = page.getByRole('textbox', { name: 'Username' });
    await username.focus();
    await username.blur();
    await expect(page.getByText('Username is required')).toBeVisible();
    await username.fill('question');
    await expect(next).toBeDisabled();
    await page.getByRole('checkbox', { name: "I'm not a robot" }).check();
    await expect(next).toBeEnabled();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(signInHeading(page)).toBeVisible();
  });

  test('too many attempts (HTTP 429) on the first step says how long to wait and keeps the username', async ({ page, guards }) => {
    guards.allowConsoleErrors(/status of 429/);
    const lookups = record(page, /\/public\/profile\/mfa-options$/);
    // The mock's username `throttled` answers the lookup with the contract's 429 example: Retry-After 300.
    await startReset(page, 'throttled');
    await expectAnnounced(page, 'Too many attempts. Try again in 5 minutes.');
    await expect(alert(page, 'Too many attempts. Try again in 5 minutes.')).toBeVisible();
    await expect(page).toHaveURL(/#\/reset-password$/);
    await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue('throttled');
    // A captcha answer is good for one try (and would be stale after the wait): ticked again, Continue sends again.
    await page.getByRole('checkbox', { name: "I'm not a robot" }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => lookups.length).toBe(2);
    await expect(page).toHaveURL(/#\/reset-password$/);
  });

  test('a security-question user answers the question; a refused answer shows inline; then Check your email!', async ({ page }) => {
    const resets = record(page, /\/public\/profile\/credentials\/resetPassword$/);
    await startReset(page, 'question');
    await expect(page).toHaveURL(/#\/reset-password\/security-question$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Answer your security question' })).toBeVisible();
    await expect(page.getByText('What was the name of your first pet?')).toBeVisible();
    await expect(page.getByLabel('Security Answer')).toHaveAccessibleDescription('What was the name of your first pet?');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Security Answer is required')).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByLabel('Security Answer').fill('wrong');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectAnnounced(page, 'The answer you entered does not match our records.');
    await expect(page.getByLabel('Security Answer')).toHaveValue('wrong');

    await page.getByLabel('Security Answer').fill('Rex');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/#\/reset-password\/success$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Check your email!' })).toBeVisible();
    await expect(page.getByText('spam')).toBeVisible();
    await expect(page.getByText('contact your employer')).toBeVisible();
    await expectNoAxeViolations(page);
    expect(resets.map((request) => request.postDataJSON())).toEqual([
      { username: 'question', securityAnswer: 'wrong', captcha: 'test-captcha-token' },
      { username: 'question', securityAnswer: 'Rex', captcha: 'test-captcha-token' },
    ]);
    expect(await page.evaluate(() => window.sessionStorage.length)).toBe(0);
  });

  test('a tab still signed in that resets the password stays on Check your email!, its session cleared', async ({ page }) => {
    await page.clock.install();
    await seedSession(page);
    await startReset(page, 'question');
    await page.getByLabel('Security Answer').fill('Rex');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check your email!' })).toBeVisible();
    expect(await page.evaluate(() => window.sessionStorage.length)).toBe(0);
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('authToken');
    // The tab's watch on the auth cookie (every 1.5 s) sees it gone: this tab signed itself out,
    // so the user stays on the message rather than being told the session ended elsewhere.
    await page.clock.runFor(3 * 1500);
    await expect(page.getByRole('heading', { level: 1, name: 'Check your email!' })).toBeVisible();
    await expect(page).toHaveURL(/#\/reset-password\/success$/);
  });

  test('a code user chooses a method, enters the code (a refused one first), and the reset goes through', async ({ page }) => {
    const resets = record(page, /\/public\/profile\/credentials\/resetPassword$/);
    const codes = record(page, /\/login-gateway\/mfa\/code$/);
    await startReset(page, 'mfa');
    await expect(page).toHaveURL(/#\/mfa$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Verify your identity' })).toBeVisible();
    await page.getByLabel('Text message to ***-***-1234').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/#\/mfa-verification$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Enter the code' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '#/mfa');
    await page.getByLabel('Code', { exact: true }).fill('000000');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectAnnounced(page, 'The code is not valid, please try again');
    await page.getByLabel('Code', { exact: true }).fill('123456');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check your email!' })).toBeVisible();
    expect(codes.map((request) => request.postDataJSON())).toEqual([{ type: 'sms', username: 'mfa' }]);
    expect(resets.map((request) => request.postDataJSON())).toEqual([
      { username: 'mfa', mfaCode: '000000', captcha: 'test-captcha-token' },
      { username: 'mfa', mfaCode: '123456', captcha: 'test-captcha-token' },
    ]);
  });

  test("a reload on the reset's choice of method or its code starts the reset again at its first step (its captcha answer is gone)", async ({
    page,
  }) => {
    await startReset(page, 'mfa');
    await expect(page).toHaveURL(/#\/mfa$/);
    await page.reload();
    await expect(page).toHaveURL(/#\/reset-password$/);
    await expect(page.getByRole('heading', { level: 1, name: 'What is your username?' })).toBeVisible();

    await startReset(page, 'mfa');
    await page.getByLabel('Text message to ***-***-1234').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/#\/mfa-verification$/);
    await page.reload();
    await expect(page).toHaveURL(/#\/reset-password$/);
    await expect(page.getByRole('heading', { level: 1, name: 'What is your username?' })).toBeVisible();
  });

  test('Cancel on the choice of method goes back to the first step of the reset', async ({ page }) => {
    await startReset(page, 'mfa');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'What is your username?' })).toBeVisible();
  });

  test('an authenticator-app user goes straight to the code, with no code sent', async ({ page }) => {
    const codes = record(page, /\/mfa\/code$/);
    await startReset(page, 'app');
    await expect(page).toHaveURL(/#\/mfa-verification$/);
    // The code screen is drawn (the address changes before its code has loaded).
    await expect(page.getByLabel('Code', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '#/reset-password');
    await expect(page.getByRole('button', { name: 'Send a new code' })).toHaveCount(0);
    expect(codes).toHaveLength(0);
  });

  test('a locked user sees the lockout under the code form', async ({ page }) => {
    await startReset(page, 'locked');
    await page.getByLabel('Text message to ***-***-1234').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Code', { exact: true }).fill('123456');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.locator('form').getByRole('alert')).toContainText('You have exceeded the maximum number of attempts.');
  });

  test('the security-question step without a question goes back to the first step', async ({ page }) => {
    await page.goto('/#/reset-password/security-question');
    await expect(page).toHaveURL(/#\/reset-password$/);
    await expect(page.getByRole('heading', { level: 1, name: 'What is your username?' })).toBeVisible();
  });

  test('a failing gateway on the first step shows the internal error, keeps the username, and asks for the captcha again', async ({
    page,
    guards,
  }) => {
    guards.allowConsoleErrors(/status of 500/);
    await preferExample(page, /\/public\/profile\/mfa-user$/, 'code=500');
    await startReset(page, 'question');
    await expectAnnounced(page, 'An internal error has occurred while processing your request');
    await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue('question');
    await expect(page.getByRole('checkbox', { name: "I'm not a robot" })).not.toBeChecked();
    await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  test('an unknown username shows the gateway description inline', async ({ page }) => {
    await preferExample(page, /\/public\/profile\/mfa-user$/, 'example=questionUser');
    await startReset(page, 'nobody');
    await expectAnnounced(page, 'We could not find an account with that username.');
  });

  test('a double click and repeated Enter on Continue ask once', async ({ page }) => {
    const users = record(page, /\/public\/profile\/mfa-user$/);
    await page.goto('/#/reset-password');
    await page.getByRole('textbox', { name: 'Username' }).fill('question');
    await page.getByRole('checkbox', { name: "I'm not a robot" }).check();
    await page.getByRole('button', { name: 'Continue' }).evaluate((button: HTMLButtonElement) => {
      button.click();
      button.click();
    });
    await expect(page.getByRole('heading', { level: 1, name: 'Answer your security question' })).toBeVisible();
    expect(users).toHaveLength(1);
  });

  test('the whole question branch works by keyboard alone', async ({ page }) => {
    await page.goto('/#/reset-password');
    await page.getByRole('textbox', { name: 'Username' }).focus();
    await page.keyboard.type('question');
    await page.getByRole('checkbox', { name: "I'm not a robot" }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Continue' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Answer your security question' })).toBeVisible();
    await page.getByLabel('Security Answer').focus();
    await page.keyboard.type('Rex');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Check your email!' })).toBeVisible();
  });
});

test.describe('a message that appears on leaving a field', () => {
  for (const { form, width, open, field, message } of [
    { form: '/reset-password', width: 1280, open: '/#/reset-password', field: 'Username', message: 'Username is required' },
    // At 320 px this message takes two lines.
    {
      form: '/forgot-username',
      width: 320,
      open: '/#/forgot-username',
      field: 'Email address',
      message: 'Please enter your email to continue.',
    },
  ] as const) {
    test(`${form} at ${width} px: a click on the captcha right after clearing the field lands, and the field's message comes after it`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(open);
      if (form === '/forgot-username') await page.getByRole('button', { name: 'Continue' }).click();
      const input = page.getByRole('textbox', { name: field });
      const robot = page.getByRole('checkbox', { name: "I'm not a robot" });
      await input.pressSequentially('mfa');
      await input.press('ControlOrMeta+a');
      await input.press('Backspace');
      await expect(input).toBeFocused();
      // Where the user aims, measured before the field is left.
      const box = await robot.boundingBox();
      if (!box) throw new Error('the captcha has no box');
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      // Pressing the button leaves the field; the page has every chance to show its message (the
      // focus has moved, and two frames have been drawn) before the button comes up.
      await page.mouse.down();
      await expect(robot).toBeFocused();
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done)))));
      await page.mouse.up();
      await expect(robot).toBeChecked();
      // The message still comes, in its place under the field, announced.
      await expect(page.getByText(message)).toBeVisible();
      await expectAnnounced(page, message);
      await expect(input).toHaveAttribute('aria-invalid', 'true');
    });
  }
});

test.describe('the reset link: a new password', () => {
  test('reads the token, takes it out of the address bar, and sets a password that meets every rule', async ({ page }) => {
    const changes = record(page, /\/public\/profile\/changePassword$/);
    const checks = record(page, /\/public\/profile\/verifyToken$/);
    await page.goto('/#/reset-password/new-password?token=reset-validated');
    await expect(page.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();
    await expect(page).toHaveURL(/#\/reset-password\/new-password$/);
    await expect(page.getByText('In order to keep your account safe, please complete the following.')).toBeVisible();
    expect(checks.map((request) => new URL(request.url()).searchParams.get('token'))).toEqual(['reset-validated']);
    expect(checks[0]?.headers()['referer']).toBeUndefined();

    const next = page.getByRole('button', { name: 'Continue' });
    const password = page.getByLabel('New password', { exact: true });
    const confirmation = page.getByLabel('Confirm new password', { exact: true });
    await expect(password).toHaveAttribute('maxlength', '16');
    await expect(password).toHaveAttribute('autocomplete', 'new-password');
    await expect(next).toBeDisabled();
    await password.fill('abc');
    await expect(page.getByText('0 of 6 password requirements met.')).toHaveCount(0);
    await expect(page.getByText(/\d of 6 password requirements met\./)).toBeAttached();
    await expect(page.getByRole('listitem').filter({ hasText: 'At least one uppercase and one lowercase letter' })).toContainText(
      '(not met)',
    );
    await password.fill('Abcdef1!');
    await confirmation.fill('Abcdef1?');
    await expect(page.getByRole('listitem').filter({ hasText: 'Both entries match' })).toContainText('(not met)');
    await expect(next).toBeDisabled();
    await confirmation.fill('Abcdef1!');
    await expect(page.getByText('6 of 6 password requirements met.')).toBeAttached();
    await expect(next).toBeEnabled();
    await expectNoAxeViolations(page);
    await next.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Password reset successfully' })).toBeVisible();
    await expect(page.getByText('You can now access your account with the new password.')).toBeVisible();
    await expectNoAxeViolations(page);
    expect(changes.map((request) => request.postDataJSON())).toEqual([{ token: 'reset-validated', newPassword: 'Abcdef1!' }]);
    await page.getByRole('button', { name: 'Go to Sign In' }).click();
    await expect(signInHeading(page)).toBeVisible();
  });

  test('a second reset link opened in the same tab is checked afresh, whatever the first came to', async ({ page }) => {
    const checks = record(page, /\/public\/profile\/verifyToken$/);
    await page.goto('/#/reset-password/new-password?token=reset-validated');
    await page.getByLabel('New password', { exact: true }).fill('Abcdef1!');
    await page.getByLabel('Confirm new password', { exact: true }).fill('Abcdef1!');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Password reset successfully' })).toBeVisible();
    await page.goto('/#/reset-password/new-password?token=reset-expired');
    await expect(
      page.getByRole('heading', { level: 1, name: 'This link has expired - Please request a new link to reset your password' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/#\/reset-password\/new-password$/);
    expect(checks.map((request) => new URL(request.url()).searchParams.get('token'))).toEqual(['reset-validated', 'reset-expired']);
  });

  for (const state of ['expired', 'completed'] as const) {
    test(`a ${state} link says so and offers a new one`, async ({ page }) => {
      await page.goto(`/#/reset-password/new-password?token=reset-${state}`);
      await expect(
        page.getByRole('heading', { level: 1, name: 'This link has expired - Please request a new link to reset your password' }),
      ).toBeVisible();
      await expect(page).toHaveURL(/#\/reset-password\/new-password$/);
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Request Password Reset' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'What is your username?' })).toBeVisible();
    });
  }

  test('a link that is verified but not validated is no usable link', async ({ page }) => {
    await page.route(/\/public\/profile\/verifyToken\?/, (route) =>
      route.fulfill({
        json: { data: { type: 'Password Reset', isCompleted: false, isValidated: false, verified: true, hasExpiredVerification: false } },
      }),
    );
    await page.goto('/#/reset-password/new-password?token=reset-validated');
    await expect(
      page.getByRole('heading', { level: 1, name: 'This link has expired - Please request a new link to reset your password' }),
    ).toBeVisible();
    await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  });

  for (const [name, address] of [
    ['no token', '/#/reset-password/new-password'],
    ['a malformed token', '/#/reset-password/new-password?token=%3Cscript%3E'],
    ['a repeated token', '/#/reset-password/new-password?token=reset-validated&token=reset-expired'],
    ['a huge token', `/#/reset-password/new-password?token=${'a'.repeat(600)}`],
  ] as const) {
    test(`${name} goes to the token page, and the address keeps no token`, async ({ page }) => {
      const checks = record(page, /\/public\/profile\/verifyToken$/);
      await page.goto(address);
      await expect(page).toHaveURL(/#\/verification$/);
      expect(checks).toHaveLength(0);
    });
  }

  test('a timed-out reset session (VEERR01) warns with a link to reload, which checks the link again and offers the form afresh', async ({
    page,
  }) => {
    const checks = record(page, /\/public\/profile\/verifyToken$/);
    await page.goto('/#/reset-password/new-password?token=reset-veerr01');
    await page.getByLabel('New password', { exact: true }).fill('Abcdef1!');
    await page.getByLabel('Confirm new password', { exact: true }).fill('Abcdef1!');
    await page.getByRole('button', { name: 'Continue' }).click();
    const warning = alert(page, 'Your session has timed out');
    await expect(warning).toBeVisible();
    // Said once: typing again does not bring the warning back as a new one.
    const shown = await warning.getByText('Your session has timed out', { exact: true }).elementHandle();
    await page.getByLabel('New password', { exact: true }).fill('Abcdef1!x');
    expect(await shown!.evaluate((element) => element.isConnected)).toBe(true);
    await warning.getByRole('button', { name: 'Reload the page' }).click();
    // The token left the address bar when the page opened: the reload checks it again from memory.
    await expect(page).toHaveURL(/#\/reset-password\/new-password$/);
    await expect(page.getByLabel('New password', { exact: true })).toHaveValue('');
    await expect(alert(page, 'Your session has timed out')).toHaveCount(0);
    expect(checks).toHaveLength(2);
  });

  test("a refused password shows the gateway's description and empties both entries", async ({ page }) => {
    await page.goto('/#/reset-password/new-password?token=reset-validated');
    await page.getByLabel('New password', { exact: true }).fill('Reused#2020');
    await page.getByLabel('Confirm new password', { exact: true }).fill('Reused#2020');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectAnnounced(page, 'Your new password must differ from your last 5 passwords.');
    // The refused password is gone, and the next one is typed where it was.
    await expect(page.getByLabel('New password', { exact: true })).toBeFocused();
    await expect(page.getByLabel('New password', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Confirm new password', { exact: true })).toHaveValue('');
  });

  test('a failing gateway shows "Error saving new password. Please try again.", the passwords kept to send again', async ({
    page,
    guards,
  }) => {
    guards.allowConsoleErrors(/status of 500/);
    await preferExample(page, /\/public\/profile\/changePassword$/, 'code=500');
    await page.goto('/#/reset-password/new-password?token=reset-validated');
    await page.getByLabel('New password', { exact: true }).fill('Abcdef1!');
    await page.getByLabel('Confirm new password', { exact: true }).fill('Abcdef1!');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectAnnounced(page, 'Error saving new password. Please try again.');
    // The gateway never judged them: nothing to type again.
    await expect(page.getByLabel('New password', { exact: true })).toHaveValue('Abcdef1!');
    await expect(page.getByLabel('Confirm new password', { exact: true })).toHaveValue('Abcdef1!');
    await page.unroute(/\/public\/profile\/changePassword$/);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Password reset successfully' })).toBeVisible();
  });

  test('a link that cannot be checked says so and offers to try again', async ({ page, guards }) => {
    guards.allowConsoleErrors(/status of 500/);
    await preferExample(page, /\/public\/profile\/verifyToken\?/, 'code=500');
    await page.goto('/#/reset-password/new-password?token=reset-validated');
    await expect(page.getByRole('heading', { level: 1, name: 'We could not check your link' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Request Password Reset' })).toBeVisible();
  });

  test('Cancel clears session and local storage and goes to the login page', async ({ page }) => {
    await page.goto('/#/reset-password/new-password?token=reset-validated');
    await page.evaluate(() => {
      window.localStorage.setItem('leftover', 'x');
      window.sessionStorage.setItem('leftover', 'x');
    });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(signInHeading(page)).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.length + window.sessionStorage.length)).toBe(0);
  });

  /** A signed-in tab (the portal's keys and auth cookie) where another application of the site keeps keys of its own too. */
  async function openLinkWithForeignKeys(page: Page) {
    await seedSession(page);
    await page.goto('/#/reset-password/new-password?token=reset-validated');
    await expect(page.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();
    await page.evaluate(() => {
      window.sessionStorage.setItem('isTotpSetupSuccess', 'true');
      window.sessionStorage.setItem('mfaOptionType', '{"type":"sms"}');
      window.sessionStorage.setItem('landingPageUrl', '/participant');
      window.sessionStorage.setItem('otherApp', 'kept');
      window.localStorage.setItem('otherApp', 'kept');
    });
  }

  const storageOf = (page: Page) =>
    page.evaluate(
      () => ({ session: { ...window.sessionStorage }, local: { ...window.localStorage } }) as Record<string, Record<string, string>>,
    );
  const authCookie = async (page: Page) => (await page.context().cookies()).find((cookie) => cookie.name === 'authToken');

  test("success clears the portal's session keys and the auth token, and leaves other applications' keys", async ({ page }) => {
    await page.clock.install();
    await openLinkWithForeignKeys(page);
    expect(await authCookie(page)).toBeDefined();
    await page.getByLabel('New password', { exact: true }).fill('Abcdef1!');
    await page.getByLabel('Confirm new password', { exact: true }).fill('Abcdef1!');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Password reset successfully' })).toBeVisible();
    expect(await storageOf(page)).toEqual({ session: { otherApp: 'kept' }, local: { otherApp: 'kept' } });
    expect(await authCookie(page)).toBeUndefined();
    // The tab's watch on the auth cookie sees it gone: this tab is already signed out, so it stays, and so do the keys.
    await page.clock.runFor(3 * 1500);
    await expect(page.getByRole('heading', { level: 1, name: 'Password reset successfully' })).toBeVisible();
    expect(await storageOf(page)).toEqual({ session: { otherApp: 'kept' }, local: { otherApp: 'kept' } });
  });

  test("Cancel clears everything, other applications' keys and the auth token too", async ({ page }) => {
    await page.clock.install();
    await openLinkWithForeignKeys(page);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(signInHeading(page)).toBeVisible();
    expect(await storageOf(page)).toEqual({ session: {}, local: {} });
    expect(await authCookie(page)).toBeUndefined();
    // The tab's watch on the auth cookie sees it gone: this tab signed itself out, so the user
    // stays on the sign-in form rather than being told the session ended elsewhere.
    await page.clock.runFor(3 * 1500);
    await expect(signInHeading(page)).toBeVisible();
    await expect(page).toHaveURL(/#\/$/);
  });
});

test.describe('forgotten username', () => {
  /** An email step whose answer is a business error (a refused captcha answer, say): its description shows. */
  async function sendRefused(page: Page) {
    await page.route(/\/retrieveUsername$/, (route) =>
      route.fulfill({ json: { errors: [{ code: 'CAPERR01', description: 'The security check was not accepted.' }] } }),
    );
    await page.goto('/#/forgot-username');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Email address').fill('nobody@example.com');
    await page.getByRole('checkbox', { name: "I'm not a robot" }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectAnnounced(page, 'The security check was not accepted.');
    await page.unroute(/\/retrieveUsername$/);
  }

  test('role, then email and captcha, then Check your email!', async ({ page }) => {
    const sent = record(page, /\/public\/profile\/credentials\/retrieveUsername$/);
    await page.goto('/');
    await page.getByRole('button', { name: 'Having trouble signing in?' }).click();
    await page.getByRole('link', { name: 'I forgot my username' }).click();
    await expect(page).toHaveURL(/#\/forgot-username$/);
    await expect(page.getByLabel('Employee participating in the 401(k) plan')).toBeChecked();
    await expect(page.getByLabel('401(k) plan administrator')).not.toBeChecked();
    await expect(page.getByLabel('Other role such as Advisor or TPA')).not.toBeChecked();
    await expectNoAxeViolations(page);
    await page.getByLabel('401(k) plan administrator').check();
    await page.getByRole('button', { name: 'Continue' }).click();

    const email = page.getByLabel('Email address');
    // The step's field takes the focus: the user goes on where the form asks next.
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute('maxlength', '50');
    await email.focus();
    await email.blur();
    await expect(page.getByText('Please enter your email to continue.')).toBeVisible();
    await email.fill('jane@example');
    await email.blur();
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
    await email.fill('jane.smith@example.com');
    await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await page.getByRole('checkbox', { name: "I'm not a robot" }).check();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check your email!' })).toBeVisible();
    // The pressed button is gone: the focus is on the new heading, not the page.
    await expect(page.getByRole('heading', { level: 1, name: 'Check your email!' })).toBeFocused();
    expect(sent.map((request) => request.postDataJSON())).toEqual([
      { role: 'ROLE_PLAN_ADMIN', email: 'jane.smith@example.com', captcha: 'test-captcha-token' },
    ]);
    await page.getByRole('button', { name: 'Go to Login' }).click();
    await expect(signInHeading(page)).toBeVisible();
  });

  test('an address the gateway does not know is answered as a known one: Check your email!', async ({ page }) => {
    await page.goto('/#/forgot-username');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Email address').fill('nobody@example.com');
    await page.getByRole('checkbox', { name: "I'm not a robot" }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check your email!' })).toBeVisible();
  });

  test("a business error shows its description; a failure the catalogue's text", async ({ page, guards }) => {
    guards.allowConsoleErrors(/status of 500/);
    await sendRefused(page);
    await expect(page.getByLabel('Email address')).toHaveValue('nobody@example.com');

    await preferExample(page, /\/retrieveUsername$/, 'code=500');
    await page.getByRole('checkbox', { name: "I'm not a robot" }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectAnnounced(page, 'Error sending your information. Please try again.');
  });

  test('Back to the role leaves the captcha answer and the message behind: Continue waits for a new answer', async ({ page }) => {
    await sendRefused(page);
    await page.getByRole('checkbox', { name: "I'm not a robot" }).check();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByLabel('Employee participating in the 401(k) plan')).toBeChecked();
    await expect(page.getByText('The security check was not accepted.')).toHaveCount(0);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByLabel('Email address')).toHaveValue('nobody@example.com');
    await expect(page.getByRole('checkbox', { name: "I'm not a robot" })).not.toBeChecked();
    await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  test('too many attempts (HTTP 429) says how long to wait and keeps the email address', async ({ page, guards }) => {
    guards.allowConsoleErrors(/status of 429/);
    await page.goto('/#/forgot-username');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Email address').fill('throttled@example.com');
    await page.getByRole('checkbox', { name: "I'm not a robot" }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectAnnounced(page, 'Too many attempts. Try again in 5 minutes.');
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot your username?' })).toBeVisible();
    await expect(page.getByLabel('Email address')).toHaveValue('throttled@example.com');
  });

  test('works by keyboard alone', async ({ page }) => {
    await page.goto('/#/forgot-username');
    await page.getByLabel('Employee participating in the 401(k) plan').focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByLabel('401(k) plan administrator')).toBeChecked();
    await page.keyboard.press('Enter');
    await page.getByLabel('Email address').focus();
    await page.keyboard.type('jane.smith@example.com');
    await page.getByRole('checkbox', { name: "I'm not a robot" }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Check your email!' })).toBeVisible();
  });
});

test.describe('password change', () => {
  test("a user whose landing address is 'password' changes it, then signs in again", async ({ page }) => {
    const changes = record(page, /\/login-gateway\/credentials\/changePassword$/);
    await page.goto('/');
    await page.getByRole('textbox', { name: 'Username' }).fill('password');
    await page.getByLabel('Password', { exact: true }).fill('Secret#123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/#\/password$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Change your password' })).toBeVisible();
    await expectNoAxeViolations(page);
    // The field is described by the rules, in words that stay as the user types (whether each is
    // met is the list's to show and the live count's to say).
    const description = /^Your password must have: \d+ to \d+ characters\. At least one uppercase and one lowercase letter\. [^()]*$/;
    await expect(page.getByLabel('New password', { exact: true })).toHaveAccessibleDescription(description);
    await page.getByLabel('New password', { exact: true }).fill('Abcdef1!');
    await expect(page.getByLabel('New password', { exact: true })).toHaveAccessibleDescription(description);
    await page.getByLabel('Confirm new password', { exact: true }).fill('Abcdef1!');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your password has been changed' })).toBeFocused();
    expect(changes.map((request) => request.postDataJSON())).toEqual([{ username: 'password', newPassword: 'Abcdef1!' }]);
    await page.getByRole('button', { name: 'Go to Sign In' }).click();
    await expect(signInHeading(page)).toBeVisible();
    expect(await page.evaluate(() => window.sessionStorage.length)).toBe(0);
  });

  test("a refused password shows the first error's description; a failure the catalogue's text", async ({ page, guards }) => {
    guards.allowConsoleErrors(/status of 500/);
    await seedSession(page);
    await page.goto('/#/password');
    await page.getByLabel('New password', { exact: true }).fill('Reused#2020');
    await page.getByLabel('Confirm new password', { exact: true }).fill('Reused#2020');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectAnnounced(page, 'Your new password must differ from your last 5 passwords.');

    await preferExample(page, /\/credentials\/changePassword$/, 'code=500');
    await page.getByLabel('New password', { exact: true }).fill('Abcdef1!');
    await page.getByLabel('Confirm new password', { exact: true }).fill('Abcdef1!');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectAnnounced(page, 'Error updating your password. Please try again.');
  });
});
