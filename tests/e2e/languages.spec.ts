import type { Page } from '@playwright/test';
import { expect, expectAnnounced, expectNoAxeViolations, pauseClock, standInDashboards, tabTo, test } from '../support/fixtures';
import { mockScenario, seedSession } from '../support/session';
import { translate } from '../support/texts';

/*
 * Spanish (issue 26): the browser's language on a first visit, the switch in the header on every
 * screen, the choice remembered, and every flow completed in Spanish by keyboard at 320 px. The
 * texts are the Spanish catalogue's (src/locales/es), named by their English.
 */

const es = (english: string) => translate('es', english);
const heading = (page: Page, text: string) => page.getByRole('heading', { level: 1, name: text, exact: true });

test.beforeEach(async ({ page }) => {
  await standInDashboards(page);
});

test.describe('a browser that prefers Spanish', () => {
  test.use({ locale: 'es-MX' });

  test('gets the sign-in page in Spanish, <html lang> and the dates in Spanish, with no accessibility violations', async ({ page }) => {
    await page.clock.setFixedTime(new Date('2026-11-21T10:00:00'));
    await page.goto('/');
    await expect(heading(page, es('Sign in to your 401(k) account'))).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-US');
    await expect(page.getByRole('button', { name: es('Sign In'), exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: es('Latest update') })).toContainText('14/11');
    await expect(page.getByRole('button', { name: 'English' })).toHaveAttribute('lang', 'en');
    await expectNoAxeViolations(page);
    // Blank fields: the messages in Spanish.
    await page.getByRole('button', { name: es('Sign In'), exact: true }).click();
    await expect(page.getByText(es('Username is required'))).toBeVisible();
    await expect(page.getByText(es('Password is required'))).toBeVisible();
  });

  test('an English choice made on this device wins over the browser', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('portalLanguage', 'en'));
    await page.goto('/');
    await expect(heading(page, 'Sign in to your 401(k) account')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  });
});

test.describe('the language switch', () => {
  test('by keyboard, keeps what was typed and the focus; remembered after a reload; back to the spec’s English', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Username').fill('jane');
    await page.getByLabel('Password', { exact: true }).fill('Secret#123');
    const toSpanish = page.getByRole('button', { name: 'Español' });
    await tabTo(page, toSpanish);
    await page.keyboard.press('Enter');
    await expect(heading(page, es('Sign in to your 401(k) account'))).toBeVisible();
    const toEnglish = page.getByRole('button', { name: 'English' });
    await expect(toEnglish).toBeFocused();
    await expect(page.getByLabel(es('Username'))).toHaveValue('jane');
    await expect(page.getByLabel(es('Password'), { exact: true })).toHaveValue('Secret#123');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-US');

    await page.reload();
    await expect(heading(page, es('Sign in to your 401(k) account'))).toBeVisible();
    await page.getByRole('button', { name: 'English' }).click();
    await expect(heading(page, 'Sign in to your 401(k) account')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    await page.reload();
    await expect(heading(page, 'Sign in to your 401(k) account')).toBeVisible();
  });

  test("texts a screen picks from a list follow a switch made on it: the forgotten username's roles, account setup's phone heading", async ({
    page,
  }) => {
    await page.goto('/#/forgot-username');
    await expect(page.getByLabel('Employee participating in the 401(k) plan')).toBeChecked();
    await page.getByRole('button', { name: 'Español' }).click();
    await expect(page.getByLabel(es('Employee participating in the 401(k) plan'))).toBeChecked();
    await expect(page.getByLabel(es('401(k) plan administrator'))).toBeVisible();
    await page.getByRole('button', { name: 'English' }).click();

    await page.goto('/');
    await page.getByLabel('Username').fill('setup');
    await page.getByLabel('Password', { exact: true }).fill('Secret#123');
    await page.keyboard.press('Enter');
    await expect(heading(page, 'Choose your username')).toBeVisible();
    await page.getByRole('textbox', { name: 'Username' }).fill('janesmith');
    await page.keyboard.press('Enter');
    await page.getByLabel('New password', { exact: true }).fill('Retire#2045');
    await page.getByLabel('Confirm new password', { exact: true }).fill('Retire#2045');
    await page.keyboard.press('Enter');
    await page.getByLabel('Email address', { exact: true }).fill('jane.smith@example.com');
    await page.keyboard.press('Enter');
    await expect(heading(page, 'Enter the code')).toBeVisible();
    await page.getByLabel('Code', { exact: true }).fill('123456');
    await page.keyboard.press('Enter');
    await expect(heading(page, 'Lastly, add an extra layer of security to your account')).toBeVisible();
    await page.getByRole('button', { name: 'Español' }).click();
    await expect(heading(page, es('Lastly, add an extra layer of security to your account'))).toBeVisible();
  });

  test('the choice is written as the page changes language, so a reload right after speaks it', async ({ page }) => {
    // Watches the document, not its element: an init script runs before there is one.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.documentElement.lang !== 'es-US') return;
        observer.disconnect();
        // In the task after the change: what a reload made at once would find.
        setTimeout(() =>
          document.documentElement.setAttribute('data-test-remembered', localStorage.getItem('portalLanguage') ?? 'nothing'),
        );
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['lang'] });
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'Español' }).click();
    await expect(heading(page, es('Sign in to your 401(k) account'))).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-test-remembered', 'es');
  });

  test('a notification already shown speaks the new language', async ({ page, guards }) => {
    guards.allowConsoleErrors(/status of 500/);
    await page.clock.install();
    await page.goto('/');
    // The mock's persona `broken` answers the sign-in with a 500: the internal-error notification.
    await page.getByLabel('Username').fill('broken');
    await page.getByLabel('Password', { exact: true }).fill('Secret#123');
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toHaveAttribute('type', 'submit');
    // The notification closes itself after 5 s: from here on, time moves only when the test says so.
    await pauseClock(page);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    const notification = page.getByRole('alert').filter({ hasText: 'An internal error has occurred' });
    await expect(notification).toContainText('Please try again later, or contact customer support if the issue persists.');
    await page.getByRole('button', { name: 'Español' }).click();
    await expect(heading(page, es('Sign in to your 401(k) account'))).toBeVisible();
    const shown = page.getByRole('alert').filter({ hasText: es('An internal error has occurred while processing your request') });
    await expect(shown).toContainText(es('Please try again later, or contact customer support if the issue persists.'));
    await expect(page.getByText('An internal error has occurred')).toHaveCount(0);
  });

  test("a field's message already shown speaks the new language", async ({ page }) => {
    await page.goto('/');
    const signIn = page.getByRole('button', { name: 'Sign In', exact: true });
    await expect(signIn).toHaveAttribute('type', 'submit');
    await signIn.click();
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await page.getByRole('button', { name: 'Español' }).click();
    await expect(page.getByText(es('Username is required'))).toBeVisible();
    await expect(page.getByText(es('Password is required'))).toBeVisible();
    await expect(page.getByText('Username is required')).toHaveCount(0);

    // A react-hook-form form (src/lib/use-portal-form.ts): the reset's username, checked as it loses focus.
    await page.goto('/#/reset-password');
    const username = page.getByRole('textbox', { name: es('Username') });
    await username.fill('jane');
    await username.fill('');
    await username.blur();
    await expect(page.getByText(es('Username is required'))).toBeVisible();
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText(es('Username is required'))).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue('');
  });

  test('a message under a form already shown speaks the new language', async ({ page, guards }) => {
    guards.allowConsoleErrors(/status of 429/);
    // The mock's username `throttled` answers the reset's lookup with a 429, Retry-After 300.
    await page.goto('/#/reset-password');
    await page.getByRole('textbox', { name: 'Username' }).fill('throttled');
    await page.getByRole('checkbox', { name: "I'm not a robot" }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Too many attempts. Try again in 5 minutes.' })).toBeVisible();
    await page.getByRole('button', { name: 'Español' }).click();
    // The catalogue's plural message, as it reads with a count of 5 (src/locales/es/errors.po).
    await expect(page.getByRole('alert').filter({ hasText: 'Demasiados intentos. Inténtelo de nuevo en 5 minutos.' })).toBeVisible();
    await expect(page.getByText('Too many attempts')).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: es('Username') })).toHaveValue('throttled');
  });

  test('mid-journey, keeps the step and the answer typed, and its error message follows', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Username').fill('question');
    await page.getByLabel('Password', { exact: true }).fill('Secret#123');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(heading(page, 'Answer Your Security Question')).toBeVisible();
    await page.getByRole('checkbox', { name: "I'm not a robot" }).check();
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Security Answer is required')).toBeVisible();
    await page.getByLabel('Security Answer').fill('Rex');
    await page.getByRole('button', { name: 'Español' }).click();
    await expect(heading(page, es('Answer Your Security Question'))).toBeVisible();
    await expect(page).toHaveURL(/#\/security-question$/);
    await expect(page.getByLabel(es('Security Answer'))).toHaveValue('Rex');
    await page.getByRole('button', { name: es('Sign In'), exact: true }).click();
    await expect(page).toHaveURL(/\/participant$/);
  });
});

test.describe('every flow in Spanish, by keyboard, at 320 px', () => {
  test.use({ locale: 'es-US', viewport: { width: 320, height: 640 } });

  test('sign-in: credentials, the security question, then the one-time code', async ({ page }) => {
    await page.goto('/');
    await tabTo(page, page.getByLabel(es('Username')));
    await page.keyboard.type('phone');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Secret#123');
    await page.keyboard.press('Enter');
    await expect(heading(page, es('Enter the code'))).toBeVisible();
    await tabTo(page, page.getByLabel(es('Code'), { exact: true }));
    await page.keyboard.type('123456');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/participant$/);
  });

  test('forgotten password: username, captcha, the security question, then the email', async ({ page }) => {
    await page.goto('/#/reset-password');
    await expect(heading(page, es('What is your username?'))).toBeVisible();
    await tabTo(page, page.getByRole('textbox', { name: es('Username') }));
    await page.keyboard.type('question');
    await tabTo(page, page.getByRole('checkbox', { name: "I'm not a robot" }));
    await page.keyboard.press('Space');
    await tabTo(page, page.getByRole('button', { name: es('Continue'), exact: true }));
    await page.keyboard.press('Enter');
    await expect(heading(page, es('Answer your security question'))).toBeVisible();
    await tabTo(page, page.getByLabel(es('Security Answer')));
    await page.keyboard.type('Rex');
    await page.keyboard.press('Enter');
    await expect(heading(page, es('Check your email!'))).toBeVisible();
  });

  test('account setup: its seven steps', async ({ page }) => {
    const password = 'Retire#2045';
    await page.goto('/');
    await page.getByLabel(es('Username')).fill('setup');
    await page.getByLabel(es('Password'), { exact: true }).fill('Secret#123');
    await page.keyboard.press('Enter');
    await expect(heading(page, es('Choose your username'))).toBeVisible();
    await tabTo(page, page.getByRole('textbox', { name: es('Username') }));
    await page.keyboard.type('janesmith');
    await page.keyboard.press('Enter');
    await expect(heading(page, es('Create your password'))).toBeVisible();
    await tabTo(page, page.getByLabel(es('New password'), { exact: true }));
    await page.keyboard.type(password);
    await tabTo(page, page.getByLabel(es('Confirm new password'), { exact: true }));
    await page.keyboard.type(password);
    await page.keyboard.press('Enter');
    await expect(heading(page, es('Enter your email address'))).toBeVisible();
    await tabTo(page, page.getByLabel(es('Email address'), { exact: true }));
    await page.keyboard.type('jane.smith@example.com');
    await page.keyboard.press('Enter');
    await expect(heading(page, es('Enter the code'))).toBeVisible();
    await tabTo(page, page.getByLabel(es('Code'), { exact: true }));
    await page.keyboard.type('123456');
    await page.keyboard.press('Enter');
    await expect(heading(page, es('Lastly, add an extra layer of security to your account'))).toBeVisible();
    await tabTo(page, page.getByLabel(es('Phone number')));
    await page.keyboard.type('2015550123');
    await page.keyboard.press('Enter');
    await expect(heading(page, es('How should we send your code?'))).toBeVisible();
    await tabTo(page, page.getByLabel(es('Text message')));
    await page.keyboard.press('Enter');
    await expect(heading(page, es('Enter the code'))).toBeVisible();
    await tabTo(page, page.getByLabel(es('Code'), { exact: true }));
    await page.keyboard.type('424242');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/participant$/);
  });

  test('a link page: an expired email link sends a new one', async ({ page }) => {
    await page.goto('/#/verification?token=email-expired');
    await expect(heading(page, es('Email verification link expired'))).toBeVisible();
    await tabTo(page, page.getByRole('button', { name: es('Resend Verification Link') }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: es('Link Resent!') })).toBeFocused();
    await expectAnnounced(page, es('Link Resent!'), 'status');
  });

  test('the authenticator-app set-up', async ({ page, context }) => {
    await mockScenario(context, 'mockTotpApp', 'none');
    await seedSession(page);
    await page.goto('/#/totp-setup');
    await expect(heading(page, es('Set up authenticator app'))).toBeVisible();
    await tabTo(page, page.getByRole('button', { name: es('Setup authenticator app') }));
    await page.keyboard.press('Enter');
    await expect(heading(page, es('Scan the QR code'))).toBeVisible();
    await tabTo(page, page.getByRole('button', { name: es('Continue'), exact: true }));
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('textbox', { name: es('App name (optional)') }));
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('textbox', { name: es('Code'), exact: true }));
    await page.keyboard.type('123456');
    await page.keyboard.press('Enter');
    await expect(heading(page, es('Enter your new phone number'))).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('isTotpSetupSuccess'))).toBe('true');
  });

  test('the profile: a new phone number', async ({ page, context }) => {
    await mockScenario(context, 'mockTotpApp', 'none');
    await seedSession(page);
    await page.goto('/#/profile-update-phone');
    await expect(heading(page, es('Enter your new phone number'))).toBeVisible();
    await tabTo(page, page.getByRole('textbox', { name: es('Phone number') }));
    await page.keyboard.type('2015550123');
    await page.keyboard.press('Enter');
    await expect(heading(page, es('How should we send your code?'))).toBeVisible();
    await tabTo(page, page.getByLabel(es('Text message')));
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByLabel(es('Code'), { exact: true }));
    await page.keyboard.type('123456');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/success=phoneUpdated$/);
  });
});
