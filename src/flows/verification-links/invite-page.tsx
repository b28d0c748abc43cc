import { useLinkToken } from '../../lib/use-link-token';
import { LinkRecord } from './link-panel';
import { isLinkFor, LINK_TOKEN_RULE } from './link-state';
import { EnrollmentLink, LinkWithoutToken } from './link-states';

/**
 * `/verifyUserInvite` (an authorized representative's invitation), `/verifyAdvisorInvite` (an
 * adviser's) and `/trusteeSigningVerification` (a trustee's link to sign the trust documents):
 * an invitation to create an account. Expired offers a resend (a trustee's only when a fresh
 * verification is needed, otherwise it asks to check the inbox); completed says so; a usable
 * invitation signs the user in by its token and begins the account set-up. A link of another
 * type is no invitation of this page: expired, and no sign-in.
 */
export function InvitePage({ invitation }: { readonly invitation: 'userInvite' | 'advisorInvite' | 'trusteeSigning' }) {
  const token = useLinkToken(LINK_TOKEN_RULE);
  if (!token) return <LinkWithoutToken />;
  return (
    <LinkRecord key={token} token={token} refused={<LinkWithoutToken />}>
      {(link) =>
        isLinkFor(invitation, link) ? (
          <EnrollmentLink token={token} link={link} trustee={invitation === 'trusteeSigning'} />
        ) : (
          <LinkWithoutToken />
        )
      }
    </LinkRecord>
  );
}
