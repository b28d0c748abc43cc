import type { Page, Request } from '@playwright/test';
import { expect, expectAnnounced, expectNoAxeViolations, pauseClock, preferExample, standInDashboards, test } from '../support/fixtures';

/** Signs in on the form; the mock's scenarios decide what follows (openapi/mock-scenarios.yaml). */
async function signIn(page: Page, username: string) {
  await page.goto('/');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('Secret#123');
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Collects the requests to a gateway path, with their bodies, for asserting what was sent. */
function record(page: Page, pattern: RegExp) {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (pattern.test(new URL(request.url()).pathname)) seen.push(request);
  });
  return seen;
}

test.beforeEach(async ({ page }) => {
  await standInDashboards(page);
});

test.describe('security question', () => {
  test('asks it on an unrecognised computer, needs the captcha, and signs in with the answer', async ({ page }) => {
    const auth = record(page, /\/login-gateway\/authentication$/);
    await signIn(page, 'question');
    await expect(page).toHaveURL(/#\/security-question$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Answer Your Security Question' })).toBeVisible();
    await expect(page.getByText('What was the name of your first pet?')).toBeVisible();
    const signInButton = page.getByRole('button', { name: 'Sign In' });
    await expect(signInButton).toBeDisabled();

    // Focus moves to the captcha shortly after it appears.
    const captcha = page.getByRole('checkbox', { name: "I'm not a robot" });
    await expect(captcha).toBeFocused();

    const help = page.getByRole('button', { name: 'Why am I asked this?' });
    await help.focus();
    await expect(page.getByRole('tooltip')).toContainText('computer or browser we have not seen before');
    await expectNoAxeViolations(page);

    await captcha.check();
    await expect(signInButton).toBeEnabled();
    await signInButton.click();
    await expect(page.getByText('Security Answer is required')).toBeVisible();

    // The field is described by the question it answers (and the message under it).
    await expect(page.getByLabel('Security Answer')).toHaveAccessibleDescription(/^What was the name of your first pet\?/);
    await page.getByLabel('Security Answer').fill('Rex Müller');
    await page.getByLabel('Remember this computer').check();
    await signInButton.click();
    await expect(page).toHaveURL(/\/participant$/);
    const answered = auth.at(-1);
    expect(answered?.headers()['securityanswer']).toBe('Rex%20M%C3%BCller');
    expect(answered?.headers()['savedevice']).toBe('true');
    expect(answered?.headers()['captcha']).toBe('test-captcha-token');
    expect(answered?.headers()['authorization']).toBe(`Basic ${Buffer.from('question:Secret#123').toString('base64')}`);
  });

  test("the help 'Why am I asked this?' is a toggle: click, Enter, Escape, and hover", async ({ page }) => {
    await signIn(page, 'question');
    const help = page.getByRole('button', { name: 'Why am I asked this?' });
    const tooltip = page.getByRole('tooltip');
    await expect(page.getByRole('checkbox', { name: "I'm not a robot" })).toBeFocused();

    // A click opens it and it stays open (the hover that came with the click does not close it); the next click closes it.
    await help.click();
    await expect(tooltip).toContainText('computer or browser we have not seen before');
    await page.mouse.move(0, 0);
    await expect(tooltip).toBeVisible();
    await help.click();
    await expect(tooltip).toHaveCount(0);

    // Hover shows it while the pointer is there.
    await page.mouse.move(0, 0);
    await help.hover();
    await expect(tooltip).toBeVisible();
    await page.mouse.move(0, 0);
    await expect(tooltip).toHaveCount(0);

    // From the keyboard: Enter toggles it, Escape hides it.
    await help.focus();
    await page.keyboard.press('Escape');
    await expect(tooltip).toHaveCount(0);
    await page.keyboard.press('Enter');
    await expect(tooltip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(tooltip).toHaveCount(0);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await expect(tooltip).toHaveCount(0);
  });

  test('shows a refused answer inline and asks for the captcha again', async ({ page }) => {
    await signIn(page, 'question');
    await page.getByLabel('Security Answer').fill('wrong');
    await page.getByRole('checkbox', { name: "I'm not a robot" }).check();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectAnnounced(page, 'The answer you entered does not match our records.');
    await expect(page.getByRole('checkbox', { name: "I'm not a robot" })).not.toBeChecked();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeDisabled();
  });

  test('goes back to sign-in without a sign-in in progress', async ({ page }) => {
    await page.goto('/#/security-question');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your 401(k) account' })).toBeVisible();
  });

  test('goes back to sign-in when the question cannot be fetched', async ({ page, guards }) => {
    guards.allowConsoleErrors(/status of 500/);
    await preferExample(page, /\/securityQuestion$/, 'code=500');
    await signIn(page, 'question');
    await expect(page).toHaveURL(/:\d+\/(#\/)?$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your 401(k) account' })).toBeVisible();
    await expectAnnounced(page, 'An internal error has occurred while processing your request');
  });

  test('stays, says how long to wait and asks again when the question is throttled (HTTP 429)', async ({ page, guards }) => {
    guards.allowConsoleErrors(/status of 429/);
    const throttled = /\/securityQuestion$/;
    await preferExample(page, throttled, 'code=429, example=tooManyAttempts');
    await signIn(page, 'question');
    await expectAnnounced(page, 'Too many attempts. Try again in 5 minutes.');
    await expect(page).toHaveURL(/#\/security-question$/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeDisabled();
    // The captcha takes the focus from the heading once it is shown: not while this test looks.
    await expect(page.getByRole('checkbox', { name: "I'm not a robot" })).toBeFocused();
    await page.unroute(throttled);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText('What was the name of your first pet?')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    // The pressed button is gone: the focus waits on the heading, not on the page.
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  });
});

test.describe('one-time code', () => {
  test('lists the methods masked; a text message is requested, then the code signs in', async ({ page }) => {
    const codeRequests = record(page, /\/login-gateway\/mfa\/code$/);
    const auth = record(page, /\/login-gateway\/authentication$/);
    await signIn(page, 'mfa');
    await expect(page).toHaveURL(/#\/mfa$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Verify your identity' })).toBeVisible();
    await expect(page.getByLabel('Text message to ***-***-1234')).toBeVisible();
    await expect(page.getByLabel('Voice call to ***-***-1234')).toBeVisible();
    await expect(page.getByLabel('Email to ja********@example.com')).toBeVisible();
    await expect(page.getByLabel('Authenticator app: My phone app')).toBeVisible();
    await expect(page.getByText('5555551234')).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.getByLabel('Text message to ***-***-1234').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/#\/mfa-verification$/);
    expect(codeRequests[0]?.postDataJSON()).toEqual({ type: 'sms', username: 'mfa' });
    await expect(page.getByRole('heading', { level: 1, name: 'Enter the code' })).toBeVisible();
    await expect(page.getByText('We sent a code by text message to ***-***-1234.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back' })).toBeVisible();
    // The count itself, on a stopped clock, is the next test's: a busy machine may move it on a second here.
    await expect(page.getByText(/^You can request a new code in \d+ seconds?\.$/)).toBeVisible();
    const continueButton = page.getByRole('button', { name: 'Continue' });
    await expect(continueButton).toBeDisabled();
    await expectNoAxeViolations(page);

    await page.getByLabel('Code', { exact: true }).fill('000000');
    await continueButton.click();
    await expectAnnounced(page, 'The code is not valid, please try again');

    await page.getByLabel('Code', { exact: true }).pressSequentially('12ab3456');
    await expect(page.getByLabel('Code', { exact: true })).toHaveValue('123456');
    await continueButton.click();
    await expect(page).toHaveURL(/\/participant$/);
    expect(auth.at(-1)?.headers()['twiliomfacode']).toBe('123456');
    expect(auth.at(-1)?.headers()['codetype']).toBe('sms');
  });

  test('an authenticator app needs no code sent and offers no resend', async ({ page }) => {
    const codeRequests = record(page, /\/login-gateway\/mfa\/code$/);
    await signIn(page, 'mfa');
    await page.getByLabel('Authenticator app: My phone app').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Enter the code shown in your authenticator app (My phone app).')).toBeVisible();
    await expect(page.getByText(/request a new code/)).toHaveCount(0);
    expect(codeRequests).toHaveLength(0);
    expect(await page.evaluate(() => window.sessionStorage.getItem('mfaOptionType'))).toBe('{"type":"totp","authAppName":"My phone app"}');
  });

  test('one method is chosen for the user, and the link reads Cancel', async ({ page }) => {
    await signIn(page, 'phone');
    await expect(page).toHaveURL(/#\/mfa-verification$/);
    await expect(page.getByText('We sent a code by text message to ***-***-1234.')).toBeVisible();
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your 401(k) account' })).toBeVisible();
  });

  test("the only method's code that cannot be sent: Try again sends it, Cancel goes back", async ({ page, guards }) => {
    guards.allowConsoleErrors(/status of 500/);
    let failing = true;
    await page.route(/\/login-gateway\/mfa\/code$/, (route) =>
      failing ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"errors":[]}' }) : route.fallback(),
    );
    await signIn(page, 'phone');
    await expectAnnounced(page, 'Unable to request token. Please try again later');
    await expect(page.getByText('Sending your code…')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    failing = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page).toHaveURL(/#\/mfa-verification$/);
    await expect(page.getByText('We sent a code by text message to ***-***-1234.')).toBeVisible();
  });

  test('too many attempts (HTTP 429) on a code says how long to wait and keeps the code', async ({ page, guards }) => {
    guards.allowConsoleErrors(/status of 429/);
    await signIn(page, 'phone');
    await expect(page).toHaveURL(/#\/mfa-verification$/);
    // From here the gateway throttles the code's check, with the contract's 429 example (Retry-After 300).
    await preferExample(page, /\/login-gateway\/authentication$/, 'code=429, example=tooManyAttempts');
    const code = page.getByLabel('Code', { exact: true });
    await code.fill('424242');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectAnnounced(page, 'Too many attempts. Try again in 5 minutes.');
    await expect(page).toHaveURL(/#\/mfa-verification$/);
    await expect(code).toHaveValue('424242');
    await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  test('the methods throttled (HTTP 429): the wait, then Try again lists them', async ({ page, guards }) => {
    guards.allowConsoleErrors(/status of 429/);
    const throttled = /\/public\/profile\/mfa-options$/;
    await preferExample(page, throttled, 'code=429, example=tooManyAttempts');
    await signIn(page, 'mfa');
    await expectAnnounced(page, 'Too many attempts. Try again in 5 minutes.');
    await expect(page).toHaveURL(/#\/mfa$/);
    await expect(page.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    await page.unroute(throttled);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByLabel('Text message to ***-***-1234')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  });

  test('an authenticator app as the only method goes straight to the code', async ({ page }) => {
    await signIn(page, 'app');
    await expect(page).toHaveURL(/#\/mfa-verification$/);
    await expect(page.getByText('Enter the code shown in your authenticator app (My phone app).')).toBeVisible();
  });

  test('no method: contact customer service, back to sign-in', async ({ page }) => {
    await signIn(page, 'nomethod');
    await expectAnnounced(page, 'Please contact customer service at 800-555-0100 ext. 2 to sign in.');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your 401(k) account' })).toBeVisible();
  });

  test('a lockout shows under the form with the customer-service number, and closes the form', async ({ page }) => {
    await page.clock.install();
    await signIn(page, 'locked');
    await page.getByLabel('Text message to ***-***-1234').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    const field = page.getByLabel('Code', { exact: true });
    await field.fill('123456');
    // Sent from the keyboard: the field, closed by the lockout, keeps the focus (a field made
    // disabled while focused sent it to the page).
    await field.press('Enter');
    const lockout = page.locator('form').getByRole('alert');
    await expect(lockout).toContainText('You have exceeded the maximum number of attempts.');
    await expect(lockout).toContainText('Please call customer service at 800-555-0100 ext. 2.');
    await expect(field).toBeDisabled();
    await expect(field).toBeFocused();
    await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
    const codeCalls = record(page, /\/login-gateway\/authentication$/);
    await field.press('Enter');
    // Nothing sent, and no message about the empty field beside the lockout's.
    await expect(page.locator('form').getByRole('alert')).toHaveCount(1);
    await expectNoAxeViolations(page);
    // Once the countdown is over, nobody is told they can ask for a new code they cannot use.
    await page.clock.runFor(61_000);
    await expect(page.getByRole('button', { name: 'Send a new code' })).toBeVisible();
    await expect(page.getByText('You can now request a new code.')).toHaveCount(0);
    expect(codeCalls).toHaveLength(0);
  });

  test('a failing code request shows the catalogue toast', async ({ page, guards }) => {
    guards.allowConsoleErrors(/status of 500/);
    await preferExample(page, /\/login-gateway\/mfa\/code$/, 'code=500');
    await signIn(page, 'mfa');
    await page.getByLabel('Voice call to ***-***-1234').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectAnnounced(page, 'Unable to request token. Please try again later');
    await expect(page).toHaveURL(/#\/mfa$/);
    // The chosen method is kept only once a code is on its way.
    expect(await page.evaluate(() => window.sessionStorage.getItem('mfaOptionType'))).toBeNull();
  });

  test('a new code can be asked for after 60 seconds, which restarts the countdown', async ({ page }) => {
    await page.clock.install();
    const codeRequests = record(page, /\/login-gateway\/mfa\/code$/);
    await page.goto('/');
    // From here on, time moves only when the test says so: the countdown starts on a still clock.
    await pauseClock(page);
    await page.getByLabel('Username').fill('phone');
    await page.getByLabel('Password', { exact: true }).fill('Secret#123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('You can request a new code in 60 seconds.')).toBeVisible();
    await page.clock.runFor(59_000);
    await expect(page.getByText('You can request a new code in 1 second.')).toBeVisible();
    await page.clock.runFor(1000);
    await page.getByRole('button', { name: 'Send a new code' }).click();
    await expect(page.getByText('You can request a new code in 60 seconds.')).toBeVisible();
    expect(codeRequests).toHaveLength(2);
    // The button gave way to the countdown: focus is on the field for the new code.
    await expect(page.getByLabel('Code', { exact: true })).toBeFocused();
  });

  test('Back returns to the choice of method', async ({ page }) => {
    await signIn(page, 'mfa');
    await page.getByLabel('Email to ja********@example.com').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('We sent a code to ja********@example.com.')).toBeVisible();
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Verify your identity' })).toBeVisible();
  });

  test('the code screen without a method chosen (after a reload) goes back to sign-in', async ({ page }) => {
    await page.goto('/#/mfa-verification');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your 401(k) account' })).toBeVisible();
  });
});

test.describe('after sign-in', () => {
  test('no phone and no authenticator app: add a phone, verify it, switch multi-factor on, then the dashboard', async ({ page }) => {
    await signIn(page, 'nophone');
    await expect(page).toHaveURL(/#\/update-phone$/);
    // The phone set-up's own calls (the sign-in's questions were all asked in its second wave).
    const calls = record(
      page,
      /\/login-gateway\/(credentials\/phone(\/verify)?|user\/[^/]+\/mfa\/code|mfa\/code\/verify|profile\/optionChoice)$/,
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Add an extra layer of security to your account' })).toBeVisible();
    await expect(page.getByText('Enter your phone number below.')).toBeVisible();
    await expect(page.getByText("We'll send a code to verify your number in the next step.")).toBeVisible();
    await expect(page.getByLabel('Country')).toHaveValue('US');
    await expect(page.getByLabel('Country').locator('option').first()).toHaveText('United States, US, +1');
    await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await expectNoAxeViolations(page);

    const phone = page.getByLabel('Phone number');
    await phone.pressSequentially('201555');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectAnnounced(page, 'Number not valid');
    await phone.focus();
    await expect(page.getByText('Number not valid')).toHaveCount(0);
    await phone.pressSequentially('123');
    await expect(phone).toHaveValue('201-555-123');
    // Corrections mid-number, as a person makes them: the number regroups, and the caret stays
    // where they type (setting the value put it at the end).
    const caret = () => phone.evaluate((input: HTMLInputElement) => input.selectionStart);
    const caretAt = async (position: number) => {
      await phone.press('Home');
      for (let step = 0; step < position; step += 1) await phone.press('ArrowRight');
    };
    await caretAt(4);
    await phone.press('9');
    await expect(phone).toHaveValue('201-955-5123');
    expect(await caret()).toBe(5);
    await phone.press('Backspace');
    await expect(phone).toHaveValue('201-555-123');
    expect(await caret()).toBe(3);
    await caretAt(8);
    await phone.press('0');
    // The spec: a phone with 10 digits is displayed as 3-3-4 with dashes.
    await expect(phone).toHaveValue('201-555-0123');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'How should we send your code?' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel('Voice call').check();
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page).toHaveURL(/#\/mfa-verification$/);
    await expect(page.getByText('We are calling ***-***-0123 with your code.')).toBeVisible();
    // The gateway sends 6-digit codes on every channel; two methods (text, call) make the link Back.
    await expect(page.getByLabel('Code', { exact: true })).toHaveAttribute('maxlength', '6');
    await expect(page.getByRole('link', { name: 'Back' })).toBeVisible();

    await page.getByLabel('Code', { exact: true }).fill('000000');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectAnnounced(page, 'The code is not valid, please try again');
    await page.getByLabel('Code', { exact: true }).fill('424242');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/participant$/);

    const sent = calls.map((request) => `${request.method()} ${new URL(request.url()).pathname} ${request.postData() ?? ''}`);
    expect(sent).toEqual([
      'POST /login-gateway/credentials/phone {"type":30,"number":"2015550123","countryCode":"1","extension":"","preferred":true,"smsEnabled":true,"verified":false}',
      'POST /login-gateway/user/100301/mfa/code {"type":"call"}',
      'POST /login-gateway/mfa/code/verify {"code":"000000","type":"call"}',
      'POST /login-gateway/mfa/code/verify {"code":"424242","type":"call"}',
      'POST /login-gateway/credentials/phone/verify {"type":30}',
      'POST /login-gateway/profile/optionChoice {"optionType":9930,"active":false}',
      'DELETE /login-gateway/profile/optionChoice {"optionType":20,"active":false}',
      'POST /login-gateway/profile/optionChoice {"optionType":190,"active":true}',
      // The post-login redirect asks options 190 and 9930 together.
      'GET /login-gateway/profile/optionChoice ',
      'GET /login-gateway/profile/optionChoice ',
    ]);
  });

  test("'Number not valid' goes when the country changes", async ({ page }) => {
    await signIn(page, 'nophone');
    const phone = page.getByLabel('Phone number');
    await phone.pressSequentially('07400123456');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Number not valid' })).toBeVisible();
    await page.getByLabel('Country').selectOption('GB');
    await expect(page.getByText('Number not valid')).toHaveCount(0);
    await expect(phone).toHaveValue('07400 123456');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'How should we send your code?' })).toBeVisible();
  });

  test('Back on the phone with nowhere to go back to logs out to the login page', async ({ page }) => {
    await signIn(page, 'nophone');
    await expect(page.getByLabel('Phone number')).toBeVisible();
    const token = await page.evaluate(() => window.sessionStorage.getItem('token'));
    const logout = page.waitForRequest('**/public/logout.vm');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your 401(k) account' })).toBeVisible();
    expect(await page.evaluate(() => window.sessionStorage.length)).toBe(0);
    // A logout ends the gateway's session too.
    expect((await logout).headers()['x-auth-token']).toBe(token);
  });

  test('a phone the gateway refuses shows "Unable to update phone"', async ({ page, guards }) => {
    guards.allowConsoleErrors(/status of 500/);
    await preferExample(page, /\/credentials\/phone$/, 'code=500');
    await signIn(page, 'nophone');
    await page.getByLabel('Phone number').fill('(201) 555-0123');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectAnnounced(page, 'Unable to update phone');
  });

  test('a phone that cannot be marked verified shows "Unable to verify phone"', async ({ page, guards }) => {
    guards.allowConsoleErrors(/status of 500/);
    await preferExample(page, /\/credentials\/phone\/verify$/, 'code=500');
    await signIn(page, 'nophone');
    await page.getByLabel('Phone number').fill('(201) 555-0123');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('Code', { exact: true }).fill('424242');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectAnnounced(page, 'Unable to verify phone');
  });

  test('landing acctSetup-username goes to account setup, which opens at its first step', async ({ page }) => {
    await signIn(page, 'setup');
    await expect(page).toHaveURL(/#\/account-setup\/username$/);
    await expect(page.getByText('Create Account: Step 1 of 7', { exact: true })).toBeVisible();
  });

  test("landing 'password' goes to the password change", async ({ page }) => {
    await signIn(page, 'password');
    await expect(page).toHaveURL(/#\/password$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Change your password' })).toBeVisible();
  });

  test('a participant who has not enrolled goes to enrollment', async ({ page }) => {
    await signIn(page, 'enroll');
    await expect(page).toHaveURL(/\/participant#\/participant-enrollment$/);
  });

  test('a plan administrator goes to the dashboard the gateway names', async ({ page }) => {
    await signIn(page, 'admin');
    await expect(page).toHaveURL(/\/participant$/);
    expect(await page.evaluate(() => window.sessionStorage.getItem('role'))).toBe('ROLE_PLAN_ADMIN');
  });
});

test.describe('multi-factor adoption', () => {
  test.beforeEach(async ({ page }) => {
    // The adoption dates of the mock's examples are read against this day.
    await page.clock.setFixedTime(new Date('2026-11-21T10:00:00'));
  });

  test('mfaAdoption with a verified email goes to the phone, marked in progress until the phone is verified', async ({ page }) => {
    await signIn(page, 'adopt');
    await expect(page).toHaveURL(/#\/update-phone$/);
    expect(await page.evaluate(() => window.sessionStorage.getItem('mfaAdoptionInProgress'))).toBe('true');
    expect(await page.evaluate(() => document.cookie)).toContain('mfaAdoptionInProgress=true');
    await page.getByLabel('Phone number').fill('(201) 555-0123');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('Code', { exact: true }).fill('424242');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/participant$/);
    expect(await page.evaluate(() => window.sessionStorage.getItem('mfaAdoptionInProgress'))).toBeNull();
    expect(await page.evaluate(() => document.cookie)).not.toContain('mfaAdoptionInProgress');
  });

  test('an adoption marker an earlier session left (its tab closed mid-adoption) does not end the next sign-in', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: 'mfaAdoptionInProgress', value: 'true', url: baseURL! }]);
    await signIn(page, 'question');
    await expect(page).toHaveURL(/#\/security-question$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Answer Your Security Question' })).toBeVisible();
    await page.getByLabel('Security Answer').fill('Rex');
    await page.getByRole('checkbox', { name: "I'm not a robot" }).check();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/participant$/);
    // The site's other applications read the new session's word, not the old tab's.
    expect(await page.evaluate(() => document.cookie)).not.toContain('mfaAdoptionInProgress');
  });

  test('leaving adoption through a hash change forces the login page, and ends the session on the gateway too', async ({ page }) => {
    await signIn(page, 'adopt');
    await expect(page).toHaveURL(/#\/update-phone$/);
    const token = await page.evaluate(() => window.sessionStorage.getItem('token'));
    const logout = page.waitForRequest('**/public/logout.vm');
    await page.evaluate(() => {
      window.location.hash = '#/whats-new';
    });
    await expect(page).toHaveURL(/:\d+\/(#\/)?$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your 401(k) account' })).toBeVisible();
    expect(await page.evaluate(() => window.sessionStorage.length)).toBe(0);
    expect((await logout).headers()['x-auth-token']).toBe(token);
  });

  test('Back on the adoption phone goes to the root, which ends the adoption', async ({ page }) => {
    await signIn(page, 'adopt');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your 401(k) account' })).toBeVisible();
    // The adoption ends as the root is drawn (its lock's effect), just after the heading shows.
    await expect.poll(() => page.evaluate(() => window.sessionStorage.length)).toBe(0);
  });

  test('an unverified email is verified with a code first, then the phone', async ({ page }) => {
    const calls = record(page, /\/login-gateway\/(user\/[^/]+\/mfa\/code|mfa\/code\/verify|credentials\/email\/verify)$/);
    await signIn(page, 'adoptemail');
    await expect(page).toHaveURL(/#\/update-email$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Verify your email address' })).toBeVisible();
    await expect(page.getByText("We'll send a code to ja********@example.com.", { exact: false })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page).toHaveURL(/#\/mfa-verification$/);
    await expect(page.getByText('We sent a code to ja********@example.com.')).toBeVisible();
    await page.getByLabel('Code', { exact: true }).fill('123456');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/#\/update-phone$/);
    expect(calls.map((request) => `${request.method()} ${new URL(request.url()).pathname}${new URL(request.url()).search}`)).toEqual([
      'POST /login-gateway/user/100305/mfa/code',
      'POST /login-gateway/mfa/code/verify',
      'PUT /login-gateway/credentials/email/verify?type=email',
    ]);
  });

  test('a refused new email address shows "Unable to update email address"', async ({ page, guards }) => {
    guards.allowConsoleErrors(/status of 500/);
    await preferExample(page, /\/credentials\/email$/, 'code=500');
    await signIn(page, 'adoptemail');
    await page.getByRole('button', { name: 'Use a different email address' }).click();
    // The focus goes with the user: into the new address's field, and back to the button on Cancel.
    await expect(page.getByLabel('Email address', { exact: true })).toBeFocused();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('button', { name: 'Use a different email address' })).toBeFocused();
    await page.keyboard.press('Enter');
    await page.getByLabel('Email address', { exact: true }).fill('jane.new@example.com');
    await page.getByRole('button', { name: 'Save email address' }).click();
    await expectAnnounced(page, 'Unable to update email address');
  });

  test('a new email address saved, the focus is on Send code, ready to be pressed', async ({ page }) => {
    await signIn(page, 'adoptemail');
    await page.getByRole('button', { name: 'Use a different email address' }).click();
    await page.getByLabel('Email address', { exact: true }).fill('jane.new@example.com');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Send code' })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Send code' })).toBeEnabled();
    await expect(page.getByText(/ja\*+@example\.com/)).toBeVisible();
  });

  test('an email saved and Back from the code screen shows the new address, not the one the sign-in read', async ({ page }) => {
    await signIn(page, 'adoptemail');
    await page.getByRole('button', { name: 'Use a different email address' }).click();
    await page.getByLabel('Email address', { exact: true }).fill('jane.new@example.com');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText('We sent a code to ja******@example.com.')).toBeVisible();
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page.getByText("We'll send a code to ja******@example.com.", { exact: false })).toBeVisible();
  });

  test('a user without an email address on record is asked for one, with nothing to cancel back to', async ({ page }) => {
    await page.route(/\/login-gateway\/user\/[^/]+\/profile\/credentials$/, (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ json: { data: { userId: '100305', userName: 'adoptemail', emailAddress: null, isEmailVerified: false } } })
        : route.continue(),
    );
    await signIn(page, 'adoptemail');
    await expect(page).toHaveURL(/#\/update-email$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Verify your email address' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.getByLabel('Email address', { exact: true }).fill('jane.new@example.com');
    await page.getByRole('button', { name: 'Save email address' }).click();
    await expect(page.getByRole('button', { name: 'Send code' })).toBeFocused();
    await expect(page.getByText("We'll send a code to ja******@example.com.", { exact: false })).toBeVisible();
  });

  test('an email address that could not be loaded offers Try again, which loads it', async ({ page, guards }) => {
    guards.allowConsoleErrors(/status of 500/);
    await signIn(page, 'adoptemail');
    await expect(page.getByRole('button', { name: 'Send code' })).toBeVisible();
    const credentials = /\/login-gateway\/user\/[^/]+\/profile\/credentials$/;
    await preferExample(page, credentials, 'code=500');
    await page.reload();
    await expectAnnounced(page, 'Your email address could not be loaded. Please try again later.');
    await expect(page.getByRole('button', { name: 'Send code' })).toHaveCount(0);
    await page.unroute(credentials);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText("We'll send a code to ja********@example.com.", { exact: false })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send code' })).toBeEnabled();
  });

  test('an email that cannot be marked verified shows "Unable to verify email address"', async ({ page, guards }) => {
    guards.allowConsoleErrors(/status of 500/);
    await preferExample(page, /\/credentials\/email\/verify\?type=email$/, 'code=500');
    await signIn(page, 'adoptemail');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('Code', { exact: true }).fill('123456');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectAnnounced(page, 'Unable to verify email address');
  });

  test('a mandatory date in the past forces adoption', async ({ page }) => {
    await signIn(page, 'mandatory');
    await expect(page).toHaveURL(/#\/update-phone$/);
  });

  test('a reminder still ahead goes to the dashboard', async ({ page }) => {
    await signIn(page, 'skipped');
    await expect(page).toHaveURL(/\/participant$/);
  });

  test('optional adoption more than 60 days ahead; Remind me later in 7 days, then the dashboard', async ({ page }) => {
    const settings = record(page, /\/login-gateway\/optionSettings$/);
    await signIn(page, 'optional');
    await expect(page).toHaveURL(/#\/optional-adoption$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Add an extra layer of security to your account' })).toBeVisible();
    await expect(page.getByText('Please set up this verification step by')).toHaveCount(0);
    await expect(page.getByText('Protect your retirement savings with a one-time code')).toBeVisible();
    // Signed in: the shell offers no sign-in help.
    await expect(page.getByRole('button', { name: 'Create Your Account' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Having trouble signing in?' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Remind me later' }).click();
    await expect(page).toHaveURL(/\/participant$/);
    expect(settings[0]?.postDataJSON()).toEqual({ optionTypeId: 9930, optionValueTypeId: 270, optionValue: '2026-11-28' });
  });

  test('within 60 days the deadline is named; Set up now goes to the phone', async ({ page }) => {
    await signIn(page, 'soon');
    await expect(
      page.getByText(
        'Please set up this verification step by 01/15/2027. After this date, you will only be able to login into your account with the code.',
      ),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Set up now' }).click();
    await expect(page).toHaveURL(/#\/update-phone$/);
  });

  test('within 14 days of the deadline, Remind me later is 3 days', async ({ page }) => {
    const settings = record(page, /\/login-gateway\/optionSettings$/);
    await signIn(page, 'near');
    await page.getByRole('button', { name: 'Remind me later' }).click();
    await expect(page).toHaveURL(/\/participant$/);
    expect(settings[0]?.postDataJSON()).toMatchObject({ optionValue: '2026-11-24' });
  });

  test('optional adoption without a sign-in in progress goes back to sign-in', async ({ page }) => {
    await page.goto('/#/optional-adoption');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your 401(k) account' })).toBeVisible();
  });
});
