import type { Page, Request } from '@playwright/test';
import {
  expect,
  announcements,
  expectAnnounced,
  expectNoAxeViolations,
  pauseClock,
  preferExample,
  standInDashboards,
  tabTo,
  test,
} from '../support/fixtures';
import { mockScenario, seedSession } from '../support/session';

/*
 * The profile's security screens (spec sections 2, 4, 8): a new phone from the profile, after
 * the authenticator app's code when the user has one, and the verification before a security
 * change (the app's code then its removal, or a code by email). The mock's cookies pick each
 * branch (openapi/mock-scenarios.yaml): mockTotpApp=none (no app), mockTotp=noDevice.
 */

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const errorToast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const codeField = (page: Page) => page.getByLabel('Code', { exact: true });
const flag = (page: Page, key: string) => page.evaluate((name) => sessionStorage.getItem(name), key);

function record(page: Page) {
  const seen: Request[] = [];
  page.on('request', (request) => {
    // The calls the flow makes; the session checks and keep-alives (GETs) are not its own.
    if (new URL(request.url()).pathname.startsWith('/login-gateway/') && request.method() !== 'GET') seen.push(request);
  });
  return () => seen.map((request) => `${request.method()} ${new URL(request.url()).pathname} ${request.postData() ?? ''}`.trim());
}

test.beforeEach(async ({ page }) => {
  await standInDashboards(page);
});

test.describe('/profile-update-phone', () => {
  test('with an authenticator app, its code comes first, then the new phone, text or voice, the code, and the success page', async ({
    page,
  }) => {
    const calls = record(page);
    await seedSession(page);
    await page.goto('/#/profile-update-phone');
    await expect(page).toHaveURL(/#\/mfa-verification$/);
    await expect(page.getByText('Enter the code shown in your authenticator app (Authenticator app).')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cancel' })).toBeVisible();
    await expect(codeField(page)).toHaveAttribute('maxlength', '6');
    await expectNoAxeViolations(page);
    await codeField(page).fill('000000');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectAnnounced(page, 'The code is not valid, please try again');
    await codeField(page).fill('123456');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(/#\/profile-update-phone$/);
    await expect(heading(page, 'Enter your new phone number')).toBeVisible();
    await expect(page.getByText('Enter your phone number below.')).toHaveCount(0);
    await expect(page.getByText("We'll send a code to verify your number in the next step.")).toBeVisible();
    expect(await flag(page, 'isTotpVerified')).toBe('true');
    await expectNoAxeViolations(page);
    await page.getByRole('textbox', { name: 'Phone number' }).pressSequentially('2015550123');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(heading(page, 'How should we send your code?')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel('Voice call').check();
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page).toHaveURL(/#\/mfa-verification$/);
    await expect(page.getByText('We are calling ***-***-0123 with your code.')).toBeVisible();
    await expect(codeField(page)).toHaveAttribute('maxlength', '6');
    await codeField(page).fill('654321');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/participant#\/security\/settings\?success=phoneUpdated$/);
    expect(calls()).toEqual([
      'POST /login-gateway/public/profile/get-totp-info {"username":"demo"}',
      'POST /login-gateway/mfa/code/verify {"code":"000000","type":"totp"}',
      'POST /login-gateway/mfa/code/verify {"code":"123456","type":"totp"}',
      'POST /login-gateway/credentials/phone {"type":30,"number":"2015550123","countryCode":"1","extension":"","preferred":true,"smsEnabled":true,"verified":false}',
      'POST /login-gateway/user/100245/mfa/code {"type":"call"}',
      'POST /login-gateway/mfa/code/verify {"code":"654321","type":"call"}',
      'POST /login-gateway/credentials/phone/verify {"type":30}',
      'POST /login-gateway/profile/optionChoice {"optionType":9930,"active":false}',
      'DELETE /login-gateway/profile/optionChoice {"optionType":20,"active":false}',
      'POST /login-gateway/profile/optionChoice {"optionType":190,"active":true}',
    ]);
  });

  test("the app's code: the browser's Back leaves for where the user was, a reload asks for it again, Cancel goes to the profile", async ({
    page,
  }) => {
    await seedSession(page);
    await page.goto('/#/password');
    await expect(heading(page, 'Change your password')).toBeVisible();
    await page.goto('/#/profile-update-phone');
    await expect(page).toHaveURL(/#\/mfa-verification$/);
    await expect(codeField(page)).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/#\/password$/);
    await expect(heading(page, 'Change your password')).toBeVisible();

    await page.goto('/#/profile-update-phone');
    await expect(codeField(page)).toBeVisible();
    await page.reload();
    await expect(page).toHaveURL(/#\/mfa-verification$/);
    await expect(page.getByText('Enter the code shown in your authenticator app (Authenticator app).')).toBeVisible();
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/participant#\/security\/settings$/);
  });

  test("the app's code verified, the browser's Back does not come back to it", async ({ page }) => {
    await seedSession(page);
    await page.goto('/#/password');
    await expect(heading(page, 'Change your password')).toBeVisible();
    await page.goto('/#/profile-update-phone');
    await codeField(page).fill('123456');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(heading(page, 'Enter your new phone number')).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/#\/password$/);
    await expect(heading(page, 'Change your password')).toBeVisible();
  });

  test('without an authenticator app the phone comes straight away; Back on the code goes to the profile phone update', async ({
    page,
    context,
  }) => {
    await mockScenario(context, 'mockTotpApp', 'none');
    await seedSession(page);
    await page.goto('/#/profile-update-phone');
    await expect(heading(page, 'Enter your new phone number')).toBeVisible();
    await page.getByRole('textbox', { name: 'Phone number' }).fill('(201) 555-0123');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText('We sent a code by text message to ***-***-0123.')).toBeVisible();
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(/#\/profile-update-phone$/);
    await expect(heading(page, 'Enter your new phone number')).toBeVisible();
  });

  test('a lookup the gateway throttles (HTTP 429) says how long to wait, where the user is, with Try again', async ({ page, guards }) => {
    guards.allowConsoleErrors(/status of 429/);
    await preferExample(page, /\/get-totp-info$/, 'code=429');
    await seedSession(page);
    await page.goto('/#/profile-update-phone');
    await expectAnnounced(page, /^Too many attempts\. Try again in \d+ (minutes?|seconds?)\.$/);
    await expect(page).toHaveURL(/#\/profile-update-phone$/);
    await expect(heading(page, 'Enter your new phone number')).toBeVisible();
    await page.unroute(/\/get-totp-info$/);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(codeField(page)).toBeVisible();
  });

  test('a lookup error goes up one level, saying why', async ({ page, guards }) => {
    guards.allowConsoleErrors(/status of 500/);
    await preferExample(page, /\/get-totp-info$/, 'code=500');
    await seedSession(page);
    await page.goto('/#/profile-update-phone');
    await expect(page).toHaveURL(/#\/$/);
    await expectAnnounced(page, 'Your security settings could not be loaded. Please try again later.');
  });

  for (const [name, body] of [
    ['wrong types', '{"data":{"authAppName":42}}'],
    ['HTML sent as JSON', '<html><body>Gateway</body></html>'],
    ['truncated JSON', '{"data":{"authAppN'],
    ['no answer at all', null],
  ] as const) {
    test(`an answer that breaks the contract or none (${name}) says so where the user is, signed in, with Try again and the way back`, async ({
      page,
      guards,
    }) => {
      guards.allowConsoleErrors(/status of 200|net::ERR_FAILED/);
      await page.clock.install();
      await seedSession(page);
      let lookups = 0;
      await page.route(/\/get-totp-info$/, (route) => {
        lookups += 1;
        if (lookups > 1) return route.continue();
        return body === null ? route.abort() : route.fulfill({ contentType: 'application/json', body });
      });
      await page.goto('/#/profile-update-phone');
      await expect(errorToast(page, 'Your security settings could not be loaded. Please try again later.')).toBeVisible();
      await expect(heading(page, 'Enter your new phone number')).toBeVisible();
      // The phone cannot be changed without the app's code: the lookup decides, so nothing is offered around it.
      await expect(page.getByRole('textbox', { name: 'Phone number' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Back to your profile' })).toBeVisible();
      await expectNoAxeViolations(page);
      // Still signed in, here, two cookie polls later.
      await page.clock.runFor(3_000);
      await expect(page).toHaveURL(/#\/profile-update-phone$/);
      expect(await flag(page, 'token')).not.toBeNull();
      expect((await page.context().cookies()).some((cookie) => cookie.name === 'authToken')).toBe(true);

      await page.getByRole('button', { name: 'Try again' }).click();
      await expect(page).toHaveURL(/#\/mfa-verification$/);
      await expect(page.getByText('Enter the code shown in your authenticator app (Authenticator app).')).toBeVisible();
      expect(lookups).toBe(2);
    });
  }

  test('Back to your profile, after an answer that breaks the contract, goes to the security settings', async ({ page, guards }) => {
    guards.allowConsoleErrors(/status of 200/);
    await seedSession(page);
    await page.route(/\/get-totp-info$/, (route) => route.fulfill({ contentType: 'application/json', body: 'null' }));
    await page.goto('/#/profile-update-phone');
    await page.getByRole('button', { name: 'Back to your profile' }).click();
    await expect(page).toHaveURL(/\/participant#\/security\/settings$/);
  });

  test('the error toasts: the phone refused, the code not sent, the phone not verified', async ({ page, context, guards }) => {
    guards.allowConsoleErrors(/status of 500/);
    await mockScenario(context, 'mockTotpApp', 'none');
    await seedSession(page);
    await page.clock.install();
    await page.goto('/#/profile-update-phone');
    await preferExample(page, /\/credentials\/phone$/, 'code=500');
    await page.getByRole('textbox', { name: 'Phone number' }).fill('(201) 555-0123');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectAnnounced(page, 'Unable to update phone');
    // Time stands still: a toast that goes is taken away by the next one, not by its 5 s.
    await pauseClock(page);
    await expect(errorToast(page, 'Unable to update phone')).toBeVisible();
    await page.unroute(/\/credentials\/phone$/);
    await page.getByRole('textbox', { name: 'Phone number' }).fill('(201) 555-0123');
    await page.getByRole('button', { name: 'Continue' }).click();
    await preferExample(page, /\/user\/100245\/mfa\/code$/, 'code=500');
    await page.getByRole('button', { name: 'Send code' }).click();
    await expectAnnounced(page, 'Unable to request token. Please try again later');
    await expect(errorToast(page, 'Unable to update phone')).toHaveCount(0);
    await page.unroute(/\/user\/100245\/mfa\/code$/);
    await preferExample(page, /\/credentials\/phone\/verify$/, 'code=500');
    await page.getByRole('button', { name: 'Send code' }).click();
    await codeField(page).fill('123456');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectAnnounced(page, 'Unable to verify phone');
  });

  test('the new phone completes by keyboard alone', async ({ page, context }) => {
    await mockScenario(context, 'mockTotpApp', 'none');
    await seedSession(page);
    await page.goto('/#/profile-update-phone');
    await expect(heading(page, 'Enter your new phone number')).toBeVisible();
    await page.getByRole('textbox', { name: 'Phone number' }).focus();
    await page.keyboard.type('2015550123');
    await page.keyboard.press('Enter');
    await expect(heading(page, 'How should we send your code?')).toBeVisible();
    await page.getByLabel('Text message').focus();
    await page.keyboard.press('Enter');
    await expect(codeField(page)).toBeVisible();
    await codeField(page).focus();
    await page.keyboard.type('123456');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/success=phoneUpdated$/);
  });
});

for (const route of ['profile-mfa-verification', 'outer-mfa-verification']) {
  test.describe(`/${route}`, () => {
    test('with an authenticator app: its code, then the app removed, the flag stored and back to the profile', async ({ page }) => {
      const calls = record(page);
      await seedSession(page);
      await page.goto(`/#/${route}`);
      await expect(heading(page, 'Enter the code')).toBeVisible();
      await expect(page.getByText('Enter the code your authenticator app shows.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
      await expectNoAxeViolations(page);
      await codeField(page).fill('000000');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expectAnnounced(page, 'The code is not valid, please try again');
      await codeField(page).fill('123456');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(/\/participant#\/security\/settings$/);
      expect(await flag(page, 'showTotpDeviceRemovedSuccess')).toBe('true');
      expect(calls()).toEqual([
        'POST /login-gateway/public/profile/get-totp-info {"username":"demo"}',
        'POST /login-gateway/mfa/code/verify {"code":"000000","type":"totp"}',
        'POST /login-gateway/mfa/code/verify {"code":"123456","type":"totp"}',
        'DELETE /login-gateway/profile/info/totp-device',
      ]);
    });

    test('without an authenticator app: a code by email, the email verified, the flag stored, back to the profile', async ({
      page,
      context,
    }) => {
      await mockScenario(context, 'mockTotpApp', 'none');
      const calls = record(page);
      await seedSession(page);
      await page.goto(`/#/${route}`);
      await expect(page.getByText('We sent a code to your email address. Enter it below.')).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByLabel('Code', { exact: true }).focus();
      await page.keyboard.type('123456');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/participant#\/security\/settings$/);
      expect(await flag(page, 'showSuccessVerification')).toBe('true');
      expect(calls()).toEqual([
        'POST /login-gateway/public/profile/get-totp-info {"username":"demo"}',
        'POST /login-gateway/user/100245/mfa/code {"type":"email"}',
        'POST /login-gateway/mfa/code/verify {"code":"123456","type":"email"}',
        'PUT /login-gateway/credentials/email/verify',
      ]);
    });
  });
}

test.describe('the code form of the verification screens', () => {
  test('the authenticator app is removed by keyboard alone', async ({ page }) => {
    await seedSession(page);
    await page.goto('/#/profile-mfa-verification');
    await expect(page.getByText('Enter the code your authenticator app shows.')).toBeVisible();
    await tabTo(page, codeField(page));
    await page.keyboard.type('123456');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/participant#\/security\/settings$/);
    expect(await flag(page, 'showTotpDeviceRemovedSuccess')).toBe('true');
  });

  test('the email code can be sent again after 60 seconds; the app has nothing to resend', async ({ page, context }) => {
    await mockScenario(context, 'mockTotpApp', 'none');
    const calls = record(page);
    await page.clock.install();
    await seedSession(page);
    await page.goto('/#/outer-mfa-verification');
    // The screen first: React shows a lazy screen in place of its 'Loading…' on a timer, which a
    // still clock would never fire. From here on, time moves only when the test says so.
    await expect(page.getByText('We sent a code to your email address. Enter it below.')).toBeVisible();
    await pauseClock(page);
    await expect(page.getByRole('button', { name: 'Send a new code' })).toHaveCount(0);
    await page.clock.runFor(60_000);
    await page.getByRole('button', { name: 'Send a new code' }).click();
    await expectAnnounced(page, 'We sent you a new code.', 'status');
    await expect(page.getByText('You can request a new code in 60 seconds.')).toBeVisible();
    await expect(codeField(page)).toBeFocused();
    expect(calls().filter((call) => call.startsWith('POST /login-gateway/user/100245/mfa/code'))).toHaveLength(2);
  });

  test('a lockout shows under the form with the customer-service number and stops the form', async ({ page, context }) => {
    await mockScenario(context, 'mockCodes', 'locked');
    await seedSession(page);
    await page.goto('/#/profile-mfa-verification');
    await codeField(page).fill('123456');
    await page.getByRole('button', { name: 'Continue' }).click();
    const lockout = page.locator('form').getByRole('alert');
    await expect(lockout).toContainText('You have exceeded the maximum number of attempts.');
    await expect(lockout).toContainText(/Please call customer service at \S+/);
    await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await expect(page).toHaveURL(/#\/profile-mfa-verification$/);
  });
});

test.describe('verification failures', () => {
  test('no device to remove says so with the customer service number', async ({ page, context }) => {
    await mockScenario(context, 'mockTotp', 'noDevice');
    await seedSession(page);
    await page.goto('/#/profile-mfa-verification');
    await codeField(page).fill('123456');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectAnnounced(page, /We didn't find a security device registered to your account.*customer service at \S+/);
    await expect(page).toHaveURL(/#\/profile-mfa-verification$/);
    expect(await flag(page, 'showTotpDeviceRemovedSuccess')).toBeNull();
  });

  test('a code that cannot be checked (the gateway fails) is the internal error, not a code said to be wrong', async ({ page, guards }) => {
    guards.allowConsoleErrors(/status of 500/);
    await preferExample(page, /\/mfa\/code\/verify$/, 'code=500');
    await seedSession(page);
    await page.goto('/#/profile-mfa-verification');
    await codeField(page).fill('123456');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectAnnounced(page, 'An internal error has occurred while processing your request');
    expect(await announcements(page)).not.toContain('The code is not valid, please try again');
    await expect(page).toHaveURL(/#\/profile-mfa-verification$/);
  });

  test("any other removal failure is 'Unable to remove TOTP device, please try again'; trying again removes it, the code not sent again", async ({
    page,
    guards,
  }) => {
    guards.allowConsoleErrors(/status of 500/);
    const calls = record(page);
    await preferExample(page, /\/profile\/info\/totp-device$/, 'code=500');
    await seedSession(page);
    await page.goto('/#/outer-mfa-verification');
    await codeField(page).fill('123456');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectAnnounced(page, 'Unable to remove TOTP device, please try again');
    await expect(codeField(page)).toHaveValue('123456');
    // The gateway answers again; the code went through once, and is good once.
    await page.unroute(/\/profile\/info\/totp-device$/);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/participant#\/security\/settings$/);
    expect(calls().filter((call) => call.startsWith('POST /login-gateway/mfa/code/verify'))).toHaveLength(1);
    expect(calls().filter((call) => call.startsWith('DELETE /login-gateway/profile/info/totp-device'))).toHaveLength(2);
  });

  test("an email that cannot be marked verified is 'Unable to verify email address'; a code not sent says so", async ({
    page,
    context,
    guards,
  }) => {
    guards.allowConsoleErrors(/status of 500/);
    await mockScenario(context, 'mockTotpApp', 'none');
    await preferExample(page, /\/user\/100245\/mfa\/code$/, 'code=500');
    await preferExample(page, /\/credentials\/email\/verify/, 'code=500');
    await seedSession(page);
    await page.clock.install();
    await page.goto('/#/profile-mfa-verification');
    await expectAnnounced(page, 'Unable to request token. Please try again later');
    // Time stands still: a toast that goes is taken away by the next one, not by its 5 s.
    await pauseClock(page);
    await expect(errorToast(page, 'Unable to request token')).toBeVisible();
    await codeField(page).fill('123456');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectAnnounced(page, 'Unable to verify email address');
    await expect(errorToast(page, 'Unable to request token')).toHaveCount(0);
  });

  test('without a session the profile screens go to login', async ({ page }) => {
    await page.goto('/#/profile-mfa-verification');
    await expect(page).toHaveURL(/#\/$/);
  });
});
