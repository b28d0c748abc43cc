import { useVerifyParticipantEmail, useVerifyToken } from '../../../generated/hooks/verification/verification';
import {
  verifyParticipantEmailPathUserIdMax,
  verifyParticipantEmailPathUserIdRegExp,
} from '../../../generated/zod/verification/verification.zod';
import { answerData } from '../../lib/api/answer-data';
import { useLinkQuery } from '../../lib/use-link-token';
import { CheckingLink, LinkCheckFailed } from './link-panel';
import { isLinkFor, LINK_TOKEN_RULE, linkState } from './link-state';
import { EmailAlreadyVerified, EmailLinkExpired, EmailVerified, LinkWithoutToken } from './link-states';

/**
 * `/emailVerification`: the link from an email-verification email (`?token=&userId=`), opened
 * here or handed over by the token page. The link's type must be 'Email Verification', else it
 * reads as expired; a failing verification reads as expired too.
 */
export function EmailVerificationPage() {
  const { token, userId } = useLinkQuery({
    token: LINK_TOKEN_RULE,
    userId: { pattern: verifyParticipantEmailPathUserIdRegExp, maxLength: verifyParticipantEmailPathUserIdMax },
  });
  if (!token) return <LinkWithoutToken />;
  return <EmailLinkCheck key={token} token={token} userId={userId} />;
}

function EmailLinkCheck({ token, userId }: { readonly token: string; readonly userId: string | null }) {
  const record = useVerifyToken({ token }, { query: { retry: false, staleTime: Infinity } });
  if (record.isPending) return <CheckingLink />;
  if (record.isError) return <LinkCheckFailed onRetry={() => void record.refetch()} />;
  const link = answerData(record.data);
  if (!isLinkFor('emailVerification', link)) return <EmailLinkExpired token={token} />;
  const state = linkState(link);
  if (state === 'completed') return <EmailAlreadyVerified />;
  if (state === 'expired' || !userId) return <EmailLinkExpired token={token} />;
  return <EmailVerify token={token} userId={userId} />;
}

function EmailVerify({ token, userId }: { readonly token: string; readonly userId: string }) {
  const verify = useVerifyParticipantEmail(userId, { token }, { query: { retry: false, staleTime: Infinity } });
  if (verify.isPending) return <CheckingLink />;
  // The spec: a verify-email error shows expired.
  if (verify.isError) return <EmailLinkExpired token={token} />;
  const result = answerData(verify.data);
  if (result.alreadyVerified) return <EmailAlreadyVerified />;
  if (!result.verified) return <EmailLinkExpired token={token} />;
  return <EmailVerified />;
}
