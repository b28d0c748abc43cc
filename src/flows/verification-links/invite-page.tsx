import { useVerifyToken } from '../../../generated/hooks/verification/verification';
import { answerData } from '../../lib/api/answer-data';
import { useLinkToken } from '../../lib/use-link-token';
import { CheckingLink, LinkCheckFailed } from './link-panel';
import { LINK_TOKEN_RULE, linkState } from './link-state';
import { EnrollmentCompleted, EnrollmentHandover, EnrollmentLinkExpired, LinkWithoutToken } from './link-states';

/**
 * `/verifyUserInvite` and `/verifyAdvisorInvite`: an invitation to create an account. Expired
 * offers a fresh enrollment email; completed says so with Login; a usable invitation signs the
 * user in by its token and begins the account set-up.
 */
export function InvitePage() {
  const token = useLinkToken(LINK_TOKEN_RULE);
  if (!token) return <LinkWithoutToken />;
  return <InviteCheck token={token} />;
}

function InviteCheck({ token }: { readonly token: string }) {
  const record = useVerifyToken({ token }, { query: { retry: false, staleTime: Infinity } });
  if (record.isPending) return <CheckingLink />;
  if (record.isError) return <LinkCheckFailed onRetry={() => void record.refetch()} />;
  const state = linkState(answerData(record.data));
  if (state === 'completed') return <EnrollmentCompleted />;
  if (state === 'expired') return <EnrollmentLinkExpired token={token} />;
  return <EnrollmentHandover token={token} expired={<EnrollmentLinkExpired token={token} />} />;
}
