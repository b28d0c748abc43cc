import { afterEach, describe, expect, it } from 'vitest';
import { base64Utf8, beginSignIn, currentJourney, endJourney, setPhoneBackRoute, signInAuthorization } from '../journey';

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
      link: null,
    });
    endJourney();
    expect(currentJourney()).toEqual({ attempt: null, phoneBackRoute: null, verification: null, link: null });
  });
});
