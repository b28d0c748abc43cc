import { useEffect } from 'react';
import { RouteLink } from '../../components/ui/route-link';
import { Screen } from '../../components/layout/screen';
import { paths } from '../../lib/paths';
import { markSignedOut } from '../../lib/session';
import { clearSessionAndCookies } from '../../lib/session-storage';
import { recoveryTexts } from '../../lib/messages/recovery';

/** `/reset-password/success`: 'Check your email!'. Reaching it ends the reset: nothing of it is kept. */
export function ResetSuccessPage() {
  useEffect(() => {
    // The spec: success clears session storage and the auth token (the reset's step is over).
    // A tab that was signed in is signed out with them, so its watch on the auth cookie does not
    // take the user from this message to 'You have been logged out'.
    clearSessionAndCookies();
    markSignedOut();
  }, []);
  return (
    <Screen id="reset-success-heading" heading={recoveryTexts.checkEmail}>
      <p>{recoveryTexts.resetLinkSent}</p>
      <p>{recoveryTexts.checkSpam}</p>
      <p>{recoveryTexts.noEmailOnFile}</p>
      <p>
        <RouteLink to={paths.signIn}>{recoveryTexts.backToSignIn}</RouteLink>
      </p>
    </Screen>
  );
}
