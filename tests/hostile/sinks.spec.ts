import type { Page } from '@playwright/test';
import { expect, expectSignInTakenOver, standInDashboards, test } from '../support/fixtures';
import { mintSession, mockScenario } from '../support/session';
import { FULL, PAYLOADS, report, surviving } from './hostile-support';

/*
 * Hostile input in every server field that reaches the screen: each payload replaces the field in
 * the gateway's real answer (the mock's), the page shows it, and nothing may run, be reported by
 * the CSP, or survive as an active attribute, a script, a frame, a form or a scripted URL.
 */

type Json = Record<string, unknown>;

interface Sink {
  readonly name: string;
  /** The gateway call whose answer carries the field. */
  readonly call: RegExp;
  /** Puts the payload into the answer. */
  readonly inject: (answer: Json, payload: string) => Json;
  /** Which requests of the call carry it (all of them by default). */
  readonly when?: (headers: Record<string, string>) => boolean;
  /** Brings the field onto the screen. */
  readonly reach: (page: Page) => Promise<void>;
  /** Signed in before the first payload (as a completed sign-in leaves the tab), with the mock's scenario cookies. */
  readonly signedIn?: Record<string, string>;
}

const signIn = async (page: Page, username: string) => {
  await page.goto('/');
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill('Secret#123');
  await page.getByRole('button', { name: 'Sign In' }).click();
};

/** A session the gateway minted for demo, as a completed sign-in leaves it in the tab. */
const mintedSession = async () => ({ ...(await mintSession()), site: 'participant', showAlerts: 'true' });

const fillNewPassword = async (page: Page) => {
  await page.getByLabel('New password', { exact: true }).fill('Retire#2045');
  await page.getByLabel('Confirm new password', { exact: true }).fill('Retire#2045');
  await page.getByRole('button', { name: 'Continue' }).click();
};

const withData = (answer: Json, change: (data: Json) => void): Json => {
  const data = { ...((answer.data as Json | undefined) ?? {}) };
  change(data);
  return { ...answer, data };
};

/**
 * The sign-in page, once the app has taken the prerendered screen over: only the app uses the
 * brand, so a page judged before then would show nothing of it.
 */
async function signInPageTakenOver(page: Page): Promise<void> {
  await page.goto('/');
  await expectSignInTakenOver(page);
}

const SINKS: readonly Sink[] = [
  {
    name: 'brand name (title, header)',
    call: /\/public\/branding\/brand$/,
    inject: (answer, payload) => ({ ...answer, brandName: payload }),
    reach: signInPageTakenOver,
  },
  {
    name: 'brand links (logos, favicon, privacy)',
    call: /\/public\/branding\/brand$/,
    inject: (answer, payload) => ({
      ...answer,
      brandLinks: {
        ...(answer.brandLinks as Json),
        leftLogoLink: payload,
        rightLogoLink: payload,
        faviconLink: payload,
        privacyLink: payload,
      },
    }),
    reach: signInPageTakenOver,
  },
  {
    name: 'brand contacts (Create Your Account)',
    call: /\/public\/branding\/brand$/,
    inject: (answer, payload) => ({
      ...answer,
      contactInfo: { ...(answer.contactInfo as Json), adminAddress: payload, supportPhone: payload, supportName: payload },
    }),
    reach: async (page) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Create Your Account' }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: "announcements (banner, What's New)",
    call: /\/announcements\.json$/,
    inject: (answer, payload) => ({
      changes: [{ date: '2026-11-14', features: [{ title: payload, description: payload }] }],
      ...(answer.errors ? { errors: answer.errors } : {}),
    }),
    reach: (page) => page.goto('/#/whats-new').then(() => undefined),
  },
  {
    name: 'security question (sign-in)',
    call: /\/credentials\/securityQuestion$/,
    inject: (answer, payload) => withData(answer, (data) => (data.securityQuestion = payload)),
    reach: (page) => signIn(page, 'question'),
  },
  {
    name: 'code methods (masked contacts)',
    call: /\/public\/profile\/mfa-options$/,
    inject: (answer, payload) =>
      withData(answer, (data) => {
        data.options = [
          { type: 'sms', contactInfo: payload },
          { type: 'email', contactInfo: payload },
          { type: 'totp', contactInfo: payload },
        ];
      }),
    reach: (page) => signIn(page, 'mfa'),
  },
  {
    name: 'sign-in error description (inline)',
    call: /\/login-gateway\/authentication$/,
    inject: (_answer, payload) => ({ errors: [{ code: 'AUERR02', description: payload }] }),
    reach: (page) => signIn(page, 'wrong'),
  },
  {
    name: 'reset security question',
    call: /\/credentials\/securityQuestion$/,
    inject: (answer, payload) => withData(answer, (data) => (data.securityQuestion = payload)),
    reach: async (page) => {
      await page.goto('/#/reset-password');
      await page.getByRole('textbox', { name: 'Username' }).fill('question');
      await page.getByRole('checkbox', { name: "I'm not a robot" }).check();
      await page.getByRole('button', { name: 'Continue' }).click();
    },
  },
  {
    name: 'forgotten-username error description',
    call: /\/retrieveUsername$/,
    inject: (_answer, payload) => ({ errors: [{ code: 'PRERR02', description: payload }] }),
    reach: async (page) => {
      await page.goto('/#/forgot-username');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByLabel('Email address').fill('jane.smith@example.com');
      await page.getByRole('checkbox', { name: "I'm not a robot" }).check();
      await page.getByRole('button', { name: 'Continue' }).click();
    },
  },
  {
    name: 'email address (adoption, update-email)',
    call: /\/login-gateway\/user\/[^/]+\/profile\/credentials$/,
    inject: (answer, payload) =>
      withData(answer, (data) => {
        data.emailAddress = payload;
        data.email = payload;
      }),
    // An address the contract refuses ends the sign-in there: the internal error, never the page.
    reach: (page) => signIn(page, 'adoptemail'),
  },
  {
    name: "the authenticator app's name (code entry)",
    call: /\/public\/profile\/mfa-options$/,
    inject: (answer, payload) => withData(answer, (data) => (data.options = [{ type: 'totp', contactInfo: payload }])),
    // A name the contract refuses ends the sign-in on the form: nothing here waits for the code screen.
    reach: (page) => signIn(page, 'app'),
  },
  {
    name: 'username alternative (account setup)',
    call: /\/login-gateway\/validateUsername(\?|$)/,
    inject: (answer, payload) => ({ ...answer, data: { userNameAvailable: false, alternateUsername: payload } }),
    reach: async (page) => {
      await signIn(page, 'setup');
      await page.getByRole('heading', { level: 1, name: 'Choose your username' }).waitFor();
      await page.getByRole('textbox', { name: 'Username' }).fill('janesmith');
      await page.getByRole('button', { name: 'Continue' }).click();
    },
  },
  {
    name: 'password change refusal',
    call: /\/login-gateway\/credentials\/changePassword$/,
    inject: (_answer, payload) => ({ errors: [{ code: 'PWERR01', description: payload }] }),
    reach: async (page) => {
      await signIn(page, 'password');
      await fillNewPassword(page);
    },
  },
  {
    name: 'reset link refusal',
    call: /\/public\/profile\/changePassword$/,
    inject: (_answer, payload) => ({ errors: [{ code: 'PWERR01', description: payload }] }),
    reach: async (page) => {
      await page.goto('/#/reset-password/new-password?token=reset-validated');
      await fillNewPassword(page);
    },
  },
  {
    name: 'authenticator registration uri (QR code, link, key)',
    call: /\/login-gateway\/totp\/registerUser$/,
    inject: (answer, payload) =>
      withData(answer, (data) => (data.uri = `otpauth://totp/Example:demo?secret=JBSWY3DPEHPK3PXP&issuer=${payload}`)),
    reach: async (page) => {
      await page.goto('/#/totp-setup');
      await page.getByRole('button', { name: 'Setup authenticator app' }).click();
    },
    signedIn: { mockTotpApp: 'none' },
  },
  {
    name: 'authenticator registration refusal (a verified device)',
    call: /\/login-gateway\/totp\/registerUser$/,
    inject: (_answer, payload) => ({ errors: [{ code: 'TOTPERR01', description: `${payload} (verified device)` }] }),
    reach: async (page) => {
      await page.goto('/#/totp-setup');
      await page.getByRole('button', { name: 'Setup authenticator app' }).click();
    },
    signedIn: { mockTotpApp: 'none' },
  },
  {
    name: 'lockout text (code entry)',
    call: /\/login-gateway\/authentication$/,
    inject: (answer, payload) => ({ ...answer, errors: [{ code: 'MFAERR02', description: `${payload} attempts` }] }),
    when: (headers) => 'twiliomfacode' in headers,
    reach: async (page) => {
      await signIn(page, 'phone');
      await page.getByLabel('Code', { exact: true }).fill('123456');
      await page.getByRole('button', { name: 'Continue' }).click();
    },
  },
  {
    name: 'passkey name (the profile)',
    call: /\/login-gateway\/passkeys$/,
    inject: (answer, payload) =>
      withData(answer, (data) => {
        data.passkeys = [{ id: 'pk_hostile', name: payload, createdAt: '2026-11-02T14:05:00Z', lastUsedAt: null, deviceKind: null }];
      }),
    reach: (page) => page.goto('/#/profile-security').then(() => undefined),
    signedIn: {},
  },
];

// Every payload is judged by the checks below, which say what survived: no trace to record.
test.use({ trace: 'off' });

test.beforeEach(async ({ page }) => {
  await standInDashboards(page);
});

for (const [index, sink] of SINKS.entries()) {
  test(`hostile ${sink.name}`, async ({ page, context, guards }, testInfo) => {
    test.setTimeout(FULL ? 30 * 60_000 : 120_000);
    guards.allowConsoleErrors(/./);
    for (const [name, value] of Object.entries(sink.signedIn ?? {})) await mockScenario(context, name, value);
    await page.route('**/__hostile/blank', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>blank</title>' }),
    );
    let payload = '';
    let injecting = false;
    let injected = 0;
    await page.route(sink.call, async (route) => {
      if (!injecting || (sink.when && !sink.when(route.request().headers()))) return route.fallback();
      // The payload of this request: the next one may begin before the mock has answered.
      const current = payload;
      try {
        const answer = await route.fetch();
        let json: Json = {};
        try {
          json = (await answer.json()) as Json;
        } catch {
          // The gateway's own answer was not JSON: inject into an empty one.
        }
        await route.fulfill({ response: answer, json: sink.inject(json, current) });
      } catch {
        // The page went on without this answer (a later payload's page): it reached nothing, and
        // that payload's own count stays at zero.
        return;
      }
      if (current === payload) injected += 1;
    });
    const problems: string[] = [];
    // The sample: one payload per sink, a different class for each (the whole corpus in the full run).
    const payloads = FULL ? PAYLOADS : [PAYLOADS[(index * 11) % PAYLOADS.length]!];
    for (const next of payloads) {
      payload = next;
      injecting = true;
      injected = 0;
      // A fresh start for each payload: nothing of the last one stays on the screen.
      await page.goto('/__hostile/blank');
      await page.evaluate(
        ({ signedIn, session }) => {
          window.sessionStorage.clear();
          if (!signedIn || !session) return;
          // Signed in, as a completed sign-in leaves the tab.
          for (const [key, value] of Object.entries(session)) window.sessionStorage.setItem(key, value);
          document.cookie = `authToken=${session.token}; path=/`;
        },
        { signedIn: Boolean(sink.signedIn), session: sink.signedIn ? await mintedSession() : null },
      );
      await sink.reach(page);
      // The payload reached the page once its answer went out and the page has done with it
      // (no call in flight, nothing waiting): conditions, never a quiet period, which a busy
      // machine can stretch past any call.
      try {
        // The mock answers first: on a busy machine it may take a while.
        await expect.poll(() => injected, { message: "the sink's call was not answered", timeout: 60_000 }).toBeGreaterThan(0);
        await expect(page.locator('[role="progressbar"], [aria-busy="true"]')).toHaveCount(0);
        await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
      } catch (error) {
        problems.push(`${JSON.stringify(next.slice(0, 50))}: never reached the page (${String(error).split('\n')[0]})`);
      }
      const seen = await page.evaluate(() => ({ csp: window.__cspViolations ?? [], ran: window.__scriptRan ?? [] }));
      const left = await surviving(page);
      for (const line of [...seen.csp.map((text) => `CSP ${text}`), ...seen.ran.map((name) => `ran ${name}()`), ...left]) {
        problems.push(`${JSON.stringify(next.slice(0, 50))}: ${line}`);
      }
      injecting = false;
    }
    // Answers still being injected when the test ends have nobody to answer.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    report(testInfo, 'hostile input', payloads.length, new Set(problems.map((line) => line.split(':')[0])).size);
    expect(problems).toEqual([]);
  });
}

test('a passkey name with markup is shown as text, in the list, the rename field and the removal dialog', async ({ page }) => {
  const name = '<img src=x onerror=alert(1)>';
  await page.route(/\/login-gateway\/passkeys$/, async (route) => {
    const answer = await route.fetch();
    const json = withData((await answer.json()) as Json, (data) => {
      data.passkeys = [{ id: 'pk_hostile', name, createdAt: '2026-11-02T14:05:00Z', lastUsedAt: null, deviceKind: null }];
    });
    await route.fulfill({ response: answer, json });
  });
  await page.addInitScript(
    (session) => {
      if (window.name === 'seeded') return;
      window.name = 'seeded';
      for (const [key, value] of Object.entries(session)) window.sessionStorage.setItem(key, value);
      document.cookie = `authToken=${session.token}; path=/`;
    },
    await mintedSession(),
  );
  await page.goto('/#/profile-security');
  const passkeys = page.getByRole('list', { name: 'Your passkeys' });
  await expect(passkeys.getByRole('heading', { level: 3 })).toHaveText(name);
  await page.getByRole('button', { name: `Rename ${name}` }).click();
  await expect(page.getByRole('form', { name: `Rename ${name}` }).getByRole('textbox')).toHaveValue(name);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: `Remove ${name}` }).click();
  await expect(page.getByRole('dialog', { name: 'Remove this passkey?' })).toContainText(`sign in with ${name}.`);
  expect(await page.locator('main img, dialog img').count()).toBe(0);
  expect(await surviving(page)).toEqual([]);
  expect(await page.evaluate(() => window.__scriptRan)).toEqual([]);
});
