import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, layoutSettled, test } from '../support/fixtures';
import { paths } from '../../src/lib/paths';
import { openRoute, portalRoute, portalRoutes, screenSettled } from '../support/routes';
import { chooseLocale } from '../support/texts';

/*
 * Every route of the route table (so a screen is covered the day it lands), in English and in
 * Spanish, at a phone's, a large phone's, a tablet's and a laptop's width: nothing wider than the
 * screen, nothing focusable off it sideways, the heading whole on the screen, links in the
 * brand's colour, and axe with no violations; and in the pseudo-locale, no English that bypassed
 * the catalogue. How each route is reached is in tests/support/routes.ts.
 */

/** The widths of the issue, each with a height such a screen has. */
const SCREENS = [
  { width: 320, height: 640 },
  { width: 375, height: 740 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
] as const;

/** Chromium's default link colours (unvisited, visited): a link in them has missed the brand's. */
const BROWSER_LINK_COLOURS = ['rgb(0, 0, 238)', 'rgb(85, 26, 139)'];

/** What does not fit the screen sideways: the page's width, and focusable elements past either edge. */
function overflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const focusable = [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, summary, [tabindex]')];
    const outside = focusable
      .filter((element) => {
        const box = element.getBoundingClientRect();
        const shown = box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
        return shown && (box.left < -0.5 || box.right > width + 0.5);
      })
      .map((element) => `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"`);
    return { pageWidth: document.documentElement.scrollWidth, width, outside };
  });
}

function linksInBrowserColours(page: Page) {
  return page.evaluate(
    (defaults) =>
      [...document.querySelectorAll('a[href]')]
        .filter((link) => defaults.includes(getComputedStyle(link).color))
        .map((link) => (link.textContent ?? '').trim()),
    BROWSER_LINK_COLOURS,
  );
}

/**
 * Visible text, and the names and alternatives assistive technology reads, with English words
 * and no pseudo-localised letter: English that bypassed the catalogue, on a page in the
 * pseudo-locale (where every catalogue text is accented; one that carries a value, such as an
 * email address, has accents around it). Not counted: what is marked as another language (the
 * language switch names each language in its own), names marked not to be translated, what the
 * gateway wrote (marked as such: its announcements, security questions), dates (Intl's), and the
 * captcha's widget.
 */
function untranslated(page: Page) {
  return page.evaluate(() => {
    const untouched = (text: string) => /[A-Za-z]{3,}/.test(text) && !/[\u00C0-\u024F\u1E00-\u1EFF]/.test(text);
    const exempt = (element: Element) =>
      element.closest('[translate="no"], [data-gateway-text], time, .captcha__widget') !== null ||
      element.closest('[lang]') !== document.documentElement;
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      const text = node.textContent ?? '';
      if (!element || !untouched(text) || exempt(element) || !element.checkVisibility()) continue;
      if (['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(element.tagName)) continue;
      found.push(text.trim());
    }
    for (const element of document.querySelectorAll('[aria-label], img[alt], [placeholder], [title]')) {
      if (exempt(element)) continue;
      for (const name of ['aria-label', 'alt', 'placeholder', 'title']) {
        const value = element.getAttribute(name);
        if (value && untouched(value)) found.push(`${name}="${value}"`);
      }
    }
    return found;
  });
}

/** What must hold at one width: nothing wider than the screen, the heading whole, the brand's links, axe. */
async function rightAt(page: Page, screen: (typeof SCREENS)[number]) {
  await page.setViewportSize(screen);
  await layoutSettled(page);
  const found = await overflow(page);
  expect(found.pageWidth, 'the page is no wider than the screen').toBeLessThanOrEqual(found.width);
  expect(found.outside, 'focusable elements outside the screen sideways').toEqual([]);
  // Whole on the screen once scrolled to (the page may have moved focus further down, as the captcha does).
  const heading = page.getByRole('heading', { level: 1 });
  await heading.scrollIntoViewIfNeeded();
  await expect(heading).toBeInViewport({ ratio: 1 });
  expect(await linksInBrowserColours(page), "links in the browser's colours rather than the brand's").toEqual([]);
  await expectNoAxeViolations(page);
}

/** The languages the walk checks, each with the name of its button in the header's switch and its page language. */
const LANGUAGES = [
  { locale: 'en', button: 'English', lang: 'en-US' },
  { locale: 'es', button: 'Español', lang: 'es-US' },
] as const;

/**
 * Changes the page's language where it is, with the header's switch (which keeps the screen and
 * what was typed: tests/e2e/languages.spec.ts), and waits until the screen speaks it.
 */
async function speak(page: Page, language: (typeof LANGUAGES)[number]) {
  await page.getByRole('banner').getByRole('button', { name: language.button, exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', language.lang);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
}

// Each route is reached once (most of a test's time), in the pseudo-locale, whose texts are the
// longest and are all accented: no English that bypassed the catalogue, and the narrowest screen
// is where they must fit. Then the same screen in English and in Spanish at every width.
for (const route of portalRoutes) {
  test(`${route.path} (${route.reach.how}) in the pseudo-locale shows no English that bypassed the catalogue, and in English and Spanish is right at 320, 375, 768 and 1280 px`, async ({
    page,
  }) => {
    await chooseLocale(page, 'pseudo');
    await page.setViewportSize(SCREENS[0]);
    await openRoute(page, route);
    await screenSettled(page, route);
    await test.step('the pseudo-locale at 320 px', async () => {
      expect(await untranslated(page), 'English that bypassed the catalogue').toEqual([]);
      await rightAt(page, SCREENS[0]);
    });
    for (const language of LANGUAGES) {
      await test.step(language.button, async () => {
        await page.setViewportSize(SCREENS[0]);
        await speak(page, language);
        for (const screen of SCREENS) await test.step(`${screen.width} px`, () => rightAt(page, screen));
      });
    }
  });
}

/** Tabs until the cookie banner's button; what was focused, and what was focused out of sight. */
async function tabThrough(page: Page) {
  const reached: string[] = [];
  const hidden: string[] = [];
  for (let step = 0; step < 30 && !reached.includes('Accept cookies'); step += 1) {
    await page.keyboard.press('Tab');
    const focus = await page.evaluate(() => {
      const focused = document.activeElement;
      const notice = document.querySelector('[aria-label="Cookie notice"]');
      if (!(focused instanceof HTMLElement) || focused === document.body || !notice) return null;
      const box = focused.getBoundingClientRect();
      const cover = notice.getBoundingClientRect();
      const name = (focused.textContent ?? '').trim() || focused.getAttribute('aria-label') || focused.tagName.toLowerCase();
      const underBanner = !notice.contains(focused) && box.bottom > cover.top && box.top < cover.bottom;
      const offScreen = box.top < 0 || box.bottom > window.innerHeight;
      return { name, obscured: underBanner || offScreen };
    });
    if (!focus) continue;
    reached.push(focus.name);
    if (focus.obscured) hidden.push(focus.name);
  }
  return { reached, hidden };
}

test('at 375 px the cookie banner shows and never hides the focused element as the user tabs through the sign-in page', async ({
  page,
}) => {
  await page.setViewportSize(SCREENS[1]);
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Cookie notice' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Latest update' })).toBeVisible();
  const { reached, hidden } = await tabThrough(page);
  // The whole page was tabbed through, the banner's button last.
  expect(reached).toEqual(expect.arrayContaining(['Sign In', 'Having trouble signing in?', 'Create Your Account', 'Accept cookies']));
  expect(hidden, 'focused elements under the cookie banner or off the screen').toEqual([]);
});

test('at 1280 x 800 the cookie banner never hides the links under the security question as the user tabs on', async ({ page }) => {
  await page.setViewportSize(SCREENS[3]);
  await openRoute(page, portalRoute(paths.securityQuestion));
  // Focus starts on the captcha, which takes it once shown.
  await expect(page.getByRole('checkbox', { name: "I'm not a robot" })).toBeFocused();
  await expect(page.getByRole('region', { name: 'Cookie notice' })).toBeVisible();
  const { reached, hidden } = await tabThrough(page);
  expect(reached).toEqual(expect.arrayContaining(['Having trouble signing in?', 'Create Your Account', 'Accept cookies']));
  expect(hidden, 'focused elements under the cookie banner or off the screen').toEqual([]);
});

test("the captcha's widget (304 px, as Google's) is whole and the page no wider than the screen at every phone width", async ({ page }) => {
  await page.setViewportSize(SCREENS[1]);
  await openRoute(page, portalRoute(paths.securityQuestion));
  await expect(page.getByRole('checkbox', { name: "I'm not a robot" })).toBeVisible();
  const cut: string[] = [];
  for (let width = 320; width <= 420; width += 4) {
    await page.setViewportSize({ width, height: 800 });
    await layoutSettled(page);
    const fit = await page.evaluate(() => {
      const room = document.querySelector('.captcha')!.getBoundingClientRect();
      const widget = document.querySelector('[data-sitekey]')!.getBoundingClientRect();
      return { widget: widget.right <= room.right + 0.5, page: document.documentElement.scrollWidth <= window.innerWidth };
    });
    if (!fit.widget || !fit.page) cut.push(`${width} px: ${JSON.stringify(fit)}`);
  }
  expect(cut, 'widths where the widget is cut or the page scrolls sideways').toEqual([]);
});

declare global {
  interface Window {
    __layoutShift: number;
  }
}

for (const screen of [SCREENS[1], SCREENS[3]]) {
  test(`at ${screen.width} px the sign-in page does not move as the brand and the announcement arrive: layout shift below 0.02`, async ({
    page,
  }) => {
    await page.setViewportSize(screen);
    await page.addInitScript(() => {
      window.__layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) window.__layoutShift += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // The brand and the announcement are held until the form has been painted, as a slow
    // network delivers them: they arrive into the page, whatever this machine's speed.
    let release: () => void = () => undefined;
    const painted = new Promise<void>((resolve) => {
      release = resolve;
    });
    for (const url of [/\/login-gateway\/public\/branding\/brand$/, /\/announcements\.json$/]) {
      await page.route(url, async (route) => {
        await painted;
        await route.continue();
      });
    }
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your 401(k) account' })).toBeVisible();
    await layoutSettled(page);
    release();

    await expect(page.getByRole('region', { name: 'Latest update' })).toBeVisible();
    await expect(page).toHaveTitle('Example Partner 401(k)');
    await expect(page.locator('header img')).toHaveCount(2);
    await page.waitForFunction(() => [...document.images].every((image) => image.complete));
    await layoutSettled(page);
    // Shifts of the last frame are reported in a task after it.
    const shift = await page.evaluate(() => new Promise<number>((resolve) => setTimeout(() => resolve(window.__layoutShift), 0)));
    expect(shift).toBeLessThan(0.02);
  });
}
