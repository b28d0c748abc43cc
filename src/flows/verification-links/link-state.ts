import type { VerificationRecord } from '../../../generated/models/verificationRecord';
import type { VerificationType } from '../../../generated/models/verificationType';
import {
  verifyParticipantEmailPathUserIdMax,
  verifyParticipantEmailPathUserIdRegExp,
  verifyTokenQueryTokenMax,
  verifyTokenQueryTokenRegExp,
} from '../../../generated/zod/verification/verification.zod';
import type { LinkTokenRule } from '../../lib/use-link-token';

/** The contract's rule for a link's token (its `LinkToken` schema). */
export const LINK_TOKEN_RULE: LinkTokenRule = { pattern: verifyTokenQueryTokenRegExp, maxLength: verifyTokenQueryTokenMax };

/** An email link's query: its token and the user id it verifies. */
export const LINK_QUERY_RULES = {
  token: LINK_TOKEN_RULE,
  userId: { pattern: verifyParticipantEmailPathUserIdRegExp, maxLength: verifyParticipantEmailPathUserIdMax },
} as const satisfies Record<string, LinkTokenRule>;

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
 * The link pages that act on one kind of link, and the type of link each acts on. The token page
 * (/verification) acts on every type; the account-mapping page asks its own call, which has no type.
 */
const PAGE_LINK_TYPE = {
  emailVerification: 'Email Verification',
  userInvite: 'Authorized Representative Invitation',
  advisorInvite: 'Advisor Invitation',
  trusteeSigning: 'Trustee Signing',
} as const satisfies Record<string, VerificationType>;

export type LinkPage = keyof typeof PAGE_LINK_TYPE;

/**
 * Whether a link is one this page acts on (spec section 4: the email page requires 'Email
 * Verification'; the same holds for the others). A link of another type is not this page's link,
 * so it never signs anyone in here: the page shows it as expired.
 */
export function isLinkFor(page: LinkPage, record: VerificationRecord): boolean {
  return record.type === PAGE_LINK_TYPE[page];
}

/**
 * An expired trustee-signing link: a resend helps when the verification itself expired (a fresh
 * one is needed); otherwise a newer email is already on its way, and the user checks the inbox.
 */
export function needsFreshVerification(record: VerificationRecord): boolean {
  return record.hasExpiredVerification;
}
