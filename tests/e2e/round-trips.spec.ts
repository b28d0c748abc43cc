import type { Page, Request } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isGatewayPath } from '../../scripts/ports.mjs';
import { expect, standInDashboards, test } from '../support/fixtures';

/**
 * The built chunks of the screens (the journey's and the flows') and of the contract checks of the
 * journey's own calls, by URL path: none of them may be fetched once the gateway has answered.
 * Code the signed-in app loads in the background (the idle timer, the session check) may.
 */
const SCREEN_CODE: ReadonlySet<string> = new Set(
  Object.entries(
    JSON.parse(readFileSync(join(import.meta.dirname, '../../dist/.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>,
  )
    .filter(([source]) => /^(journey|flows)\/|\/zod\/(sign-in|mfa|profile)\//.test(source))
    .map(([, chunk]) => `/${chunk.file}`),
);

/*
 * Round trips: on a phone network each sequential wave of gateway calls costs 150-300 ms. Once
 * the sign-in has answered, everything that follows needs only what it said, so the journey asks
 * it all at once: each branch of a sign-in costs at most two sequential waves from the press of
 * its last button, and no screen's code is fetched after the gateway has answered (it is loaded
 * while the user types).
 *
 * A call's wave is one more than the highest wave among the calls that had answered before it
 * was sent (the first call is wave 1): the length of the longest chain of calls each waiting for
 * an answer before it. Measured from Playwright's request events, so it does not depend on how
 * fast the machine is.
 */

interface Traffic {
  /** The gateway calls since the mark, each with its wave. */
  readonly waves: () => { readonly call: string; readonly wave: number }[];
  /** Screen code the page asked for after the first gateway answer since the mark. */
  readonly lateScripts: () => string[];
  /** Starts counting from now. */
  readonly mark: () => void;
}

function watchTraffic(page: Page): Traffic {
  let calls: { request: Request; call: string; answered: number | null; waitedFor: Request[] }[] = [];
  let scripts: { url: string; afterAnswer: boolean }[] = [];
  let order = 0;
  page.on('request', (request) => {
    const url = new URL(request.url());
    const answered = calls.filter((entry) => entry.answered !== null).map((entry) => entry.request);
    // The session watcher's check after a sign-in goes on in the background: nothing waits for
    // it; so does the passkey autofill's request, made once its code has loaded beside the form
    // (on a busy machine, after the press), which no sign-in by password waits for either.
    if (url.pathname.endsWith('/api/validateSession') || url.pathname.endsWith('/authentication/passkey/options')) return;
    if (isGatewayPath(url.pathname)) {
      calls.push({ request, call: `${request.method()} ${url.pathname}${url.search}`, answered: null, waitedFor: answered });
    } else if (request.resourceType() === 'script' && url.origin === new URL(page.url()).origin) {
      scripts.push({ url: url.pathname, afterAnswer: answered.length > 0 });
    }
  });
  const answer = (request: Request) => {
    const entry = calls.find((candidate) => candidate.request === request);
    if (entry && entry.answered === null) entry.answered = order += 1;
  };
  page.on('requestfinished', answer);
  page.on('requestfailed', answer);
  return {
    mark: () => {
      calls = [];
      scripts = [];
    },
    waves: () => {
      const wave = new Map<Request, number>();
      return calls.map((entry) => {
        const before = entry.waitedFor.map((request) => wave.get(request) ?? 0);
        const value = 1 + Math.max(0, ...before);
        wave.set(entry.request, value);
        return { call: entry.call, wave: value };
      });
    },
    lateScripts: () => scripts.filter((script) => script.afterAnswer && SCREEN_CODE.has(script.url)).map((script) => script.url),
  };
}

/**
 * Fills the sign-in form as a person (or a password manager) does before pressing Sign In: what
 * the filling started loading (the journey's screens) has arrived by the time they press it,
 * however slowly a busy machine runs.
 */
async function fillSignIn(page: Page, username: string) {
  await page.goto('/');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('Secret#123');
  await page.waitForLoadState('networkidle');
}

/** The waves of the calls since the mark, and that no script came after an answer. */
function expectAtMostTwoWaves(traffic: Traffic) {
  const waves = traffic.waves();
  const deepest = Math.max(...waves.map((entry) => entry.wave));
  expect(waves.length, 'calls were made').toBeGreaterThan(1);
  expect(deepest, `sequential waves: ${JSON.stringify(waves)}`).toBeLessThanOrEqual(2);
  expect(traffic.lateScripts(), 'screen code fetched after a gateway answer').toEqual([]);
}

test.beforeEach(async ({ page }) => {
  await standInDashboards(page);
});

test('a direct sign-in to the dashboard takes two waves: the sign-in, then every question at once', async ({ page }) => {
  const traffic = watchTraffic(page);
  await fillSignIn(page, 'demo');
  traffic.mark();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/participant$/);
  expectAtMostTwoWaves(traffic);
  const waves = traffic.waves();
  expect(waves.filter((entry) => entry.wave === 1).map((entry) => entry.call)).toEqual(['POST /login-gateway/authentication']);
});

test('a sign-in with optional adoption takes two waves to its screen', async ({ page }) => {
  const traffic = watchTraffic(page);
  await fillSignIn(page, 'optional');
  traffic.mark();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('button', { name: 'Remind me later' })).toBeEnabled();
  expectAtMostTwoWaves(traffic);
});

test('a sign-in into multi-factor adoption takes two waves to the phone', async ({ page }) => {
  const traffic = watchTraffic(page);
  await fillSignIn(page, 'adopt');
  traffic.mark();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/#\/update-phone$/);
  await expect(page.getByLabel('Phone number')).toBeVisible();
  expectAtMostTwoWaves(traffic);
});

test('a sign-in into adoption with the email first takes two waves to the email', async ({ page }) => {
  const traffic = watchTraffic(page);
  await fillSignIn(page, 'adoptemail');
  traffic.mark();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('button', { name: 'Send code' })).toBeEnabled();
  expectAtMostTwoWaves(traffic);
});

test('the security question: its answer signs in with two waves to the dashboard', async ({ page }) => {
  const traffic = watchTraffic(page);
  await fillSignIn(page, 'question');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('What was the name of your first pet?')).toBeVisible();
  await page.getByLabel('Security Answer').fill('Rex');
  await page.getByRole('checkbox', { name: "I'm not a robot" }).check();
  traffic.mark();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/participant$/);
  expectAtMostTwoWaves(traffic);
});

test('a one-time code signs in with two waves to the dashboard', async ({ page }) => {
  const traffic = watchTraffic(page);
  await fillSignIn(page, 'phone');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/#\/mfa-verification$/);
  await page.getByLabel('Code', { exact: true }).fill('424242');
  traffic.mark();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/participant$/);
  expectAtMostTwoWaves(traffic);
});
