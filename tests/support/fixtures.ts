import { test as base, expect, type Locator, type Page, type Response } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { MOCK_PORT } from '../../scripts/ports.mjs';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Google's reCAPTCHA script (src/lib/captcha/recaptcha-loader.ts), which this machine cannot load. */
const RECAPTCHA_SCRIPT = /^https:\/\/www\.google\.com\/recaptcha\/api\.js(?:\?|$)/;
/** What the tests load in its place: the same browser API, with a checkbox to tick. */
const recaptchaStub = readFileSync(new URL('./recaptcha-stub.js', import.meta.url), 'utf8');

/** A stand-in image for brand logos on https hosts, which this machine cannot reach. */
const LOGO_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" fill="#335"/></svg>';

interface Guards {
  /** Console errors a test expects (for example the browser's report of an HTTP 500). */
  allowConsoleErrors: (pattern: RegExp) => void;
  /** CSP violations a test makes on purpose (as `<directive> blocked <URL>`). */
  allowCspViolations: (pattern: RegExp) => void;
}

declare global {
  interface Window {
    __cspViolations: string[];
    __scriptRan: string[];
    __announced: { role: string; text: string }[];
  }
}

/**
 * Every test fails on a CSP violation, an uncaught page error, a console error it did not
 * expect, or a script run through alert/confirm/print (injected script detection).
 */
export const test = base.extend<{ guards: Guards }>({
  guards: [
    async ({ page }, use) => {
      // The mock throttles as a gateway does (x-rate-limit, per persona): each test starts with
      // fresh quotas, so that the attempts other tests made earlier never decide its answers.
      const reset = await fetch(`http://127.0.0.1:${MOCK_PORT}/__mock/limits/reset`, { method: 'POST' });
      if (!reset.ok) throw new Error(`the mock's limits were not reset: ${reset.status}`);
      const allowed: RegExp[] = [];
      const allowedViolations: RegExp[] = [];
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (!allowed.some((pattern) => pattern.test(text))) problems.push(`console.error: ${text}`);
      });
      await page.addInitScript(() => {
        window.__cspViolations = [];
        window.__scriptRan = [];
        document.addEventListener('securitypolicyviolation', (event) => {
          window.__cspViolations.push(`${event.violatedDirective} blocked ${event.blockedURI || '(inline)'}`);
        });
        // Every message shown in a live region, kept after it goes: a notification dismisses
        // itself after 5 s of the page's time, which a busy machine can spend between two polls.
        window.__announced = [];
        const record = () => {
          for (const region of document.querySelectorAll('[role="alert"], [role="status"]')) {
            const text = region.textContent?.replace(/\s+/g, ' ').trim() ?? '';
            const role = region.getAttribute('role') ?? '';
            if (text && region.checkVisibility() && !window.__announced.some((seen) => seen.role === role && seen.text === text)) {
              window.__announced.push({ role, text });
            }
          }
        };
        new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
        for (const name of ['alert', 'confirm', 'print'] as const) {
          Object.defineProperty(window, name, { value: () => window.__scriptRan.push(name), configurable: true });
        }
      });
      await page.route(RECAPTCHA_SCRIPT, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: recaptchaStub }));
      await page.route(/^https:\/\/assets\.example-partner\.com\//, (route) =>
        route.fulfill({ status: 200, contentType: 'image/svg+xml', body: LOGO_SVG }),
      );
      await use({
        allowConsoleErrors: (pattern) => allowed.push(pattern),
        allowCspViolations: (pattern) => allowedViolations.push(pattern),
      });
      if (!page.isClosed()) {
        const seen = await page
          .evaluate(() => ({ csp: window.__cspViolations ?? [], ran: window.__scriptRan ?? [] }))
          .catch(() => ({ csp: [] as string[], ran: [] as string[] }));
        const violations = seen.csp.filter((line) => !allowedViolations.some((pattern) => pattern.test(line)));
        problems.push(...violations.map((line) => `CSP violation: ${line}`), ...seen.ran.map((name) => `script called ${name}()`));
      }
      expect(problems, 'CSP violations, page errors, unexpected console errors or injected script').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Waits until the page has shown `text` in a visible live region of `role` (an alert by default),
 * whether it is still there or has already dismissed itself.
 */
export async function expectAnnounced(page: Page, text: string | RegExp, role: 'alert' | 'status' = 'alert'): Promise<void> {
  const pattern = typeof text === 'string' ? new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : text;
  await expect
    .poll(() => announcements(page, role), { message: `a visible ${role} announcing ${String(text)}` })
    .toEqual(expect.arrayContaining([expect.stringMatching(pattern)]));
}

/** What the page has shown so far in visible live regions of `role`. */
export async function announcements(page: Page, role: 'alert' | 'status' = 'alert'): Promise<string[]> {
  // A page that is navigating has nothing to say yet: the caller polls again.
  const announced = await page.evaluate(() => window.__announced ?? []).catch(() => []);
  return announced.filter((seen) => seen.role === role).map((seen) => seen.text);
}

/**
 * Waits until the app has taken the sign-in page over: its Sign In button submits (a plain button
 * in the prerendered page, src/components/layout/form-footer.tsx).
 */
export async function expectSignInTakenOver(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: 'Sign In' })).toHaveAttribute('type', 'submit');
}

/** Waits until the page has drawn two more frames: what its last change laid out is on the screen. */
export async function layoutSettled(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** Presses Tab until the element has the focus (at most 40 times). */
export async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let i = 0; i < 40; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** Runs axe on the page and fails on any violation, listing them. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // Contrast is judged on the settled page: let opening animations (the modal's fade) finish.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Once per page: a screen checked at four widths is one page.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: object,
          ) => Promise<{ violations: { id: string; help: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map(
      (violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
  });
  expect(violations).toEqual([]);
}

/** Stands in for the dashboards (other applications) the portal hands over to. */
export async function standInDashboards(page: Page): Promise<void> {
  await page.route(
    /^http:\/\/127\.0\.0\.1:\d+\/(advisor|participant|plan-admin|eps-admin|sales-representative|plan-establishment|partner-dashboard)(#.*)?$/,
    (route) => {
      const name = new URL(route.request().url()).pathname.slice(1);
      return route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="en"><title>${name}</title><h1>Dashboard: ${name}</h1></html>`,
      });
    },
  );
}

/**
 * Reads what `read` takes from each response the page receives (undefined: not this one). A read
 * is asynchronous, so the returned `settled()` waits for every read begun so far and stops
 * reading: a test judges only what has been read, and no read is pending or begins after that
 * (the page goes on loading, and a read begun as the test ends fails outside any test).
 */
export function readResponses<T>(page: Page, read: (response: Response) => Promise<T> | undefined): () => Promise<T[]> {
  const reads: Promise<T>[] = [];
  const onResponse = (response: Response) => {
    const value = read(response);
    if (value) reads.push(value);
  };
  page.on('response', onResponse);
  return async () => {
    for (let count = -1; count !== reads.length;) {
      count = reads.length;
      await Promise.all(reads);
    }
    page.off('response', onResponse);
    return Promise.all(reads);
  };
}

/** Makes the mock answer the next matching request with a named example (a Prefer header). */
export async function preferExample(page: Page, url: RegExp, prefer: string): Promise<void> {
  await page.route(url, (route) => route.continue({ headers: { ...route.request().headers(), prefer } }));
}

/**
 * Holds every call to `url` until the returned `release()`, then sends it on (with a `prefer`
 * header when given: the mock's example to answer with), so what a test looks at while the call
 * is in flight does not depend on timing.
 */
export async function holdCalls(page: Page, url: RegExp, prefer?: string): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue(prefer ? { headers: { ...route.request().headers(), prefer } } : undefined);
  });
  return release;
}

/**
 * Stops the page's clock (installed with `page.clock.install()`) at about now: from then on time
 * moves only when the test says so. `pauseAt` refuses a moment already past, which a busy machine
 * can reach between reading the page's time and pausing it: then it tries again a little later.
 */
export async function pauseClock(page: Page): Promise<void> {
  for (let margin = 1_000; ; margin *= 4) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + margin);
      return;
    } catch (error) {
      if (!/past/i.test(String(error)) || margin > 60_000) throw error;
    }
  }
}
