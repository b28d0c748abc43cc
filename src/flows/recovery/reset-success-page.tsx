import { useEffect } from 'react';
import { RouteLink } from '../../components/ui/route-link';
import { Screen } from '../../components/layout/screen';
import { paths } from '../../lib/paths';
import { clearSessionAndCookies } from '../../lib/session-storage';
import { recoveryTexts } from '../../lib/messages/recovery';

/** `/reset-password/success`: 'Check your email!'. Reaching it ends the reset: nothing of it is kept. */
export function ResetSuccessPage() {
  useEffect(() => {
    // The spec: success clears session storage and the auth token (the reset's step is over).
    clearSessionAndCookies();
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
