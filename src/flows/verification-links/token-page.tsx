import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useVerifyToken } from '../../../generated/hooks/verification/verification';
import type { VerificationRecord } from '../../../generated/models/verificationRecord';
import {
  verifyParticipantEmailPathUserIdMax,
  verifyParticipantEmailPathUserIdRegExp,
} from '../../../generated/zod/verification/verification.zod';
import { answerData } from '../../lib/api/answer-data';
import { paths } from '../../lib/paths';
import { useLinkQuery } from '../../lib/use-link-token';
import { CheckingLink, LinkCheckFailed } from './link-panel';
import { LINK_TOKEN_RULE, linkKind, linkState } from './link-state';
import {
  EmailAlreadyVerified,
  EmailLinkExpired,
  EnrollmentCompleted,
  EnrollmentHandover,
  EnrollmentLinkExpired,
  LinkWithoutToken,
} from './link-states';

/**
 * `/verification`: the token landing page (spec section 4). No token is an expired link; a
 * completed one shows the completed screen; a usable one hands over (an email link to the email
 * page, an enrollment link to a sign-in by its token and the account set-up); anything else is
 * expired. The link's token and user id leave the address bar on arrival.
 */
export function TokenPage() {
  const { token, userId } = useLinkQuery({
    token: LINK_TOKEN_RULE,
    userId: { pattern: verifyParticipantEmailPathUserIdRegExp, maxLength: verifyParticipantEmailPathUserIdMax },
  });
  if (!token) return <LinkWithoutToken />;
  return <TokenCheck key={token} token={token} userId={userId} />;
}

function TokenCheck({ token, userId }: { readonly token: string; readonly userId: string | null }) {
  const record = useVerifyToken({ token }, { query: { retry: false, staleTime: Infinity } });
  if (record.isPending) return <CheckingLink />;
  if (record.isError) return <LinkCheckFailed onRetry={() => void record.refetch()} />;
  return <TokenOutcome record={answerData(record.data)} token={token} userId={userId} />;
}

function TokenOutcome({
  record,
  token,
  userId,
}: {
  readonly record: VerificationRecord;
  readonly token: string;
  readonly userId: string | null;
}) {
  const state = linkState(record);
  const kind = linkKind(record);
  if (kind === 'verification') {
    if (state === 'completed') return <EmailAlreadyVerified />;
    if (state === 'expired') return <EmailLinkExpired token={token} />;
    return <EmailHandover token={token} userId={userId} />;
  }
  if (state === 'completed') return <EnrollmentCompleted />;
  if (state === 'expired') return <EnrollmentLinkExpired token={token} />;
  return <EnrollmentHandover token={token} expired={<EnrollmentLinkExpired token={token} />} />;
}

/**
 * A usable email link goes on to the email page, which verifies the address with it: the link
 * goes in that page's address, which it reads and cleans like a link opened there (replacing this
 * entry, so the token stays in no history entry). Nothing else keeps it.
 */
function EmailHandover({ token, userId }: { readonly token: string; readonly userId: string | null }) {
  const navigate = useNavigate();
  useEffect(() => {
    const query = new URLSearchParams({ token });
    if (userId) query.set('userId', userId);
    navigate({ pathname: paths.emailVerification, search: `?${query.toString()}` }, { replace: true });
  }, [navigate, token, userId]);
  return <CheckingLink />;
}
