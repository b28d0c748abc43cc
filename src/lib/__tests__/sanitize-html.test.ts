import { describe, expect, it } from 'vitest';
import { HOSTILE_HTML } from '../../testing/hostile-html';
import { sanitizeHtml } from '../sanitize-html';

const BRAND_HOSTS = ['www.example-partner.com', 'assets.example-partner.com'];
const TAGS = new Set(['A', 'B', 'STRONG', 'I', 'EM', 'U', 'P', 'BR', 'UL', 'OL', 'LI', 'SPAN']);

/** Whether an address is one a cleaned message may link to (written independently of the sanitiser). */
function safeHref(href: string): boolean {
  if (/^tel:\+?[0-9]{7,15}(?:,[0-9]{1,10})?$/.test(href)) return true;
  if (/^mailto:[^?&,;%\s<>"'@]+@[a-z0-9.-]+\.[a-z]{2,}$/.test(href.replace(/%2B|%7[BCD]/g, '+'))) return true;
  const url = URL.canParse(href) ? new URL(href) : null;
  return url?.protocol === 'https:' && !url.username && !url.password && [window.location.host, ...BRAND_HOSTS].includes(url.host);
}

/**
 * Parses HTML into a detached container and reports anything a cleaned message must not hold:
 * an element or attribute outside the allow-list (event handlers, styles, ids that clobber), an
 * address outside the allowed links, or a new window without `rel="noopener noreferrer"`.
 */
function dangers(html: string): string[] {
  const template = document.createElement('template');
  template.innerHTML = html;
  const found: string[] = [];
  for (const element of template.content.querySelectorAll('*')) {
    if (!TAGS.has(element.tagName.toUpperCase())) found.push(element.tagName);
    for (const { name, value } of element.attributes) {
      if (!['href', 'target', 'rel'].includes(name)) found.push(`${element.tagName} ${name}`);
      if (name === 'href' && !safeHref(value)) found.push(`${element.tagName} href=${value}`);
    }
    const target = element.getAttribute('target');
    if (target !== null && (target !== '_blank' || element.getAttribute('rel') !== 'noopener noreferrer')) found.push(`target=${target}`);
  }
  return found;
}

// Dangerous only in another parsing context (mutation XSS, raw text, a whole document) or
// hidden in a comment: this checker, which parses once as a fragment, sees nothing wrong in them.
const INNOCENT_TO_ONE_PARSE = new Set([
  '<body onload=alert(1)>',
  '<body onpageshow=alert(1)>',
  '<frameset onload=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<![CDATA[<img src=x onerror=alert(1)>]]>',
  '<template><img src=x onerror=alert(1)></template>',
]);

describe('sanitizeHtml', () => {
  it('would catch the hostile messages if nothing cleaned them (negative control)', () => {
    const missed = HOSTILE_HTML.filter((html) => !INNOCENT_TO_ONE_PARSE.has(html) && dangers(html).length === 0);
    expect(missed).toEqual([]);
    expect(HOSTILE_HTML.length).toBeGreaterThanOrEqual(100);
  });

  it.each(HOSTILE_HTML)('neutralises %s', (html) => {
    expect(dangers(sanitizeHtml(html, { allowedHosts: BRAND_HOSTS }))).toEqual([]);
  });

  it('keeps the allowed formatting and valid mailto and tel links', () => {
    const html =
      '<p>Call <a href="tel:8005550100">800-555-0100</a> or <strong>write</strong> to ' + '<a href="mailto:help@example.com">us</a>.</p>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('rebuilds mailto and tel links with the contact-link builders', () => {
    expect(sanitizeHtml('<a href="MAILTO:Help@Example.COM">mail</a>')).toBe('<a href="mailto:Help@example.com">mail</a>');
    expect(sanitizeHtml('<a href="tel:+1 (800) 555-0100,2">call</a>')).toBe('<a href="tel:+18005550100,2">call</a>');
  });

  it.each([
    'mailto:help@example.com?bcc=evil@evil.example',
    'mailto:help@example.com&body=x',
    'mailto:a,b@example.com',
    'mailto:help@example..com',
    'mailto:help@example.com%0D%0Abcc:evil@evil.example',
    'mailto:javascript:alert(1)',
    'tel:8005550100;ext=2',
    'tel:8005550100,2,3',
    'tel:javascript:alert(1)',
    'tel:555',
  ])('drops the address of a mailto or tel link the builders refuse: %s', (href) => {
    expect(sanitizeHtml(`<a href="${href}" target="_blank">x</a>`)).toBe('<a>x</a>');
  });

  it("keeps https links to the portal's own host and the brand's hosts", () => {
    const own = `https://${window.location.host}/help`;
    expect(sanitizeHtml(`<a href="${own}">help</a>`)).toBe(`<a href="${own}">help</a>`);
    expect(sanitizeHtml('<a href="https://www.example-partner.com/help" target="_blank">Help</a>', { allowedHosts: BRAND_HOSTS })).toBe(
      '<a href="https://www.example-partner.com/help" target="_blank" rel="noopener noreferrer">Help</a>',
    );
  });

  it.each([
    'https://evil.example/phish',
    'https://www.example-partner.com.evil.example/',
    'https://www.example-partner.com@evil.example/',
    'https://user:pass@www.example-partner.com/',
    'https://www.example-partner.com:8443/',
    'https://example-partner.com/',
    'http://www.example-partner.com/',
    '//www.example-partner.com/',
    '/relative',
  ])('turns a link to any other host into text: %s', (href) => {
    expect(sanitizeHtml(`<a href="${href}" target="_blank" rel="opener">Help</a>`, { allowedHosts: BRAND_HOSTS })).toBe('<a>Help</a>');
  });

  it("allows the brand's hosts only when they are passed", () => {
    expect(sanitizeHtml('<a href="https://www.example-partner.com/help">Help</a>')).toBe('<a>Help</a>');
  });

  it('drops the address of a link that is not https, mailto or tel', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)" target="_blank">x</a>')).toBe('<a>x</a>');
  });

  // Many nodes, yet small enough that jsdom on a busy machine finishes in well under a second:
  // this is a test of correctness; speed belongs in a benchmark.
  it('survives a large message', () => {
    const large = '<b>x</b>'.repeat(1_000);
    expect(sanitizeHtml(large).length).toBe(large.length);
  });
});
