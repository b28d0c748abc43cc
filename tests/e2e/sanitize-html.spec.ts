import { readFileSync } from 'node:fs';
import { HOSTILE_HTML } from '../../src/testing/hostile-html';
import { expect, test } from '../support/fixtures';

/*
 * Hostile HTML messages through the production sanitiser, in Chromium, under the production CSP.
 * The portal has no screen that shows gateway HTML yet, so the test imports the built sanitiser
 * chunk (the very file the notification area loads) and calls its SanitizedHtml export, then
 * puts the result into the live page as React would.
 *
 * Chromium dispatches every CSP report of a window from one task queue, in order. Each test
 * ends with a canary report (an image from an http host, which img-src refuses) and waits for
 * it: every report the sanitising raised has arrived by then, however slow the machine.
 */

const CANARY = 'http://csp-canary.invalid/';
const BRAND_HOSTS = ['www.example-partner.com', 'assets.example-partner.com'];
const TAGS = ['A', 'B', 'STRONG', 'I', 'EM', 'U', 'P', 'BR', 'UL', 'OL', 'LI', 'SPAN', 'DIV'];

/** The built sanitiser chunk, named by Vite's manifest, as the app imports it. */
function sanitizerChunk(): string {
  const manifest: unknown = JSON.parse(readFileSync(new URL('../../dist/.vite/manifest.json', import.meta.url), 'utf8'));
  const entry = (manifest as Record<string, { file: string } | undefined>)['lib/sanitize-html.tsx'];
  if (!entry) throw new Error('The build has no sanitiser chunk of its own (lib/sanitize-html.tsx): it must load lazily.');
  return `/${entry.file}`;
}

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your 401(k) account' })).toBeVisible();
});

test('hostile messages pass through the built sanitiser without a CSP report or any script running', async ({ page, guards }) => {
  expect(HOSTILE_HTML.length).toBeGreaterThanOrEqual(60);
  guards.allowConsoleErrors(/csp-canary\.invalid/);
  const cspConsole: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text()) && !message.text().includes('csp-canary')) cspConsole.push(message.text());
  });

  const result = await page.evaluate(
    async ({ chunk, inputs, hosts, canary }) => {
      const reports: string[] = [];
      const canaryArrived = new Promise<void>((resolve) => {
        window.addEventListener(
          'securitypolicyviolation',
          (event) => {
            if (!event.blockedURI.startsWith(canary)) {
              reports.push(`${event.violatedDirective} ${event.blockedURI}`);
              return;
            }
            // The canary is this test's own: the fixture's watch on the page never sees it.
            event.stopImmediatePropagation();
            resolve();
          },
          { capture: true },
        );
      });
      type Rendered = { props: { dangerouslySetInnerHTML: { __html: string } } };
      type Props = { html: string; allowedHosts: readonly string[] };
      const { SanitizedHtml } = (await import(chunk)) as { SanitizedHtml: (props: Props) => Rendered };
      const container = document.createElement('div');
      document.body.append(container);
      for (const html of inputs) {
        const holder = document.createElement('div');
        holder.innerHTML = SanitizedHtml({ html, allowedHosts: hosts }).props.dangerouslySetInnerHTML.__html;
        container.append(holder);
      }
      new Image().src = canary;
      await canaryArrived;
      const elements = [...container.querySelectorAll('*')];
      return {
        reports,
        tags: [...new Set(elements.map((element) => element.tagName))],
        attributes: [...new Set(elements.flatMap((element) => [...element.attributes].map(({ name, value }) => `${name}=${value}`)))],
        scriptRan: window.__scriptRan,
      };
    },
    { chunk: sanitizerChunk(), inputs: HOSTILE_HTML, hosts: BRAND_HOSTS, canary: CANARY },
  );

  expect(result.reports).toEqual([]);
  expect(cspConsole).toEqual([]);
  expect(result.scriptRan).toEqual([]);
  expect(result.tags.filter((tag) => !TAGS.includes(tag))).toEqual([]);
  const safeHref = /^href=(?:https:\/\/(?:www|assets)\.example-partner\.com\/\S*|mailto:[\w.%-]+@[a-z0-9.-]+|tel:\+?\d{7,15}(?:,\d+)?)$/;
  const safe = (attribute: string) => safeHref.test(attribute) || attribute === 'target=_blank' || attribute === 'rel=noopener noreferrer';
  expect(result.attributes.filter((attribute) => !safe(attribute))).toEqual([]);
  // The table does keep some links: the check above had something to look at.
  expect(result.attributes).toContain('href=https://www.example-partner.com/');
});

test('the same messages parsed in a document of the page itself raise CSP reports (negative control)', async ({ page, guards }) => {
  // The reports go to a frame of the page, not to the page the fixture watches; their console lines are expected.
  guards.allowConsoleErrors(/Content Security Policy/);
  const reports = await page.evaluate(
    async ({ inputs, canary }) => {
      const frame = document.createElement('iframe');
      frame.hidden = true;
      document.body.append(frame);
      const view = frame.contentWindow as Window & typeof globalThis;
      const seen: string[] = [];
      const canaryArrived = new Promise<void>((resolve) => {
        view.addEventListener('securitypolicyviolation', (event) => {
          if (event.blockedURI.startsWith(canary)) resolve();
          else seen.push(event.violatedDirective);
        });
      });
      // What DOMPurify does with the window it is given: parse with that window's DOMParser.
      for (const html of inputs) new view.DOMParser().parseFromString(html, 'text/html');
      new view.Image().src = canary;
      await canaryArrived;
      return seen;
    },
    { inputs: HOSTILE_HTML, canary: CANARY },
  );
  expect(reports).toContain('script-src-attr');
  expect(reports.length).toBeGreaterThanOrEqual(20);
});
