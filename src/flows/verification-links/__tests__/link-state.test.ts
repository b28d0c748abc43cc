import { describe, expect, it } from 'vitest';
import type { VerificationRecord } from '../../../../generated/models/verificationRecord';
import { isLinkFor, linkKind, linkState, needsFreshVerification, type LinkPage } from '../link-state';

const record = (flags: Partial<VerificationRecord>): VerificationRecord => ({
  type: 'Account Setup',
  isCompleted: false,
  isValidated: false,
  verified: false,
  hasExpiredVerification: false,
  ...flags,
});

describe('link state (spec section 4, token page)', () => {
  it.each([
    ['completed, whatever else', { isCompleted: true, isValidated: true, hasExpiredVerification: true }, 'completed'],
    ['validated and not expired', { isValidated: true }, 'usable'],
    ['verified and not expired', { verified: true }, 'usable'],
    ['validated but expired', { isValidated: true, hasExpiredVerification: true }, 'expired'],
    ['neither validated nor verified', {}, 'expired'],
  ] as const)('%s is %s', (_name, flags, state) => {
    expect(linkState(record(flags))).toBe(state);
  });

  it("maps 'Email Verification' to verification and every other type to enrollment", () => {
    expect(linkKind(record({ type: 'Email Verification' }))).toBe('verification');
    for (const type of ['Account Setup', 'Authorized Representative Invitation', 'Advisor Invitation', 'Trustee Signing'] as const) {
      expect(linkKind(record({ type }))).toBe('enrollment');
    }
  });

  it('offers a fresh trustee verification only when the verification itself expired', () => {
    expect(needsFreshVerification(record({ type: 'Trustee Signing', hasExpiredVerification: true }))).toBe(true);
    expect(needsFreshVerification(record({ type: 'Trustee Signing' }))).toBe(false);
  });

  const TYPES = [
    'Email Verification',
    'Account Setup',
    'Authorized Representative Invitation',
    'Advisor Invitation',
    'Trustee Signing',
  ] as const;

  it.each([
    ['emailVerification', 'Email Verification'],
    ['userInvite', 'Authorized Representative Invitation'],
    ['advisorInvite', 'Advisor Invitation'],
    ['trusteeSigning', 'Trustee Signing'],
  ] as const satisfies readonly (readonly [LinkPage, (typeof TYPES)[number]])[])(
    'the %s page acts on a %s link and on no other type, usable or not',
    (page, own) => {
      for (const type of TYPES) {
        for (const flags of [{ isValidated: true }, { verified: true }, { isCompleted: true }, {}]) {
          expect(isLinkFor(page, record({ type, ...flags })), `${type} ${JSON.stringify(flags)}`).toBe(type === own);
        }
      }
    },
  );
});
