import { useLinkToken } from '../../lib/use-link-token';
import { LinkRecord } from './link-panel';
import { isLinkFor, LINK_TOKEN_RULE, linkState } from './link-state';
import { EnrollmentCompleted, EnrollmentHandover, EnrollmentLinkExpired, LinkWithoutToken } from './link-states';

/**
 * `/verifyUserInvite` (an authorized representative's invitation) and `/verifyAdvisorInvite` (an
 * adviser's): an invitation to create an account. Expired offers a fresh enrollment email;
 * completed says so with Login; a usable invitation signs the user in by its token and begins the
 * account set-up. A link of another type is no invitation of this page: expired, and no sign-in.
 */
export function InvitePage({ invitation }: { readonly invitation: 'userInvite' | 'advisorInvite' }) {
  const token = useLinkToken(LINK_TOKEN_RULE);
  if (!token) return <LinkWithoutToken />;
  return (
    <LinkRecord key={token} token={token}>
      {(link) => {
        if (!isLinkFor(invitation, link)) return <LinkWithoutToken />;
        const state = linkState(link);
        if (state === 'completed') return <EnrollmentCompleted />;
        const expired = <EnrollmentLinkExpired token={token} />;
        return state === 'expired' ? expired : <EnrollmentHandover token={token} expired={expired} />;
      }}
    </LinkRecord>
  );
}
