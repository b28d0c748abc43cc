import { useLinkToken } from '../../lib/use-link-token';
import { LinkRecord } from './link-panel';
import { isLinkFor, LINK_TOKEN_RULE, linkState, needsFreshVerification } from './link-state';
import { EnrollmentHandover, LinkWithoutToken, TrusteeCompleted, TrusteeLinkExpired } from './link-states';

/**
 * `/trusteeSigningVerification?token=`: a trustee's link to sign the trust documents. Expired
 * offers a resend when a fresh verification is needed, otherwise asks to check the inbox;
 * completed says so; a usable link signs the trustee in by its token and goes on to enrollment.
 * A link of another type is no trustee's link: expired, and no sign-in.
 */
export function TrusteeSigningPage() {
  const token = useLinkToken(LINK_TOKEN_RULE);
  if (!token) return <LinkWithoutToken />;
  return (
    <LinkRecord key={token} token={token}>
      {(link) => {
        if (!isLinkFor('trusteeSigning', link)) return <LinkWithoutToken />;
        const state = linkState(link);
        if (state === 'completed') return <TrusteeCompleted />;
        const expired = <TrusteeLinkExpired token={token} fresh={needsFreshVerification(link)} />;
        return state === 'expired' ? expired : <EnrollmentHandover token={token} expired={expired} />;
      }}
    </LinkRecord>
  );
}
