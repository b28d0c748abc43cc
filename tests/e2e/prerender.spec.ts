import type { Page, Request } from '@playwright/test';
import { expect, expectNoAxeViolations, expectSignInTakenOver, holdCalls, pauseClock, test } from '../support/fixtures';

/*
 * The sign-in screen comes prerendered in the page (src/prerender.tsx) and the app hydrates it
 * (src/start.tsx). Each test holds the page's script (the first screen's chunk) to look at the
 * page before it runs.
 */

const ENTRY_SCRIPT = /\/assets\/first-screen-[^/]+\.js$/;
/** The page's own small script (src/main.tsx), which starts the app once the page has painted. */
const PAGE_SCRIPT = /\/assets\/index-[^/]+\.js$/;
/** The app's entry (src/start.tsx), which src/main.tsx imports once the page has painted. */
const APP_SCRIPT = /\/assets\/start-[^/]+\.js$/;
const HEADING = 'Sign in to your 401(k) account';
/** How long src/main.tsx waits for the first paint before it starts the app anyway (its `setTimeout(start, …)`). */
const START_FALLBACK_MS = 1_000;

/** Every console message about hydration (React reports a mismatch as an error: the fixture fails on those too). */
function hydrationMessages(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (/hydrat/i.test(message.text())) messages.push(`${message.type()}: ${message.text()}`);
  });
  return messages;
}

test('the heading, the form and its labels are in the page before any script has run', async ({ page }) => {
  const release = await holdCalls(page, ENTRY_SCRIPT);
  // Not until 'load' or 'DOMContentLoaded': both wait for the page's (deferred) module script.
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: HEADING })).toBeVisible();
  await expect(page.getByLabel('Username')).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Why create an online account?' })).toBeVisible();
  // Not yet the app's: the button cannot send the form by itself.
  await expect(page.getByRole('button', { name: 'Sign In' })).toHaveAttribute('type', 'button');
  await expectNoAxeViolations(page);
  release();
  await expectSignInTakenOver(page);

  const html = await (await page.request.get('/')).text();
  expect(html).toContain(`<h1 id="sign-in-heading" tabindex="-1" class="page-heading">${HEADING}</h1>`);
});

test('the first screen paints with its styles inside the page, and its style sheet is never fetched', async ({ page }) => {
  const sheets: string[] = [];
  page.on('request', (request) => {
    if (/\/first-screen-[^/]+\.css$/.test(request.url())) sheets.push(request.url());
  });
  const release = await holdCalls(page, ENTRY_SCRIPT);
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: HEADING })).toBeVisible();
  // The page's own style element applies (the policy allows it by its hash: a blocked one has no sheet).
  const inPage = await page.evaluate(() =>
    Array.from(document.styleSheets)
      .filter((sheet) => sheet.ownerNode instanceof HTMLStyleElement)
      .map((sheet) => sheet.cssRules.length),
  );
  expect(inPage).toHaveLength(1);
  expect(inPage[0]).toBeGreaterThan(50);
  release();
  await expectSignInTakenOver(page);
  // Nor when the app's code arrives (Vite's preload helper asks for each chunk's style sheets).
  await page.evaluate(() => (window.location.hash = '#/reset-password'));
  await expect(page.getByRole('heading', { level: 1, name: HEADING })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(sheets).toEqual([]);
});

test("the app's code is asked for only once the prerendered screen has painted", async ({ page }) => {
  await page.goto('/');
  await expectSignInTakenOver(page);
  const { painted, asked, pageScript } = await page.evaluate(
    ([app, own]) => {
      const resource = (source: string) =>
        performance.getEntriesByType('resource').find((entry) => new RegExp(source).test(entry.name)) as
          PerformanceResourceTiming | undefined;
      return {
        painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        asked: resource(app)?.startTime ?? null,
        pageScript: resource(own)?.responseEnd ?? null,
      };
    },
    [APP_SCRIPT.source, PAGE_SCRIPT.source] as const,
  );
  expect(painted).not.toBeNull();
  expect(asked).not.toBeNull();
  expect(pageScript).not.toBeNull();
  // Or, where the first paint takes longer than a second (a busy machine), not before that second,
  // counted from when the page's script arrived: src/main.tsx then starts the app on a timer (a
  // background tab paints nothing until shown).
  expect(asked!).toBeGreaterThanOrEqual(Math.min(painted!, pageScript! + START_FALLBACK_MS));
});

test("the app takes the page over while the page's timers are held (a test's paused clock, a throttled tab)", async ({ page }) => {
  await page.clock.install();
  const release = await holdCalls(page, ENTRY_SCRIPT);
  await page.goto('/', { waitUntil: 'commit' });
  // From here on no timer fires; the app's code arrives after that.
  await pauseClock(page);
  release();
  await expectSignInTakenOver(page);
  await expect(page).toHaveTitle('Example Partner 401(k)');
});

test("the page's own script, its imports and the first screen's answers are asked for at low priority: the first paint needs none of them", async ({
  page,
}) => {
  const html = await (await page.request.get('/')).text();
  const scripts = [...html.matchAll(/<(?:script type="module"|link rel="modulepreload")[^>]*>/g)].map(([tag]) => tag);
  expect(scripts.length).toBeGreaterThan(1);
  const answers = [...html.matchAll(/<link rel="preload"[^>]*>/g)].map(([tag]) => tag);
  expect(answers.map((tag) => /href="([^"]*)"/.exec(tag)?.[1])).toEqual(['/login-gateway/public/branding/brand', '/announcements.json']);
  for (const tag of [...scripts, ...answers]) expect(tag).toContain('fetchpriority="low"');
});

/** The username the sign-in request sends (in its Basic authorisation). */
function signInUsername(request: Request): string | undefined {
  return Buffer.from((request.headers().authorization ?? '').replace(/^Basic /, ''), 'base64')
    .toString('utf8')
    .split(':')[0];
}

test('what is typed before the script runs is kept, Enter sends it once the app has the page, and the app takes over the same page', async ({
  page,
}) => {
  const hydration = hydrationMessages(page);
  const signIns: Request[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/login-gateway/authentication')) signIns.push(request);
  });
  const release = await holdCalls(page, ENTRY_SCRIPT);
  const asked = page.waitForRequest(ENTRY_SCRIPT);
  // Not until 'load' or 'DOMContentLoaded': both wait for the page's (deferred) module script.
  await page.goto('/', { waitUntil: 'commit' });
  await page.getByLabel('Username').fill('early.bird');
  await page.getByLabel('Password', { exact: true }).fill('Secret#123');
  // Once the page's own script has run (it asks for the app's code): the moments before it are
  // the next test's.
  await asked;
  await page.getByLabel('Password', { exact: true }).press('Enter');
  // The browser did not send the form itself (a GET with the password in the address).
  expect(new URL(page.url()).search).toBe('');
  await page.evaluate(() => document.querySelector('h1')?.setAttribute('data-seen', 'before'));

  // The sign-in's answer is held, so the page stays to be looked at (it then goes to the dashboard).
  const releaseSignIn = await holdCalls(page, /\/login-gateway\/authentication$/);
  const request = page.waitForRequest('**/login-gateway/authentication');
  release();
  // The Enter is done once the app has the page: it sends what was typed.
  expect(signInUsername(await request)).toBe('early.bird');
  await expectSignInTakenOver(page);
  // Hydrated, not drawn again: the heading is the same element.
  await expect(page.getByRole('heading', { level: 1, name: HEADING })).toHaveAttribute('data-seen', 'before');
  await expect(page.getByLabel('Username')).toHaveValue('early.bird');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('Secret#123');
  expect(new URL(page.url()).search).toBe('');
  releaseSignIn();
  await (await request).response();
  // Once.
  expect(signIns).toHaveLength(1);
  expect(hydration).toEqual([]);
});

test('a page scrolled before the script runs stays where it was once the app has the page', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 400 });
  const release = await holdCalls(page, ENTRY_SCRIPT);
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'Why create an online account?' })).toBeVisible();
  await page.getByRole('heading', { name: 'Why create an online account?' }).scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);
  release();
  await expectSignInTakenOver(page);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
});

test('a button pressed before any script runs does its job once the app has the page', async ({ page }) => {
  // Not even the page's own script: the page's first moments on a slow network.
  const release = await holdCalls(page, PAGE_SCRIPT);
  await page.goto('/', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Create Your Account' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  release();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectSignInTakenOver(page);

  // Sign In pressed early sends the form, once, even when pressed twice.
  await page.goto('about:blank');
  const releaseAgain = await holdCalls(page, PAGE_SCRIPT);
  await page.goto('/', { waitUntil: 'commit' });
  await page.getByLabel('Username').fill('early.bird');
  await page.getByLabel('Password', { exact: true }).fill('Secret#123');
  const signIns: Request[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/login-gateway/authentication')) signIns.push(request);
  });
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('button', { name: 'Sign In' }).click();
  const request = page.waitForRequest('**/login-gateway/authentication');
  releaseAgain();
  const sent = await request;
  expect(signInUsername(sent)).toBe('early.bird');
  await sent.response();
  expect(signIns).toHaveLength(1);
});

test('the skip link works before any script runs, and the main content keeps the focus once the app has the page', async ({ page }) => {
  const release = await holdCalls(page, PAGE_SCRIPT);
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: HEADING })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Enter');
  // The browser's own jump would write '#main-content' where the app keeps its route, and the app
  // would then leave focus on nothing.
  await expect(page.locator('#main-content')).toBeFocused();
  expect(new URL(page.url()).hash).toBe('');
  release();
  await expectSignInTakenOver(page);
  await expect(page.locator('#main-content')).toBeFocused();
});

test('someone who accepted the cookies on an earlier visit never sees the notice, not even before the script runs', async ({ page }) => {
  // Accepted as a user does, so the page's script must know the cookie the app writes.
  await page.goto('/');
  await page.getByRole('button', { name: 'Accept cookies' }).click();
  await expect(page.locator('.cookie-banner')).toHaveCount(0);
  await page.goto('about:blank');
  const release = await holdCalls(page, ENTRY_SCRIPT);
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: HEADING })).toBeVisible();
  await expect(page.locator('.cookie-banner')).toBeHidden();
  release();
  await expectSignInTakenOver(page);
  await expect(page.locator('.cookie-banner')).toHaveCount(0);
  // The page's mark is the app's no longer: it says nothing once the app has the page.
  await expect(page.locator('html')).not.toHaveAttribute('data-cookies');
});

test('the brand and the announcement arrive after the form into the room kept for them, moving nothing', async ({ page }) => {
  // A phone's width, where the header and the banner are tightest.
  await page.setViewportSize({ width: 375, height: 667 });
  const hydration = hydrationMessages(page);
  const releaseBrand = await holdCalls(page, /\/login-gateway\/public\/branding\/brand$/);
  const releaseAnnouncements = await holdCalls(page, /\/announcements\.json$/);
  await page.goto('/');
  await expectSignInTakenOver(page);
  await expect(page.getByRole('region', { name: 'Latest update' })).toHaveCount(0);
  releaseBrand();
  releaseAnnouncements();
  await expect(page.getByRole('img', { name: 'Example Partner 401(k)' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Latest update' })).toBeVisible();
  await expect(page).toHaveTitle('Example Partner 401(k)');

  // Every layout shift of the visit (none at all: the observer then never calls back), with what moved.
  const shifts = await page.evaluate(
    () =>
      new Promise<string[]>((done) => {
        type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node | null }[] };
        new PerformanceObserver((list) => {
          done(
            (list.getEntries() as Shift[])
              .filter((entry) => !entry.hadRecentInput)
              .map(
                (entry) =>
                  `${entry.value.toFixed(4)}: ${entry.sources.map((source) => (source.node as Element | null)?.outerHTML.slice(0, 80)).join(', ')}`,
              ),
          );
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => done([]), 500);
      }),
  );
  expect(shifts).toEqual([]);
  expect(hydration).toEqual([]);
});

test('another address never shows the prerendered sign-in, not even before the script runs, and draws its own screen', async ({ page }) => {
  const release = await holdCalls(page, ENTRY_SCRIPT);
  await page.goto('/#/forgot-username', { waitUntil: 'commit' });
  // The page is there, the sign-in screen in it, hidden (index.html's script, allowed by its hash: no CSP violation).
  await expect(page.locator('#root h1')).toHaveText(HEADING);
  await expect(page.getByRole('heading', { level: 1, name: HEADING })).toBeHidden();
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your username?' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: HEADING })).toHaveCount(0);

  // And at the sign-in's own address (a query is still the sign-in), the page shows it from the start.
  // (From another page: a change of the address's fragment alone would not load the page again.)
  await page.goto('about:blank');
  const releaseAgain = await holdCalls(page, ENTRY_SCRIPT);
  await page.goto('/#/?from=link', { waitUntil: 'commit' });
  await expect(page.getByRole('button', { name: 'Sign In' })).toHaveAttribute('type', 'button');
  await expect(page.getByRole('heading', { level: 1, name: HEADING })).toBeVisible();
  releaseAgain();
  await expectSignInTakenOver(page);
});

/**
 * Two moments another link can be opened in the tab (only its part after the # changes, so the
 * page stays) while the app takes the prerendered sign-in over. As hydrateRoot is called (React
 * listens at its root then, and draws later): the browser tells of the change, and the router
 * reads the new address as it draws. After the router has read the address and before it listens
 * for changes (popstate), between two slices of the takeover: the change goes unheard, and the
 * router must be told once it listens.
 */
const takeoverMoments = [
  { moment: 'as the app begins to take the sign-in over', unheard: false },
  { moment: 'after the router has read the address and before it listens', unheard: true },
];

for (const { moment, unheard } of takeoverMoments) {
  test(`another address opened in the same tab ${moment} is followed, with no error`, async ({ page }) => {
    await page.addInitScript(
      ({ unheard }) => {
        const listen = EventTarget.prototype.addEventListener;
        let moved = false;
        EventTarget.prototype.addEventListener = function (this: EventTarget, ...args: Parameters<EventTarget['addEventListener']>) {
          const now = unheard
            ? this === window && args[0] === 'popstate'
            : this instanceof Element && this.id === 'root' && args[0] === 'auxclick';
          if (!moved && now) {
            moved = true;
            if (unheard) window.history.replaceState(null, '', '#/no-such-screen');
            else window.location.hash = '#/no-such-screen';
            document.documentElement.dataset.moved = `app ${document.documentElement.dataset.app ?? 'not started'}`;
          }
          return listen.apply(this, args);
        };
      },
      { unheard },
    );
    const hydration = hydrationMessages(page);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-moved', 'app started');
    // An address the portal does not know goes to the root (a screen's address draws that screen,
    // whose code loads first: React keeps the prerendered screen until then and meets no mismatch).
    await expect(page).toHaveURL(/#\/$/);
    await expect(page.getByRole('heading', { level: 1, name: HEADING })).toBeVisible();
    await expectSignInTakenOver(page);
    // React's report of the mismatch would be a page error, which the fixture fails on too.
    expect(hydration).toEqual([]);
  });
}

test('a browser preferring Spanish gets the prerendered form in English, then the same form in Spanish, keeping what was typed', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL: baseURL ?? '', locale: 'es-MX' });
  const page = await context.newPage();
  const hydration = hydrationMessages(page);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const release = await holdCalls(page, ENTRY_SCRIPT);
  // Not until 'load' or 'DOMContentLoaded': both wait for the page's (deferred) module script.
  await page.goto('/', { waitUntil: 'commit' });
  await page.getByLabel('Username').fill('temprano');
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Inicie sesión en su cuenta 401(k)' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Nombre de usuario' })).toHaveValue('temprano');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-US');
  expect(hydration).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});
