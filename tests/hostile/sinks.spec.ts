import type { Page } from '@playwright/test';
import { expect, standInDashboards, test } from '../support/fixtures';
import { PAYLOADS, report, sample, surviving } from './hostile-support';

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
}

const signIn = async (page: Page, username: string) => {
  await page.goto('/');
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill('Secret#123');
  await page.getByRole('button', { name: 'Sign In' }).click();
};

const withData = (answer: Json, change: (data: Json) => void): Json => {
  const data = { ...((answer.data as Json | undefined) ?? {}) };
  change(data);
  return { ...answer, data };
};

const SINKS: readonly Sink[] = [
  {
    name: 'brand name (title, header)',
    call: /\/public\/branding\/brand$/,
    inject: (answer, payload) => ({ ...answer, brandName: payload }),
    reach: (page) => page.goto('/').then(() => undefined),
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
    reach: (page) => page.goto('/').then(() => undefined),
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
];

test.beforeEach(async ({ page }) => {
  await standInDashboards(page);
});

for (const sink of SINKS) {
  test(`hostile ${sink.name}`, async ({ page, guards }, testInfo) => {
    test.setTimeout(FULL_TIMEOUT);
    guards.allowConsoleErrors(/./);
    let payload = '';
    let injecting = false;
    await page.route(sink.call, async (route) => {
      if (!injecting || (sink.when && !sink.when(route.request().headers()))) return route.fallback();
      const answer = await route.fetch();
      let json: Json = {};
      try {
        json = (await answer.json()) as Json;
      } catch {
        // The gateway's own answer was not JSON: inject into an empty one.
      }
      await route.fulfill({ response: answer, json: sink.inject(json, payload) });
    });
    const problems: string[] = [];
    const payloads = sample(PAYLOADS, 3);
    for (const next of payloads) {
      payload = next;
      injecting = true;
      // A fresh start for each payload: nothing of the last one stays on the screen.
      await page.goto('about:blank');
      await sink.reach(page);
      await page.waitForLoadState('networkidle');
      const seen = await page.evaluate(() => ({ csp: window.__cspViolations ?? [], ran: window.__scriptRan ?? [] }));
      const left = await surviving(page);
      for (const line of [...seen.csp.map((text) => `CSP ${text}`), ...seen.ran.map((name) => `ran ${name}()`), ...left]) {
        problems.push(`${JSON.stringify(next.slice(0, 50))}: ${line}`);
      }
      injecting = false;
    }
    report(testInfo, 'hostile input', payloads.length, new Set(problems.map((line) => line.split(':')[0])).size);
    expect(problems).toEqual([]);
  });
}

/** The full run feeds every payload through each sink, one page at a time. */
const FULL_TIMEOUT = process.env.HOSTILE === 'full' ? 30 * 60_000 : 120_000;
