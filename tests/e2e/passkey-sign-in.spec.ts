import type { Page, Request } from '@playwright/test';
import { expect, expectAnnounced, expectNoAxeViolations, standInDashboards, tabTo, test } from '../support/fixtures';
import { addVirtualAuthenticator, FIXTURE, listBeforeLanding, PASSKEY_ORIGIN, uniqueUsername } from '../support/passkeys';

/*
 * Signing in with a passkey (issue 25, this contract's extension): the button beside the password
 * form and the username field's autofill (conditional mediation), against the mock, which checks
 * each assertion for real. Chromium's virtual authenticator stands in for the device's own: with
 * a passkey on it, a pending autofill completes as soon as the page asks (as a person picking
 * the passkey from the suggestions), so the button's tests take the autofill away, as a browser
 * without it would. The page is opened on localhost: browsers refuse an IP address as an RP ID.
 */

const signInHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Sign in to your 401(k) account' });
const passkeyButton = (page: Page) => page.getByRole('button', { name: 'Use a passkey' });

/** A browser without passkey autofill: the button is the only way (and no autofill ceremony runs). */
async function withoutAutofill(page: Page) {
  await page.addInitScript(() => {
    Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', { value: async () => false });
  });
}

function recordGateway(page: Page) {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/login-gateway/')) seen.push(request);
  });
  return (path: RegExp) => seen.filter((request) => request.method() === 'POST' && path.test(new URL(request.url()).pathname)).length;
}

test.beforeEach(async ({ page }) => {
  await standInDashboards(page);
});

test('the button signs the passkey persona in to the dashboard, with one ceremony per double click', async ({ page }) => {
  await withoutAutofill(page);
  const authenticator = await addVirtualAuthenticator(page);
  await authenticator.addCredential(FIXTURE.credential);
  const calls = recordGateway(page);
  await page.goto(`${PASSKEY_ORIGIN}/`);
  await expect(passkeyButton(page)).toBeEnabled();
  await expect(page.getByLabel('Username')).toHaveAttribute('autocomplete', 'username webauthn');
  await expectNoAxeViolations(page);
  await passkeyButton(page).dblclick();
  await expect(page).toHaveURL(/\/participant$/);
  expect(calls(/\/authentication\/passkey\/options$/)).toBe(1);
  expect(calls(/\/authentication\/passkey$/)).toBe(1);
  // No challenge, ceremony or credential id left behind.
  const storage = await page.evaluate(() => JSON.stringify({ session: { ...sessionStorage }, local: { ...localStorage } }));
  expect(storage).not.toContain(String(FIXTURE.credential.credentialId).replace(/=+$/, ''));
  expect(storage).not.toMatch(/cer_|challenge/i);
});

test('the autofill signs in once the user picks the passkey, without a button', async ({ page }) => {
  const authenticator = await addVirtualAuthenticator(page);
  await authenticator.addCredential(FIXTURE.credential);
  const calls = recordGateway(page);
  await page.goto(`${PASSKEY_ORIGIN}/`);
  await expect(page).toHaveURL(/\/participant$/);
  expect(calls(/\/authentication\/passkey$/)).toBe(1);
});

test('a prompt that fails user verification leaves the password form as it was, with a way forward', async ({ page }) => {
  await withoutAutofill(page);
  const authenticator = await addVirtualAuthenticator(page, { userVerified: false });
  await authenticator.addCredential(FIXTURE.credential);
  await page.goto(`${PASSKEY_ORIGIN}/`);
  await page.getByLabel('Username').fill('jsmith401');
  await page.getByLabel('Password', { exact: true }).fill('Secret#123');
  await passkeyButton(page).click();
  await expectAnnounced(page, /No passkey was used|We could not verify your passkey/);
  await expect(signInHeading(page)).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveValue('jsmith401');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('Secret#123');
  await expect(passkeyButton(page)).toBeEnabled();
  await expectNoAxeViolations(page);
});

test('no passkey on this device: the prompt is cancelled and the password still signs in', async ({ page }) => {
  await withoutAutofill(page);
  await addVirtualAuthenticator(page);
  await page.goto(`${PASSKEY_ORIGIN}/`);
  await passkeyButton(page).click();
  await expectAnnounced(page, 'No passkey was used. Try again, or sign in with your username and password.');
  await page.getByLabel('Username').fill('demo');
  await page.getByLabel('Password', { exact: true }).fill('Secret#123');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/participant$|#\/passkey-offer$/);
});

test('a passkey the gateway does not know (removed) is refused with what to do instead', async ({ page }) => {
  await withoutAutofill(page);
  const authenticator = await addVirtualAuthenticator(page);
  // The fixture's key under another credential id: the mock has never seen it.
  await authenticator.addCredential({ ...FIXTURE.credential, credentialId: 'AAAAAAAAAAAAAAAAAAAAAA==' });
  await page.goto(`${PASSKEY_ORIGIN}/`);
  await passkeyButton(page).click();
  await expectAnnounced(page, /no longer registered with your account/);
  await expect(signInHeading(page)).toBeVisible();
});

test('a passkey button whose code cannot load is left out: the password form stays as typed and signs in', async ({ page, guards }) => {
  // The button's code is lost (the network went away, or a new deployment removed the old files).
  guards.allowConsoleErrors(/Failed to load resource|dynamically imported module|passkey-sign-in/);
  const lost = page.waitForEvent('requestfailed', (request) => /\/assets\/passkey-sign-in-[^/]*\.js$/.test(request.url()));
  await page.route(/\/assets\/passkey-sign-in-[^/]*\.js$/, (route) => route.abort());
  await page.goto('/');
  await page.getByLabel('Username').fill('demo');
  await page.getByLabel('Password', { exact: true }).fill('Secret#123');
  await lost;
  await expect(signInHeading(page)).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await expect(passkeyButton(page)).toHaveCount(0);
  await expect(page.getByLabel('Username')).toHaveValue('demo');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/participant$/);
});

test('keyboard only, at 320 px: Tab to the button and Enter signs in', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await withoutAutofill(page);
  const authenticator = await addVirtualAuthenticator(page);
  await authenticator.addCredential(FIXTURE.credential);
  await page.goto(`${PASSKEY_ORIGIN}/`);
  await tabTo(page, passkeyButton(page));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/participant$/);
});

test.describe('the offer after a password sign-in', () => {
  test('on a device with its own authenticator and no passkey: add one, then on to the dashboard; it signs in next time until removed in the profile', async ({
    page,
  }) => {
    await withoutAutofill(page);
    const authenticator = await addVirtualAuthenticator(page);
    await listBeforeLanding(page);
    const calls = recordGateway(page);
    const username = uniqueUsername('of');
    await page.goto(`${PASSKEY_ORIGIN}/`);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill('Secret#123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in faster next time' })).toBeVisible();
    await expectNoAxeViolations(page);
    // A double click adds one passkey: one registration, one ceremony.
    await page.getByRole('button', { name: 'Add a passkey' }).dblclick();
    await expect(page).toHaveURL(/\/participant$/);
    expect(calls(/\/passkeys\/registration\/options$/)).toBe(1);
    expect(calls(/\/passkeys\/registration$/)).toBe(1);
    expect(await authenticator.credentials()).toHaveLength(1);
    // Next time: the passkey signs in, and no offer.
    await page.goto(`${PASSKEY_ORIGIN}/`);
    await passkeyButton(page).click();
    await expect(page).toHaveURL(/\/participant$/);

    // Removed in the profile, after confirming.
    await page.goto(`${PASSKEY_ORIGIN}/#/profile-security`);
    const passkeys = page.getByRole('list', { name: 'Your passkeys' }).getByRole('heading', { level: 3 });
    await expect(passkeys).toHaveCount(1);
    await page.getByRole('button', { name: /^Remove / }).click();
    await page.getByRole('dialog', { name: 'Remove this passkey?' }).getByRole('button', { name: 'Remove' }).click();
    await expect(passkeys).toHaveCount(0);

    // The device still offers it; the gateway no longer knows it.
    await page.goto(`${PASSKEY_ORIGIN}/`);
    await passkeyButton(page).click();
    await expectAnnounced(page, /no longer registered with your account/);
    await expect(signInHeading(page)).toBeVisible();
  });

  test('"Not now", by keyboard at 320 px, goes on to the dashboard and is remembered on this device', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await withoutAutofill(page);
    await addVirtualAuthenticator(page);
    const username = uniqueUsername('nn');
    await listBeforeLanding(page);
    const signIn = async () => {
      await page.goto(`${PASSKEY_ORIGIN}/`);
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Password', { exact: true }).fill('Secret#123');
      await page.getByRole('button', { name: 'Sign In' }).click();
    };
    await signIn();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in faster next time' })).toBeVisible();
    await expectNoAxeViolations(page);
    await tabTo(page, page.getByRole('button', { name: 'Not now' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/participant$/);
    await signIn();
    await expect(page).toHaveURL(/\/participant$/);
  });

  test('no offer where the device has no authenticator of its own', async ({ page }) => {
    await page.goto(`${PASSKEY_ORIGIN}/`);
    await page.getByLabel('Username').fill(uniqueUsername('na'));
    await page.getByLabel('Password', { exact: true }).fill('Secret#123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/participant$/);
  });
});
