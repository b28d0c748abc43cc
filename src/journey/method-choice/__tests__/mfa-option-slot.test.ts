import { afterEach, describe, expect, it } from 'vitest';
import { mfaOptionTypeSlot } from '../mfa-option-slot';

afterEach(() => window.sessionStorage.clear());

describe('mfaOptionType slot', () => {
  it('keeps the chosen code method as JSON and drops garbage', () => {
    mfaOptionTypeSlot.write({ type: 'totp', authAppName: 'My app' });
    expect(window.sessionStorage.getItem('mfaOptionType')).toBe('{"type":"totp","authAppName":"My app"}');
    expect(mfaOptionTypeSlot.read()).toEqual({ type: 'totp', authAppName: 'My app' });
    window.sessionStorage.setItem('mfaOptionType', '{"type":"pigeon"}');
    expect(mfaOptionTypeSlot.read()).toBeNull();
    window.sessionStorage.setItem('mfaOptionType', '{not json');
    expect(mfaOptionTypeSlot.read()).toBeNull();
    expect(window.sessionStorage.getItem('mfaOptionType')).toBeNull();
  });
});
