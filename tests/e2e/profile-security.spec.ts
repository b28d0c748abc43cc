import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { deviceOf } from '../../src/lib/passkeys/ceremony';
import { expect, expectAnnounced, expectNoAxeViolations, preferExample, readResponses, tabTo, test } from '../support/fixtures';
import { addVirtualAuthenticator, PASSKEY_ORIGIN, uniqueUsername, type VirtualAuthenticator } from '../support/passkeys';
import { gatewaySession, seedSession } from '../support/session';

/*
 * The profile's passkeys and recovery codes (issue 25, this contract's extension): against the
 * mock, which verifies each registration for real (scripts/mock-credentials.mjs), with Chromium's
 * virtual authenticator in place of a fingerprint. The page is opened on localhost: browsers
 * refuse an IP address as a passkey's RP ID. Each test signs in as a username of its own, so the
 * mock keeps its passkeys and codes apart.
 */

const PASSWORD = 'Secret#123';
const RECOVERY_CODE = /^[a-z0-9]{4}-[a-z0-9]{4}$/;

const pageHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Passkeys and recovery codes' });
const passkeyList = (page: Page) => page.getByRole('list', { name: 'Your passkeys' });
const passkeyNames = (page: Page) => passkeyList(page).getByRole('heading', { level: 3 });
const nameField = (page: Page) => page.getByRole('textbox', { name: 'Passkey name' });
const addButton = (page: Page) => page.getByRole('button', { name: 'Add a passkey', exact: true });
const codeList = (page: Page) => page.getByRole('list', { name: 'Your recovery codes, one per line' });
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

/** Signs a new user in through the mock, plants the session, and opens the profile screen on localhost. */
async function openProfile(page: Page, request: APIRequestContext, { authenticator = true } = {}) {
  const username = uniqueUsername('pk');
  const session = await gatewaySession(request, username);
  await seedSession(page, { ...session, username });
  const virtual = authenticator ? await addVirtualAuthenticator(page) : null;
  await page.goto(`${PASSKEY_ORIGIN}/#/profile-security`);
  await expect(pageHeading(page)).toBeVisible();
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  return { username, authenticator: virtual };
}

/** A fresh authenticator in place of the old one: another device, which holds none of the user's passkeys. */
async function anotherDevice(page: Page, old: VirtualAuthenticator): Promise<VirtualAuthenticator> {
  await old.cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: old.authenticatorId });
  return addVirtualAuthenticator(page);
}

/** Records the gateway calls the page sends, by operation (method and path). */
function recordCalls(page: Page) {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/login-gateway/')) seen.push(request);
  });
  return (method: string, path: RegExp) =>
    seen.filter((request) => request.method() === method && path.test(new URL(request.url()).pathname)).length;
}

/** Fails when any of the values is in session or local storage, a cookie or the address. */
async function expectNothingLeft(page: Page, values: readonly string[]) {
  const storage = await page.evaluate(() => JSON.stringify({ session: { ...sessionStorage }, local: { ...localStorage } }));
  const cookies = JSON.stringify(await page.context().cookies());
  for (const value of values) {
    expect(value.length).toBeGreaterThan(3);
    for (const [place, text] of [
      ['storage', storage],
      ['cookies', cookies],
      ['address', page.url()],
    ] as const) {
      expect(text, `${value} in ${place}`).not.toContain(value);
    }
  }
}

/** Signs in with a recovery code through the gateway, as the code step does: the errors list the mock answers. */
async function signInWithCode(request: APIRequestContext, username: string, code: string): Promise<string[]> {
  const answer = await request.post('/login-gateway/authentication/recovery-code', {
    headers: { Authorization: `Basic ${Buffer.from(`${username}:${PASSWORD}`).toString('base64')}`, 'Content-Type': 'application/json' },
    data: JSON.stringify({ recoveryCode: code }),
  });
  expect(answer.ok()).toBe(true);
  const body = (await answer.json()) as { errors?: { code: string }[] };
  return (body.errors ?? []).map((item) => item.code);
}

async function shownCodes(page: Page): Promise<string[]> {
  await expect(codeList(page).getByRole('listitem')).toHaveCount(10);
  return (await codeList(page).getByRole('listitem').allInnerTexts()).map((code) => code.trim());
}

/** Ticks 'I have saved these codes' and presses Done; the count comes back. */
async function done(page: Page) {
  const finish = page.getByRole('button', { name: 'Done' });
  await expect(finish).toBeDisabled();
  await page.getByRole('checkbox', { name: 'I have saved these codes' }).check();
  await finish.click();
  await expect(codeList(page)).toHaveCount(0);
}

test.describe('passkeys', () => {
  test('registers a passkey named after the device and one named by the user, renames one and removes one after asking', async ({
    page,
    request,
  }) => {
    const optionsRead = readResponses(page, (response) =>
      new URL(response.url()).pathname === '/login-gateway/passkeys/registration/options'
        ? (response.json() as Promise<{ data: { ceremonyId: string; publicKey: { challenge: string } } }>)
        : undefined,
    );
    const sent: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/login-gateway/passkeys/registration' && request.method() === 'POST') {
        const { credential } = request.postDataJSON() as { credential: { id: string } };
        sent.push(credential.id);
      }
    });
    const { authenticator } = await openProfile(page, request);
    await expect(page.getByText('You have not added a passkey yet.')).toBeVisible();
    await expect(page.getByText('You have not generated recovery codes yet.')).toBeVisible();
    await expectNoAxeViolations(page);

    // Named after the device by default (the catalogue's English for it).
    const { browser, system } = deviceOf(await page.evaluate(() => navigator.userAgent));
    const device = `${browser} on ${system}`;
    await expect(nameField(page)).toHaveValue(device);
    await addButton(page).click();
    await expectAnnounced(page, 'Your passkey was added. Next time, sign in with it.', 'status');
    await expect(passkeyNames(page)).toHaveText([device]);
    await expect(passkeyNames(page).first()).toBeFocused();
    const first = passkeyList(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: device }) });
    await expect(first.getByText('Not used yet')).toBeVisible();
    await expect(first.getByText(/^Added [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
    expect(await authenticator!.credentials()).toHaveLength(1);
    await expectNoAxeViolations(page);

    // The same device again: it holds a passkey of this account already (the excluded credentials).
    await addButton(page).click();
    await expectAnnounced(page, 'This device already has a passkey for your account.');
    await expect(nameField(page)).toHaveValue(device);
    await expect(addButton(page)).toBeEnabled();

    // Another device, a name of the user's.
    const other = await anotherDevice(page, authenticator!);
    await nameField(page).fill('Work laptop');
    await addButton(page).click();
    await expect.poll(() => other.credentials().then((list) => list.length)).toBe(1);
    await expect(passkeyNames(page)).toHaveText([device, 'Work laptop']);
    await expect(page.getByRole('heading', { level: 3, name: 'Work laptop' })).toBeFocused();
    await expect(nameField(page)).toHaveValue(device);

    // Rename: the form opens in place, focus in its field; Save puts focus on the new name.
    await page.getByRole('button', { name: 'Rename Work laptop' }).click();
    await expect(nameField(page).first()).toBeFocused();
    const renameForm = page.getByRole('form', { name: 'Rename Work laptop' });
    await renameForm.getByRole('textbox', { name: 'Passkey name' }).fill('   ');
    await renameForm.getByRole('button', { name: 'Save' }).click();
    await expect(renameForm.getByText('Passkey name is required')).toBeVisible();
    await expectNoAxeViolations(page);
    await renameForm.getByRole('textbox', { name: 'Passkey name' }).fill('Home laptop');
    await renameForm.getByRole('button', { name: 'Save' }).click();
    await expectAnnounced(page, 'Your passkey was renamed.', 'status');
    await expect(passkeyNames(page)).toHaveText([device, 'Home laptop']);
    await expect(page.getByRole('heading', { level: 3, name: 'Home laptop' })).toBeFocused();

    // Remove: asked first; Cancel puts focus back on the button.
    const remove = page.getByRole('button', { name: 'Remove Home laptop' });
    await remove.click();
    const confirm = dialog(page, 'Remove this passkey?');
    await expect(confirm).toBeVisible();
    await expect(confirm.getByText('You will no longer be able to sign in with Home laptop.')).toBeVisible();
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(remove).toBeFocused();
    await expect(passkeyNames(page)).toHaveCount(2);
    await remove.click();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expectAnnounced(page, 'Your passkey was removed.', 'status');
    await expect(passkeyNames(page)).toHaveText([device]);
    await expect(page.getByRole('heading', { level: 2, name: 'Passkeys' })).toBeFocused();
    await expectNoAxeViolations(page);

    // The list is the gateway's: a reload shows the same.
    await page.reload();
    await expect(passkeyNames(page)).toHaveText([device]);
    // Nothing of the ceremonies stays behind: three begun, two finished (the device that had one refused).
    sent.push(...(await optionsRead()).flatMap(({ data }) => [data.ceremonyId, data.publicKey.challenge]));
    expect(sent).toHaveLength(8);
    await expectNothingLeft(page, sent);
  });

  test('a cancelled or refused prompt adds nothing and keeps the name typed; the next try adds it', async ({ page, request }) => {
    const { authenticator } = await openProfile(page, request);
    // The fingerprint does not match: the browser ends the ceremony as a cancelled one.
    await authenticator!.setUserVerified(false);
    await nameField(page).fill('Desk key');
    await addButton(page).click();
    await expectAnnounced(page, 'No passkey was added. Try again when you are ready.');
    await expect(nameField(page)).toHaveValue('Desk key');
    await expect(addButton(page)).toBeEnabled();
    await expect(page.getByText('You have not added a passkey yet.')).toBeVisible();
    await expectNoAxeViolations(page);

    await authenticator!.setUserVerified(true);
    await addButton(page).click();
    await expect(passkeyNames(page)).toHaveText(['Desk key']);
    // The failure goes with the next try.
    await expect(page.getByText('No passkey was added.')).toHaveCount(0);
  });

  test('the gateway refusing a registration says why (20 passkeys, then its own failure) and keeps the form', async ({
    page,
    request,
    guards,
  }) => {
    guards.allowConsoleErrors(/status of 500/);
    await openProfile(page, request);
    const options = /\/login-gateway\/passkeys\/registration\/options$/;
    await preferExample(page, options, 'example=tooManyPasskeys');
    await addButton(page).click();
    await expectAnnounced(page, 'You have 20 passkeys, the most an account can have. Remove one before adding another.');
    await page.unroute(options);
    await preferExample(page, /\/login-gateway\/passkeys\/registration$/, 'code=500');
    await nameField(page).fill('Tablet');
    await addButton(page).click();
    await expectAnnounced(page, 'Something went wrong on our side. Please try again.');
    await expect(nameField(page)).toHaveValue('Tablet');
    await expect(addButton(page)).toBeEnabled();
  });

  test('a browser without passkeys still lists them, and says it cannot add one', async ({ page, request }) => {
    await page.addInitScript(() => {
      Reflect.deleteProperty(window, 'PublicKeyCredential');
    });
    await openProfile(page, request, { authenticator: false });
    await expect(page.getByText('This browser cannot use passkeys. You can add one from a browser that can.')).toBeVisible();
    await expect(nameField(page)).toHaveCount(0);
    await expect(addButton(page)).toHaveCount(0);
    await expect(page.getByText('You have not added a passkey yet.')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('a double click on each of its buttons sends one request', async ({ page, request }) => {
    const count = recordCalls(page);
    await openProfile(page, request);
    await addButton(page).dblclick();
    await expect(passkeyNames(page)).toHaveCount(1);
    expect(count('POST', /\/passkeys\/registration\/options$/)).toBe(1);
    expect(count('POST', /\/passkeys\/registration$/)).toBe(1);

    const name = (await passkeyNames(page).first().innerText()).trim();
    await page.getByRole('button', { name: `Rename ${name}` }).click();
    await nameField(page).first().fill('Renamed');
    await page.getByRole('button', { name: 'Save' }).dblclick();
    await expect(passkeyNames(page)).toHaveText(['Renamed']);
    expect(count('PUT', /\/passkeys\/[^/]+\/name$/)).toBe(1);

    await page.getByRole('button', { name: 'Remove Renamed' }).click();
    await dialog(page, 'Remove this passkey?').getByRole('button', { name: 'Remove' }).dblclick();
    await expect(passkeyNames(page)).toHaveCount(0);
    expect(count('DELETE', /\/passkeys\/[^/]+$/)).toBe(1);

    await page.getByRole('button', { name: 'Generate recovery codes' }).dblclick();
    await shownCodes(page);
    expect(count('POST', /\/recovery-codes$/)).toBe(1);
    await done(page);
    await page.getByRole('button', { name: 'Generate new codes' }).click();
    await dialog(page, 'Generate new recovery codes?').getByRole('button', { name: 'Generate new codes' }).dblclick();
    await shownCodes(page);
    expect(count('POST', /\/recovery-codes$/)).toBe(2);
  });

  test('works by keyboard alone at 320 px', async ({ page, request }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await openProfile(page, request);
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

    await tabTo(page, nameField(page));
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Phone');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 3, name: 'Phone' })).toBeFocused();
    expect(await fits()).toBe(true);
    await expectNoAxeViolations(page);

    await tabTo(page, page.getByRole('button', { name: 'Rename Phone' }));
    await page.keyboard.press('Enter');
    await expect(nameField(page).first()).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('My phone');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 3, name: 'My phone' })).toBeFocused();

    await tabTo(page, page.getByRole('button', { name: 'Remove My phone' }));
    await page.keyboard.press('Enter');
    const confirm = dialog(page, 'Remove this passkey?');
    await expect(confirm).toBeVisible();
    await tabTo(page, confirm.getByRole('button', { name: 'Remove' }));
    await page.keyboard.press('Enter');
    await expect(passkeyNames(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 2, name: 'Passkeys' })).toBeFocused();

    await tabTo(page, page.getByRole('button', { name: 'Generate recovery codes' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 3, name: 'Your new recovery codes' })).toBeFocused();
    await shownCodes(page);
    expect(await fits()).toBe(true);
    await expectNoAxeViolations(page);
    await tabTo(page, page.getByRole('checkbox', { name: 'I have saved these codes' }));
    await page.keyboard.press('Space');
    await tabTo(page, page.getByRole('button', { name: 'Done' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText('You have 10 recovery codes left.')).toBeVisible();
    // Focus on the section's heading, not on Generate new codes, where a second Enter would void the set.
    await expect(page.getByRole('heading', { level: 2, name: 'Recovery codes' })).toBeFocused();
    expect(await fits()).toBe(true);
  });
});

test.describe('recovery codes', () => {
  test('generates 10 codes shown once, copies, downloads and prints them, and a new set voids the old', async ({
    page,
    request,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: PASSKEY_ORIGIN });
    // Print opens the browser's dialog: here it only says it was asked for.
    await page.addInitScript(() => {
      Object.defineProperty(window, 'print', {
        value: () => document.documentElement.setAttribute('data-printed', 'yes'),
        configurable: true,
      });
    });
    await page.clock.install();
    const { username } = await openProfile(page, request, { authenticator: false });

    await page.getByRole('button', { name: 'Generate recovery codes' }).click();
    await expect(page.getByRole('heading', { level: 3, name: 'Your new recovery codes' })).toBeFocused();
    const codes = await shownCodes(page);
    for (const code of codes) expect(code).toMatch(RECOVERY_CODE);
    expect(new Set(codes).size).toBe(10);
    await expectNoAxeViolations(page);

    // Copy: the clipboard has the codes, and the button says so for 2 seconds.
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.getByRole('button', { name: 'Copy codes' }).click();
    await expect(page.getByRole('button', { name: 'Codes copied!' })).toBeVisible();
    await expectAnnounced(page, 'Codes copied!', 'status');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join('\n'));
    await page.clock.runFor(1_900);
    await expect(page.getByRole('button', { name: 'Codes copied!' })).toBeVisible();
    await page.clock.runFor(200);
    await expect(page.getByRole('button', { name: 'Copy codes' })).toBeVisible();
    await page.clock.resume();

    // Download: the heading line, then exactly the codes, one per line.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download as a text file' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('recovery-codes.txt');
    const text = readFileSync(await download.path(), 'utf8');
    expect(text).toBe(`Recovery codes. Each code works once, in place of a one-time code.\n${codes.join('\n')}\n`);

    // Print: only the codes are on paper.
    await page.getByRole('button', { name: 'Print' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-printed', 'yes');
    await page.emulateMedia({ media: 'print' });
    await expect(codeList(page)).toBeVisible();
    await expect(pageHeading(page)).toBeHidden();
    await expect(page.getByRole('button', { name: 'Done' })).toBeHidden();
    await page.emulateMedia({ media: 'screen' });

    await done(page);
    await expect(page.getByText('You have 10 recovery codes left.')).toBeVisible();
    await expect(page.getByText(codes[0]!)).toHaveCount(0);

    // A new set: asked first, and the old codes stop working.
    const regenerate = page.getByRole('button', { name: 'Generate new codes' });
    await regenerate.click();
    const confirm = dialog(page, 'Generate new recovery codes?');
    await expect(confirm.getByText('Your current recovery codes will stop working, including any you have not used.')).toBeVisible();
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(regenerate).toBeFocused();
    await regenerate.click();
    await confirm.getByRole('button', { name: 'Generate new codes' }).click();
    const fresh = await shownCodes(page);
    expect(fresh.filter((code) => codes.includes(code))).toEqual([]);
    await done(page);
    await expect(page.getByText('You have 10 recovery codes left.')).toBeVisible();
    expect(await signInWithCode(request, username, codes[0]!)).toEqual(['RCERR01']);
    expect(await signInWithCode(request, username, fresh[0]!)).toEqual([]);

    // Nothing of either set stays behind.
    await expectNothingLeft(page, [...codes, ...fresh]);
  });

  test('warns at 3 codes or fewer', async ({ page, request }) => {
    const { username } = await openProfile(page, request, { authenticator: false });
    await page.getByRole('button', { name: 'Generate recovery codes' }).click();
    const codes = await shownCodes(page);
    await done(page);
    await expect(page.getByText('You have 10 recovery codes left.')).toBeVisible();
    await expect(page.getByText(/Generate a new set/)).toHaveCount(0);
    for (const code of codes.slice(0, 6)) expect(await signInWithCode(request, username, code)).toEqual([]);
    await page.reload();
    await expect(page.getByText('You have 4 recovery codes left.')).toBeVisible();
    await expect(page.getByText(/Generate a new set/)).toHaveCount(0);
    expect(await signInWithCode(request, username, codes[6]!)).toEqual([]);
    await page.reload();
    await expect(page.getByText('You have 3 recovery codes left.')).toBeVisible();
    await expect(page.getByText('Only 3 left. Generate a new set so you can still sign in if you lose your phone.')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
