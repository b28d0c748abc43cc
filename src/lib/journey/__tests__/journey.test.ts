import { afterEach, describe, expect, it } from 'vitest';
import {
  base64Utf8,
  beginSignIn,
  currentJourney,
  endJourney,
  setAccountSetup,
  setPhoneBackRoute,
  setSetupToken,
  signInAuthorization,
} from '../journey';

afterEach(endJourney);

function decode(value: string): string {
  return new TextDecoder().decode(Uint8Array.from(atob(value), (char) => char.charCodeAt(0)));
}

describe('the journey in progress', () => {
  it('encodes UTF-8 where plain btoa would throw', () => {
    expect(() => btoa('pässwörd 😀')).toThrow();
    expect(decode(base64Utf8('pässwörd 😀'))).toBe('pässwörd 😀');
  });

  it('holds the basic credentials in memory, password untrimmed, until the journey ends', () => {
    expect(signInAuthorization()).toBeNull();
    beginSignIn('user:name', '  pw  ');
    expect(decode((signInAuthorization() ?? '').replace(/^Basic /, ''))).toBe('user:name:  pw  ');
    expect(currentJourney().attempt?.username).toBe('user:name');
    expect(window.sessionStorage.length).toBe(0);
    endJourney();
    expect(signInAuthorization()).toBeNull();
  });

  it('forgets what an earlier journey left when a sign-in begins', () => {
    beginSignIn('ana', 'one');
    setPhoneBackRoute('/mfa');
    beginSignIn('bob', 'two');
    expect(currentJourney()).toMatchObject({
      attempt: { kind: 'sign-in', username: 'bob' },
      phoneBackRoute: null,
      verification: null,
    });
    endJourney();
    expect(currentJourney()).toEqual({
      attempt: null,
      setup: null,
      setupToken: null,
      phoneBackRoute: null,
      verification: null,
    });
  });

  it('keeps an account setup in memory only, and forgets it, the password and the token with the journey', () => {
    beginSignIn('setup', 'pw');
    setSetupToken('setup-validated');
    setAccountSetup({ username: 'janesmith', password: 'Retire#2045', email: 'j@example.com', saved: false, emailCode: null });
    expect(currentJourney()).toMatchObject({ setup: { password: 'Retire#2045' }, setupToken: 'setup-validated' });
    expect(JSON.stringify({ ...window.sessionStorage })).not.toContain('Retire#2045');
    endJourney();
    expect(currentJourney()).toMatchObject({ setup: null, setupToken: null });
  });
});
