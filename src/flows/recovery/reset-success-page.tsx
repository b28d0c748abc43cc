import { useEffect } from 'react';
import { RouteLink } from '../../components/ui/route-link';
import { Card } from '../../components/layout/card';
import { Page } from '../../components/layout/page';
import { PageHeading } from '../../components/ui/page-heading';
import { paths } from '../../lib/paths';
import { clearSessionAndCookies } from '../../lib/session-storage';

/** `/reset-password/success`: 'Check your email!'. Reaching it ends the reset: nothing of it is kept. */
export function ResetSuccessPage() {
  useEffect(() => {
    // The spec: success clears session storage and the auth token (the reset's step is over).
    clearSessionAndCookies();
  }, []);
  return (
    <Page>
      <Card labelledBy="reset-success-heading">
        <PageHeading id="reset-success-heading">Check your email!</PageHeading>
        <p>If a verified email address is on file for your account, we have sent it a link to reset your password.</p>
        <p>If you don&apos;t see the email in a few minutes, please check your spam or junk folder.</p>
        <p>No email on file? Please contact your employer to reset your password.</p>
        <p>
          <RouteLink to={paths.signIn}>Back to Sign In</RouteLink>
        </p>
      </Card>
    </Page>
  );
}
