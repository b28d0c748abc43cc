import { afterEach, describe, expect, it } from 'vitest';
import { base64Utf8, hasHeldSignInCredentials, heldBasicAuthorization, holdSignInCredentials, releaseSignInCredentials } from '../sign-in-credentials';

afterEach(releaseSignInCredentials);

function decode(value: string): string {
  return new TextDecoder().decode(Uint8Array.from(atob(value), (char) => char.charCodeAt(0)));
}

describe('sign-in credentials', () => {
  it('encodes UTF-8 where plain btoa would throw', () => {
    expect(() => btoa('pässwörd 😀')).toThrow();
    expect(decode(base64Utf8('pässwörd 😀'))).toBe('pässwörd 😀');
  });

  it('holds basic credentials in memory, password untrimmed, until released', () => {
    expect(hasHeldSignInCredentials()).toBe(false);
    holdSignInCredentials('user:name', '  pw  ');
    expect(decode((heldBasicAuthorization() ?? '').replace(/^Basic /, ''))).toBe('user:name:  pw  ');
    expect(window.sessionStorage.length).toBe(0);
    releaseSignInCredentials();
    expect(heldBasicAuthorization()).toBeNull();
  });
});
