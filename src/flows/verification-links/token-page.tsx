import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { useLinkQuery } from '../../lib/use-link-token';
import { CheckingLink, LinkRecord } from './link-panel';
import { isLinkFor, LINK_QUERY_RULES, linkKind, linkState } from './link-state';
import { EmailAlreadyVerified, EmailLinkExpired, EnrollmentLink, LinkWithoutToken } from './link-states';

/**
 * `/verification`: the token landing page (spec section 4). No token is an expired link; a
 * completed one shows the completed screen; a usable one hands over (an email link to the email
 * page, an enrollment link to a sign-in by its token and the account set-up); anything else is
 * expired. The completed and expired screens are those of the link's type (a trustee's are its
 * own). The link's token and user id leave the address bar on arrival.
 */
export function TokenPage() {
  const { token, userId } = useLinkQuery(LINK_QUERY_RULES);
  if (!token) return <LinkWithoutToken />;
  return (
    <LinkRecord key={token} token={token} refused={<LinkWithoutToken />}>
      {(record) => {
        if (linkKind(record) === 'verification') {
          const state = linkState(record);
          if (state === 'completed') return <EmailAlreadyVerified />;
          if (state === 'expired') return <EmailLinkExpired token={token} />;
          return <EmailHandover token={token} userId={userId} />;
        }
        // Trustee signing goes on as enrollment, with the trustee's own completed and expired screens.
        return <EnrollmentLink token={token} link={record} trustee={isLinkFor('trusteeSigning', record)} />;
      }}
    </LinkRecord>
  );
}

/**
 * A usable email link goes on to the email page, which verifies the address with it: the link
 * goes in that page's address, which it reads and cleans like a link opened there (replacing this
 * entry, so the token stays in no history entry). Nothing else keeps it. The page's code is
 * loaded first: the token goes back into the address bar only for a page that is there to take
 * it out again at once. Code that cannot load is the route's error, the address still clean.
 */
function EmailHandover({ token, userId }: { readonly token: string; readonly userId: string | null }) {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => {
    let current = true;
    import('./email-verification-page').then(
      () => {
        if (!current) return;
        const query = new URLSearchParams({ token });
        if (userId) query.set('userId', userId);
        navigate({ pathname: paths.emailVerification, search: `?${query.toString()}` }, { replace: true });
      },
      (error: unknown) => current && setFailure(error ?? new Error('the email page could not load')),
    );
    return () => {
      current = false;
    };
  }, [navigate, token, userId]);
  if (failure !== null) throw failure;
  return <CheckingLink />;
}
