import { beforeEach, describe, expect, it } from 'vitest';
import { getUserCredentialsPathUserIdRegExp } from '../../../generated/zod/profile/profile.zod';
import { cookieValue } from '../cookie-codec';
import { siteOf } from '../roles';
import {
  acceptCookies,
  clearSessionAndCookies,
  clearSessionStorage,
  hasAcceptedCookies,
  isMfaAdoptionInProgress,
  readAuthCookie,
  readAuthToken,
  readSession,
  readXsrfToken,
  USER_ID_PATTERN,
} from '../session-storage';
import {
  clearPortalSession,
  publishAuthCookie,
  saveLanding,
  sessionSlot,
  setHasTotpOption,
  setMfaAdoptionInProgress,
  storeSession,
} from '../session-writes';
import { seedSession } from '../../testing/session';

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
    seedSession(session);
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

  it('sets the auth cookie with the session, and ends both together', () => {
    seedSession(session);
    expect(readAuthCookie()).toBe('tok-abc');
    setMfaAdoptionInProgress(true);
    clearSessionAndCookies();
    expect(window.sessionStorage.length).toBe(0);
    expect(readAuthCookie()).toBeNull();
    expect(cookieValue(document.cookie, 'mfaAdoptionInProgress')).toBeNull();
  });

  it('uses the auth cookie for X-Auth-Token when nothing is stored', () => {
    document.cookie = 'authToken=cookie-token; path=/';
    expect(readAuthToken()).toBe('cookie-token');
    document.cookie = 'authToken=bad%0D%0Atoken; path=/';
    expect(readAuthToken()).toBeNull();
  });

  it('reads no session when nothing is stored', () => {
    expect(readSession()).toBeNull();
    expect(readAuthToken()).toBeNull();
  });

  it('keeps the adoption marker in session storage and its cookie', () => {
    setMfaAdoptionInProgress(true);
    expect(window.sessionStorage.getItem('mfaAdoptionInProgress')).toBe('true');
    expect(cookieValue(document.cookie, 'mfaAdoptionInProgress')).toBe('true');
    expect(isMfaAdoptionInProgress()).toBe(true);
    setMfaAdoptionInProgress(false);
    expect(isMfaAdoptionInProgress()).toBe(false);
    expect(cookieValue(document.cookie, 'mfaAdoptionInProgress')).toBeNull();
  });

  it("reads adoption from this tab's own marker: a cookie another tab left is no adoption here, and a new session's cookie says its own", () => {
    document.cookie = 'mfaAdoptionInProgress=true; path=/';
    expect(isMfaAdoptionInProgress()).toBe(false);
    seedSession(session);
    expect(cookieValue(document.cookie, 'mfaAdoptionInProgress')).toBeNull();
    setMfaAdoptionInProgress(true);
    publishAuthCookie();
    expect(cookieValue(document.cookie, 'mfaAdoptionInProgress')).toBe('true');
  });

  it('stores the session without its cookie until the sign-in is published', () => {
    storeSession(session);
    expect(readSession()?.token).toBe('tok-abc');
    expect(readAuthCookie()).toBeNull();
  });

  it('keeps a typed slot: written as serialised, read back parsed, garbage removed', () => {
    const slot = sessionSlot<number>('authAppName', (raw) => (/^\d+$/.test(raw) ? Number(raw) : null), String);
    expect(slot.read()).toBeNull();
    slot.write(42);
    expect(window.sessionStorage.getItem('authAppName')).toBe('42');
    expect(slot.read()).toBe(42);
    window.sessionStorage.setItem('authAppName', 'forty-two');
    expect(slot.read()).toBeNull();
    expect(window.sessionStorage.getItem('authAppName')).toBeNull();
    slot.write(1);
    slot.remove();
    expect(slot.read()).toBeNull();
  });

  it("forgets the portal's own keys, the slots' too, and the auth token, leaving other applications' keys", () => {
    seedSession(session);
    saveLanding('/participant', false);
    setMfaAdoptionInProgress(true);
    sessionSlot<string>('journey', (raw) => raw, String).write('{"name":"credentials"}');
    sessionSlot<boolean>('showSuccessVerification', (raw) => raw === 'true', String).write(true);
    window.sessionStorage.setItem('otherApp', 'kept');
    clearPortalSession();
    expect({ ...window.sessionStorage }).toEqual({ otherApp: 'kept' });
    expect(readAuthCookie()).toBeNull();
    expect(readSession()).toBeNull();
  });

  it('remembers the authenticator option and the cookie consent in cookies', () => {
    setHasTotpOption(true);
    expect(cookieValue(document.cookie, 'hasTotpOption')).toBe('true');
    setHasTotpOption(false);
    expect(cookieValue(document.cookie, 'hasTotpOption')).toBeNull();
    expect(hasAcceptedCookies()).toBe(false);
    acceptCookies();
    expect(hasAcceptedCookies()).toBe(true);
  });

  it.each([
    ['an unknown role', { role: 'ROLE_ROOT' }],
    ['a token with a line break', { token: 'abc\r\nX-Injected: 1' }],
    ['an empty token', { token: '' }],
    ['a missing user id', { userId: null }],
    ['a 10,000-character token', { token: 'a'.repeat(10_000) }],
    // A user id goes into request paths: each of these would change the path called.
    ['a user id climbing out of its path', { userId: '100245/../../../announcements.json#' }],
    ['a user id with a slash', { userId: '100245/profile' }],
    ['a user id that is a dot segment', { userId: '..' }],
    ['a user id with a dot', { userId: '100.245' }],
    ['a user id with a query', { userId: '100245?x=1' }],
    ['a user id with a fragment', { userId: '100245#' }],
    ['a percent-encoded user id', { userId: '100245%2f..%2fx' }],
    ['a user id with a backslash', { userId: '100245\\..' }],
    ['a user id with a space', { userId: '100 245' }],
    ['a user id with a line break', { userId: '100245\n' }],
    ['an empty user id', { userId: '' }],
    ['a 65-character user id', { userId: '1'.repeat(65) }],
  ])('treats %s as tampering: clears everything and reads no session', (_, change) => {
    seedSession(session);
    document.cookie = 'mfaAdoptionInProgress=true; path=/';
    for (const [key, value] of Object.entries(change)) {
      if (value === null) window.sessionStorage.removeItem(key);
      else window.sessionStorage.setItem(key, value);
    }
    expect(readSession()).toBeNull();
    expect(window.sessionStorage.length).toBe(0);
    expect(readAuthCookie()).toBeNull();
    expect(isMfaAdoptionInProgress()).toBe(false);
    expect(cookieValue(document.cookie, 'mfaAdoptionInProgress')).toBeNull();
  });

  it('accepts every user id the contract allows', () => {
    for (const userId of ['100245', 'PX_12-ab', '7', 'a'.repeat(64)]) {
      seedSession({ ...session, userId });
      expect(readSession()?.userId).toBe(userId);
    }
  });

  it("checks the user id against the contract's UserId pattern", () => {
    expect(USER_ID_PATTERN.source).toBe(getUserCredentialsPathUserIdRegExp.source);
    expect(USER_ID_PATTERN.flags).toBe('');
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

  it('reads the anti-forgery cookie by exact name, decoded', () => {
    document.cookie = 'XSRF-TOKEN-OLD=old';
    document.cookie = 'XSRF-TOKEN=a%2Fb';
    expect(readXsrfToken()).toBe('a/b');
  });
});
