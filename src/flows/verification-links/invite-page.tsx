import { useVerifyToken } from '../../../generated/hooks/verification/verification';
import { answerData } from '../../lib/api/answer-data';
import { useLinkToken } from '../../lib/use-link-token';
import { CheckingLink, LinkCheckFailed } from './link-panel';
import { isLinkFor, LINK_TOKEN_RULE, linkState } from './link-state';
import { EnrollmentCompleted, EnrollmentHandover, EnrollmentLinkExpired, LinkWithoutToken } from './link-states';

type Invitation = 'userInvite' | 'advisorInvite';

/**
 * `/verifyUserInvite` (an authorized representative's invitation) and `/verifyAdvisorInvite` (an
 * adviser's): an invitation to create an account. Expired offers a fresh enrollment email;
 * completed says so with Login; a usable invitation signs the user in by its token and begins the
 * account set-up. A link of another type is no invitation of this page: expired, and no sign-in.
 */
export function InvitePage({ invitation }: { readonly invitation: Invitation }) {
  const token = useLinkToken(LINK_TOKEN_RULE);
  if (!token) return <LinkWithoutToken />;
  return <InviteCheck key={token} token={token} invitation={invitation} />;
}

function InviteCheck({ token, invitation }: { readonly token: string; readonly invitation: Invitation }) {
  const record = useVerifyToken({ token }, { query: { retry: false, staleTime: Infinity } });
  if (record.isPending) return <CheckingLink />;
  if (record.isError) return <LinkCheckFailed onRetry={() => void record.refetch()} />;
  const link = answerData(record.data);
  if (!isLinkFor(invitation, link)) return <LinkWithoutToken />;
  const state = linkState(link);
  if (state === 'completed') return <EnrollmentCompleted />;
  if (state === 'expired') return <EnrollmentLinkExpired token={token} />;
  return <EnrollmentHandover token={token} expired={<EnrollmentLinkExpired token={token} />} />;
}
