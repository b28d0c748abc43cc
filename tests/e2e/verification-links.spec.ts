import type { Page, Request } from '@playwright/test';
import { expect, expectAnnounced, expectNoAxeViolations, holdCalls, preferExample, test } from '../support/fixtures';

/*
 * The link pages (spec sections 2 "Link-verification screens", 4 "Token page", 8): every state
 * of each, reached with the mock's link tokens (`<kind>-<state>`, see openapi/mock-scenarios.yaml
 * and the README), and what happens to the token: read once, out of the address bar, never sent
 * anywhere but the gateway.
 */

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** Every request the page makes, to check where a token went. */
function record(page: Page) {
  const seen: Request[] = [];
  page.on('request', (request) => seen.push(request));
  return seen;
}

/** The address bar has no query left, and no request but the gateway's carries the token in its address or Referer. */
async function expectTokenGone(page: Page, requests: readonly Request[], token: string) {
  expect(page.url()).not.toContain(token);
  for (const request of requests) {
    const url = new URL(request.url());
    if (url.searchParams.get('token') === token || request.postData()?.includes(token)) {
      expect(url.pathname, 'only gateway calls carry the token').toMatch(/^\/login-gateway\//);
    }
    expect(request.headers()['referer'] ?? '', 'no Referer is sent').not.toContain(token);
  }
}

test.describe('the token page (/verification)', () => {
  test('without a token, the link reads as expired, with Sign In', async ({ page }) => {
    await page.goto('/#/verification');
    await expect(heading(page, 'This link has expired')).toBeVisible();
    await expect(page.getByText('check your inbox for a more current email')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(heading(page, 'Sign in to your 401(k) account')).toBeVisible();
  });

  test('a usable email link goes on to the email page, which verifies the address', async ({ page }) => {
    const requests = record(page);
    await page.goto('/#/verification?token=email-validated&userId=100245');
    await expect(heading(page, 'Your email address has been verified!')).toBeVisible();
    await expect(page).toHaveURL(/#\/emailVerification$/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expectTokenGone(page, requests, 'email-validated');
    expect(requests.filter((request) => /\/participant\/100245\/email\/verification/.test(request.url()))).toHaveLength(1);
    await expectNoAxeViolations(page);
  });

  test("a usable email link whose page's code cannot load shows the error, the token never back in the address", async ({
    page,
    guards,
  }) => {
    guards.allowConsoleErrors(/Failed to load resource|Failed to fetch dynamically imported module/);
    await page.route(/\/assets\/email-verification-page-[\w-]+\.js$/, (route) => route.abort());
    const addresses: string[] = [];
    await page.exposeFunction('__address', (address: string) => addresses.push(address));
    // Every address the page shows, as it changes (a hash change made by the router included).
    await page.addInitScript(() => {
      const report = () => void (window as unknown as { __address: (address: string) => void }).__address(window.location.href);
      for (const name of ['pushState', 'replaceState'] as const) {
        const original = history[name].bind(history);
        history[name] = (...args: Parameters<History['pushState']>) => {
          original(...args);
          report();
        };
      }
      window.addEventListener('hashchange', report);
    });
    await page.goto('/#/verification?token=email-validated&userId=100245');
    await expect(heading(page, 'Something went wrong')).toBeVisible();
    await expect(page).toHaveURL(/#\/verification$/);
    // The link's own address, until the page takes the token out; never again after that.
    const cleaned = addresses.findIndex((address) => !address.includes('email-validated'));
    expect(cleaned).toBeGreaterThanOrEqual(0);
    expect(addresses.slice(cleaned).filter((address) => address.includes('email-validated'))).toEqual([]);
  });

  test('a completed email link: Email already verified!', async ({ page }) => {
    await page.goto('/#/verification?token=email-completed');
    await expect(heading(page, 'Email already verified!')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('an expired email link offers a new one', async ({ page }) => {
    await page.goto('/#/verification?token=email-expired');
    await expect(heading(page, 'Email verification link expired')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resend Verification Link' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('a usable account-setup link signs in by its token and begins the account set-up', async ({ page }) => {
    const requests = record(page);
    await page.goto('/#/verification?token=setup-validated');
    await expect(page).toHaveURL(/#\/account-setup(\/username)?$/);
    const signIns = requests.filter((request) => new URL(request.url()).pathname === '/login-gateway/authentication/token');
    expect(signIns).toHaveLength(1);
    expect(signIns[0]?.postDataJSON()).toMatchObject({ token: 'setup-validated' });
    expect(await page.evaluate(() => window.sessionStorage.getItem('userId'))).toBe('100245');
    await expectTokenGone(page, requests, 'setup-validated');
  });

  test('a completed enrollment link: Enrollment Already Completed, with Login', async ({ page }) => {
    await page.goto('/#/verification?token=setup-completed');
    await expect(heading(page, 'Enrollment Already Completed')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(heading(page, 'Sign in to your 401(k) account')).toBeVisible();
  });

  test('an expired enrollment link: Enrollment Link Expired, with a resend', async ({ page }) => {
    await page.goto('/#/verification?token=setup-expired');
    await expect(heading(page, 'Enrollment Link Expired')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resend Enrollment Email' })).toBeVisible();
  });

  test('a token the gateway turns down when signing in reads as expired', async ({ page }) => {
    // A usable account-setup record, but the sign-in by this token is refused (the mock's 'expired').
    await preferExample(page, /\/login-gateway\/verification\/token\?/, 'example=accountSetupValidated');
    await page.goto('/#/verification?token=expired');
    await expect(heading(page, 'Enrollment Link Expired')).toBeVisible();
  });

  for (const [name, query] of [
    ['a malformed token', 'token=%3Cimg%20src%3Dx%3E'],
    ['an empty token', 'token='],
    ['a repeated token', 'token=email-validated&token=email-expired'],
    ['a huge token', `token=${'a'.repeat(5000)}`],
  ] as const) {
    test(`${name} reads as expired, and nothing is asked of the gateway`, async ({ page }) => {
      const requests = record(page);
      await page.goto(`/#/verification?${query}`);
      await expect(heading(page, 'This link has expired')).toBeVisible();
      expect(page.url()).toMatch(/#\/verification$/);
      expect(requests.filter((request) => /\/verification\/token/.test(request.url()))).toHaveLength(0);
    });
  }

  test('a failing gateway says so, offers to try again, and Sign In', async ({ page, guards }) => {
    guards.allowConsoleErrors(/status of 500/);
    await preferExample(page, /\/login-gateway\/verification\/token\?/, 'code=500');
    await page.goto('/#/verification?token=email-validated');
    await expect(heading(page, 'We could not check your link')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('a body that breaks the contract is a failure too, never a white screen', async ({ page, guards }) => {
    guards.allowConsoleErrors(/status of 200/);
    await page.route(/\/login-gateway\/verification\/token\?/, (route) =>
      route.fulfill({ contentType: 'application/json', body: '{"data":{"type":"Nonsense"}}' }),
    );
    await page.goto('/#/verification?token=email-validated');
    await expect(heading(page, 'We could not check your link')).toBeVisible();
  });
});

test.describe('email verification (/emailVerification)', () => {
  test('verifies the address', async ({ page }) => {
    await page.goto('/#/emailVerification?token=email-validated&userId=100245');
    await expect(heading(page, 'Your email address has been verified!')).toBeVisible();
    await expect(page).toHaveURL(/#\/emailVerification$/);
  });

  test('an address verified before: Email already verified!', async ({ page }) => {
    await preferExample(page, /\/email\/verification\?/, 'example=alreadyVerified');
    await page.goto('/#/emailVerification?token=email-validated&userId=100245');
    await expect(heading(page, 'Email already verified!')).toBeVisible();
  });

  test('a link of another type reads as expired', async ({ page }) => {
    await page.goto('/#/emailVerification?token=setup-validated&userId=100245');
    await expect(heading(page, 'Email verification link expired')).toBeVisible();
  });

  test('a verification that fails reads as expired', async ({ page, guards }) => {
    guards.allowConsoleErrors(/status of 500/);
    await preferExample(page, /\/email\/verification\?/, 'code=500');
    await page.goto('/#/emailVerification?token=email-validated&userId=100245');
    await expect(heading(page, 'Email verification link expired')).toBeVisible();
  });

  test('the resend shows a spinner and is disabled while it is sent, then Link Resent!', async ({ page }) => {
    const resends = record(page);
    const release = await holdCalls(page, /\/verification\/email\/resend$/);
    await page.goto('/#/emailVerification?token=email-expired&userId=100245');
    const resend = page.getByRole('button', { name: 'Resend Verification Link' });
    await resend.focus();
    await resend.evaluate((button: HTMLButtonElement) => {
      button.click();
      button.click();
    });
    await expect(resend).toBeDisabled();
    await expect(resend).toHaveAttribute('aria-busy', 'true');
    await expect(resend.locator('span[aria-hidden="true"]')).toBeVisible();
    release();
    const sent = page.getByRole('button', { name: 'Link Resent!' });
    await expect(sent).toBeVisible();
    await expect(sent).toBeDisabled();
    // Disabled as a busy button is: the keyboard user's place is kept, and the status line says it.
    await expect(sent).toBeFocused();
    await expectAnnounced(page, 'Link Resent!', 'status');
    expect(resends.filter((request) => request.url().endsWith('/verification/email/resend'))).toHaveLength(1);
    await expectNoAxeViolations(page);
  });

  test('a resend that fails says so, and can be tried again', async ({ page }) => {
    await preferExample(page, /\/verification\/email\/resend$/, 'example=notSent');
    await page.goto('/#/emailVerification?token=email-expired&userId=100245');
    await page.getByRole('button', { name: 'Resend Verification Link' }).click();
    await expectAnnounced(page, 'Unable to send verification link. Please try again later.', 'status');
    // Shown under the button too, for those who see it (the status region is for screen readers).
    await expect(page.locator('.resend-button__status')).toHaveText('Unable to send verification link. Please try again later.');
    await expect(page.getByRole('button', { name: 'Resend Verification Link' })).toBeEnabled();
  });
});

test.describe('invitations (/verifyUserInvite, /verifyAdvisorInvite)', () => {
  test('an expired user invitation asks to check the inbox and offers a new enrollment email', async ({ page }) => {
    await page.goto('/#/verifyUserInvite?token=authrep-expired');
    await expect(heading(page, 'Enrollment Link Expired')).toBeVisible();
    await expect(page.getByText('Please check your inbox for a more current enrollment email.')).toBeVisible();
    await page.getByRole('button', { name: 'Resend Enrollment Email' }).click();
    await expect(page.getByRole('button', { name: 'Link Resent!' })).toBeDisabled();
    await expectNoAxeViolations(page);
  });

  test('a resend of an enrollment email that fails says so', async ({ page }) => {
    await preferExample(page, /\/verification\/enrollment\/resend$/, 'example=notSent');
    await page.goto('/#/verifyAdvisorInvite?token=advisor-expired');
    await page.getByRole('button', { name: 'Resend Enrollment Email' }).click();
    await expectAnnounced(page, 'Unable to send enrollment link. Please try again later.', 'status');
  });

  test('a completed advisor invitation: Enrollment Already Completed, with Login', async ({ page }) => {
    await page.goto('/#/verifyAdvisorInvite?token=advisor-completed');
    await expect(heading(page, 'Enrollment Already Completed')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  for (const [route, token] of [
    ['verifyUserInvite', 'authrep-validated'],
    ['verifyAdvisorInvite', 'advisor-validated'],
  ] as const) {
    test(`a usable invitation (/${route}) signs in by its token and begins the account set-up`, async ({ page }) => {
      const requests = record(page);
      await page.goto(`/#/${route}?token=${token}`);
      await expect(page).toHaveURL(/#\/account-setup(\/username)?$/);
      await expectTokenGone(page, requests, token);
    });
  }
});

test.describe('account mapping (/verifyAccountMapping)', () => {
  test('a verified link says the linking is complete, with Sign In', async ({ page }) => {
    await page.goto('/#/verifyAccountMapping?token=mapping-ok');
    await expect(heading(page, 'The account link has been successfully verified and the linking process has been completed')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(page).toHaveURL(/#\/verifyAccountMapping$/);
    await expectNoAxeViolations(page);
  });

  test('an expired link asks for a new request, with Sign In', async ({ page }) => {
    await page.goto('/#/verifyAccountMapping?token=expired');
    await expect(heading(page, 'This account verification link has expired.')).toBeVisible();
    await expect(page.getByText('Please sign in and submit a new account link request.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('no token reads as expired', async ({ page }) => {
    await page.goto('/#/verifyAccountMapping');
    await expect(heading(page, 'This account verification link has expired.')).toBeVisible();
  });
});

test.describe('trustee signing (/trusteeSigningVerification)', () => {
  test('a completed signing says so, with Sign In', async ({ page }) => {
    await page.goto('/#/trusteeSigningVerification?token=trustee-completed');
    await expect(heading(page, "Looks like you've already completed signing your trust documents.")).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('an expired link whose verification expired offers a fresh one', async ({ page }) => {
    const requests = record(page);
    await page.goto('/#/trusteeSigningVerification?token=trustee-expired');
    await expect(heading(page, 'The link you are using to sign your trust documents has expired.')).toBeVisible();
    await page.getByRole('button', { name: 'Resend Link' }).click();
    await expect(page.getByRole('button', { name: 'Link Resent!' })).toBeDisabled();
    expect(requests.filter((request) => request.url().endsWith('/login-gateway/verification/resend'))).toHaveLength(1);
    await expectNoAxeViolations(page);
  });

  test('an expired link that a newer one replaced asks to check the inbox, with no resend', async ({ page }) => {
    await page.goto('/#/trusteeSigningVerification?token=trustee-replaced');
    await expect(heading(page, 'The link you are using to sign your trust documents has expired.')).toBeVisible();
    await expect(page.getByText('Please check your inbox for a more current email')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resend Link' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the same links opened at /verification show the same trustee screens, the same resend', async ({ page }) => {
    const requests = record(page);
    await page.goto('/#/verification?token=trustee-completed');
    await expect(heading(page, "Looks like you've already completed signing your trust documents.")).toBeVisible();
    await page.goto('/#/verification?token=trustee-replaced');
    await expect(heading(page, 'The link you are using to sign your trust documents has expired.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resend Link' })).toHaveCount(0);
    await page.goto('/#/verification?token=trustee-expired');
    await expect(heading(page, 'The link you are using to sign your trust documents has expired.')).toBeVisible();
    await page.getByRole('button', { name: 'Resend Link' }).click();
    await expect(page.getByRole('button', { name: 'Link Resent!' })).toBeDisabled();
    expect(requests.filter((request) => request.url().endsWith('/login-gateway/verification/resend'))).toHaveLength(1);
    await expectNoAxeViolations(page);
  });

  test('a usable link signs the trustee in by its token and goes on to enrollment', async ({ page }) => {
    await page.goto('/#/trusteeSigningVerification?token=trustee-validated');
    await expect(page).toHaveURL(/#\/account-setup(\/username)?$/);
  });
});

test.describe('a link page acts only on its own type of link (spec section 4, token page)', () => {
  const usable = {
    'Email Verification': 'email-validated',
    'Account Setup': 'setup-validated',
    'Authorized Representative Invitation': 'authrep-validated',
    'Advisor Invitation': 'advisor-validated',
    'Trustee Signing': 'trustee-validated',
  } as const;
  type LinkType = keyof typeof usable;
  const others = (...own: LinkType[]) => (Object.keys(usable) as LinkType[]).filter((type) => !own.includes(type));

  for (const [route, own] of [
    ['verifyUserInvite', ['Authorized Representative Invitation']],
    ['verifyAdvisorInvite', ['Advisor Invitation']],
    ['trusteeSigningVerification', ['Trustee Signing']],
  ] as const) {
    for (const type of others(...own)) {
      test(`/${route} turns down a usable '${type}' link: no sign-in, the expired link`, async ({ page }) => {
        const requests = record(page);
        const token = usable[type];
        await page.goto(`/#/${route}?token=${token}`);
        await expect(heading(page, 'This link has expired')).toBeVisible();
        await expect(page.getByText('Please check your inbox for a more current email, or sign in to your account.')).toBeVisible();
        await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
        expect(page.url()).toMatch(new RegExp(`#/${route}$`));
        const paths = requests.map((request) => new URL(request.url()).pathname);
        expect(paths, 'the link was checked').toContain('/login-gateway/verification/token');
        expect(paths, 'nobody was signed in by it').not.toContain('/login-gateway/authentication/token');
        expect(await page.evaluate(() => window.sessionStorage.length)).toBe(0);
      });
    }
  }

  for (const type of others('Email Verification')) {
    test(`/emailVerification reads a usable '${type}' link as an expired email link, verifying nothing`, async ({ page }) => {
      const requests = record(page);
      await page.goto(`/#/emailVerification?token=${usable[type]}&userId=100245`);
      await expect(heading(page, 'Email verification link expired')).toBeVisible();
      const paths = requests.map((request) => new URL(request.url()).pathname);
      expect(paths).not.toContain('/login-gateway/authentication/token');
      expect(paths.filter((path) => path.includes('/email/verification'))).toEqual([]);
    });
  }
});

test.describe('a token the gateway turns down (an errors list) is an expired link, never one to check again', () => {
  const refusals = [
    ['with HTTP 200', 200],
    ['with HTTP 400', 400],
  ] as const;
  const pages = [
    ['verification', 'This link has expired'],
    ['verifyUserInvite', 'This link has expired'],
    ['trusteeSigningVerification', 'This link has expired'],
    ['emailVerification', 'Email verification link expired'],
  ] as const;
  for (const [how, status] of refusals) {
    test(`refused ${how}, on each page in turn in one tab: its expired state, and no sign-in`, async ({ page, guards }) => {
      guards.allowConsoleErrors(new RegExp(`status of ${status}`));
      const body = JSON.stringify({ errors: [{ code: 'VEERR04', description: 'Token not found' }] });
      await page.route(/\/login-gateway\/verification\/token\?/, (route) =>
        route.fulfill({ status, contentType: 'application/json', body }),
      );
      const requests = record(page);
      for (const [route, expired] of pages) {
        // Pages in a row share a heading: this page's answer first, then what it shows.
        const checked = page.waitForResponse((response) => new URL(response.url()).searchParams.get('token') === `unknown-${route}`);
        await page.goto(`/#/${route}?token=unknown-${route}&userId=100245`);
        await checked;
        await expect(heading(page, expired)).toBeVisible();
        await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
      }
      const checked = requests.filter((request) => new URL(request.url()).pathname === '/login-gateway/verification/token');
      expect(checked.map((request) => new URL(request.url()).searchParams.get('token'))).toEqual(
        pages.map(([route]) => `unknown-${route}`),
      );
      expect(requests.map((request) => new URL(request.url()).pathname)).not.toContain('/login-gateway/authentication/token');
    });
  }

  test('a 429 is a wait, not a refusal: the page says how long, and offers to try again', async ({ page, guards }) => {
    guards.allowConsoleErrors(/status of 429/);
    // The contract's 429 example, from the mock (Retry-After 300).
    await preferExample(page, /\/login-gateway\/verification\/token\?/, 'code=429, example=tooManyAttempts');
    await page.goto('/#/verifyUserInvite?token=authrep-validated');
    await expect(heading(page, 'We could not check your link')).toBeVisible();
    await expectAnnounced(page, 'Too many attempts. Try again in 5 minutes.');
    await page.unrouteAll();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page).toHaveURL(/#\/account-setup(\/username)?$/);
  });
});

test.describe('the token page acts on every type of link', () => {
  for (const token of ['authrep-validated', 'advisor-validated', 'trustee-validated']) {
    test(`a usable ${token.split('-')[0]} link signs in by its token and begins the account set-up`, async ({ page }) => {
      await page.goto(`/#/verification?token=${token}`);
      await expect(page).toHaveURL(/#\/account-setup(\/username)?$/);
    });
  }
});

test('links opened one after another in the same tab each show their own outcome, each asked of the gateway', async ({ page }) => {
  const requests = record(page);
  /** The tokens the gateway was asked about, by call, in order. */
  const asked = (path: string) =>
    requests
      .filter((request) => new URL(request.url()).pathname === path)
      .map((request) => new URL(request.url()).searchParams.get('token'));
  const verifyToken = '/login-gateway/verification/token';
  const verifyMapping = '/login-gateway/verifyAccountMapping';
  await page.goto('/#/verifyAccountMapping?token=mapping-ok');
  await expect(heading(page, 'The account link has been successfully verified and the linking process has been completed')).toBeVisible();
  // The walk stays in this document: pasting a link changes only the part after '#'.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

  // Five link pages, each twice in a row with links of different outcomes: the page stays mounted between them.
  const walk: readonly (readonly [route: string, token: string, outcome: string, call: string])[] = [
    ['verifyAccountMapping', 'expired', 'This account verification link has expired.', verifyMapping],
    ['trusteeSigningVerification', 'trustee-completed', "Looks like you've already completed signing your trust documents.", verifyToken],
    ['trusteeSigningVerification', 'trustee-expired', 'The link you are using to sign your trust documents has expired.', verifyToken],
    ['verifyUserInvite', 'authrep-expired', 'Enrollment Link Expired', verifyToken],
    ['verifyUserInvite', 'authrep-completed', 'Enrollment Already Completed', verifyToken],
    ['emailVerification', 'email-completed', 'Email already verified!', verifyToken],
    ['emailVerification', 'email-expired', 'Email verification link expired', verifyToken],
    ['verification', 'setup-expired', 'Enrollment Link Expired', verifyToken],
    ['verification', 'setup-completed', 'Enrollment Already Completed', verifyToken],
  ];
  for (const [route, token, outcome, call] of walk) {
    await page.goto(`/#/${route}?token=${token}`);
    await expect(heading(page, outcome), `${route} with ${token}`).toBeVisible();
    expect(asked(call), `${token} was asked of the gateway`).toContain(token);
    await expect(page).toHaveURL(new RegExp(`#/${route}$`));
  }
  expect(asked(verifyMapping)).toEqual(['mapping-ok', 'expired']);
  expect(asked(verifyToken)).toEqual(walk.slice(1).map(([, token]) => token));
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test("a link's resend is its own: the next link in the same tab offers a fresh one", async ({ page }) => {
  await page.goto('/#/verifyUserInvite?token=authrep-expired');
  await page.getByRole('button', { name: 'Resend Enrollment Email' }).click();
  await expect(page.getByRole('button', { name: 'Link Resent!' })).toBeDisabled();
  // Both invitation pages show the same screen, which stays mounted from one to the other.
  await page.goto('/#/verifyAdvisorInvite?token=advisor-expired');
  await expect(heading(page, 'Enrollment Link Expired')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend Enrollment Email' })).toBeEnabled();
});

test('the token page hands an email link over once: the email page opened again without a token knows none', async ({ page }) => {
  const requests = record(page);
  await page.goto('/#/verification?token=email-validated&userId=100245');
  await expect(heading(page, 'Your email address has been verified!')).toBeVisible();
  await page.goto('/#/emailVerification?userId=100245');
  await expect(heading(page, 'This link has expired')).toBeVisible();
  expect(requests.filter((request) => /\/email\/verification\?/.test(request.url()))).toHaveLength(1);
  await expectTokenGone(page, requests, 'email-validated');
});
