import { beforeEach, describe, expect, it } from 'vitest';
import { clearSessionStorage, isReadOnlyRole, readAuthToken, readCookie, readSession, saveLanding, siteOf, startSession } from '../session-storage';

beforeEach(() => {
  clearSessionStorage();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
});

const session = { userId: '100245', username: 'ana', token: 'tok-abc', role: 'ROLE_PLAN_ADMIN' } as const;

describe('session storage', () => {
  it('stores a new session with its site and showAlerts, replacing whatever was there', () => {
    window.sessionStorage.setItem('leftover', 'x');
    startSession(session);
    expect({ ...window.sessionStorage }).toEqual({
      userId: '100245',
      username: 'ana',
      token: 'tok-abc',
      role: 'ROLE_PLAN_ADMIN',
      site: 'plan_admin',
      showAlerts: 'true',
    });
    expect(readSession()).toEqual({ ...session, site: 'plan_admin', showAlerts: true });
    expect(readAuthToken()).toBe('tok-abc');
  });

  it('reads no session when nothing is stored', () => {
    expect(readSession()).toBeNull();
    expect(readAuthToken()).toBeNull();
  });

  it.each([
    ['an unknown role', { role: 'ROLE_ROOT' }],
    ['a token with a line break', { token: 'abc\r\nX-Injected: 1' }],
    ['an empty token', { token: '' }],
    ['a missing user id', { userId: null }],
    ['a 10,000-character token', { token: 'a'.repeat(10_000) }],
  ])('treats %s as tampering: clears everything and reads no session', (_, change) => {
    startSession(session);
    for (const [key, value] of Object.entries(change)) {
      if (value === null) window.sessionStorage.removeItem(key);
      else window.sessionStorage.setItem(key, value);
    }
    expect(readSession()).toBeNull();
    expect(window.sessionStorage.length).toBe(0);
  });

  it('saves the landing address and its flags', () => {
    saveLanding('/participant', false);
    expect(window.sessionStorage.getItem('landingPageUrl')).toBe('/participant');
    expect(window.sessionStorage.getItem('landingExt')).toBe('false');
    expect(window.sessionStorage.getItem('landingDataExists')).toBe('true');
  });

  it('derives the site from the role', () => {
    expect(siteOf('ROLE_PARTICIPANT')).toBe('participant');
    expect(siteOf('ROLE_TPA')).toBe('tpa');
  });

  it('treats advisers and TPAs as read-only, everyone else as read-write', () => {
    expect(isReadOnlyRole('ROLE_PLAN_ADVISOR')).toBe(true);
    expect(isReadOnlyRole('ROLE_TPA')).toBe(true);
    expect(isReadOnlyRole('ROLE_PARTICIPANT')).toBe(false);
    expect(isReadOnlyRole('ROLE_PLAN_ADMIN')).toBe(false);
    expect(isReadOnlyRole('ROLE_OTHER')).toBe(false);
  });

  it('reads a cookie by exact name and decodes it', () => {
    document.cookie = 'XSRF-TOKEN-OLD=old';
    document.cookie = 'XSRF-TOKEN=a%2Fb';
    expect(readCookie('XSRF-TOKEN')).toBe('a/b');
    expect(readCookie('MISSING')).toBeNull();
  });
});
