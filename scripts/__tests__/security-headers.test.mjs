import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from '../security-headers.mjs';

// What the headers say. That every server of the portal sends exactly these is
// nginx.test.mjs's, portal-preview's and tests/e2e/serving.spec.ts's.
describe("the portal's security headers", () => {
  const directives = new Map(
    CONTENT_SECURITY_POLICY.split(';').map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  );

  it('a policy that runs only the portal’s own scripts, is framed by nobody, and loads no plugin', () => {
    expect(directives.get('default-src')).toEqual(["'none'"]);
    expect(directives.get('script-src')?.[0]).toBe("'self'");
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'none'"]);
    expect(directives.get('form-action')).toEqual(["'self'"]);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-(inline|eval|hashes)|'strict-dynamic'|\*/);
  });

  it('no sniffing, no referrer, HTTPS remembered, no framing, no opener', () => {
    expect(SECURITY_HEADERS['X-Content-Type-Options']).toBe('nosniff');
    expect(SECURITY_HEADERS['Referrer-Policy']).toBe('no-referrer');
    expect(SECURITY_HEADERS['Strict-Transport-Security']).toMatch(/^max-age=(\d+)/);
    expect(Number(/^max-age=(\d+)/.exec(SECURITY_HEADERS['Strict-Transport-Security'])?.[1])).toBeGreaterThanOrEqual(31_536_000);
    expect(SECURITY_HEADERS['X-Frame-Options']).toBe('DENY');
    expect(SECURITY_HEADERS['Cross-Origin-Opener-Policy']).toBe('same-origin');
    expect(SECURITY_HEADERS['Content-Security-Policy']).toBe(CONTENT_SECURITY_POLICY);
  });
});
