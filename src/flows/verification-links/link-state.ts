import type { VerificationRecord } from '../../../generated/models/verificationRecord';
import { verifyTokenQueryTokenMax, verifyTokenQueryTokenRegExp } from '../../../generated/zod/verification/verification.zod';
import type { LinkTokenRule } from '../../lib/use-link-token';

/** The contract's rule for a link's token (its `LinkToken` schema). */
export const LINK_TOKEN_RULE: LinkTokenRule = { pattern: verifyTokenQueryTokenRegExp, maxLength: verifyTokenQueryTokenMax };

export type LinkState = 'usable' | 'completed' | 'expired';

/**
 * What a link's record means (spec section 4, token page): completed is the completed screen;
 * validated or verified and not expired is usable; anything else is expired.
 */
export function linkState(record: VerificationRecord): LinkState {
  if (record.isCompleted) return 'completed';
  if ((record.isValidated || record.verified) && !record.hasExpiredVerification) return 'usable';
  return 'expired';
}

/** 'Email Verification' leads to the email pages; every other type to enrollment (the account set-up). */
export function linkKind(record: VerificationRecord): 'verification' | 'enrollment' {
  return record.type === 'Email Verification' ? 'verification' : 'enrollment';
}

/**
 * An expired trustee-signing link: a resend helps when the verification itself expired (a fresh
 * one is needed); otherwise a newer email is already on its way, and the user checks the inbox.
 */
export function needsFreshVerification(record: VerificationRecord): boolean {
  return record.hasExpiredVerification;
}
