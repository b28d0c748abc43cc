import type { Page, Request } from '@playwright/test';
import { expect, expectAnnounced, expectNoAxeViolations, preferExample, standInDashboards, test } from '../support/fixtures';
import { gatewaySession, mockScenario, seedSession } from '../support/session';

/*
 * Account setup (spec sections 2, 4, 5, 8 and 9): the seven steps of the `setup` demo account,
 * the username-taken recovery, every error the mock reaches by rule (openapi/mock-scenarios.yaml:
 * username jsmith401 is taken, takenMeanwhile is taken meanwhile, refused@example.com is refused,
 * code 000000 is not valid) or by a `Prefer` header, the guards, and a reload on every step.
 */

const PASSWORD = 'Retire#2045';
const EMAIL = 'jane.smith@example.com';

const stepHeader = (page: Page, step: number) => page.getByText(`Create Account: Step ${step} of 7`, { exact: true });
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue' });
const codeField = (page: Page) => page.getByLabel('Code', { exact: true });

/** Collects the requests to gateway paths matching the pattern, for asserting what was sent. */
function record(page: Page, pattern: RegExp) {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (pattern.test(new URL(request.url()).pathname)) seen.push(request);
  });
  return seen;
}

/** `METHOD path?query body` of each request. */
function described(requests: readonly Request[]) {
  return requests.map((request) => {
    const url = new URL(request.url());
    return `${request.method()} ${url.pathname}${url.search}${request.postData() ? ` ${request.postData()}` : ''}`;
  });
}

/** Signs in as `setup`: the landing address acctSetup-username opens step 1. */
async function signInToSetup(page: Page) {
  await page.goto('/');
  await page.getByLabel('Username').fill('setup');
  await page.getByLabel('Password', { exact: true }).fill('Secret#123');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/#\/account-setup\/username$/);
  await expect(stepHeader(page, 1)).toBeVisible();
}

async function chooseUsername(page: Page, username = 'janesmith') {
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await continueButton(page).click();
  await expect(page).toHaveURL(/#\/account-setup\/password$/);
}

async function choosePassword(page: Page) {
  await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm new password', { exact: true }).fill(PASSWORD);
  await continueButton(page).click();
  await expect(page).toHaveURL(/#\/account-setup\/email$/);
}

async function chooseEmail(page: Page, email = EMAIL) {
  await page.getByLabel('Email address', { exact: true }).fill(email);
  await continueButton(page).click();
  await expect(page).toHaveURL(/#\/mfa-verification$/);
  await expect(stepHeader(page, 4)).toBeVisible();
}

async function enterCode(page: Page, code: string) {
  await codeField(page).fill(code);
  await continueButton(page).click();
}

async function enterPhone(page: Page) {
  await page.getByLabel('Phone number').fill('(201) 555-0123');
  await continueButton(page).click();
  await expect(stepHeader(page, 6)).toBeVisible();
}

/** From sign-in to the phone (step 5), with the given username. */
async function reachPhone(page: Page, username = 'janesmith') {
  await signInToSetup(page);
  await chooseUsername(page, username);
  await choosePassword(page);
  await chooseEmail(page);
  await enterCode(page, '123456');
  await expect(page).toHaveURL(/#\/account-setup\/phone$/);
  await expect(stepHeader(page, 5)).toBeVisible();
}

/** From the phone's method (step 6) to the participant's address. */
async function finishPhone(page: Page) {
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(stepHeader(page, 7)).toBeVisible();
  await enterCode(page, '424242');
}

test.beforeEach(async ({ page }) => {
  await standInDashboards(page);
});

test.describe('the seven steps', () => {
  test('the setup account walks every step to the participant dashboard', async ({ page }) => {
    // Seven screens, each checked with axe: more than the default time on a busy machine.
    test.slow();
    const calls = record(
      page,
      /\/login-gateway\/(validateUsername|credentials(\/email(\/verify)?|\/phone(\/verify)?)?|user\/[^/]+\/mfa\/code|mfa\/code\/verify|profile\/optionChoice|account-setup\/complete|skipEnrollmentSteps|userLandingUrl)$/,
    );
    await signInToSetup(page);
    calls.length = 0;

    // Step 1: the username.
    await expect(heading(page, 'Choose your username')).toBeVisible();
    await expect(heading(page, 'Choose your username')).toHaveAccessibleDescription('Create Account: Step 1 of 7');
    const username = page.getByRole('textbox', { name: 'Username' });
    await expect(username).toHaveAttribute('maxlength', '16');
    await expectNoAxeViolations(page);
    await username.fill('jsmith401');
    await continueButton(page).click();
    await expectAnnounced(page, 'Username must be unique. jsmith4012 is available for use.');
    await chooseUsername(page, 'janesmith');

    // Step 2: the password, with the live checklist; Continue waits for every rule.
    await expect(stepHeader(page, 2)).toBeVisible();
    await expect(heading(page, 'Create your password')).toBeVisible();
    const password = page.getByLabel('New password', { exact: true });
    await expect(password).toHaveAttribute('maxlength', '16');
    await expect(password).toHaveAttribute('autocomplete', 'new-password');
    await expect(continueButton(page)).toBeDisabled();
    await password.fill('retire2045');
    await expect(page.getByRole('listitem').filter({ hasText: 'At least one uppercase and one lowercase letter' })).toContainText(
      '(not met)',
    );
    await password.fill(PASSWORD);
    await page.getByLabel('Confirm new password', { exact: true }).fill('Retire#2046');
    await expect(page.getByRole('listitem').filter({ hasText: 'Both entries match' })).toContainText('(not met)');
    await expect(continueButton(page)).toBeDisabled();
    await page.getByLabel('Confirm new password', { exact: true }).fill(PASSWORD);
    await expect(page.getByText('6 of 6 password requirements met.')).toBeAttached();
    await expect(continueButton(page)).toBeEnabled();
    await expectNoAxeViolations(page);
    await continueButton(page).click();

    // Step 3: the email address.
    await expect(page).toHaveURL(/#\/account-setup\/email$/);
    await expect(stepHeader(page, 3)).toBeVisible();
    await expect(heading(page, 'Enter your email address')).toBeVisible();
    await expect(page.getByLabel('Email address', { exact: true })).toHaveAttribute('maxlength', '200');
    await page.getByLabel('Email address', { exact: true }).fill('jane.smith@');
    await continueButton(page).click();
    await expectAnnounced(page, 'Please enter a valid email address.');
    await expectNoAxeViolations(page);
    await chooseEmail(page);

    // Step 4: the email's code.
    await expect(heading(page, 'Enter the code')).toBeVisible();
    await expect(page.getByText('We sent a code to ja********@example.com.')).toBeVisible();
    await expect(codeField(page)).toHaveAttribute('maxlength', '6');
    await expect(page.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '#/account-setup/email');
    // The countdown runs on the page's clock, which a busy machine may move a second on before
    // this check: its exact count is sign-in-journey.spec.ts's, on a stopped clock.
    await expect(page.getByText(/^You can request a new code in \d+ seconds?\.$/)).toBeVisible();
    await expectNoAxeViolations(page);
    await enterCode(page, '000000');
    await expectAnnounced(page, 'The code is not valid, please try again');
    // The refused code is emptied once the refusal is handled.
    await expect(codeField(page)).toHaveValue('');
    await enterCode(page, '123456');

    // Step 5: the phone, without Cancel.
    await expect(page).toHaveURL(/#\/account-setup\/phone$/);
    await expect(stepHeader(page, 5)).toBeVisible();
    await expect(heading(page, 'Lastly, add an extra layer of security to your account')).toBeVisible();
    await expect(page.getByText('Enter your phone number below.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
    await expectNoAxeViolations(page);
    await enterPhone(page);

    // Step 6: text or voice call.
    await expect(heading(page, 'How should we send your code?')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel('Voice call').check();
    await page.getByRole('button', { name: 'Send code' }).click();

    // Step 7: the phone's code, 6 digits.
    await expect(page).toHaveURL(/#\/mfa-verification$/);
    await expect(stepHeader(page, 7)).toBeVisible();
    await expect(page.getByText('We are calling ***-***-0123 with your code.')).toBeVisible();
    await expect(codeField(page)).toHaveAttribute('maxlength', '6');
    await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '#/account-setup/phone');
    await expectNoAxeViolations(page);
    await enterCode(page, '000000');
    // The email code's toast may still show: the emptied field says this refusal was handled.
    await expect(codeField(page)).toHaveValue('');
    await expectAnnounced(page, 'The code is not valid, please try again');
    await enterCode(page, '424242');
    await expect(page).toHaveURL(/\/participant$/);

    expect(described(calls)).toEqual([
      'GET /login-gateway/validateUsername?username=jsmith401',
      'GET /login-gateway/validateUsername?username=janesmith',
      `POST /login-gateway/credentials/email {"email":"${EMAIL}"}`,
      'POST /login-gateway/user/100302/mfa/code {"type":"email"}',
      'POST /login-gateway/mfa/code/verify {"code":"000000","type":"email"}',
      'POST /login-gateway/mfa/code/verify {"code":"123456","type":"email"}',
      'PUT /login-gateway/credentials/email/verify?type=email',
      `PUT /login-gateway/credentials {"username":"janesmith","password":"${PASSWORD}","email":"${EMAIL}"}`,
      'POST /login-gateway/credentials/phone {"type":30,"number":"2015550123","countryCode":"1","extension":"","preferred":true,"smsEnabled":true,"verified":false}',
      'POST /login-gateway/user/100302/mfa/code {"type":"call"}',
      'POST /login-gateway/mfa/code/verify {"code":"000000","type":"call"}',
      'POST /login-gateway/mfa/code/verify {"code":"424242","type":"call"}',
      'POST /login-gateway/credentials/phone/verify {"type":30}',
      'POST /login-gateway/profile/optionChoice {"optionType":9930,"active":false}',
      'DELETE /login-gateway/profile/optionChoice {"optionType":20,"active":false}',
      'POST /login-gateway/profile/optionChoice {"optionType":190,"active":true}',
      // A participant: the participant redirection address, not the post-login redirect.
      'GET /login-gateway/skipEnrollmentSteps',
    ]);
    // Nothing of the setup is kept in storage.
    const stored = await page.evaluate(() => Object.values({ ...window.sessionStorage }).join(' '));
    expect(stored).not.toContain(PASSWORD);
  });

  test('a participant who has not enrolled goes to enrollment after the phone', async ({ page, context }) => {
    await mockScenario(context, 'mockEnrollment', 'enroll');
    await reachPhone(page);
    await enterPhone(page);
    await finishPhone(page);
    await expect(page).toHaveURL(/\/participant#\/participant-enrollment$/);
  });

  test('anyone but a participant goes through the post-login redirect after the phone', async ({ page }) => {
    const landing = record(page, /\/login-gateway\/(userLandingUrl|skipEnrollmentSteps)$/);
    // A session of the mock's own: it remembers that the phone switched multi-factor sign-in on.
    const session = await gatewaySession(page.request, 'setup');
    await seedSession(page, { ...session, username: 'setup', role: 'ROLE_PLAN_ADMIN' });
    await page.goto('/#/account-setup');
    await expect(page).toHaveURL(/#\/account-setup\/username$/);
    await chooseUsername(page);
    await choosePassword(page);
    await chooseEmail(page);
    await enterCode(page, '123456');
    await enterPhone(page);
    await finishPhone(page);
    // Multi-factor sign-in is now on, so the gateway's landing address is the dashboard.
    await expect(page).toHaveURL(/\/participant$/);
    expect(described(landing)).toEqual(['GET /login-gateway/userLandingUrl?role=ROLE_PLAN_ADMIN']);
  });

  test('Back and Cancel go one step back, keeping what was chosen except the password', async ({ page }) => {
    await signInToSetup(page);
    await chooseUsername(page, 'janesmith');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(stepHeader(page, 1)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue('janesmith');
    await continueButton(page).click();
    await choosePassword(page);
    await page.getByLabel('Email address', { exact: true }).fill(EMAIL);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(stepHeader(page, 2)).toBeVisible();
    await expect(page.getByLabel('New password', { exact: true })).toHaveValue('');
    await choosePassword(page);
    await chooseEmail(page);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(stepHeader(page, 3)).toBeVisible();
    await expect(page.getByLabel('Email address', { exact: true })).toHaveValue(EMAIL);
  });

  test("the phone's Back from the choice of text or call shows the number as typed, and the choice as left", async ({ page }) => {
    await reachPhone(page);
    await enterPhone(page);
    await page.getByLabel('Voice call').check();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(stepHeader(page, 5)).toBeVisible();
    await expect(page.getByLabel('Phone number')).toHaveValue('(201) 555-0123');
    await expect(page.getByLabel('Country')).toHaveValue('US');
    await continueButton(page).click();
    await expect(stepHeader(page, 6)).toBeVisible();
    await expect(page.getByLabel('Voice call')).toBeChecked();
  });

  test('the whole setup completes by keyboard alone', async ({ page }) => {
    await signInToSetup(page);
    // The heading takes the focus once each step is drawn (its effect), just after it shows.
    const headingFocused = () => expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await headingFocused();
    const tabTo = async (target: ReturnType<Page['getByLabel']>, presses = 1) => {
      for (let press = 0; press < presses; press += 1) await page.keyboard.press('Tab');
      await expect(target).toBeFocused();
    };
    // After each move the screen's heading has focus; Tab goes on from there.
    await tabTo(page.getByRole('textbox', { name: 'Username' }));
    await page.keyboard.type('janesmith');
    await page.keyboard.press('Enter');
    await expect(stepHeader(page, 2)).toBeVisible();
    await headingFocused();
    await tabTo(page.getByLabel('New password', { exact: true }));
    await page.keyboard.type(PASSWORD);
    // Past the show-password toggle.
    await tabTo(page.getByLabel('Confirm new password', { exact: true }), 2);
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await expect(stepHeader(page, 3)).toBeVisible();
    await headingFocused();
    await tabTo(page.getByLabel('Email address', { exact: true }));
    await page.keyboard.type(EMAIL);
    await page.keyboard.press('Enter');
    await expect(stepHeader(page, 4)).toBeVisible();
    await headingFocused();
    await tabTo(codeField(page));
    await page.keyboard.type('123456');
    await page.keyboard.press('Enter');
    await expect(stepHeader(page, 5)).toBeVisible();
    await headingFocused();
    await tabTo(page.getByLabel('Phone number'), 2);
    await page.keyboard.type('2015550123');
    await page.keyboard.press('Enter');
    await expect(stepHeader(page, 6)).toBeVisible();
    await headingFocused();
    await tabTo(page.getByLabel('Text message'));
    await page.keyboard.press('ArrowDown');
    await expect(page.getByLabel('Voice call')).toBeChecked();
    await page.keyboard.press('Enter');
    await expect(stepHeader(page, 7)).toBeVisible();
    await headingFocused();
    await tabTo(codeField(page));
    await page.keyboard.type('424242');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/participant$/);
  });
});

test.describe('errors on the way', () => {
  test('a username must follow the rule; a failing check says so; a double click checks once', async ({ page, guards }) => {
    guards.allowConsoleErrors(/status of 500/);
    const checks = record(page, /\/login-gateway\/validateUsername$/);
    await signInToSetup(page);
    const username = page.getByRole('textbox', { name: 'Username' });
    await continueButton(page).click();
    await expectAnnounced(page, 'Username is required');
    for (const broken of ['abc', '1abcd', 'jane.smith', 'jane smith']) {
      await username.fill(broken);
      await continueButton(page).click();
      await expectAnnounced(page, 'Your username must be 4 to 16 letters and numbers, starting with a letter.');
    }
    expect(checks).toHaveLength(0);

    await preferExample(page, /\/login-gateway\/validateUsername\?/, 'code=500');
    await username.fill('janesmith');
    await continueButton(page).evaluate((button: HTMLButtonElement) => {
      button.click();
      button.click();
    });
    await expectAnnounced(page, 'Error verifying username, please try again.');
    expect(checks).toHaveLength(1);
    await expect(page).toHaveURL(/#\/account-setup\/username$/);
  });

  test('a refused email address shows "Unable to update email address" and stays on step 3', async ({ page }) => {
    await signInToSetup(page);
    await chooseUsername(page);
    await choosePassword(page);
    await page.getByLabel('Email address', { exact: true }).fill('refused@example.com');
    await continueButton(page).click();
    await expectAnnounced(page, 'Unable to update email address');
    await expect(page).toHaveURL(/#\/account-setup\/email$/);
  });

  test('an email code that cannot be sent stays on step 3', async ({ page, guards }) => {
    guards.allowConsoleErrors(/status of 500/);
    await preferExample(page, /\/login-gateway\/user\/[^/]+\/mfa\/code$/, 'code=500');
    await signInToSetup(page);
    await chooseUsername(page);
    await choosePassword(page);
    await page.getByLabel('Email address', { exact: true }).fill(EMAIL);
    await continueButton(page).click();
    await expectAnnounced(page, 'Unable to request token. Please try again later');
    await expect(page).toHaveURL(/#\/account-setup\/email$/);
  });

  test('an email that cannot be marked verified shows "Unable to verify email address" and saves nothing; Continue again marks it without spending the code again', async ({
    page,
    guards,
  }) => {
    guards.allowConsoleErrors(/status of 500/);
    const saves = record(page, /\/login-gateway\/credentials$/);
    const verifies = record(page, /\/login-gateway\/mfa\/code\/verify$/);
    const markVerified = /\/credentials\/email\/verify\?type=email$/;
    await preferExample(page, markVerified, 'code=500');
    await signInToSetup(page);
    await chooseUsername(page);
    await choosePassword(page);
    await chooseEmail(page);
    await enterCode(page, '123456');
    await expectAnnounced(page, 'Unable to verify email address');
    await expect(page).toHaveURL(/#\/mfa-verification$/);
    expect(saves).toHaveLength(0);
    await page.unroute(markVerified);
    await continueButton(page).click();
    await expect(page).toHaveURL(/#\/account-setup\/phone$/);
    expect(verifies).toHaveLength(1);
  });

  test("the phone's Back reopens the email's code, whose code was used: a new one can be asked for at once", async ({ page }) => {
    await reachPhone(page);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(stepHeader(page, 4)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send a new code' })).toBeVisible();
  });

  test("credentials the gateway refuses show its description; a failure the catalogue's text", async ({ page, guards }) => {
    guards.allowConsoleErrors(/status of 500/);
    await signInToSetup(page);
    await chooseUsername(page);
    await choosePassword(page);
    await chooseEmail(page);
    await preferExample(page, /\/login-gateway\/credentials$/, 'example=otherError');
    await enterCode(page, '123456');
    await expectAnnounced(page, 'We could not save your account details.');
    await expect(page).toHaveURL(/#\/mfa-verification$/);

    await page.unroute(/\/login-gateway\/credentials$/);
    await preferExample(page, /\/login-gateway\/credentials$/, 'code=500');
    await continueButton(page).click();
    await expectAnnounced(page, 'Error updating credentials. Please try again.');
    await expect(page).toHaveURL(/#\/mfa-verification$/);

    await page.unroute(/\/login-gateway\/credentials$/);
    await continueButton(page).click();
    await expect(page).toHaveURL(/#\/account-setup\/phone$/);
  });

  test('a phone the gateway refuses shows "Unable to update phone"', async ({ page, guards }) => {
    guards.allowConsoleErrors(/status of 500/);
    await reachPhone(page);
    await preferExample(page, /\/credentials\/phone$/, 'code=500');
    await page.getByLabel('Phone number').fill('(201) 555-0123');
    await continueButton(page).click();
    await expectAnnounced(page, 'Unable to update phone');
    await expect(stepHeader(page, 5)).toBeVisible();
  });

  test('a phone that cannot be marked verified shows "Unable to verify phone"', async ({ page, guards }) => {
    guards.allowConsoleErrors(/status of 500/);
    await reachPhone(page);
    await preferExample(page, /\/credentials\/phone\/verify$/, 'code=500');
    await enterPhone(page);
    await finishPhone(page);
    await expectAnnounced(page, 'Unable to verify phone');
    await expect(page).toHaveURL(/#\/mfa-verification$/);
  });
});

test.describe('username taken meanwhile', () => {
  /** Steps 1 to 4 with the username the mock refuses on saving (CVERR02). */
  async function reachUsernameTaken(page: Page) {
    await signInToSetup(page);
    await chooseUsername(page, 'takenMeanwhile');
    await choosePassword(page);
    await chooseEmail(page);
    await enterCode(page, '123456');
    await expect(page).toHaveURL(/#\/account-setup\/username-taken$/);
  }

  test('a new username that is free is saved with the same password and email; then the phone, whose Back reopens the email code', async ({
    page,
    guards,
  }) => {
    guards.allowConsoleErrors(/status of 500/);
    const saves = record(page, /\/login-gateway\/credentials$/);
    await reachUsernameTaken(page);
    await expect(heading(page, 'This username has been taken, please choose a new one')).toBeVisible();
    await expect(page.getByText('It seems before you could validate your account, another user registered this username')).toBeVisible();
    await expect(stepHeader(page, 1)).toBeVisible();
    const username = page.getByRole('textbox', { name: 'Username' });
    await expect(username).toHaveValue('takenMeanwhile');
    await expectNoAxeViolations(page);

    await username.fill('jsmith401');
    await continueButton(page).click();
    await expectAnnounced(page, 'Username must be unique. jsmith4012 is available for use.');

    await preferExample(page, /\/login-gateway\/validateUsername\?/, 'code=500');
    await username.fill('janesmith2');
    await continueButton(page).click();
    await expectAnnounced(page, 'Error verifying username, please try again.');
    await page.unroute(/\/login-gateway\/validateUsername\?/);

    // Free by the check, taken again on saving: the gateway's description.
    await username.fill('takenMeanwhile');
    await continueButton(page).click();
    await expectAnnounced(page, 'This username is already taken.');
    await expect(page).toHaveURL(/#\/account-setup\/username-taken$/);

    await username.fill('janesmith2');
    await continueButton(page).click();
    await expect(page).toHaveURL(/#\/account-setup\/phone$/);
    await expect(stepHeader(page, 5)).toBeVisible();
    expect(saves.map((request) => request.postDataJSON())).toEqual([
      { username: 'takenMeanwhile', password: PASSWORD, email: EMAIL },
      { username: 'takenMeanwhile', password: PASSWORD, email: EMAIL },
      { username: 'janesmith2', password: PASSWORD, email: EMAIL },
    ]);

    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/#\/mfa-verification$/);
    await expect(stepHeader(page, 4)).toBeVisible();
    await expect(page.getByText('We sent a code to ja********@example.com.')).toBeVisible();
  });

  test('Cancel logs out to the login page', async ({ page }) => {
    await reachUsernameTaken(page);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(heading(page, 'Sign in to your 401(k) account')).toBeVisible();
    expect(await page.evaluate(() => window.sessionStorage.length)).toBe(0);
    expect(await page.evaluate(() => document.cookie)).not.toContain('authToken');
  });
});

test.describe('guards', () => {
  test('without a session, account setup goes to login', async ({ page }) => {
    await page.goto('/#/account-setup/username');
    await expect(heading(page, 'Sign in to your 401(k) account')).toBeVisible();
  });

  test('while multi-factor adoption is in progress, account setup goes to login', async ({ page }) => {
    await seedSession(page, { username: 'setup' });
    await page.addInitScript(() => window.sessionStorage.setItem('mfaAdoptionInProgress', 'true'));
    await page.goto('/#/account-setup/username');
    await expect(heading(page, 'Sign in to your 401(k) account')).toBeVisible();
  });

  for (const step of ['password', 'email', 'username-taken', 'phone']) {
    test(`/account-setup/${step} without the steps before it starts at step 1`, async ({ page }) => {
      await seedSession(page, { username: 'setup' });
      await page.goto(`/#/account-setup/${step}`);
      await expect(page).toHaveURL(/#\/account-setup\/username$/);
      await expect(stepHeader(page, 1)).toBeVisible();
    });
  }
});

/**
 * Reaches each step in turn and reloads the page there: the setup starts again at `address`, its
 * step `step`, which `landed` checks further. Each reach begins where the reload left the setup.
 */
async function reloadOnEach(
  page: Page,
  steps: Record<string, (page: Page) => Promise<void>>,
  address: RegExp,
  step: number,
  landed: () => Promise<void> = async () => {},
) {
  for (const [name, reach] of Object.entries(steps)) {
    await test.step(name, async () => {
      await reach(page);
      await page.reload();
      await expect(page).toHaveURL(address);
      await expect(stepHeader(page, step)).toBeVisible();
      await landed();
    });
  }
}

test.describe('a reload', () => {
  /** Each step before the email's code, reached from step 1 as the user reaches it. */
  const steps: Record<string, (page: Page) => Promise<void>> = {
    'step 1 (username)': async () => {},
    'step 2 (password)': async (page) => chooseUsername(page),
    'step 3 (email)': async (page) => {
      await chooseUsername(page);
      await choosePassword(page);
    },
    'step 4 (the email code)': async (page) => {
      await chooseUsername(page);
      await choosePassword(page);
      await chooseEmail(page);
    },
    'username-taken': async (page) => {
      await chooseUsername(page, 'takenMeanwhile');
      await choosePassword(page);
      await chooseEmail(page);
      await enterCode(page, '123456');
      await expect(page).toHaveURL(/#\/account-setup\/username-taken$/);
    },
  };

  // One sign-in for all the steps of each kind: a reload leaves the setup at step 1 (or at the
  // phone), where the next step's reach begins.
  test("on each step before the email's code starts the setup again at step 1, still signed in", async ({ page }) => {
    // Five reloads and a dozen steps: more than one journey's time on a busy machine.
    test.slow();
    await signInToSetup(page);
    await reloadOnEach(page, steps, /#\/account-setup\/username$/, 1, async () => {
      await expect(heading(page, 'Choose your username')).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue('');
    });
    await chooseUsername(page);
  });

  // A reload on any of these steps leaves the same state (the phone, the setup saved), so the
  // setup is finished once, after the last of them.
  test("on each step after the email's code goes on at the phone (step 5): what is saved is not asked for again", async ({ page }) => {
    test.slow();
    await reachPhone(page);
    /** The steps after the email's code, once the username, password and email are saved, reached from the phone. */
    const saved: Record<string, (page: Page) => Promise<void>> = {
      'step 5 (phone)': async () => {},
      'step 6 (text or voice call)': enterPhone,
      'step 7 (the phone code)': async (page) => {
        await enterPhone(page);
        await page.getByRole('button', { name: 'Send code' }).click();
        await expect(stepHeader(page, 7)).toBeVisible();
      },
    };
    await reloadOnEach(page, saved, /#\/account-setup\/phone$/, 5);
    await enterPhone(page);
    await finishPhone(page);
    await expect(page).toHaveURL(/\/participant$/);
  });
});
