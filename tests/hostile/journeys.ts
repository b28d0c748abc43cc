import type { BrowserContext, Locator, Page, Request } from '@playwright/test';
import { expect } from '../support/fixtures';
import type { Fault } from './hostile-support';
import { addVirtualAuthenticator, FIXTURE, PASSKEY_ORIGIN, uniqueUsername } from '../support/passkeys';
import { gatewaySession } from '../support/session';
import './page-watch';

/*
 * Every journey of the portal as data: where it starts, the actions the user takes, and the
 * gateway calls each action sends, in order. The fault matrix fails each call in each fault kind;
 * the double-submit and storage sweeps press every button twice and look for secrets left
 * behind. A plain walk checks that each action sends exactly the calls listed, so the table
 * cannot drift from the screens without a test failing.
 */

/** What a call site's checks get after a failure: the page, the fault, and the messages since the case began. */
export interface FailureCheck {
  readonly page: Page;
  readonly fault: Fault;
  /** Waits until a message matching `text` has appeared since the case began (alert by default). */
  readonly shown: (text: string | RegExp, role?: 'alert' | 'status') => Promise<void>;
}

/** One gateway call an action sends. */
export interface CallSite {
  /** The contract's operationId. */
  readonly op: string;
  /** Which of the operation's requests this is, when the action sends it more than once. */
  readonly when?: (request: Request) => boolean;
  /** Which matching request of the action fails (1: the first). Every later one fails too. */
  readonly nth?: number;
  /** False: the action sends it, but the matrix fails it at another site (the same code path). */
  readonly fault?: boolean;
  /** The message and the way forward after a failure (the session is still there). */
  readonly failed?: (check: FailureCheck) => Promise<void>;
  /**
   * The way forward that sends the call again: `act` (the action once more, from where the
   * failure left the user), `restart` (the journey from its start), or a step of its own.
   */
  readonly again?: 'act' | 'restart' | ((page: Page) => Promise<void>);
  /** The control that must be usable again after a failure (by default the action's button). */
  readonly button?: ((page: Page) => Locator) | null;
  /** Storage keys a failure writes by the spec (the authenticator set-up's failure flag). */
  readonly mayWrite?: readonly string[];
  /** False for a call made in the background, with nothing on the screen waiting for it. */
  readonly progress?: boolean;
  /** The request whose sending starts the deadline that ends this wait (by default the call's own). */
  readonly deadlineFrom?: RegExp;
  /** How many times the client sends the call before it gives up (a query it retries). */
  readonly attempts?: number;
  /** A call the portal repeats by itself while the screen shows (a poll): sent at least once. */
  readonly repeats?: boolean;
  /**
   * Once it has gone through, another try of the action after a later call failed does not send
   * it again (a one-time code checked, credentials saved): the action goes on from what failed.
   */
  readonly once?: boolean;
}

export interface Action {
  readonly name: string;
  /** Fills in what the action needs; nothing is sent yet. */
  readonly prepare?: (page: Page) => Promise<void>;
  /** The button whose press sends the calls. */
  readonly press?: (page: Page) => Locator;
  /** Where repeated Enter is pressed (a field of the form); the button itself by default. */
  readonly enter?: (page: Page) => Locator;
  /** Sends the calls when no button does (a page opened, time passing). */
  readonly go?: (page: Page) => Promise<void>;
  readonly calls: readonly CallSite[];
  /** Waits for the screen a success leads to. */
  readonly then: (page: Page) => Promise<void>;
  /** The control that must be usable after a failure, when it is not the button (a refused code is emptied). */
  readonly usable?: (page: Page) => Locator;
  /** Secrets this action types or sends: none may stay in storage, the address or the console. */
  readonly secrets?: readonly string[];
}

export interface Journey {
  readonly name: string;
  /** `localhost`: walked on the portal's localhost address, as passkeys need (an IP address is no RP ID). */
  readonly origin?: 'localhost';
  /** Cookies and a stored session, before the first action (which opens the first page). */
  readonly start?: (setup: JourneySetup) => Promise<void>;
  readonly actions: readonly Action[];
}

export interface JourneySetup {
  readonly page: Page;
  readonly context: BrowserContext;
  /** Stores a signed-in session in the tab (as a completed sign-in leaves it). */
  readonly seedSession: (session?: Partial<SeededSession>) => Promise<void>;
  /** Sets a cookie of the mock gateway's scenarios. */
  readonly mockCookie: (name: string, value: string) => Promise<void>;
  /** Gives the page a virtual authenticator that verifies the user at once (tests/support/passkeys.ts). */
  readonly authenticator: () => Promise<void>;
}

export interface SeededSession {
  readonly userId: string;
  readonly username: string;
  readonly token: string;
  readonly role: string;
}

// --- texts and controls ---------------------------------------------------------------------

const PASSWORD = 'Secret#123';
const NEW_PASSWORD = 'Retire#2045';
const CODE = '424242';
const ANSWER = 'Rex Fido';
const EMAIL = 'jane.smith@example.com';
export const INTERNAL_ERROR = 'An internal error has occurred while processing your request';
export const SIGN_IN_HEADING = 'Sign in to your 401(k) account';

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const seeHeading = (page: Page, name: string | RegExp) => expect(heading(page, name)).toBeVisible();
const button = (name: string) => (page: Page) => page.getByRole('button', { name, exact: true });
const codeField = (page: Page) => page.getByLabel('Code', { exact: true });
const captcha = (page: Page) => page.getByRole('checkbox', { name: "I'm not a robot" });
const onDashboard = (path: string) => (page: Page) => expect(page).toHaveURL(new RegExp(`:\\d+${path.replace(/[/#?]/g, '\\$&')}$`));

/** The sign-in form, usable: where a failed sign-in leaves the user. */
export async function onSignInForm(page: Page): Promise<void> {
  await seeHeading(page, SIGN_IN_HEADING);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
}

const signInAs = (username: string): Pick<Action, 'prepare' | 'press' | 'enter' | 'secrets'> => ({
  prepare: async (page) => {
    await page.getByRole('textbox', { name: 'Username' }).fill(username);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  },
  press: button('Sign In'),
  enter: (page) => page.getByLabel('Password', { exact: true }),
  // The password, and the basic credentials it goes in.
  secrets: [PASSWORD, Buffer.from(`${username}:${PASSWORD}`).toString('base64')],
});

const open = (address: string) => async (page: Page) => {
  await page.goto(address);
};

/** The recovery code's journey signs in as an account of its own (this worker's), whose codes no other walk uses. */
const RECOVERY_USER = uniqueUsername('rch');
/** The recovery codes of the walk in progress: its start generates them. */
let recoveryCodes: readonly string[] = [];
const recoveryCodeField = (page: Page) => page.getByRole('textbox', { name: 'Recovery code' });

/** Signs in through the gateway as `username` (no scenario cookie yet) and generates a new set of its recovery codes. */
async function generateRecoveryCodes(page: Page, username: string): Promise<string[]> {
  const { token } = await gatewaySession(page.request, username);
  const answer = await page.request.post('/login-gateway/recovery-codes', { headers: { 'X-Auth-Token': token } });
  const { data } = (await answer.json()) as { data?: { codes: string[] } };
  if (!answer.ok() || !data) throw new Error(`generating recovery codes gave ${answer.status()}`);
  return data.codes;
}

/** A failed sign-in step: the internal error, back on the sign-in form. */
const signInFailed = async ({ page, shown }: FailureCheck) => {
  await shown(INTERNAL_ERROR);
  await onSignInForm(page);
};

const toast =
  (text: string, screen?: string | RegExp) =>
  async ({ page, shown }: FailureCheck) => {
    await shown(text);
    if (screen) await seeHeading(page, screen);
  };

const enterCode = (code = CODE): Pick<Action, 'prepare' | 'press' | 'enter' | 'secrets' | 'usable'> => ({
  prepare: async (page) => {
    await codeField(page).fill(code);
  },
  press: button('Continue'),
  enter: codeField,
  // Continue waits for a code: a refused one is emptied.
  usable: codeField,
  secrets: [code],
});

const newPassword: Pick<Action, 'prepare' | 'press' | 'enter' | 'secrets'> = {
  prepare: async (page) => {
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
  },
  press: button('Continue'),
  enter: (page) => page.getByLabel('Confirm new password', { exact: true }),
  secrets: [NEW_PASSWORD],
};

const phoneNumber: Pick<Action, 'prepare' | 'press' | 'enter'> = {
  prepare: async (page) => {
    await page.getByRole('textbox', { name: 'Phone number' }).fill('(201) 555-0123');
  },
  press: button('Continue'),
  enter: (page) => page.getByRole('textbox', { name: 'Phone number' }),
};

const body = (request: Request): Record<string, unknown> => {
  try {
    return (request.postDataJSON() as Record<string, unknown> | null) ?? {};
  } catch {
    return {};
  }
};
const query = (request: Request, name: string) => new URL(request.url()).searchParams.get(name);

/** The calls after a sign-in that reaches a dashboard (faulted in the journey `sign-in`). */
/**
 * A completed sign-in's second wave: every question of the post-login redirect, asked at once
 * (the skip-enrollment flag for a participant): the methods, the landing address, options 190 and
 * 9930, and the credentials (whether the email is verified, for adoption).
 */
const SIGN_IN_WAVE = [
  'getMfaOptions',
  'getUserLandingUrl',
  'getSkipEnrollmentSteps',
  'getOptionChoice',
  'getOptionChoice',
  'getUserCredentials',
];

const afterSignIn = (calls: readonly string[] = SIGN_IN_WAVE) => calls.map((op): CallSite => ({ op, fault: false }));

/** The phone set-up's calls once its code is entered (faulted in the journey `sign-in, no phone`). */
const phoneVerified: readonly CallSite[] = [
  { op: 'verifyMfaCode', once: true, fault: false },
  { op: 'markPhoneVerified', once: true, fault: false },
  { op: 'saveOptionChoice', fault: false },
  { op: 'deleteOptionChoice', fault: false },
  { op: 'saveOptionChoice', fault: false },
];

const phoneEntryHeading = 'Add an extra layer of security to your account';
const profilePhoneHeading = 'Enter your new phone number';
const methodHeading = 'How should we send your code?';
const codeHeading = 'Enter the code';
const CHECK_EMAIL = 'Check your email!';
const LINK_CHECK_FAILED = 'We could not check your link';

/** A link page that could not check its link: Try again and Sign In. */
const linkCheckFailed = async ({ page }: FailureCheck) => {
  await seeHeading(page, LINK_CHECK_FAILED);
  await expect(page.getByRole('alert').filter({ hasText: 'Something went wrong on our side' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
};

/** A resend that failed: its status line, the button usable again. */
const resendFailed =
  (type: string) =>
  async ({ shown }: FailureCheck) => {
    await shown(`Unable to send ${type} link. Please try again later.`, 'status');
  };

// --- the journeys ---------------------------------------------------------------------------

export const JOURNEYS: readonly Journey[] = [
  {
    name: 'sign-in',
    actions: [
      { name: 'open the sign-in form', go: open('/'), calls: [], then: onSignInForm },
      {
        name: 'sign in (demo)',
        ...signInAs('demo'),
        calls: [
          { op: 'authenticate', failed: signInFailed },
          { op: 'getMfaOptions', failed: signInFailed },
          { op: 'getUserLandingUrl', failed: signInFailed },
          { op: 'getSkipEnrollmentSteps', failed: signInFailed },
          { op: 'getOptionChoice', when: (request) => query(request, 'type') === '190', failed: signInFailed },
          // Asked with the others, needed or not: any failure fails the sign-in.
          { op: 'getOptionChoice', when: (request) => query(request, 'type') === '9930', failed: signInFailed },
          { op: 'getUserCredentials', failed: signInFailed },
        ],
        then: onDashboard('/participant'),
      },
    ],
  },
  {
    name: 'sign-in, optional adoption, remind me later',
    actions: [
      { name: 'open the sign-in form', go: open('/'), calls: [], then: onSignInForm },
      {
        name: 'sign in (optional)',
        ...signInAs('optional'),
        calls: [
          ...afterSignIn([
            'authenticate',
            'getMfaOptions',
            'getUserLandingUrl',
            'getSkipEnrollmentSteps',
            'getOptionChoice',
            'getUserCredentials',
          ]),
          { op: 'getOptionChoice', when: (request) => query(request, 'type') === '9930', failed: signInFailed },
        ],
        then: (page) => expect(page.getByRole('button', { name: 'Remind me later' })).toBeEnabled(),
      },
      {
        name: 'remind me later',
        press: button('Remind me later'),
        calls: [{ op: 'saveOptionSettings', failed: toast(INTERNAL_ERROR, 'Add an extra layer of security to your account') }],
        then: onDashboard('/participant'),
      },
    ],
  },
  {
    name: 'sign-in, optional adoption, set up now',
    actions: [
      { name: 'open the sign-in form', go: open('/'), calls: [], then: onSignInForm },
      {
        name: 'sign in (soon)',
        ...signInAs('soon'),
        calls: afterSignIn(['authenticate', ...SIGN_IN_WAVE]),
        then: (page) => expect(page.getByRole('button', { name: 'Set up now' })).toBeEnabled(),
      },
      {
        name: 'set up now',
        press: button('Set up now'),
        calls: [{ op: 'getUserCredentials', failed: toast(INTERNAL_ERROR, 'Add an extra layer of security to your account') }],
        then: (page) => seeHeading(page, phoneEntryHeading),
      },
    ],
  },
  {
    name: 'sign-in, security question',
    actions: [
      { name: 'open the sign-in form', go: open('/'), calls: [], then: onSignInForm },
      {
        name: 'sign in (question)',
        ...signInAs('question'),
        calls: [
          { op: 'authenticate', fault: false },
          { op: 'getSecurityQuestion', failed: signInFailed },
        ],
        then: (page) => expect(page.getByText('What was the name of your first pet?')).toBeVisible(),
      },
      {
        name: 'answer the question',
        prepare: async (page) => {
          await page.getByLabel('Security Answer').fill(ANSWER);
          await captcha(page).check();
        },
        press: button('Sign In'),
        enter: (page) => page.getByLabel('Security Answer'),
        secrets: [ANSWER],
        calls: [
          {
            op: 'authenticate',
            // The internal error; the captcha is asked again before the next try.
            failed: async ({ page, shown }) => {
              await shown(INTERNAL_ERROR);
              await seeHeading(page, 'Answer Your Security Question');
              await expect(captcha(page)).not.toBeChecked();
            },
            button: captcha,
          },
          ...afterSignIn(),
        ],
        then: onDashboard('/participant'),
      },
    ],
  },
  {
    name: 'sign-in, one-time code by text message',
    actions: [
      { name: 'open the sign-in form', go: open('/'), calls: [], then: onSignInForm },
      {
        name: 'sign in (mfa)',
        ...signInAs('mfa'),
        calls: [
          { op: 'authenticate', fault: false },
          { op: 'getMfaOptions', failed: signInFailed },
        ],
        // The methods, not the heading: the page asks for them once it shows, and the action's
        // calls are counted when its screen is there (a busy machine showed the heading first).
        then: (page) => expect(page.getByLabel('Text message to ***-***-1234')).toBeVisible(),
      },
      {
        name: 'choose the text message',
        prepare: async (page) => {
          await page.getByLabel('Text message to ***-***-1234').check();
        },
        press: button('Continue'),
        calls: [{ op: 'requestMfaCode', failed: toast('Unable to request token. Please try again later', 'Verify your identity') }],
        then: (page) => seeHeading(page, codeHeading),
      },
      {
        name: 'ask for a new code after 60 seconds',
        prepare: async (page) => {
          await page.clock.fastForward(60_000);
        },
        press: button('Send a new code'),
        calls: [{ op: 'requestMfaCode', failed: toast('Unable to request token. Please try again later', codeHeading) }],
        then: (page) => expect(page.getByText('You can request a new code in')).toBeVisible(),
      },
      {
        name: 'enter the code',
        ...enterCode(),
        calls: [{ op: 'authenticate', failed: toast(INTERNAL_ERROR, codeHeading) }, ...afterSignIn()],
        then: onDashboard('/participant'),
      },
    ],
  },
  {
    name: 'sign-in, one method (phone)',
    actions: [
      { name: 'open the sign-in form', go: open('/'), calls: [], then: onSignInForm },
      {
        name: 'sign in (phone): the only method sends its code at once',
        ...signInAs('phone'),
        calls: [
          { op: 'authenticate', fault: false },
          { op: 'getMfaOptions', fault: false },
          {
            op: 'requestMfaCode',
            // The code could not be sent: the user is told, and can try again or go back.
            failed: async ({ page, shown }) => {
              await shown('Unable to request token. Please try again later');
              await seeHeading(page, 'Verify your identity');
            },
            // The sign-in went through to the method choice, where the user stays to try again:
            // the journey's slot holds that step (without any secret).
            mayWrite: ['journey'],
            button: (page) => page.getByRole('button', { name: /Try again|Send/ }),
            again: (page) => page.getByRole('button', { name: /Try again|Send/ }).click(),
          },
        ],
        then: (page) => seeHeading(page, codeHeading),
      },
      {
        name: 'enter the code',
        ...enterCode(),
        calls: [{ op: 'authenticate', fault: false }, ...afterSignIn()],
        then: onDashboard('/participant'),
      },
    ],
  },
  {
    name: 'sign-in, no phone: add one',
    actions: [
      { name: 'open the sign-in form', go: open('/'), calls: [], then: onSignInForm },
      {
        name: 'sign in (nophone)',
        ...signInAs('nophone'),
        calls: afterSignIn(['authenticate', ...SIGN_IN_WAVE]),
        then: (page) => seeHeading(page, phoneEntryHeading),
      },
      {
        name: 'the phone number',
        ...phoneNumber,
        calls: [{ op: 'savePhone', failed: toast('Unable to update phone', phoneEntryHeading) }],
        then: (page) => seeHeading(page, methodHeading),
      },
      {
        name: 'send the code',
        press: button('Send code'),
        calls: [{ op: 'requestUserMfaCode', failed: toast('Unable to request token. Please try again later', methodHeading) }],
        then: (page) => seeHeading(page, codeHeading),
      },
      {
        name: 'enter the code',
        ...enterCode(),
        calls: [
          { op: 'verifyMfaCode', once: true, failed: toast('Unable to verify phone', codeHeading) },
          { op: 'markPhoneVerified', once: true, failed: toast('Unable to verify phone', codeHeading) },
          {
            op: 'saveOptionChoice',
            when: (request) => body(request).optionType === 9930,
            failed: toast('Unable to verify phone', codeHeading),
          },
          { op: 'deleteOptionChoice', failed: toast('Unable to verify phone', codeHeading) },
          {
            op: 'saveOptionChoice',
            when: (request) => body(request).optionType === 190,
            failed: toast('Unable to verify phone', codeHeading),
          },
          // No landing address was saved: the post-login redirect runs now.
          { op: 'getUserLandingUrl', failed: toast(INTERNAL_ERROR, codeHeading) },
          { op: 'getSkipEnrollmentSteps', failed: toast(INTERNAL_ERROR, codeHeading) },
          // Options 190 and 9930 and the credentials are asked with them, all at once.
          { op: 'getOptionChoice', failed: toast(INTERNAL_ERROR, codeHeading) },
          { op: 'getOptionChoice', when: (request) => query(request, 'type') === '9930', fault: false },
          { op: 'getUserCredentials', failed: toast(INTERNAL_ERROR, codeHeading) },
        ],
        then: onDashboard('/participant'),
      },
    ],
  },
  {
    name: 'sign-in, adoption with the email first',
    actions: [
      { name: 'open the sign-in form', go: open('/'), calls: [], then: onSignInForm },
      {
        name: 'sign in (adoptemail)',
        ...signInAs('adoptemail'),
        calls: [
          ...afterSignIn([
            'authenticate',
            'getMfaOptions',
            'getUserLandingUrl',
            'getSkipEnrollmentSteps',
            'getOptionChoice',
            'getOptionChoice',
          ]),
          { op: 'getUserCredentials', failed: signInFailed },
        ],
        then: (page) => seeHeading(page, 'Verify your email address'),
      },
      {
        name: 'use another address',
        prepare: async (page) => {
          // The form stays open after a failure.
          const change = page.getByRole('button', { name: 'Use a different email address' });
          const field = page.getByRole('textbox', { name: 'Email address' });
          await expect(change.or(field)).toBeVisible();
          if (await change.isVisible()) await change.click();
          await field.fill(EMAIL);
        },
        press: button('Save email address'),
        enter: (page) => page.getByRole('textbox', { name: 'Email address' }),
        calls: [{ op: 'updateEmail', failed: toast('Unable to update email address', 'Verify your email address') }],
        then: (page) => expect(page.getByRole('button', { name: 'Send code' })).toBeEnabled(),
      },
      {
        name: 'send the code',
        press: button('Send code'),
        calls: [
          { op: 'requestUserMfaCode', failed: toast('Unable to request token. Please try again later', 'Verify your email address') },
        ],
        then: (page) => seeHeading(page, codeHeading),
      },
      {
        name: 'enter the code',
        ...enterCode(),
        calls: [
          { op: 'verifyMfaCode', once: true, failed: toast('Unable to verify email address', codeHeading) },
          { op: 'markEmailVerified', once: true, failed: toast('Unable to verify email address', codeHeading) },
        ],
        then: (page) => seeHeading(page, phoneEntryHeading),
      },
    ],
  },
  {
    name: 'sign-in, landing password: change it',
    actions: [
      { name: 'open the sign-in form', go: open('/'), calls: [], then: onSignInForm },
      {
        name: 'sign in (password)',
        ...signInAs('password'),
        calls: afterSignIn(['authenticate', ...SIGN_IN_WAVE]),
        then: (page) => seeHeading(page, 'Change your password'),
      },
      {
        name: 'the new password',
        ...newPassword,
        calls: [
          {
            op: 'changePassword',
            failed: async ({ page, shown }) => {
              await shown('Error updating your password. Please try again.');
              await seeHeading(page, 'Change your password');
            },
            // The refused password is emptied: Continue waits for a new one.
            button: (page) => page.getByLabel('New password', { exact: true }),
          },
        ],
        then: (page) => seeHeading(page, 'Your password has been changed'),
      },
    ],
  },
  {
    name: 'code screen after a reload, signed in',
    start: ({ seedSession }) => seedSession(),
    actions: [
      {
        name: 'open the code screen without a code on its way',
        go: open('/#/mfa-verification'),
        // No code is on its way and no journey was kept: the form, without asking the gateway.
        calls: [],
        then: onSignInForm,
      },
    ],
  },

  // --- recovery ---
  {
    name: 'reset by security question',
    actions: [
      { name: 'open the reset', go: open('/#/reset-password'), calls: [], then: (page) => seeHeading(page, 'What is your username?') },
      {
        name: 'the username',
        prepare: async (page) => {
          await page.getByRole('textbox', { name: 'Username' }).fill('question');
          await captcha(page).check();
        },
        press: button('Continue'),
        enter: (page) => page.getByRole('textbox', { name: 'Username' }),
        calls: ['getMfaOptions', 'getMfaUser', 'getSecurityQuestion'].map((op): CallSite => ({
          op,
          // The internal error; the username stays, the captcha is asked again.
          failed: async ({ page, shown }) => {
            await shown(INTERNAL_ERROR);
            await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue('question');
            await expect(captcha(page)).not.toBeChecked();
          },
          button: captcha,
        })),
        then: (page) => seeHeading(page, 'Answer your security question'),
      },
      {
        name: 'the answer',
        prepare: async (page) => {
          await page.getByLabel('Security Answer').fill(ANSWER);
        },
        press: button('Continue'),
        enter: (page) => page.getByLabel('Security Answer'),
        secrets: [ANSWER],
        calls: [{ op: 'resetPassword', failed: toast(INTERNAL_ERROR, 'Answer your security question') }],
        then: (page) => seeHeading(page, CHECK_EMAIL),
      },
    ],
  },
  {
    name: 'reset by one-time code',
    actions: [
      { name: 'open the reset', go: open('/#/reset-password'), calls: [], then: (page) => seeHeading(page, 'What is your username?') },
      {
        name: 'the username',
        prepare: async (page) => {
          await page.getByRole('textbox', { name: 'Username' }).fill('mfa');
          await captcha(page).check();
        },
        press: button('Continue'),
        calls: afterSignIn(['getMfaOptions', 'getMfaUser']),
        then: (page) => seeHeading(page, 'Verify your identity'),
      },
      {
        name: 'choose the text message',
        prepare: async (page) => {
          await page.getByLabel('Text message to ***-***-1234').check();
        },
        press: button('Continue'),
        calls: [{ op: 'requestMfaCode', failed: toast('Unable to request token. Please try again later', 'Verify your identity') }],
        then: (page) => seeHeading(page, codeHeading),
      },
      {
        name: 'enter the code',
        ...enterCode(),
        calls: [{ op: 'resetPassword', failed: toast(INTERNAL_ERROR, codeHeading) }],
        then: (page) => seeHeading(page, CHECK_EMAIL),
      },
    ],
  },
  {
    name: 'forgotten username',
    actions: [
      { name: 'open the page', go: open('/#/forgot-username'), calls: [], then: (page) => seeHeading(page, 'Forgot your username?') },
      {
        name: 'the role',
        press: button('Continue'),
        calls: [],
        then: (page) => expect(page.getByRole('textbox', { name: 'Email address' })).toBeVisible(),
      },
      {
        name: 'the email address',
        prepare: async (page) => {
          await page.getByRole('textbox', { name: 'Email address' }).fill(EMAIL);
          await captcha(page).check();
        },
        press: button('Continue'),
        enter: (page) => page.getByRole('textbox', { name: 'Email address' }),
        calls: [
          {
            op: 'retrieveUsername',
            failed: async ({ page, shown }) => {
              await shown('Error sending your information. Please try again.');
              await expect(page.getByRole('textbox', { name: 'Email address' })).toHaveValue(EMAIL);
            },
            button: captcha,
          },
        ],
        then: (page) => seeHeading(page, CHECK_EMAIL),
      },
    ],
  },
  {
    name: 'reset link',
    actions: [
      {
        name: 'open the link',
        go: open('/#/reset-password/new-password?token=reset-validated'),
        secrets: ['reset-validated'],
        calls: [
          {
            op: 'verifyResetToken',
            failed: async ({ page }) => {
              await seeHeading(page, LINK_CHECK_FAILED);
              await expect(page.getByRole('button', { name: 'Request Password Reset' })).toBeEnabled();
            },
            button: button('Try again'),
            again: (page) => page.getByRole('button', { name: 'Try again' }).click(),
          },
        ],
        then: (page) => seeHeading(page, 'Set a new password'),
      },
      {
        name: 'the new password',
        ...newPassword,
        calls: [
          {
            op: 'changePasswordWithToken',
            failed: async ({ page, shown }) => {
              await shown('Error saving new password. Please try again.');
              await seeHeading(page, 'Set a new password');
            },
            button: (page) => page.getByLabel('New password', { exact: true }),
          },
        ],
        then: (page) => seeHeading(page, 'Password reset successfully'),
      },
    ],
  },

  // --- link pages ---
  {
    name: 'email verification link',
    actions: [
      {
        name: 'open the link',
        go: open('/#/verification?token=email-validated&userId=100245'),
        secrets: ['email-validated'],
        calls: [
          {
            op: 'verifyToken',
            failed: linkCheckFailed,
            button: button('Try again'),
            again: (page) => page.getByRole('button', { name: 'Try again' }).click(),
          },
          {
            op: 'verifyParticipantEmail',
            // The spec: a failed verification reads as an expired link, with a resend.
            failed: async ({ page }) => {
              await seeHeading(page, 'Email verification link expired');
              await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
            },
            button: button('Resend Verification Link'),
            again: 'restart',
          },
        ],
        then: (page) => seeHeading(page, 'Your email address has been verified!'),
      },
    ],
  },
  {
    name: 'email verification page opened directly',
    actions: [
      {
        name: 'open the link',
        go: open('/#/emailVerification?token=email-validated&userId=100245'),
        calls: [
          {
            op: 'verifyToken',
            failed: linkCheckFailed,
            button: button('Try again'),
            again: (page) => page.getByRole('button', { name: 'Try again' }).click(),
          },
          { op: 'verifyParticipantEmail', fault: false },
        ],
        then: (page) => seeHeading(page, 'Your email address has been verified!'),
      },
    ],
  },
  {
    name: 'expired email link: resend',
    actions: [
      {
        name: 'open the link',
        go: open('/#/verification?token=email-expired'),
        calls: [{ op: 'verifyToken', fault: false }],
        then: (page) => seeHeading(page, 'Email verification link expired'),
      },
      {
        name: 'resend',
        press: button('Resend Verification Link'),
        calls: [{ op: 'resendVerificationEmail', failed: resendFailed('verification') }],
        then: (page) => expect(page.getByRole('button', { name: 'Link Resent!' })).toBeDisabled(),
      },
    ],
  },
  {
    name: 'expired enrollment link: resend',
    actions: [
      {
        name: 'open the link',
        go: open('/#/verification?token=setup-expired'),
        calls: [{ op: 'verifyToken', fault: false }],
        then: (page) => seeHeading(page, 'Enrollment Link Expired'),
      },
      {
        name: 'resend',
        press: button('Resend Enrollment Email'),
        calls: [{ op: 'resendEnrollmentEmail', failed: resendFailed('enrollment') }],
        then: (page) => expect(page.getByRole('button', { name: 'Link Resent!' })).toBeDisabled(),
      },
    ],
  },
  {
    name: 'expired trustee link: resend',
    actions: [
      {
        name: 'open the link',
        go: open('/#/trusteeSigningVerification?token=trustee-expired'),
        calls: [
          {
            op: 'verifyToken',
            failed: linkCheckFailed,
            button: button('Try again'),
            again: (page) => page.getByRole('button', { name: 'Try again' }).click(),
          },
        ],
        then: (page) => seeHeading(page, 'The link you are using to sign your trust documents has expired.'),
      },
      {
        name: 'resend',
        press: button('Resend Link'),
        calls: [{ op: 'resendVerification', failed: resendFailed('trustee signing') }],
        then: (page) => expect(page.getByRole('button', { name: 'Link Resent!' })).toBeDisabled(),
      },
    ],
  },
  {
    name: 'advisor invitation',
    actions: [
      {
        name: 'open the link',
        go: open('/#/verifyAdvisorInvite?token=advisor-completed'),
        calls: [
          {
            op: 'verifyToken',
            failed: linkCheckFailed,
            button: button('Try again'),
            again: (page) => page.getByRole('button', { name: 'Try again' }).click(),
          },
        ],
        then: (page) => seeHeading(page, 'Enrollment Already Completed'),
      },
    ],
  },
  {
    name: 'account mapping link',
    actions: [
      {
        name: 'open the link',
        go: open('/#/verifyAccountMapping?token=mapping-validated'),
        calls: [
          {
            op: 'verifyAccountMapping',
            failed: linkCheckFailed,
            button: button('Try again'),
            again: (page) => page.getByRole('button', { name: 'Try again' }).click(),
          },
        ],
        then: (page) => seeHeading(page, /successfully verified/),
      },
    ],
  },
  {
    name: 'account set-up by an invitation link',
    actions: [
      {
        name: 'open the link: signed in by its token',
        go: open('/#/verifyUserInvite?token=authrep-validated'),
        secrets: ['authrep-validated'],
        calls: [
          { op: 'verifyToken', fault: false },
          {
            op: 'signInWithToken',
            failed: linkCheckFailed,
            button: button('Try again'),
            again: (page) => page.getByRole('button', { name: 'Try again' }).click(),
          },
        ],
        then: (page) => seeHeading(page, 'Choose your username'),
      },
      ...setupSteps({ withToken: true }),
    ],
  },

  // --- account setup ---
  {
    name: 'account set-up',
    actions: [
      { name: 'open the sign-in form', go: open('/'), calls: [], then: onSignInForm },
      {
        name: 'sign in (setup)',
        ...signInAs('setup'),
        calls: afterSignIn(['authenticate', ...SIGN_IN_WAVE]),
        then: (page) => seeHeading(page, 'Choose your username'),
      },
      ...setupSteps({ withToken: false }),
    ],
  },
  {
    name: 'account set-up, username taken meanwhile',
    actions: [
      { name: 'open the sign-in form', go: open('/'), calls: [], then: onSignInForm },
      {
        name: 'sign in (setup)',
        ...signInAs('setup'),
        calls: afterSignIn(['authenticate', ...SIGN_IN_WAVE]),
        then: (page) => seeHeading(page, 'Choose your username'),
      },
      {
        name: 'a username',
        prepare: async (page) => {
          await page.getByRole('textbox', { name: 'Username' }).fill('takenMeanwhile');
        },
        press: button('Continue'),
        calls: [{ op: 'validateUsername', fault: false }],
        then: (page) => seeHeading(page, 'Create your password'),
      },
      { name: 'the password', ...newPassword, calls: [], then: (page) => seeHeading(page, 'Enter your email address') },
      {
        name: 'the email address',
        prepare: async (page) => {
          await page.getByRole('textbox', { name: 'Email address' }).fill(EMAIL);
        },
        press: button('Continue'),
        calls: [
          { op: 'updateEmail', fault: false },
          { op: 'requestUserMfaCode', fault: false },
        ],
        then: (page) => seeHeading(page, codeHeading),
      },
      {
        name: 'the email code: the username was taken meanwhile',
        ...enterCode(),
        calls: [
          { op: 'verifyMfaCode', fault: false },
          { op: 'markEmailVerified', fault: false },
          { op: 'updateCredentials', fault: false },
        ],
        then: (page) => seeHeading(page, 'This username has been taken, please choose a new one'),
      },
      {
        name: 'another username',
        prepare: async (page) => {
          await page.getByRole('textbox', { name: 'Username' }).fill('janesmith2');
        },
        press: button('Continue'),
        enter: (page) => page.getByRole('textbox', { name: 'Username' }),
        calls: [
          {
            op: 'validateUsername',
            failed: async ({ page }) => {
              await expect(page.getByText('Error verifying username, please try again.')).toBeVisible();
              await seeHeading(page, 'This username has been taken, please choose a new one');
            },
          },
          {
            op: 'updateCredentials',
            failed: toast('Error updating credentials. Please try again.', 'This username has been taken, please choose a new one'),
          },
        ],
        then: (page) => seeHeading(page, 'Lastly, add an extra layer of security to your account'),
      },
    ],
  },

  // --- authenticator app and profile ---
  {
    name: 'authenticator-app set-up',
    start: async ({ seedSession, mockCookie }) => {
      await mockCookie('mockTotpApp', 'none');
      await seedSession();
    },
    actions: [
      { name: 'open the set-up', go: open('/#/totp-setup'), calls: [], then: (page) => seeHeading(page, 'Set up authenticator app') },
      {
        name: 'register an app',
        press: button('Setup authenticator app'),
        calls: [{ op: 'registerTotp', failed: toast('Oops, something went wrong', 'Set up authenticator app') }],
        then: (page) => seeHeading(page, 'Scan the QR code'),
      },
      { name: 'past the QR code', press: button('Continue'), calls: [], then: (page) => seeHeading(page, 'Add the name of your app') },
      { name: 'past the name', press: button('Continue'), calls: [], then: (page) => seeHeading(page, codeHeading) },
      {
        name: 'the first code',
        prepare: async (page) => {
          await codeField(page).fill(CODE);
        },
        press: button('Validate code'),
        enter: codeField,
        secrets: [CODE],
        calls: [
          {
            op: 'verifyTotpRegistration',
            // The spec: any failure but a refused code ends the set-up, saying so to the profile page.
            failed: async ({ page }) => {
              await seeHeading(page, profilePhoneHeading);
              expect(await page.evaluate(() => window.sessionStorage.getItem('isTotpSetupSuccess'))).toBe('false');
            },
            // The profile page the set-up ends on marks the phone update as the profile's.
            // The profile's phone page it lands on begins its own journey step (no secret in it).
            mayWrite: ['isTotpSetupSuccess', 'profileUpdatePhone', 'journey'],
            button: null,
            again: 'restart',
          },
          // Verified, the app needs no lookup on the phone page: its code was just given.
        ],
        then: (page) => seeHeading(page, profilePhoneHeading),
      },
    ],
  },
  {
    name: 'profile: new phone after the app code',
    start: ({ seedSession }) => seedSession(),
    actions: [
      {
        name: 'open the phone update',
        go: open('/#/profile-update-phone'),
        calls: [
          {
            op: 'getTotpInfo',
            // The spec's "up one level", saying why.
            failed: async ({ shown }) => {
              await shown('Your security settings could not be loaded. Please try again later.');
            },
            // The page marks the phone update as the profile's when it opens.
            mayWrite: ['profileUpdatePhone'],
            button: null,
            again: 'restart',
          },
        ],
        then: (page) => seeHeading(page, codeHeading),
      },
      {
        name: "the app's code",
        ...enterCode('135790'),
        // No answer is no verdict on the code: the internal error, not 'not valid'.
        calls: [{ op: 'verifyMfaCode', failed: toast(INTERNAL_ERROR, codeHeading) }],
        then: (page) => seeHeading(page, profilePhoneHeading),
      },
      {
        name: 'the phone number',
        ...phoneNumber,
        calls: [{ op: 'savePhone', failed: toast('Unable to update phone', profilePhoneHeading) }],
        then: (page) => seeHeading(page, methodHeading),
      },
      {
        name: 'send the code',
        press: button('Send code'),
        calls: [{ op: 'requestUserMfaCode', failed: toast('Unable to request token. Please try again later', methodHeading) }],
        then: (page) => seeHeading(page, codeHeading),
      },
      {
        name: "the phone's code",
        ...enterCode(),
        calls: [
          { op: 'verifyMfaCode', once: true, failed: toast('Unable to verify phone', codeHeading) },
          { op: 'markPhoneVerified', once: true, failed: toast('Unable to verify phone', codeHeading) },
          {
            op: 'saveOptionChoice',
            when: (request) => body(request).optionType === 9930,
            failed: toast('Unable to verify phone', codeHeading),
          },
          { op: 'deleteOptionChoice', failed: toast('Unable to verify phone', codeHeading) },
          {
            op: 'saveOptionChoice',
            when: (request) => body(request).optionType === 190,
            failed: toast('Unable to verify phone', codeHeading),
          },
        ],
        then: onDashboard('/participant#/security/settings?success=phoneUpdated'),
      },
    ],
  },
  {
    name: 'profile verification: remove the app',
    start: ({ seedSession }) => seedSession(),
    actions: [
      {
        name: 'open the verification',
        go: open('/#/profile-mfa-verification'),
        calls: [
          {
            op: 'getTotpInfo',
            failed: async ({ page }) => {
              await expect(page.getByText('Your security settings could not be loaded. Please try again later.')).toBeVisible();
            },
            button: button('Back to your profile'),
            again: 'restart',
          },
        ],
        then: (page) => expect(page.getByText('Enter the code your authenticator app shows.')).toBeVisible(),
      },
      {
        name: "the app's code",
        ...enterCode(),
        calls: [
          // No answer is no verdict on the code; once it went through, another try sends only what failed.
          { op: 'verifyMfaCode', once: true, failed: toast(INTERNAL_ERROR, codeHeading) },
          { op: 'removeTotpDevice', failed: toast('Unable to remove TOTP device, please try again', codeHeading) },
        ],
        then: onDashboard('/participant#/security/settings'),
      },
    ],
  },
  {
    name: 'profile verification by email',
    start: async ({ seedSession, mockCookie }) => {
      await mockCookie('mockTotpApp', 'none');
      await seedSession();
    },
    actions: [
      {
        name: 'open the verification: a code goes by email',
        go: open('/#/outer-mfa-verification'),
        calls: [
          { op: 'getTotpInfo', fault: false },
          {
            op: 'requestUserMfaCode',
            failed: toast('Unable to request token. Please try again later', codeHeading),
            button: button('Send a new code'),
            again: (page) => page.getByRole('button', { name: 'Send a new code' }).click(),
          },
        ],
        then: (page) => expect(page.getByText('We sent a code to your email address.')).toBeVisible(),
      },
      {
        name: 'the code',
        ...enterCode(),
        calls: [
          { op: 'verifyMfaCode', once: true, failed: toast(INTERNAL_ERROR, codeHeading) },
          { op: 'markEmailVerified', failed: toast('Unable to verify email address', codeHeading) },
        ],
        then: onDashboard('/participant#/security/settings'),
      },
    ],
  },

  // --- the shell: public content, the session, the idle timeout, logout, the activity log ---
  {
    name: 'public content',
    actions: [
      {
        name: 'open the sign-in form',
        go: open('/'),
        calls: [
          // Without the brand, the portal's own; without announcements, none: the form works.
          {
            op: 'getPublicBranding',
            failed: ({ page }) => onSignInForm(page),
            again: 'restart',
            button: null,
            progress: false,
            attempts: 2,
          },
          { op: 'getAnnouncements', failed: ({ page }) => onSignInForm(page), again: 'restart', button: null, progress: false },
        ],
        // The announcements are asked for after the form shows.
        then: async (page) => {
          await onSignInForm(page);
          await expect
            .poll(() => page.evaluate(() => window.__watch.fetches.some((entry) => entry.url.endsWith('/announcements.json'))))
            .toBe(true);
        },
      },
    ],
  },
  {
    name: 'session validation',
    start: ({ seedSession }) => seedSession(),
    actions: [
      {
        name: 'open a guarded screen',
        go: open('/#/password'),
        calls: [
          {
            op: 'validateSession',
            // A validation that could not be made keeps the session and the screen.
            failed: async ({ page }) => {
              await seeHeading(page, 'Change your password');
              expect(await page.evaluate(() => window.sessionStorage.getItem('token'))).not.toBeNull();
            },
            again: 'restart',
            button: null,
            progress: false,
          },
        ],
        then: (page) => seeHeading(page, 'Change your password'),
      },
    ],
  },
  {
    name: 'idle timeout',
    start: ({ seedSession }) => seedSession(),
    actions: [
      {
        name: 'open a guarded screen',
        go: open('/#/password'),
        calls: [{ op: 'validateSession', fault: false }],
        // Signed in: the idle timeout watches for activity from now on.
        then: async (page) => {
          await seeHeading(page, 'Change your password');
          await expect.poll(() => page.evaluate(() => window.__watch.idleArmed)).toBeGreaterThan(0);
        },
      },
      {
        name: 'active for ten minutes: the keep-alive',
        go: async (page) => {
          await page.clock.fastForward(10 * 60_000);
          await page.getByRole('heading', { level: 1 }).click();
        },
        calls: [
          // Nothing to tell: the next activity sends another.
          {
            op: 'keepAlive',
            failed: ({ page }) => seeHeading(page, 'Change your password'),
            again: 'restart',
            button: null,
            progress: false,
          },
        ],
        then: (page) => seeHeading(page, 'Change your password'),
      },
      {
        name: 'idle: the last activity is asked for',
        go: async (page) => {
          await page.clock.fastForward(1_771_000);
        },
        calls: [
          // Unknown is no sign of activity elsewhere: the warning shows.
          {
            op: 'getLastAccessed',
            // While the warning shows, the portal asks again every 5 seconds.
            repeats: true,
            failed: ({ page }) => expect(page.getByRole('dialog', { name: 'Are you still there?' })).toBeVisible(),
            again: 'restart',
            button: null,
            progress: false,
          },
        ],
        then: (page) => expect(page.getByRole('dialog', { name: 'Are you still there?' })).toBeVisible(),
      },
      {
        name: 'continue the session',
        press: button('Continue my session'),
        // One keep-alive for one press.
        calls: [{ op: 'keepAlive', fault: false }],
        then: (page) => expect(page.getByRole('dialog', { name: 'Are you still there?' })).toBeHidden(),
      },
    ],
  },
  {
    name: 'logout redirect',
    start: ({ seedSession }) => seedSession(),
    actions: [
      {
        name: 'arrive from another application',
        go: open('/#/redirectLogin?ind=employee'),
        calls: [
          {
            op: 'getLogoutPage',
            failed: ({ page }) => seeHeading(page, "You've successfully logged out"),
            again: 'restart',
            button: null,
            progress: false,
          },
        ],
        then: (page) => seeHeading(page, "You've successfully logged out"),
      },
    ],
  },
  ...(['participant', 'partner'] as const).map((kind): Journey => ({
    name: `activity log (${kind})`,
    start: ({ seedSession }) => seedSession(kind === 'partner' ? { username: 'admin' } : {}),
    actions: [
      {
        name: 'open a guarded screen',
        go: open('/#/password'),
        calls: [{ op: 'validateSession', fault: false }],
        then: (page) => seeHeading(page, 'Change your password'),
      },
      {
        name: 'a password the gateway cannot save is logged',
        ...newPassword,
        prepare: async (page) => {
          const changePassword = /\/login-gateway\/credentials\/changePassword$/;
          await page.unroute(changePassword);
          // The mock answers with its HTTP 500 (a `Prefer` header), after the suite's own route has seen the request.
          await page.route(changePassword, (route) => route.fallback({ headers: { ...route.request().headers(), prefer: 'code=500' } }));
          await newPassword.prepare?.(page);
        },
        calls: [
          { op: 'changePassword', fault: false },
          {
            op: kind === 'partner' ? 'logPartnerActivity' : 'logParticipantActivity',
            // The log's own failure is nobody's business: the user sees the password's.
            failed: async ({ shown }) => {
              await shown('Error updating your password. Please try again.');
            },
            button: (page) => page.getByLabel('New password', { exact: true }),
            progress: false,
          },
        ],
        then: (page) => expect(page.getByText('Error updating your password. Please try again.')).toBeVisible(),
      },
    ],
  })),

  // --- this contract's extension: a recovery code (at the end of the table, so the sample's
  // fault kinds of the calls before it stay as they were) ---
  {
    name: 'sign-in, recovery code at the code step',
    start: async ({ page, mockCookie }) => {
      // Fresh codes for this walk (a set generated again voids the last walk's), before the
      // cookie that makes the account's sign-in ask for a code.
      recoveryCodes = await generateRecoveryCodes(page, RECOVERY_USER);
      await mockCookie('mockMfa', 'required');
    },
    actions: [
      { name: 'open the sign-in form', go: open('/'), calls: [], then: onSignInForm },
      {
        name: 'sign in (an account of its own, asked for a code)',
        ...signInAs(RECOVERY_USER),
        calls: [
          { op: 'authenticate', fault: false },
          { op: 'getMfaOptions', fault: false },
        ],
        // The methods listed: the heading shows while they are still being asked for.
        then: (page) => expect(page.getByLabel('Text message to ***-***-1234')).toBeVisible(),
      },
      {
        name: 'choose the text message',
        prepare: async (page) => {
          await page.getByLabel('Text message to ***-***-1234').check();
        },
        press: button('Continue'),
        calls: [{ op: 'requestMfaCode', fault: false }],
        then: (page) => seeHeading(page, codeHeading),
      },
      {
        name: 'use a recovery code instead',
        press: button('Use a recovery code instead'),
        calls: [],
        then: (page) => expect(recoveryCodeField(page)).toBeFocused(),
      },
      {
        name: 'enter a recovery code',
        prepare: async (page) => {
          await recoveryCodeField(page).fill(recoveryCodes[0]!);
        },
        press: button('Continue'),
        enter: recoveryCodeField,
        calls: [
          {
            op: 'signInWithRecoveryCode',
            // The internal error, on the recovery-code form still, the code kept for another try.
            failed: async ({ page, shown }) => {
              await shown(INTERNAL_ERROR);
              await seeHeading(page, codeHeading);
              await expect(recoveryCodeField(page)).toBeEnabled();
              await expect(recoveryCodeField(page)).toHaveValue(recoveryCodes[0]!);
            },
          },
          ...afterSignIn(),
        ],
        then: onDashboard('/participant'),
        // The code typed, whichever walk's set it came from.
        get secrets() {
          return recoveryCodes.slice(0, 1);
        },
      },
    ],
  },
  ...profileSecurityJourneys(),

  // --- this contract's extension: a passkey signs in (the button; the autofill is the browser's) ---
  {
    name: 'sign-in with a passkey',
    origin: 'localhost',
    start: async ({ page }) => {
      // A browser without the autofill, so the button's ceremony is the only one; the passkey
      // persona's passkey on the device's own authenticator.
      await page.addInitScript(() => {
        Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', { value: async () => false });
      });
      await (await addVirtualAuthenticator(page)).addCredential(FIXTURE.credential);
    },
    actions: [
      { name: 'open the sign-in form', go: open(`${PASSKEY_ORIGIN}/`), calls: [], then: onSignInForm },
      {
        name: 'sign in with the passkey',
        press: button('Use a passkey'),
        calls: [
          { op: 'startPasskeySignIn', failed: signInFailed },
          { op: 'finishPasskeySignIn', failed: signInFailed },
          ...afterSignIn(['getUserLandingUrl', 'getSkipEnrollmentSteps', 'getOptionChoice', 'getOptionChoice']),
          { op: 'getUserCredentials', failed: signInFailed },
        ],
        then: onDashboard('/participant'),
      },
    ],
  },
];

/**
 * The profile's passkeys and recovery codes (this contract's extension), on localhost with a
 * virtual authenticator, signed in as a user of the journey's own (the mock keeps passkeys and
 * codes per user): the screen's two lists, a passkey added, renamed and removed, a first set of
 * recovery codes and a new one.
 */
function profileSecurityJourneys(): Journey[] {
  const FAILED = 'Something went wrong on our side. Please try again.';
  const passkeys = (page: Page) => page.getByRole('region', { name: 'Passkeys', exact: true });
  const recoveryCodes = (page: Page) => page.getByRole('region', { name: 'Recovery codes', exact: true });
  const passkeyNamed = (page: Page, name: string) => passkeys(page).getByRole('heading', { level: 3, name, exact: true });
  const renameField = (page: Page) => page.getByRole('form', { name: /^Rename / }).getByRole('textbox', { name: 'Passkey name' });
  const newCodes = (page: Page) => page.getByRole('heading', { level: 3, name: 'Your new recovery codes' });
  const inDialog = (name: string) => (page: Page) => page.getByRole('dialog').getByRole('button', { name, exact: true });
  const start: Journey['start'] = async ({ page, seedSession, authenticator }) => {
    await authenticator();
    const username = uniqueUsername('hk');
    await seedSession({ ...(await gatewaySession(page.request, username)), username });
  };
  return [
    {
      name: 'profile: passkeys and recovery codes',
      origin: 'localhost',
      start,
      actions: [
        {
          name: 'open the profile screen',
          go: open(`${PASSKEY_ORIGIN}/#/profile-security`),
          calls: [
            // A list that could not be loaded says so, with Try again; the rest of the screen works.
            {
              op: 'listPasskeys',
              failed: async ({ page, shown }) => {
                await shown('We could not load your passkeys. Please try again.');
                await expect(recoveryCodes(page).getByText('You have not generated recovery codes yet.')).toBeVisible();
              },
              again: 'restart',
              button: (page) => passkeys(page).getByRole('button', { name: 'Try again' }),
              attempts: 3,
            },
            {
              op: 'getRecoveryCodeStatus',
              failed: async ({ page, shown }) => {
                await shown('We could not check your recovery codes. Please try again.');
                await expect(passkeys(page).getByText('You have not added a passkey yet.')).toBeVisible();
              },
              again: 'restart',
              button: (page) => recoveryCodes(page).getByRole('button', { name: 'Try again' }),
              attempts: 3,
            },
          ],
          then: async (page) => {
            await expect(passkeys(page).getByText('You have not added a passkey yet.')).toBeVisible();
            await expect(recoveryCodes(page).getByRole('button', { name: 'Generate recovery codes' })).toBeEnabled();
          },
        },
        {
          name: 'add a passkey',
          prepare: async (page) => {
            await page.getByRole('textbox', { name: 'Passkey name' }).fill('Hostile key');
          },
          press: button('Add a passkey'),
          enter: (page) => page.getByRole('textbox', { name: 'Passkey name' }),
          calls: [
            // Before the prompt, or after it: the name stays for the next try.
            {
              op: 'startPasskeyRegistration',
              failed: async ({ page, shown }) => {
                await shown(FAILED);
                await expect(page.getByRole('textbox', { name: 'Passkey name' })).toHaveValue('Hostile key');
              },
            },
            {
              op: 'finishPasskeyRegistration',
              failed: async ({ page, shown }) => {
                await shown(FAILED);
                await expect(page.getByRole('textbox', { name: 'Passkey name' })).toHaveValue('Hostile key');
              },
            },
            // The list again, with the new passkey.
            { op: 'listPasskeys', fault: false },
          ],
          then: (page) => expect(passkeyNamed(page, 'Hostile key')).toBeFocused(),
        },
        {
          name: 'rename it',
          prepare: async (page) => {
            // After a failure the form is still open, with the name typed.
            if ((await renameField(page).count()) === 0) await page.getByRole('button', { name: 'Rename Hostile key' }).click();
            await renameField(page).fill('Renamed key');
          },
          press: (page) => page.getByRole('form', { name: /^Rename / }).getByRole('button', { name: 'Save' }),
          enter: renameField,
          calls: [
            {
              op: 'renamePasskey',
              failed: async ({ page, shown }) => {
                await shown(FAILED);
                await expect(renameField(page)).toHaveValue('Renamed key');
              },
            },
            { op: 'listPasskeys', fault: false },
          ],
          then: (page) => expect(passkeyNamed(page, 'Renamed key')).toBeFocused(),
        },
        {
          name: 'remove it, confirmed',
          prepare: async (page) => {
            await page.getByRole('button', { name: 'Remove Renamed key' }).click();
          },
          press: inDialog('Remove'),
          calls: [
            {
              op: 'removePasskey',
              failed: async ({ page, shown }) => {
                await shown(FAILED);
                await expect(passkeyNamed(page, 'Renamed key')).toBeVisible();
              },
              // The dialog has closed: Remove, beside the passkey, asks again.
              button: (page) => page.getByRole('button', { name: 'Remove Renamed key' }),
            },
            { op: 'listPasskeys', fault: false },
          ],
          then: (page) => expect(passkeys(page).getByText('You have not added a passkey yet.')).toBeVisible(),
        },
        {
          name: 'generate the first recovery codes',
          press: button('Generate recovery codes'),
          calls: [{ op: 'generateRecoveryCodes', failed: toast('We could not generate recovery codes. Please try again.') }],
          then: (page) => expect(newCodes(page)).toBeFocused(),
        },
        {
          name: 'saved: done',
          prepare: async (page) => {
            await page.getByRole('checkbox', { name: 'I have saved these codes' }).check();
          },
          press: button('Done'),
          // The count again; a count that could not be had leaves the last one shown.
          calls: [{ op: 'getRecoveryCodeStatus', fault: false }],
          then: (page) => expect(recoveryCodes(page).getByText('You have 10 recovery codes left.')).toBeVisible(),
        },
        {
          name: 'generate new codes, confirmed',
          prepare: async (page) => {
            await recoveryCodes(page).getByRole('button', { name: 'Generate new codes' }).click();
          },
          press: inDialog('Generate new codes'),
          calls: [
            {
              op: 'generateRecoveryCodes',
              failed: async ({ page, shown }) => {
                await shown('We could not generate recovery codes. Please try again.');
                await expect(recoveryCodes(page).getByText('You have 10 recovery codes left.')).toBeVisible();
              },
              button: (page) => recoveryCodes(page).getByRole('button', { name: 'Generate new codes' }),
            },
          ],
          then: (page) => expect(newCodes(page)).toBeFocused(),
        },
      ],
    },
  ];
}

/** Account setup from its first step: the setup account's, or an invitation's (which completes the setup with its token). */
function setupSteps({ withToken }: { readonly withToken: boolean }): Action[] {
  const step = (page: Page, n: number) => expect(page.getByText(`Create Account: Step ${n} of 7`, { exact: true })).toBeVisible();
  const faultHere = !withToken;
  return [
    {
      name: 'a username',
      prepare: async (page) => {
        await page.getByRole('textbox', { name: 'Username' }).fill('janesmith');
      },
      press: button('Continue'),
      enter: (page) => page.getByRole('textbox', { name: 'Username' }),
      calls: [
        {
          op: 'validateUsername',
          fault: faultHere,
          failed: async ({ page }) => {
            await expect(page.getByText('Error verifying username, please try again.')).toBeVisible();
            await step(page, 1);
          },
        },
      ],
      then: (page) => step(page, 2),
    },
    { name: 'the password', ...newPassword, calls: [], then: (page) => step(page, 3) },
    {
      name: 'the email address',
      prepare: async (page) => {
        await page.getByRole('textbox', { name: 'Email address' }).fill(EMAIL);
      },
      press: button('Continue'),
      enter: (page) => page.getByRole('textbox', { name: 'Email address' }),
      calls: [
        { op: 'updateEmail', fault: faultHere, failed: toast('Unable to update email address', 'Enter your email address') },
        {
          op: 'requestUserMfaCode',
          fault: faultHere,
          failed: toast('Unable to request token. Please try again later', 'Enter your email address'),
        },
      ],
      then: (page) => step(page, 4),
    },
    {
      name: 'the email code',
      ...enterCode(),
      calls: [
        { op: 'verifyMfaCode', once: true, fault: faultHere, failed: toast('Unable to verify email address', codeHeading) },
        { op: 'markEmailVerified', once: true, fault: faultHere, failed: toast('Unable to verify email address', codeHeading) },
        {
          op: 'updateCredentials',
          once: true,
          fault: faultHere,
          failed: toast('Error updating credentials. Please try again.', codeHeading),
        },
        ...(withToken ? [{ op: 'completeAccountSetup', failed: toast(INTERNAL_ERROR, codeHeading) }] : []),
      ],
      then: (page) => step(page, 5),
    },
    { name: 'the phone number', ...phoneNumber, calls: [{ op: 'savePhone', fault: false }], then: (page) => step(page, 6) },
    {
      name: 'send the code',
      press: button('Send code'),
      calls: [{ op: 'requestUserMfaCode', fault: false }],
      then: (page) => step(page, 7),
    },
    {
      name: "the phone's code",
      ...enterCode(),
      calls: [
        ...phoneVerified,
        // A participant goes to the participant dashboard, or enrollment.
        { op: 'getSkipEnrollmentSteps', fault: faultHere, failed: toast(INTERNAL_ERROR, codeHeading) },
      ],
      then: onDashboard('/participant'),
    },
  ];
}
