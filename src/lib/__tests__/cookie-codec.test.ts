import { describe, expect, it } from 'vitest';
import { cookieValue, deleteCookieString, setCookieString } from '../cookie-codec';

describe('cookie codec', () => {
  it('reads a cookie by exact name and decodes it', () => {
    const cookies = 'XSRF-TOKEN-OLD=old; XSRF-TOKEN=a%2Fb; broken; empty=';
    expect(cookieValue(cookies, 'XSRF-TOKEN')).toBe('a/b');
    expect(cookieValue(cookies, 'empty')).toBe('');
    expect(cookieValue(cookies, 'MISSING')).toBeNull();
    expect(cookieValue('bad=%E0%A4%A', 'bad')).toBeNull();
  });

  it('sets a site-wide, same-site-strict cookie, secure on https, with an optional lifetime', () => {
    expect(setCookieString('authToken', 'a b', { secure: false })).toBe('authToken=a%20b; path=/; SameSite=Strict');
    expect(setCookieString('cookieConsent', 'accepted', { secure: true, maxAgeSeconds: 60 })).toBe(
      'cookieConsent=accepted; path=/; SameSite=Strict; Secure; max-age=60',
    );
    expect(deleteCookieString('authToken', { secure: true })).toBe('authToken=; path=/; SameSite=Strict; Secure; max-age=0');
  });
});
