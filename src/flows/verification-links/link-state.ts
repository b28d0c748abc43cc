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

/** An email link the token page hands over to the email page, with its navigation. */
export interface LinkHandover {
  readonly token: string;
  /** The user the link is for, when the link names one. */
  readonly userId: string | null;
}

/** The link a navigation handed over (its state), checked like a link's own query; null when none is. */
export function handedOverLink(state: unknown): LinkHandover | null {
  if (typeof state !== 'object' || state === null || !('token' in state) || typeof state.token !== 'string') return null;
  const { token } = state;
  if (token.length > LINK_TOKEN_RULE.maxLength || !LINK_TOKEN_RULE.pattern.test(token)) return null;
  const userId = 'userId' in state && typeof state.userId === 'string' ? state.userId : null;
  return { token, userId };
}
