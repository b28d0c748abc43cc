import { beforeEach, describe, expect, it } from 'vitest';
import { getUserCredentialsPathUserIdRegExp } from '../../../generated/zod/profile/profile.zod';
import {
  acceptCookies,
  clearSessionStorage,
  endSession,
  hasAcceptedCookies,
  hasTotpOption,
  isMfaAdoptionInProgress,
  isReadOnlyRole,
  readAuthCookie,
  readAuthToken,
  readCookie,
  readMfaOptionType,
  readSession,
  saveLanding,
  saveMfaOptionType,
  setFlag,
  setHasTotpOption,
  setMfaAdoptionInProgress,
  setTotpSetupSuccess,
  siteOf,
  startSession,
  takeFlag,
  takeTotpSetupSuccess,
  USER_ID_PATTERN,
} from '../session-storage';

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

  it('sets the auth cookie with the session, and ends both together', () => {
    startSession(session);
    expect(readAuthCookie()).toBe('tok-abc');
    setMfaAdoptionInProgress(true);
    endSession();
    expect(window.sessionStorage.length).toBe(0);
    expect(readAuthCookie()).toBeNull();
    expect(isMfaAdoptionInProgress()).toBe(false);
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
    expect(readCookie('mfaAdoptionInProgress')).toBe('true');
    expect(isMfaAdoptionInProgress()).toBe(true);
    setMfaAdoptionInProgress(false);
    expect(isMfaAdoptionInProgress()).toBe(false);
  });

  it('keeps the chosen code method as JSON and drops garbage', () => {
    saveMfaOptionType({ type: 'totp', authAppName: 'My app' });
    expect(window.sessionStorage.getItem('mfaOptionType')).toBe('{"type":"totp","authAppName":"My app"}');
    expect(readMfaOptionType()).toEqual({ type: 'totp', authAppName: 'My app' });
    window.sessionStorage.setItem('mfaOptionType', '{"type":"pigeon"}');
    expect(readMfaOptionType()).toBeNull();
    window.sessionStorage.setItem('mfaOptionType', '{not json');
    expect(readMfaOptionType()).toBeNull();
    expect(window.sessionStorage.getItem('mfaOptionType')).toBeNull();
  });

  it('shows one-shot messages once', () => {
    setFlag('showSuccessVerification');
    expect(takeFlag('showSuccessVerification')).toBe(true);
    expect(takeFlag('showSuccessVerification')).toBe(false);
    setTotpSetupSuccess(false);
    expect(takeTotpSetupSuccess()).toBe(false);
    expect(takeTotpSetupSuccess()).toBeNull();
  });

  it('remembers the authenticator option and the cookie consent in cookies', () => {
    setHasTotpOption(true);
    expect(hasTotpOption()).toBe(true);
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
    startSession(session);
    document.cookie = 'mfaAdoptionInProgress=true; path=/';
    for (const [key, value] of Object.entries(change)) {
      if (value === null) window.sessionStorage.removeItem(key);
      else window.sessionStorage.setItem(key, value);
    }
    expect(readSession()).toBeNull();
    expect(window.sessionStorage.length).toBe(0);
    expect(readAuthCookie()).toBeNull();
    expect(isMfaAdoptionInProgress()).toBe(false);
  });

  it('accepts every user id the contract allows', () => {
    for (const userId of ['100245', 'PX_12-ab', '7', 'a'.repeat(64)]) {
      startSession({ ...session, userId });
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
