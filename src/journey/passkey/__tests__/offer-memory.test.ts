import { beforeEach, describe, expect, it } from 'vitest';
import { clearSessionAndCookies } from '../../../lib/session-storage';
import { declinePasskeyOffer, hasDeclinedPasskeyOffer } from '../offer-memory';

beforeEach(() => window.localStorage.clear());

describe('the passkey offer\'s "Not now"', () => {
  it('is remembered for that user only, in local storage, past the end of the session', () => {
    declinePasskeyOffer('100245');
    clearSessionAndCookies();
    expect(hasDeclinedPasskeyOffer('100245')).toBe(true);
    expect(hasDeclinedPasskeyOffer('7')).toBe(false);
    expect(window.sessionStorage.getItem('passkeyOfferDeclined')).toBeNull();
  });

  it('keeps the 20 latest users of this device, each once', () => {
    for (let user = 1; user <= 21; user += 1) declinePasskeyOffer(String(user));
    declinePasskeyOffer('21');
    const stored = window.localStorage.getItem('passkeyOfferDeclined')?.split(' ') ?? [];
    expect(stored).toHaveLength(20);
    expect(new Set(stored).size).toBe(20);
    expect(hasDeclinedPasskeyOffer('1')).toBe(false);
    expect(hasDeclinedPasskeyOffer('21')).toBe(true);
  });

  it('reads a tampered value as no one, and removes it', () => {
    window.localStorage.setItem('passkeyOfferDeclined', '7 ../admin');
    expect(hasDeclinedPasskeyOffer('7')).toBe(false);
    expect(window.localStorage.getItem('passkeyOfferDeclined')).toBeNull();
  });
});
