import type { Page } from '@playwright/test';
import { expect, standInDashboards, test } from '../support/fixtures';

/*
 * The journey and the browser's history: Back (the link, or the browser's button) returns to the
 * step the user came from, as it was; Forward after it shows where the journey now is; a reload
 * resumes where the journey can honestly go on (src/journey/journey.ts, `resume`), and keeps no
 * secret in storage.
 */

async function signIn(page: Page, username: string) {
  await page.goto('/');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('Secret#123');
  await page.getByRole('button', { name: 'Sign In' }).click();
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** Everything this tab keeps in session storage, as one string. */
const stored = (page: Page) => page.evaluate(() => JSON.stringify({ ...window.sessionStorage }));

test.beforeEach(async ({ page }) => {
  await standInDashboards(page);
  // The adoption dates of the mock's examples are read against this day.
  await page.clock.setFixedTime(new Date('2026-11-21T10:00:00'));
});

test("the browser's back button returns from the code to the choice of method, and forward stays there", async ({ page }) => {
  await signIn(page, 'mfa');
  await page.getByLabel('Text message to ***-***-1234').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('We sent a code by text message to ***-***-1234.')).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/#\/mfa$/);
  await expect(heading(page, 'Verify your identity')).toBeVisible();
  // Forward: the code was not kept on its way, so the choice is where the journey is.
  await page.goForward();
  await expect(page).toHaveURL(/#\/mfa$/);
  await expect(heading(page, 'Verify your identity')).toBeVisible();

  // The choice goes on as before.
  await page.getByLabel('Voice call to ***-***-1234').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('We are calling ***-***-1234 with your code.')).toBeVisible();
});

test("the browser's back button in account setup keeps what was chosen", async ({ page }) => {
  await signIn(page, 'setup');
  await expect(heading(page, 'Choose your username')).toBeVisible();
  await page.getByRole('textbox', { name: 'Username' }).fill('janesmith');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page, 'Create your password')).toBeVisible();
  await page.goBack();
  await expect(heading(page, 'Choose your username')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue('janesmith');
});

test('a reload on the phone code of adoption resumes at the phone, whose Back still goes to the root', async ({ page }) => {
  await signIn(page, 'adopt');
  await page.getByLabel('Phone number').fill('(201) 555-0123');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page).toHaveURL(/#\/mfa-verification$/);
  await page.reload();
  await expect(page).toHaveURL(/#\/update-phone$/);
  await expect(page.getByLabel('Phone number')).toBeVisible();
  // Still adoption's phone: its Back goes to the root, which ends the adoption.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(heading(page, 'Sign in to your 401(k) account')).toBeVisible();
});

test('a second sign-in in the same tab starts a journey of its own, whose credentials a reload never keeps', async ({ page }) => {
  await signIn(page, 'mfa');
  await expect(heading(page, 'Verify your identity')).toBeVisible();
  await signIn(page, 'question');
  await expect(heading(page, 'Answer Your Security Question')).toBeVisible();
  // The first sign-in's choice of method is gone with it.
  await page.goto('/#/mfa');
  await expect(page).toHaveURL(/#\/security-question$/);
  await expect(heading(page, 'Answer Your Security Question')).toBeVisible();
  // The credentials are never stored: a reload starts the security question again at the form.
  expect(await stored(page)).not.toContain('Secret#123');
  expect(await stored(page)).not.toContain(Buffer.from('question:Secret#123').toString('base64'));
  await page.reload();
  await expect(heading(page, 'Sign in to your 401(k) account')).toBeVisible();
});
