import { describe, expect, it } from 'vitest';
import { verifyMfaCodeBodyCodeRegExp } from '../../../../generated/zod/mfa/mfa.zod';
import { resetPasswordBodyMfaCodeRegExp } from '../../../../generated/zod/recovery/recovery.zod';
import { authenticateHeaderTwilioMfaCodeRegExp } from '../../../../generated/zod/sign-in/sign-in.zod';
import { codeEntrySchema } from '../code-entry.schema';

describe('codeEntrySchema', () => {
  it.each(['1', '042', '123456'])('takes %j: digits only, 1 to 6', (code) => {
    expect(codeEntrySchema.parse({ code })).toEqual({ code });
  });

  it.each(['', '1234567', '12a4', '12 34', '１２３'])('refuses %j', (code) => {
    expect(codeEntrySchema.safeParse({ code }).success).toBe(false);
  });

  it("is every code call's rule: sign-in's and the reset's codes have the same pattern in the contract", () => {
    expect(authenticateHeaderTwilioMfaCodeRegExp.source).toBe(verifyMfaCodeBodyCodeRegExp.source);
    expect(resetPasswordBodyMfaCodeRegExp.source).toBe(verifyMfaCodeBodyCodeRegExp.source);
  });
});
