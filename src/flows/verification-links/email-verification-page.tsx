import { useVerifyParticipantEmail } from '../../../generated/hooks/verification/verification';
import { answerData } from '../../lib/api/answer-data';
import { isRateLimited } from '../../lib/api/error-catalogue';
import { useLinkQuery } from '../../lib/use-link-token';
import { CheckingLink, LinkCheckFailed, LinkPanel, LinkRecord } from './link-panel';
import { isLinkFor, LINK_QUERY_RULES, linkState } from './link-state';
import { EmailAlreadyVerified, EmailLinkExpired, LinkWithoutToken } from './link-states';
import { verificationLinkTexts } from '../../lib/messages/verification-links';

/**
 * `/emailVerification`: the link from an email-verification email (`?token=&userId=`), opened
 * here or handed over by the token page. The link's type must be 'Email Verification', else it
 * reads as expired; a failing verification reads as expired too, but for a 429 (a wait).
 */
export function EmailVerificationPage() {
  const { token, userId } = useLinkQuery(LINK_QUERY_RULES);
  if (!token) return <LinkWithoutToken />;
  return (
    <LinkRecord key={token} token={token} refused={<EmailLinkExpired token={token} />}>
      {(link) => {
        if (!isLinkFor('emailVerification', link)) return <EmailLinkExpired token={token} />;
        const state = linkState(link);
        if (state === 'completed') return <EmailAlreadyVerified />;
        if (state === 'expired' || !userId) return <EmailLinkExpired token={token} />;
        return <EmailVerify token={token} userId={userId} />;
      }}
    </LinkRecord>
  );
}

function EmailVerify({ token, userId }: { readonly token: string; readonly userId: string }) {
  const verify = useVerifyParticipantEmail(userId, { token }, { query: { retry: false, staleTime: Infinity } });
  if (verify.isPending) return <CheckingLink />;
  // The spec: a verify-email error shows expired. But a 429 is a wait (the link may be good): this
  // contract's throttling, which the spec does not know.
  if (verify.isError) {
    const { error } = verify;
    return isRateLimited(error) ? (
      <LinkCheckFailed error={error} onRetry={() => void verify.refetch()} />
    ) : (
      <EmailLinkExpired token={token} />
    );
  }
  const result = answerData(verify.data);
  if (result.alreadyVerified) return <EmailAlreadyVerified />;
  if (!result.verified) return <EmailLinkExpired token={token} />;
  return <LinkPanel heading={verificationLinkTexts.emailVerified} />;
}
